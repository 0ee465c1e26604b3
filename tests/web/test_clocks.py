"""Clocks and leavers: an AI takes over a seat whose person ran out of time or stayed away past
the grace period, until that person comes back."""

from __future__ import annotations

from pathlib import Path

from sabbat.web.store import Store
from sabbat.web.tables import TableService


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _service(tmp_path: Path, clock: FakeClock, grace: float = 30.0) -> TableService:
    return TableService(Store(str(tmp_path / "db.sqlite3")), grace_s=grace, clock=clock)


def _humans(service: TableService, **extra: object) -> tuple[str, dict[int, str]]:
    service.deal = lambda: 1
    table, tokens = service.create({"game": "mystic_vale", "players": 2,
                                    "seats": [{"kind": "human"}, {"kind": "human"}], **extra})
    return table.id, tokens


def test_a_person_past_the_move_clock_is_replaced_until_they_act_again(tmp_path: Path) -> None:
    clock = FakeClock()
    service = _service(tmp_path, clock)
    tid, tokens = _humans(service, clock={"per_move_s": 20}, leaver_agent="heuristic")
    table = service.tables[tid]
    seat = table.state.current_player
    assert seat is not None
    for s in table.seats:
        service.connected(table, s.seat, +1)
    clock.now += 19
    assert service.tick() == [] and table.mover() is None
    clock.now += 2
    assert service.tick() == [table]
    assert table.mover() == (seat, "heuristic")
    assert service.view(table, seat, "en")["legal"] == []  # the AI decides for now
    service.reclaim(table, seat)
    assert table.mover() is None and service.view(table, seat, "en")["legal"]


def test_a_game_clock_runs_down_only_on_the_persons_own_turns(tmp_path: Path) -> None:
    clock = FakeClock()
    service = _service(tmp_path, clock)
    tid, tokens = _humans(service, clock={"per_game_s": 100})
    table = service.tables[tid]
    for s in table.seats:
        service.connected(table, s.seat, +1)
    seat = table.state.current_player
    assert seat is not None
    clock.now += 30
    service.act(tid, tokens[seat], "a", 0, action_id=0)
    left = table.seats[seat].clock_left
    assert left == 70.0
    assert service.view(table, seat, "en")["seats"][seat]["clock_s"] == 70.0
    assert table.state.current_player == seat  # a Mystic Vale turn is several decisions
    clock.now += 69
    service.tick()
    assert not table.seats[seat].substitute
    clock.now += 2
    service.tick()
    assert table.seats[seat].substitute and table.seats[seat].clock_left == 0.0


def test_a_disconnected_person_is_replaced_after_the_grace_period_and_reclaims_on_return(tmp_path: Path) -> None:
    clock = FakeClock()
    service = _service(tmp_path, clock, grace=30)
    tid, _ = _humans(service)
    table = service.tables[tid]
    seat = table.state.current_player
    assert seat is not None
    service.connected(table, seat, +1)
    service.connected(table, seat, -1)
    clock.now += 29
    service.tick()
    assert table.mover() is None
    clock.now += 2
    service.tick()
    assert table.mover() == (seat, "normal")
    service.connected(table, seat, +1)  # coming back reclaims the seat
    assert table.mover() is None
