"""Rows read from the database are checked as strictly as the requests that made them: a stored
table naming an AI this server does not offer (`policy:/etc/passwd`), a player count, clock,
seat kind or lesson no request could set is refused at load, with an operator's log line, and
nothing of it reaches the AI loader."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from sabbat.web.app import create_app
from sabbat.web.store import Store, TableRow
from sabbat.web.tables import TableService

from .serving import request, serving

EVIL = "policy:/etc/passwd"
AIS = [{"kind": "ai", "agent": "random"}, {"kind": "ai", "agent": "random"}]
PEOPLE = [{"kind": "human"}, {"kind": "human"}]


def _row(seats: list[dict[str, object]], spoil: Callable[[TableRow], None] | None = None) -> TableRow:
    """A table's row as a request makes it, then spoiled as an old or edited database may hold it."""
    row = TableService().plan_table({"game": "monslaught", "players": 2, "seats": seats}).row
    if spoil is not None:
        spoil(row)
    return row


def _agent(row: TableRow) -> None:
    row.seats[1].agent = EVIL


def _leaver(row: TableRow) -> None:
    row.settings["leaver_agent"] = EVIL


def _players(row: TableRow) -> None:
    row.num_players = 9


def _clock(row: TableRow) -> None:
    row.settings["per_move_s"] = -5


def _kind(row: TableRow) -> None:
    row.seats[0].kind = "robot"


def _lesson(row: TableRow) -> None:
    row.settings["lesson"] = "../../etc/passwd"


def _option(row: TableRow) -> None:
    row.options = {"bogus": 1}


def _came(row: TableRow) -> None:
    row.seats[1].came = True  # an AI's seat a person came to


SPOILED = {"ai seat's agent": (AIS, _agent), "ai seat a person came to": (AIS, _came), "stand-in agent": (PEOPLE, _leaver), "player count": (PEOPLE, _players),
           "clock": (PEOPLE, _clock), "seat kind": (PEOPLE, _kind), "lesson": (PEOPLE, _lesson),
           "option": (PEOPLE, _option)}


def test_a_real_server_refuses_stored_rows_no_request_could_make(tmp_path: Path) -> None:
    store = Store(str(tmp_path / "serve.sqlite3"))
    good = _row(AIS)
    bad = {what: _row(seats, spoil) for what, (seats, spoil) in SPOILED.items()}
    for row in (good, *bad.values()):
        store.create(row)
    store.close()
    with serving(tmp_path) as (_proc, port):
        assert request(port, "GET", f"/api/tables/{good.id}")[0] == 200
        for what, row in bad.items():
            status, _ = request(port, "GET", f"/api/tables/{row.id}")
            assert status == 404, what
        listed = {r["table_id"] for r in request(port, "GET", "/api/tables")[1]}
        assert listed == {good.id}
        deadline = time.monotonic() + 10  # the good table's AIs play on meanwhile
        while request(port, "GET", f"/api/tables/{good.id}")[1]["version"] < 3 and time.monotonic() < deadline:
            time.sleep(0.1)
    log = (tmp_path / "serve.log").read_text()
    for what, row in bad.items():
        line = next((x for x in log.splitlines() if f"table {row.id} is refused" in x), None)
        assert line is not None, (what, log)
    assert f"seat 2's AI '{EVIL}' is not one this server offers" in log
    assert f"the stand-in AI '{EVIL}' is not one this server offers" in log
    assert "player count 9" in log and "per_move_s -5" in log and "'robot'" in log
    assert f"AI {EVIL} failed" not in log  # nothing of it reached the AI loader


@pytest.mark.parametrize("what", sorted(SPOILED))
def test_each_spoiled_field_keeps_its_table_out(tmp_path: Path, what: str) -> None:
    seats, spoil = SPOILED[what]
    store = Store(str(tmp_path / "db.sqlite3"))
    row = _row(seats, spoil)
    store.create(row)
    service = TableService()
    assert service.load(store.load_rows()) == 0
    assert row.id not in service.tables and service.unloadable[row.id].startswith("refused: ")
    store.close()


def test_stored_rows_are_checked_on_either_database(db_url: str) -> None:
    store = Store(db_url)
    good, bad = _row(AIS), _row(AIS, _agent)
    store.create(good)
    store.create(bad)
    service = TableService()
    assert service.load(store.load_rows(store.live_ids())) == 1
    assert good.id in service.tables and bad.id in service.unloadable
    store.close()


def test_a_refused_finished_table_is_not_listed_with_the_finished_games(tmp_path: Path) -> None:
    db = str(tmp_path / "db.sqlite3")
    store = Store(db)
    good, bad = _row(AIS), _row(AIS, _agent)
    good.status = bad.status = "finished"
    store.create(good)
    store.create(bad)
    store.close()
    with TestClient(create_app(db)) as client:
        assert [r["table_id"] for r in client.get("/api/tables?status=finished").json()] == [good.id]
        assert client.get(f"/api/tables/{bad.id}").status_code == 404


def test_an_operators_own_agent_stored_in_a_row_still_loads(tmp_path: Path) -> None:
    store = Store(str(tmp_path / "db.sqlite3"))
    row = _row(AIS, _agent)
    store.create(row)
    service = TableService(agents=("normal", "random", EVIL))  # the operator offers it (--agent)
    assert service.load(store.load_rows()) == 1
    store.close()
