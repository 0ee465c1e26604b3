"""Resource invariants of a Monslaught position (conformance checks after every decision).

Why: every physical card has one uid, so a rule bug that loses or duplicates a card, or lets a
budget go below zero, shows up here even when no rule test covers that path. Never on the hot path.
"""

from __future__ import annotations

from collections import Counter

from .model import LAND_LIMIT, Phase, Position


def _cards(st: Position) -> list[str]:
    """Each card uid is in exactly one place; a card being summoned is held by the pending payment."""
    where: Counter[int] = Counter()
    for zone in (st.box, st.lower, st.middle, st.upper, st.farm_stack, st.mountain_stack, st.field, st.removed):
        where.update(zone)
    for seat in st.seats:
        for zone in (seat.hand, seat.play, seat.discard, seat.lands, seat.offer):
            where.update(zone)
        if seat.pick >= 0:
            where[seat.pick] += 1
    if st.phase is Phase.PAY and st.pend_card >= 0:
        where[st.pend_card] += 1
    out = []
    wrong = sorted(u for u in range(len(st.ids)) if where[u] != 1)
    if wrong or len(where) != len(st.ids):
        out.append(f"cards not in exactly one place: {[(st.ids[u], where[u]) for u in wrong[:6]]}")
    for p, seat in enumerate(st.seats):
        if any(u not in seat.play for u in seat.on_land) or any(ld not in seat.lands for ld in seat.on_land.values()):
            out.append(f"P{p + 1} has a monster placed on a land it does not hold")
        if len(set(seat.on_land.values())) != len(seat.on_land):
            out.append(f"P{p + 1} has two monsters on one land")
        if len(seat.lands) > LAND_LIMIT:
            out.append(f"P{p + 1} holds {len(seat.lands)} lands")
    return out


def _bosses(st: Position) -> list[str]:
    taken = [b for seat in st.seats for b in seat.bosses]
    out = []
    if sorted(st.boss_row + st.boss_box) != sorted(st.db.bosses):
        out.append("boss cards not conserved")
    if len(taken) != len(set(taken)) or any(b not in st.boss_row[:st.boss_revealed] for b in taken):
        out.append(f"bosses taken twice or before they were revealed: {taken}")
    return out


def problems(st: Position) -> list[str]:
    """Every broken invariant, one line each (empty when the position is sound)."""
    out = _cards(st) + _bosses(st)
    for p, seat in enumerate(st.seats):
        values = [seat.credit, seat.scout_bonus, *seat.budget.values()]
        if min(values) < 0:
            out.append(f"P{p + 1} has a negative payment budget: {values}")
    if min(st.pend_need, st.pend_left) < 0:
        out.append(f"a pending payment is negative: need {st.pend_need}, left {st.pend_left}")
    return out
