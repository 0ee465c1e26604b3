"""Clocks as documented: taking a seat back never gives fresh time, the grace counts from the
person's turn, a person the stand-in plays for may act, and readers hear the time left without
asking for a view."""

from __future__ import annotations

import json
from pathlib import Path

from sabbat.web.authority import Authority
from sabbat.web.hub import Conn, Hub
from tests.support.aio import run_async

from .helpers import act
from .test_clocks import FakeClock, _humans, _row, _service, _stand_in_moves


def test_reclaim_after_the_game_clock_ran_out_resumes_the_time_left_never_a_fresh_one(tmp_path: Path) -> None:
    clock = FakeClock()
    service = _service(tmp_path, clock, grace=5)
    table, _ = _humans(service, clock={"per_game_s": 100}, leaver_agent="heuristic")
    seat = table.state.current_player
    assert seat is not None
    clock.now += 101
    service.tick()  # the game clock is spent: the stand-in plays this decision
    _stand_in_moves(service, table)
    assert table.state.current_player == seat and _row(service, table, seat)["move_left_s"] == 30.0
    left = 30.0
    for _ in range(3):  # away, replaced, back: each time the decision's time goes on running down
        service.connected(table, seat, -1)
        clock.now += 6
        service.tick()
        assert table.seats[seat].substitute
        left -= 6
        clock.now += 100  # the stand-in thinks: never the person's time
        service.reclaim(table, seat)
        assert _row(service, table, seat)["move_left_s"] == left
        assert _row(service, table, seat)["game_left_s"] == 0.0


def test_the_grace_counts_from_the_persons_turn_not_from_the_disconnect(tmp_path: Path) -> None:
    clock = FakeClock()
    service = _service(tmp_path, clock, grace=30)
    table, tokens = _humans(service)
    mover = table.state.current_player
    assert mover is not None
    other = 1 - mover
    service.connected(table, other, -1)  # leaves while the other seat plays
    clock.now += 100
    while table.state.current_player == mover:
        act(service, table.id, tokens[mover], f"m{table.version}", table.version_for(mover), action_id=0)
    assert table.state.current_player == other
    service.tick()
    assert not table.seats[other].substitute, "their turn has only just begun"
    clock.now += 31
    service.tick()
    assert table.seats[other].substitute


def test_a_person_the_stand_in_plays_for_gets_their_moves_and_may_act(tmp_path: Path) -> None:
    clock = FakeClock()
    service = _service(tmp_path, clock, grace=5)
    table, tokens = _humans(service)
    seat = table.state.current_player
    assert seat is not None
    service.connected(table, seat, -1)
    clock.now += 6
    service.tick()
    assert table.seats[seat].substitute
    view = service.view(table, seat, "en")  # say, from a page that never closed
    assert view["legal"]
    act(service, table.id, tokens[seat], "back", view["version"], action_id=0)
    assert not table.seats[seat].substitute


def test_a_claimed_seat_never_connected_goes_to_the_stand_in_after_the_grace(tmp_path: Path) -> None:
    clock = FakeClock()
    service = _service(tmp_path, clock, grace=30)
    service.deal = lambda: 1
    table, tokens = service.create({"game": "mystic_vale", "players": 2,
                                    "seats": [{"kind": "human", "open": True}, {"kind": "human", "open": True}]})
    for seat in (0, 1):
        service.join(table.id, seat)  # a squatter claims every seat and never connects
    service.tick()
    assert table.mover() is None
    clock.now += 31
    service.tick()
    mover = table.state.current_player
    assert mover is not None and table.seats[mover].substitute and table.mover() is not None


def test_readers_hear_both_clocks_without_asking_for_a_view(tmp_path: Path) -> None:
    clock = FakeClock()
    service = _service(tmp_path, clock)
    table, _ = _humans(service, clock={"per_move_s": 20, "per_game_s": 300})
    seat = table.state.current_player
    hub = Hub(Authority(service, service.store), pool=None)

    async def scenario() -> dict[str, object]:
        conn = Conn(ws=None, table_id=table.id, seat=None, token=None, lang="en")  # type: ignore[arg-type]
        hub.conns[table.id] = {conn}
        clock.now += 7
        hub.clock_frames()
        text = conn.queue.get_nowait()
        assert isinstance(text, str)
        frame: dict[str, object] = json.loads(text)
        return frame

    frame = run_async(scenario())
    assert frame["type"] == "clocks"
    rows = frame["seats"]
    assert isinstance(rows, list)
    assert rows[seat] == {"seat": seat, "move_left_s": 13.0, "game_left_s": 293.0, "clock_running": True}
    assert rows[1 - seat]["clock_running"] is False and rows[1 - seat]["move_left_s"] == 20.0
