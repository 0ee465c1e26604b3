"""Upgrades keep the server up: a stored table whose log no longer replays under today's rules
is stopped with the reason (en/ja) in the lobby and its view, its log and seed kept secret until
it is over (its operator exports the log), and every other table goes on. Each table records the
rules version and card digest it began with; one carried over a change of rules tells its
players so."""

from __future__ import annotations

import json
import random
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic import command
from click.testing import CliRunner
from starlette.testclient import TestClient

from sabbat import games
from sabbat.cli.main import cli
from sabbat.core import carddata
from sabbat.web.app import create_app
from sabbat.web.database import database_url
from sabbat.web.loading import load_all
from sabbat.web.rejected import Rejected
from sabbat.web.store import Store, actions_t, tables_t

from .helpers import Direct, act, create, frame_of, next_view
from .test_persistence import _play

TWO = {"game": "mystic_vale", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]}


def _spoil(db: str, table_id: str, idx: int, rules_version: str | None = None) -> None:
    """Make move `idx` of a stored log unplayable (and, if given, the table's recorded rules version)."""
    engine = sa.create_engine(database_url(db))
    with engine.begin() as c:
        c.execute(actions_t.update().where(actions_t.c.table_id == table_id, actions_t.c.idx == idx)
                  .values(action=json.dumps(["no_such_move", 99])))
        if rules_version is not None:
            c.execute(tables_t.update().where(tables_t.c.id == table_id).values(rules_version=rules_version))
    engine.dispose()


def _three_tables(db: str) -> tuple[Direct, list[str], list[dict[int, str]]]:
    service = Direct(Store(db))
    ids, tokens = [], []
    for deal in (1, 2, 3):
        service.deal = lambda deal=deal: deal
        table, toks = service.create(TWO)
        _play(service, table.id, toks, 6, random.Random(deal))
        ids.append(table.id)
        tokens.append(toks)
    service.store.close()
    return service, ids, tokens


def test_a_log_that_no_longer_replays_stops_its_table_alone(db_url: str) -> None:
    db = db_url
    before, (broken, old, fine), tokens = _three_tables(db)
    _spoil(db, broken, 3)
    _spoil(db, old, 2, rules_version="0")

    service = Direct(Store(db))
    assert service.load() == 3
    t_broken, t_old, t_fine = (service.tables[i] for i in (broken, old, fine))
    assert (t_broken.status, t_old.status, t_fine.status) == ("stopped", "stopped", "playing")
    # the stopped table stands at the last move that replays
    assert t_broken.state.history == before.tables[broken].state.history[:3]
    row = next(r for r in service.lobby("stopped") if r["table_id"] == broken)
    assert "move 4" in row["stopped_reason"]["en"] and "4 手目" in row["stopped_reason"]["ja"]
    assert "no_such_move" not in json.dumps(row, ensure_ascii=False)  # a stored move may be a secret choice
    old_row = t_old.row()
    assert "version 0" in old_row["stopped_reason"]["en"] and "版 0" in old_row["stopped_reason"]["ja"]
    assert [r["table_id"] for r in service.lobby("stopped")] == [old, broken]
    assert fine in [r["table_id"] for r in service.lobby("playing")]
    # its view says why and offers no move; every move is refused with the reason
    seat = t_broken.state.current_player
    assert seat is not None
    view = service.view(t_broken, seat, "ja")
    assert view["status"] == "stopped" and view["legal"] == [] and "4 手目" in view["stopped_reason"]
    with pytest.raises(Rejected) as refused:
        act(service, broken, tokens[0][seat], "late", t_broken.version_for(seat), action_id=0)
    assert refused.value.code == "stopped"
    assert "does not replay" in refused.value.message("en") and "記録" in refused.value.message("ja")
    assert t_broken.mover() is None and t_broken not in service.tick()
    # its log and seed stay secret, as for a game in play (once repaired it plays on); the
    # operator's export holds the stored log whole, as it was
    with pytest.raises(Rejected) as refused:
        service.replay(t_broken)
    assert refused.value.code == "replay_stopped" and "stopped_log" not in row
    assert t_broken.stopped is not None
    log = t_broken.stopped.log()
    assert log["rules_version"] == "1" and len(log["log"]) == 6 and log["log"][3]["action"] == ["no_such_move", 99]
    # the other table plays on
    _play(service, fine, tokens[2], 3, random.Random(9))
    assert service.tables[fine].version > before.tables[fine].version


def test_a_table_of_a_game_this_server_lacks_is_left_out_and_the_others_load(tmp_path: Path) -> None:
    db = str(tmp_path / "t.sqlite3")
    _, (gone, *others), _ = _three_tables(db)
    engine = sa.create_engine(database_url(db))
    with engine.begin() as c:
        c.execute(tables_t.update().where(tables_t.c.id == gone).values(game="retired_game"))
    engine.dispose()
    service = Direct(Store(db))
    assert service.load() == 2 and sorted(service.tables) == sorted(others)
    assert "retired_game" in service.unloadable[gone]


