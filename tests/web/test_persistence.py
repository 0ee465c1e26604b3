"""Tables survive a restart: each committed move is in the database, on SQLite and PostgreSQL."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from sabbat import games
from sabbat.core import carddata
from sabbat.web.rejected import Rejected
from sabbat.web.store import Store

from .helpers import Direct, act


def _play(service: Direct, table_id: str, tokens: dict[int, str], moves: int, rng: random.Random) -> None:
    for _ in range(moves):
        table = service.tables[table_id]
        if table.state.is_terminal():
            return
        seat = table.state.current_player
        assert seat is not None
        n = len(table.state.legal_actions())
        act(service, table_id, tokens[seat], f"m{table.version}", table.version_for(seat), action_id=rng.randrange(n))


@pytest.mark.parametrize("game", ["mystic_vale", "bellum_magica"])
def test_a_table_is_rebuilt_from_its_log_after_a_restart(db_url: str, tmp_path: Path, game: str) -> None:
    service = Direct(Store(db_url))
    service.deal = lambda: 11
    table, tokens = service.create({"game": game, "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}],
                                    "options": {}, "clock": {"per_move_s": 600}})
    _play(service, table.id, tokens, 25, random.Random(4))
    before = service.tables[table.id].state
    service.store.close()

    again = Direct(Store(db_url))
    assert again.load() == 1
    rebuilt = again.tables[table.id]
    assert rebuilt.state.to_json() == before.to_json()
    assert rebuilt.settings["per_move_s"] == 600
    seat = rebuilt.state.current_player
    assert seat is not None
    assert again.seat_of(rebuilt, tokens[seat]) == seat  # tokens still open their seats (stored hashed)
    # a move acknowledged before the restart, sent again, is answered idempotently
    _, last_seat, last_msg = again.store.load_all()[0].actions[-1]
    assert act(again, table.id, tokens[last_seat], last_msg, 0, action_id=0) == rebuilt.version_for(last_seat)
    assert rebuilt.state.to_json() == before.to_json()
    _play(again, table.id, tokens, 5, random.Random(5))
    assert len(again.tables[table.id].state.history) == len(before.history) + 5
    again.store.close()


def test_tokens_are_stored_hashed_never_in_clear(db_url: str, tmp_path: Path) -> None:
    service = Direct(Store(db_url))
    _, tokens = service.create({"game": "monslaught", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]})
    row = service.store.load_all()[0]
    hashes = {s.token_hash for s in row.seats}
    assert not set(tokens.values()) & hashes and all(h and len(h) == 64 for h in hashes)
    service.store.close()


@pytest.mark.slow
def test_an_uploaded_card_file_is_kept_with_the_table(db_url: str, tmp_path: Path) -> None:
    game = games.get("mystic_vale")
    from importlib import resources

    text = resources.files("sabbat.games.mystic_vale").joinpath("cards.yaml").read_text(encoding="utf-8")
    service = Direct(Store(db_url))
    service.deal = lambda: 3
    table, _ = service.create({"game": "mystic_vale", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}],
                               "cards": text})
    assert table.state.to_json() == game.new(2, 3).to_json() or table.cards == text
    service.store.close()
    assert [p.name for p in tmp_path.iterdir() if "sqlite3" not in p.name] == []  # nothing written beside the database
    carddata.forget_upload(carddata.upload(text)[0])  # the database alone must be enough
    again = Direct(Store(db_url))
    again.load()
    assert again.tables[table.id].cards == text
    again.store.close()
    with pytest.raises(Rejected):
        service.create({"game": "mystic_vale", "players": 2, "cards": 12})
