"""Clocks and leavers: a present person out of time for a decision has that one decision played by
the stand-in (the table's leaver agent) and gets the turn back; a person away past the grace period
has their seat played by it until they come back or act. Views carry each seat's time left."""

from __future__ import annotations

from pathlib import Path

from sabbat.web.clocks import OVERTIME_S
from sabbat.web.store import Store
from sabbat.web.table import Table

from .helpers import Direct, act


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _service(tmp_path: Path, clock: FakeClock, grace: float = 30.0) -> Direct:
    return Direct(Store(str(tmp_path / "db.sqlite3")), grace_s=grace, clock=clock)


def _humans(service: Direct, **extra: object) -> tuple[Table, dict[int, str]]:
    service.deal = lambda: 1
    table, tokens = service.create({"game": "mystic_vale", "players": 2,
                                    "seats": [{"kind": "human"}, {"kind": "human"}], **extra})
    for s in table.seats:
        service.connected(table, s.seat, +1)
    return table, tokens


def _stand_in_moves(service: Direct, table: Table) -> None:
    """What the server's AI pool does for the mover: play its first legal move."""
    mover = table.mover()
    assert mover is not None
    action = table.state.legal_actions()[0].to_json()
    move = service.ai_move(table.id, table.version, mover[0], action)
    assert move is not None
    service.store.append_many([move.row])
    service.finish(move)


def _row(service: Direct, table: Table, seat: int, viewer: int | None = None) -> dict[str, object]:
    row: dict[str, object] = service.view(table, viewer, "en")["seats"][seat]
    return row


def test_a_present_person_out_of_move_time_has_that_one_move_played_then_plays_on(tmp_path: Path) -> None:
    clock = FakeClock()
    service = _service(tmp_path, clock)
    table, _ = _humans(service, clock={"per_move_s": 20}, leaver_agent="heuristic")
    seat = table.state.current_player
    assert seat is not None
    clock.now += 19
    assert service.tick() == [] and table.mover() is None
    assert _row(service, table, seat)["move_left_s"] == 1.0
    clock.now += 2
    assert service.tick() == [table]
    assert table.mover() == (seat, "heuristic")
    assert not table.seats[seat].substitute, "a present person keeps the seat"
    assert service.view(table, seat, "en")["legal"] == []  # the stand-in decides this one
    assert _row(service, table, seat)["timed_out"] == "heuristic"
    assert service.tick() == [], "the stand-in is not started twice"
    version = table.version
    _stand_in_moves(service, table)
    assert table.version == version + 1
    assert table.state.current_player == seat, "a Mystic Vale turn is several decisions"
    assert table.mover() is None, "the turn came back to the person"
    view = service.view(table, seat, "en")
    assert view["legal"] and "timed_out" not in view["seats"][seat]
    assert view["seats"][seat]["move_left_s"] == 20.0 and view["seats"][seat]["clock_running"] is True
    clock.now += 10
    assert service.tick() == []  # the new decision has its full time


def test_a_move_in_time_restarts_the_move_clock(tmp_path: Path) -> None:
    clock = FakeClock()
    service = _service(tmp_path, clock)
    table, tokens = _humans(service, clock={"per_move_s": 20})
    seat = table.state.current_player
    assert seat is not None
    clock.now += 15
    act(service, table.id, tokens[seat], "a", 0, action_id=0)
    clock.now += 15
    assert service.tick() == []
    assert _row(service, table, seat, seat)["move_left_s"] == 5.0


def test_views_carry_every_seats_time_left(tmp_path: Path) -> None:
    clock = FakeClock()
    service = _service(tmp_path, clock)
    table, _ = _humans(service, clock={"per_move_s": 30, "per_game_s": 600})
    seat = table.state.current_player
    assert seat is not None
    other = 1 - seat
    clock.now += 12.5
    rows = service.view(table, None, "en")["seats"]
    assert rows[seat]["move_left_s"] == 17.5 and rows[seat]["game_left_s"] == 587.5 and rows[seat]["clock_running"]
    assert rows[other]["move_left_s"] == 30.0 and rows[other]["game_left_s"] == 600.0
    assert rows[other]["clock_running"] is False


def test_a_game_clock_runs_down_only_on_the_persons_own_decisions(tmp_path: Path) -> None:
    clock = FakeClock()
    service = _service(tmp_path, clock)
    table, tokens = _humans(service, clock={"per_game_s": 100})
    seat = table.state.current_player
    assert seat is not None
    clock.now += 30
    act(service, table.id, tokens[seat], "a", 0, action_id=0)
    assert table.seats[seat].clock_left == 70.0
    assert _row(service, table, seat)["clock_s"] == 70.0
    assert table.state.current_player == seat
    clock.now += 69
    assert service.tick() == []
    clock.now += 2
    assert service.tick() == [table]
    assert table.seats[seat].clock_left == 0.0 and not table.seats[seat].substitute
    assert table.mover() is not None and table.mover()[0] == seat  # type: ignore[index]
    clock.now += 5  # the stand-in's thinking costs the person nothing
    _stand_in_moves(service, table)
    if table.state.current_player == seat:
        # a spent game clock leaves each further decision OVERTIME_S seconds, never none
        assert table.mover() is None
        assert _row(service, table, seat)["move_left_s"] == OVERTIME_S
        assert _row(service, table, seat)["game_left_s"] == 0.0
        clock.now += OVERTIME_S - 1
        assert service.tick() == []


def test_a_disconnected_person_is_replaced_after_the_grace_period_and_reclaims_on_return(tmp_path: Path) -> None:
    clock = FakeClock()
    service = _service(tmp_path, clock, grace=30)
    table, _ = _humans(service)
    seat = table.state.current_player
    assert seat is not None
    service.connected(table, seat, -1)
    clock.now += 29
    service.tick()
    assert table.mover() is None
    clock.now += 2
    service.tick()
    assert table.mover() == (seat, "normal")
    assert table.seats[seat].substitute == "normal"
    _stand_in_moves(service, table)
    assert table.mover() == (seat, "normal"), "an away person's seat stays with the stand-in"
    service.connected(table, seat, +1)  # coming back reclaims the seat
    assert table.mover() is None
    assert not table.seats[seat].substitute


def test_an_away_persons_seat_comes_back_when_they_act(tmp_path: Path) -> None:
    clock = FakeClock()
    service = _service(tmp_path, clock, grace=30)
    table, tokens = _humans(service, clock={"per_move_s": 20})
    seat = table.state.current_player
    assert seat is not None
    service.connected(table, seat, -1)
    clock.now += 31
    service.tick()
    assert table.seats[seat].substitute
    act(service, table.id, tokens[seat], "b", table.version, action_id=0)  # from another device, say
    assert not table.seats[seat].substitute
    if table.state.current_player == seat:
        assert table.mover() is None and _row(service, table, seat)["move_left_s"] == 20.0