def test_a_table_records_its_rules_version_and_card_digest(tmp_path: Path) -> None:
    db = str(tmp_path / "t.sqlite3")
    service = Direct(Store(db))
    table, _ = service.create(TWO)
    uploaded, _ = service.create({**TWO, "cards": Path(carddata.__file__).parent.parent.joinpath(
        "games", "mystic_vale", "cards.yaml").read_text()})
    rows = {r.id: r for r in service.store.load_all()}
    assert rows[table.id].rules_version == table.game.info.rules_version
    assert rows[table.id].card_digest == games.get("mystic_vale").card_digest()
    assert rows[uploaded.id].card_digest is not None and len(rows[uploaded.id].card_digest or "") == 32


def test_a_database_from_before_card_digests_is_migrated_and_its_tables_play_on(tmp_path: Path) -> None:
    db = str(tmp_path / "old.sqlite3")
    engine = sa.create_engine(database_url(db))
    with engine.begin() as conn:  # the schema as the first revision left it
        from alembic.config import Config

        from sabbat.web.database import MIGRATIONS
        alembic_cfg = Config()
        alembic_cfg.set_main_option("script_location", str(MIGRATIONS))
        alembic_cfg.attributes["connection"] = conn
        command.upgrade(alembic_cfg, "0001")
        conn.execute(sa.text("INSERT INTO tables (id, game, rules_version, num_players, seed, options, cards, "
                             "settings, created, status) VALUES ('old1', 'mystic_vale', '1', 2, '5', '{}', NULL, "
                             "'{\"leaver_agent\": \"normal\"}', 1.0, 'playing')"))
        conn.execute(sa.text("INSERT INTO seats (table_id, seat, kind, agent, token_hash, open, name) VALUES "
                             "('old1', 0, 'ai', 'random', NULL, 0, NULL), ('old1', 1, 'ai', 'random', NULL, 0, NULL)"))
    engine.dispose()
    service = Direct(Store(db))
    assert service.load() == 1
    assert service.tables["old1"].status == "playing"
    assert service.store.load_all()[0].card_digest is None


def test_the_server_starts_past_a_stopped_table_and_serves_it(tmp_path: Path) -> None:
    db = str(tmp_path / "t.sqlite3")
    pool = ThreadPoolExecutor(2)
    try:
        with TestClient(create_app(db, pool=pool)) as client:
            t = create(client, "mystic_vale", [{"kind": "human"}, {"kind": "human"}], deal=4)
            tid = t["table_id"]
            token = t["seats"][client.app.state.service.tables[tid].state.current_player]["token"]  # type: ignore[attr-defined]
            with client.websocket_connect(f"/ws/tables/{tid}") as ws:
                ws.send_json({"type": "hello", "token": token})
                view = next_view(ws)
                ws.send_json({"type": "act", "msg_id": "a", "version": view["version"], "action_id": 0})
                frame_of(ws, "ack")
        _spoil(db, tid, 0)
        with TestClient(create_app(db, pool=pool)) as client:
            row = client.get(f"/api/tables/{tid}").json()
            assert row["status"] == "stopped" and "move 1" in row["stopped_reason"]["en"]
            res = client.get(f"/api/tables/{tid}/replay")
            assert res.status_code == 403 and "secret" in res.json()["error"]
            with client.websocket_connect(f"/ws/tables/{tid}") as ws:
                ws.send_json({"type": "hello", "token": token, "lang": "en"})
                view = next_view(ws)
                assert view["status"] == "stopped" and view["legal"] == [] and "move 1" in view["stopped_reason"]
                ws.send_json({"type": "act", "msg_id": "b", "version": view["version"], "action_id": 0})
                error = frame_of(ws, "error")
                assert "stopped" in error["message"] and "does not replay" in error["message"]
                ws.send_json({"type": "hint"})
                assert frame_of(ws, "error")["code"] == "stopped"
            res = client.post(f"/api/tables/{tid}/join", json={})
            assert res.status_code == 400 and "stopped" in res.json()["error"]
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _restamp(db: str, table_id: str, rules_version: str) -> None:
    """Record another rules version for a stored table, its log left as it is (it still replays)."""
    engine = sa.create_engine(database_url(db))
    with engine.begin() as c:
        c.execute(tables_t.update().where(tables_t.c.id == table_id).values(rules_version=rules_version))
    engine.dispose()


