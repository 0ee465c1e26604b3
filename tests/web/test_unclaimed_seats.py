"""A seat nobody came to is not played by the stand-in: the table waits for its person (or
expires, as a table nobody joins does). Only a seat whose person came and went is stood in for."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from sabbat.web.store import Store

from .helpers import Direct, act, create, next_view
from .test_clocks import FakeClock

OPEN = [{"kind": "human"}, {"kind": "human", "open": True}]
INVITED = [{"kind": "human"}, {"kind": "human"}]


def _play_until_seat_1(client: TestClient, table_id: str, token: str) -> tuple[Any, dict[str, Any]]:
    """Connect as seat 1's opponent and play until seat 1 must decide; returns the socket and view."""
    ctx = client.websocket_connect(f"/ws/tables/{table_id}")
    ws = ctx.__enter__()
    ws.send_json({"type": "hello", "token": token, "lang": "en"})
    view = next_view(ws)
    pick = random.Random(1)
    while view["current_player"] != 1:
        assert view["status"] == "playing"
        if view["legal"]:
            ws.send_json({"type": "act", "msg_id": f"m{view['version']}", "version": view["version"],
                          "action_id": pick.choice(view["legal"])["id"]})
        view = next_view(ws)
    return ctx, view


def _waits_for_seat_1(client: TestClient, seats: list[dict[str, Any]]) -> None:
    t = create(client, "monslaught", seats, deal=3)
    tid = t["table_id"]
    ctx, view = _play_until_seat_1(client, tid, t["seats"][0]["token"])
    try:
        time.sleep(1.5)  # the grace is 0.2 s: long past it
        row = client.get(f"/api/tables/{tid}").json()
        assert row["status"] == "playing" and row["version"] == view["version"]
        assert "substitute" not in row["seats"][1]
        assert row["seats"][1].get("unclaimed") or row["seats"][1].get("open")
    finally:
        ctx.__exit__(None, None, None)


def test_an_open_seat_nobody_claimed_is_not_played_past_the_grace(client: TestClient) -> None:
    _waits_for_seat_1(client, OPEN)


def test_an_invited_seat_nobody_came_to_is_not_played_past_the_grace(client: TestClient) -> None:
    _waits_for_seat_1(client, INVITED)


def test_a_seat_whose_person_came_and_went_is_played_by_the_stand_in(client: TestClient) -> None:
    t = create(client, "monslaught", INVITED, deal=3)
    tid = t["table_id"]
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:  # seat 2's person comes, then leaves
        ws.send_json({"type": "hello", "token": t["seats"][1]["token"], "lang": "en"})
        next_view(ws)
    ctx, view = _play_until_seat_1(client, tid, t["seats"][0]["token"])
    try:
        deadline = time.monotonic() + 20
        while client.get(f"/api/tables/{tid}").json()["version"] == view["version"]:
            assert time.monotonic() < deadline, "the stand-in never played for the seat whose person left"
            time.sleep(0.1)
    finally:
        ctx.__exit__(None, None, None)


def test_a_table_waiting_for_an_invited_person_expires_like_an_open_one(tmp_path: Path) -> None:
    clock = FakeClock()
    service = Direct(Store(str(tmp_path / "db.sqlite3")), clock=clock, grace_s=1, open_expiry_s=600)
    table, _ = service.create({"game": "monslaught", "players": 2, "seats": INVITED})
    service.connected(table, 0, +1)
    clock.now += 599
    service.tick()
    assert table.status == "playing" and not table.seats[1].substitute and table.mover() is None
    clock.now += 2
    service.tick()
    assert table.status == "expired"


def test_a_person_who_comes_late_gets_their_whole_move_time(tmp_path: Path) -> None:
    clock = FakeClock()
    service = Direct(Store(str(tmp_path / "db.sqlite3")), clock=clock, grace_s=1)
    table, _ = service.create({"game": "monslaught", "players": 2, "seats": INVITED, "clock": {"per_move_s": 60}})
    first = table.state.current_player
    assert first is not None
    clock.now += 500
    service.tick()
    assert table.stand_in is None and not table.seats[first].substitute  # nobody came: nothing runs out
    service.connected(table, first, +1)
    assert service.seat_rows(table)[first]["move_left_s"] == 60


def test_a_person_who_moved_before_a_restart_has_come_and_is_stood_in_for_after(tmp_path: Path) -> None:
    clock = FakeClock()
    db = str(tmp_path / "db.sqlite3")
    service = Direct(Store(db), clock=clock, grace_s=1)
    table, tokens = service.create({"game": "monslaught", "players": 2, "seats": INVITED})
    while table.state.current_player is not None and table.version < 12:
        seat = table.state.current_player
        act(service, table.id, tokens[seat], f"m{table.version}", table.version_for(seat), action_id=0)
    again = Direct(Store(db), clock=clock, grace_s=1)
    again.load()
    back = again.tables[table.id]
    assert all(s.joined for s in back.seats)
    clock.now += 5
    again.tick()
    assert back.mover() is not None  # its person left: the stand-in plays it


def test_a_person_who_came_and_named_themselves_before_a_restart_is_stood_in_for_after(tmp_path: Path) -> None:
    """Coming to a seat is remembered over a restart (or another process taking the table over) by
    the name its person's page gave it, not only by a move: such a seat's clock runs and its
    stand-in plays when they are gone; a seat nobody came to still waits."""
    clock = FakeClock()
    db = str(tmp_path / "db.sqlite3")
    service = Direct(Store(db), clock=clock, grace_s=1)
    table, _ = service.create({"game": "monslaught", "players": 2, "seats": INVITED})
    first = table.state.current_player
    assert first is not None
    service.connected(table, first, +1)
    service.rename(table, first, "Ayumi")
    again = Direct(Store(db), clock=clock, grace_s=1)
    again.load()
    back = again.tables[table.id]
    assert [s.joined for s in back.seats] == [s.seat == first for s in back.seats]
    clock.now += 5
    again.tick()
    assert back.mover() is not None  # she left before the restart: the stand-in plays her turn

