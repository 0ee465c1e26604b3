"""A table rebuilt from its log (another process took it over, or the server restarted) goes on
with the time its people had left: the log records when each move was made and the game clocks
after it, and the time since the turn began still counts."""

from __future__ import annotations

import sqlalchemy as sa

from sabbat.web.store import Store, actions_t
from sabbat.web.table import Table

from .helpers import Direct, act


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _table(service: Direct, named: bool = True) -> tuple[Table, dict[int, str]]:
    """A clocked table each person came to; `named`: their pages also gave their names."""
    service.deal = lambda: 1
    table, tokens = service.create({"game": "mystic_vale", "players": 2, "seats": [{"kind": "human"}] * 2,
                                    "clock": {"per_move_s": 20, "per_game_s": 100}, "leaver_agent": "heuristic"})
    for s in table.seats:
        service.connected(table, s.seat, +1)
        if named:
            service.rename(table, s.seat, f"Player {s.seat + 1}")
    return table, tokens


def _earlier(store: Store, seconds: float) -> None:
    """Time runs: every recorded moment (and the table's creation) moves `seconds` into the past."""
    with store.engine.begin() as c:
        c.execute(actions_t.update().values(at=actions_t.c.at - seconds))
        c.execute(sa.text("UPDATE tables SET created = created - :s"), {"s": seconds})


def _rebuilt(db: str, clock: FakeClock) -> tuple[Direct, Table]:
    again = Direct(Store(db), clock=clock)
    assert again.load() == 1
    [table] = again.tables.values()
    return again, table


def test_a_rebuilt_table_keeps_the_time_left_and_the_time_since_the_turn_began(db_url: str) -> None:
    db = db_url
    clock = FakeClock()
    service = Direct(Store(db), clock=clock)
    table, tokens = _table(service)
    seat = table.state.current_player
    assert seat is not None
    for n in range(2):  # two decisions, each thought over for 3 s
        clock.now += 3
        act(service, table.id, tokens[seat], f"m{n}", table.version_for(seat), action_id=0)
    assert table.seats[seat].clock_left == 94.0
    mover = table.state.current_player
    assert mover is not None
    _earlier(service.store, 9)  # 9 s pass in the decision pending, then another process takes the table
    again, rebuilt = _rebuilt(db, clock)
    rows = again.seat_rows(rebuilt)
    assert rows[seat]["clock_s"] == 94.0, "the game clock was given back"
    assert 10.5 <= rows[mover]["move_left_s"] <= 11.0, "the time since the turn began must still count"  # type: ignore[operator]
    game_left = rebuilt.seats[mover].clock_left - 9  # type: ignore[operator]
    assert game_left - 0.5 <= rows[mover]["game_left_s"] <= game_left  # type: ignore[operator]
    clock.now += 10
    assert again.tick() == [] and rebuilt.mover() is None
    clock.now += 1.5
    assert again.tick() == [rebuilt] and rebuilt.mover() == (mover, "heuristic"), "the stand-in plays on time"


def test_a_person_who_came_but_neither_moved_nor_named_their_seat_keeps_their_clock(db_url: str) -> None:
    """Their coming is recorded: the rebuilt table counts their pending turn from when it began,
    as the first process did, instead of waiting for them with a stopped clock and giving them a
    fresh one when they come back."""
    clock = FakeClock()
    service = Direct(Store(db_url), clock=clock)
    table, tokens = _table(service, named=False)  # each person comes to the table; neither names their seat
    first = table.state.current_player
    assert first is not None
    for n in range(60):  # the first player plays their turn through: the other has not moved yet
        if table.state.current_player != first:
            break
        clock.now += 1
        act(service, table.id, tokens[first], f"m{n}", table.version_for(first), action_id=0)
    mover = table.state.current_player
    assert mover is not None and mover != first
    _earlier(service.store, 9)
    again, rebuilt = _rebuilt(db_url, clock)
    assert rebuilt.seats[mover].joined and rebuilt.seats[mover].name is None
    rows = again.seat_rows(rebuilt)
    assert 10.5 <= rows[mover]["move_left_s"] <= 11.0, rows[mover]  # type: ignore[operator]


def test_a_table_nobody_moved_at_counts_from_its_creation(db_url: str) -> None:
    db = db_url
    clock = FakeClock()
    service = Direct(Store(db), clock=clock)
    table, _ = _table(service)
    first = table.state.current_player
    assert first is not None
    _earlier(service.store, 5)
    again, rebuilt = _rebuilt(db, clock)
    assert 14.5 <= again.seat_rows(rebuilt)[first]["move_left_s"] <= 15.0  # type: ignore[operator]


def test_a_log_written_before_moves_had_moments_starts_the_clocks_afresh(db_url: str) -> None:
    db = db_url
    clock = FakeClock()
    service = Direct(Store(db), clock=clock)
    table, tokens = _table(service)
    seat = table.state.current_player
    assert seat is not None
    clock.now += 4
    act(service, table.id, tokens[seat], "m0", table.version_for(seat), action_id=0)
    with service.store.engine.begin() as c:
        c.execute(actions_t.update().values(at=None, clocks=None))
    again, rebuilt = _rebuilt(db, clock)
    mover = rebuilt.state.current_player
    assert mover is not None
    rows = again.seat_rows(rebuilt)
    assert rows[mover]["move_left_s"] == 20.0 and rows[mover]["game_left_s"] == 100.0