def test_a_stopped_table_keeps_its_log_and_seed_until_it_is_over(tmp_path: Path) -> None:
    """The attack: while a table is stopped, download its log (its seed, so every hand), let the
    operator repair it, and play on knowing everything. Its log is served to nobody, in any form,
    until the game is over; each seat still sees its own view; the operator exports the log."""
    db = str(tmp_path / "t.sqlite3")
    played, (tid, *_), (tokens, *_) = _three_tables(db)
    seed = played.tables[tid].state.seed
    _spoil(db, tid, 2)
    pool = ThreadPoolExecutor(2)
    try:
        with TestClient(create_app(db, pool=pool)) as client:
            row = client.get(f"/api/tables/{tid}").json()
            assert row["status"] == "stopped" and "seed" not in row
            for lang, word in (("en", "secret"), ("ja", "公開されません")):
                for path in ("replay", "replay/view?step=0&seat=all", "replay/view?step=last&seat=0"):
                    res = client.get(f"/api/tables/{tid}/{path}", params={"lang": lang})
                    assert res.status_code == 403 and word in res.json()["error"], (path, res.text)
            assert word in row["stopped_reason"]["ja"] and "secret" in row["stopped_reason"]["en"]
            with client.websocket_connect(f"/ws/tables/{tid}") as ws:  # a seat still sees its own view
                ws.send_json({"type": "hello", "token": tokens[0], "lang": "en"})
                view = next_view(ws)
                assert view["status"] == "stopped" and view["seat"] == 0 and '"seed"' not in json.dumps(view)
        # the operator exports it from the database
        out = tmp_path / "log.json"
        result = CliRunner().invoke(cli, ["table-log", tid, "--db", db, "-o", str(out)])
        assert result.exit_code == 0, result.output
        log = json.loads(out.read_text())
        assert log["seed"] == seed and len(log["log"]) == 6 and "move 3" in log["stopped"]["en"]
        assert CliRunner().invoke(cli, ["table-log", "nosuch", "--db", db]).exit_code != 0
        # repaired, it plays on, and its log is still kept until it is over
        _unspoil(db, tid, 2, played)
        with TestClient(create_app(db, pool=pool)) as client:
            assert client.get(f"/api/tables/{tid}").json()["status"] == "playing"
            assert client.get(f"/api/tables/{tid}/replay").status_code == 403
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _unspoil(db: str, table_id: str, idx: int, played: Direct) -> None:
    """The operator's repair: move `idx` of the stored log as it was played."""
    engine = sa.create_engine(database_url(db))
    with engine.begin() as c:
        c.execute(actions_t.update().where(actions_t.c.table_id == table_id, actions_t.c.idx == idx)
                  .values(action=json.dumps(played.tables[table_id].state.history[idx].to_json())))
    engine.dispose()


def test_a_table_carried_over_a_change_of_rules_tells_its_players(db_url: str) -> None:
    """An upgrade that changed a game's rules may change the choices of a game in play: a table
    begun under another rules version says so, in each reader's language, in its view and its
    lobby row; a table begun under today's rules says nothing."""
    db = db_url
    _, (carried, same, _), tokens = _three_tables(db)
    _restamp(db, carried, "0")
    service = Direct(Store(db))
    assert service.load() == 3
    t_carried, t_same = service.tables[carried], service.tables[same]
    assert t_carried.status == "playing"  # its log still replays: it plays on
    now = t_carried.game.info.rules_version
    for reader in (0, 1, None):
        en, ja = (service.view(t_carried, reader, lang).get("rules_notice") or "" for lang in ("en", "ja"))
        assert f"version 0 and goes on under version {now}" in en and "choices" in en
        assert f"ルール版 0 で始まり、版 {now} で続きます" in ja and "Mystic" not in ja
        assert "rules_notice" not in service.view(t_same, reader, "en")
    row = t_carried.row()
    assert "version 0" in row["rules_notice"]["en"] and "版 0" in row["rules_notice"]["ja"]
    assert "rules_notice" not in t_same.row()
    _play(service, carried, tokens[0], 2, random.Random(5))  # it plays on, still saying so
    assert "rules_notice" in service.view(t_carried, 0, "en")


def test_a_game_over_before_it_stopped_gives_its_stored_log(tmp_path: Path) -> None:
    """A finished game whose log no longer replays keeps no secret: its stored log downloads."""
    db = str(tmp_path / "t.sqlite3")
    service = Direct(Store(db))
    table, _ = service.create({"game": "mystic_vale", "players": 2, "seats": [{"kind": "ai", "agent": "random"}] * 2})
    while not table.state.is_terminal():
        move = service.ai_move(table.id, table.version, table.state.current_player or 0,
                               random.Random(table.version).choice(table.state.legal_actions()).to_json())
        assert move is not None
        service.store.append_many([move.row])
        service.finish(move)
    service.store.close()
    _spoil(db, table.id, 4)
    again = Direct(Store(db))
    again.put(*load_all(again.store.load_rows([table.id]), again.clock, again.agents))  # as the keeper loads a finished one
    stopped = again.tables[table.id]
    assert stopped.status == "stopped" and stopped.row()["stopped_log"] is True
    assert again.replay(stopped)["log"][4]["action"] == ["no_such_move", 99]
