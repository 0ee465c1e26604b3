"""The players' clocks read at a moment: the time left for a decision and for the game, and
whose clock runs. Pure reads of a table; the service decides what running out means."""

from __future__ import annotations

from typing import Any

from .steps import Mark
from .table import Table

OVERTIME_S = 30.0
"""Seconds a decision gets once a person's game clock is spent and no per-move clock is set."""


def move_left(table: Table, seat: int, now: float) -> float | None:
    """Seconds `seat` has left for its decision (the one pending if it is theirs, else the next):
    the per-move time and what is left of the game clock, whichever ends first; once the game
    clock is spent, each decision has the per-move time or OVERTIME_S. None: no clock."""
    s = table.seats[seat]
    if s.kind != "human":
        return None
    per_move = table.settings.get("per_move_s")
    limits: list[float] = []
    if per_move:
        limits.append(float(per_move))
    if s.clock_left is not None:
        limits.append(s.clock_left if s.clock_left > 0 else float(per_move or OVERTIME_S))
    if not limits:
        return None
    if table.allowance is not None and table.state.current_player == seat:
        limits.append(table.allowance)
    if running(table, seat):
        return max(0.0, min(limits) - (now - table.turn_started))
    return min(limits)


def after_move(table: Table, seat: int, human: bool, mark: Mark, now: float) -> list[float | None] | None:
    """Each seat's game clock once `seat`'s move (marked `mark`) is made at `now`: a person's
    move that ends their turn (a run of secret decisions counts once) costs them the time since
    the turn began; an AI's thinking never costs anyone time, nor does the time a person coming
    back takes over from the AI that played for them. None: the table has no game clock."""
    left = [s.clock_left for s in table.seats]
    if all(x is None for x in left):
        return None
    owner, ended = mark
    before = left[seat]
    if human and before is not None and (owner is None or ended) and not table.seats[seat].substitute:
        left[seat] = max(0.0, before - (now - table.turn_started))
    return left


def resume(table: Table, moments: list[tuple[float | None, list[float | None] | None]], created: float,
           now: float, wall: float) -> None:
    """Set a table rebuilt from its log (`moments`: when each move was made and the game clocks
    after it) to where its clocks stood: each game clock as the last move left it, and the turn
    begun when the move that began it was made, so that the time since counts as it would have
    in the process that made it (a takeover or a restart gives nobody their time back). A log
    written before moves recorded their moments starts its clocks afresh."""
    for _at, left in reversed(moments):
        if left is not None:
            for s, x in zip(table.seats, left, strict=False):
                s.clock_left = x
            break
    began: float | None = created
    for (at, _left), (owner, ended) in zip(moments, table.steps.marks, strict=False):
        if owner is None or ended:
            began = at
    table.turn_started = now if began is None else now - max(0.0, wall - began)


def running(table: Table, seat: int) -> bool:
    """Whether `seat`'s clock runs now: its person's decision is pending, they have come to the
    table (a seat nobody came to waits, its clock stopped) and no AI stands in."""
    s = table.seats[seat]
    return (not table.state.is_terminal() and table.state.current_player == seat
            and s.kind == "human" and s.joined and not table.standing_in(seat))


def seat_rows(table: Table, now: float) -> list[dict[str, Any]]:
    """The seats as a view shows them, each person's clocks read at `now`: `move_left_s` (seconds
    left for the pending decision, or the full allowance of the next one), `game_left_s` (what
    is left of the game clock) and `clock_running` (whose clock counts down)."""
    rows = []
    for s in table.seats:
        row = s.public()
        move = move_left(table, s.seat, now)
        ticking = running(table, s.seat)
        if move is not None:
            row["move_left_s"] = round(move, 1)
        if s.clock_left is not None:
            spent = now - table.turn_started if ticking else 0.0
            row["game_left_s"] = round(max(0.0, s.clock_left - spent), 1)
        if move is not None or s.clock_left is not None:
            row["clock_running"] = ticking
        if table.stand_in is not None and table.stand_in[:2] == (s.seat, table.version):
            row["timed_out"] = table.stand_in[2]
        rows.append(row)
    return rows
