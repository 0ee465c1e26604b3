"""A lobby that cleans itself: creation limited per client address, open tables nobody joins
expire, finished tables leave the playing list and stay findable for their replays."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.testclient import TestClient

from sabbat.web.authority import Authority
from sabbat.web.rejected import Rejected
from sabbat.web.store import Store
from tests.support.aio import run_async

from .helpers import Direct, act, create, next_view
from .test_clocks import FakeClock

HUMANS = [{"kind": "human"}, {"kind": "human"}]


def test_one_address_cannot_fill_the_lobby(tmp_path: Path) -> None:
    service = Direct(Store(str(tmp_path / "db.sqlite3")), tables_per_client=3)
    for _ in range(3):
        service.create({"game": "monslaught", "players": 2, "seats": HUMANS}, client="10.0.0.1")
    with pytest.raises(Rejected) as refused:
        service.create({"game": "monslaught", "players": 2, "seats": HUMANS}, client="10.0.0.1")
    assert refused.value.code == "too_many_tables"
    assert "3" in refused.value.message("en") and "3" in refused.value.message("ja")
    assert len(service.tables) == 3
    service.create({"game": "monslaught", "players": 2, "seats": HUMANS}, client="10.0.0.2")  # someone else


def test_too_many_tables_is_a_clear_http_error_in_the_request_language(client: TestClient) -> None:
    service = client.app.state.service  # type: ignore[attr-defined]
    service.tables_per_client = 2
    for _ in range(2):
        create(client, "monslaught", HUMANS)
    res = client.post("/api/tables?lang=ja", json={"game": "monslaught", "players": 2, "seats": HUMANS})
    assert res.status_code == 429 and "2 卓" in res.json()["error"]
    res = client.post("/api/tables", json={"game": "monslaught", "players": 2, "seats": HUMANS})
    assert res.status_code == 429 and "2 tables" in res.json()["error"]


def test_an_open_table_nobody_joins_expires_and_stays_expired_after_a_restart(tmp_path: Path) -> None:
    clock = FakeClock()
    db = str(tmp_path / "db.sqlite3")
    service = Direct(Store(db), clock=clock, open_expiry_s=600)
    waiting, _ = service.create({"game": "monslaught", "players": 2, "seats": [{"kind": "human"}, {"kind": "human", "open": True}]})
    joined, _ = service.create({"game": "monslaught", "players": 2, "seats": [{"kind": "human"}, {"kind": "human", "open": True}]})
    service.join(joined.id, None)
    for table in (waiting, joined):  # the creators are at their tables
        service.connected(table, 0, +1)
    clock.now += 599
    service.tick()
    assert [r["table_id"] for r in service.lobby("open")] == [waiting.id]
    clock.now += 2
    service.tick()
    assert waiting.status == "expired" and service.lobby("open") == []
    assert waiting.id not in [r["table_id"] for r in service.lobby()]
    assert joined.id in [r["table_id"] for r in service.lobby()]
    with pytest.raises(Rejected) as refused:
        service.join(waiting.id, None)
    assert refused.value.code == "table_expired"
    again = Direct(Store(db), clock=clock)
    again.load()
    assert waiting.id not in again.tables  # it never moves again: left in the database until asked for
    authority = Authority(again, again.store)
    assert run_async(authority.find(waiting.id)).status == "expired"
    authority.close()
    assert again.lobby("open") == [] and waiting.id not in [r["table_id"] for r in again.lobby()]


def test_finished_tables_leave_the_playing_list_and_keep_their_replay(client: TestClient) -> None:
    t = create(client, "monslaught", [{"kind": "ai", "agent": "random"}, {"kind": "ai", "agent": "random"}], seed=4)
    tid = t["table_id"]
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        ws.send_json({"type": "hello", "token": None, "lang": "en"})
        view = next_view(ws)
        while view["status"] != "finished":
            view = next_view(ws, limit=2000)
    assert tid not in [r["table_id"] for r in client.get("/api/tables").json()]
    assert tid not in [r["table_id"] for r in client.get("/api/tables?status=playing").json()]
    assert tid in [r["table_id"] for r in client.get("/api/tables?status=finished").json()]
    assert client.get(f"/api/tables/{tid}/replay").status_code == 200


def test_an_expired_table_refuses_moves(tmp_path: Path) -> None:
    clock = FakeClock()
    service = Direct(Store(str(tmp_path / "db.sqlite3")), clock=clock, open_expiry_s=10)
    table, tokens = service.create({"game": "monslaught", "players": 2,
                                    "seats": [{"kind": "human"}, {"kind": "human", "open": True}]})
    clock.now += 11
    service.tick()
    assert table.mover() is None
    with pytest.raises(Rejected) as refused:
        act(service, table.id, tokens[0], "m", table.version_for(0), action_id=0)
    assert refused.value.code == "table_expired"
