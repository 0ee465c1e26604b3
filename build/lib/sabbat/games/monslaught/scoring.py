"""Final scoring: points of hand, play area, discard pile, lands and bosses (10 each).

Tie-break: more bosses wins, then a shared victory; it is shown beside the points
(`tie_breaks`) and applied by `winners`, never folded into them.
"""

from __future__ import annotations

from .model import Position, Seat, land_vp


def points(st: Position, p: int) -> int:
    """Printed points of everything player `p` owns."""
    return _points(st, st.seats[p], secret=True)


def _points(st: Position, seat: Seat, secret: bool) -> int:
    """Printed points of `seat`; without `secret`, of what the others see (the hand and an
    unrevealed draft pick left out)."""
    cards, ids = st.db.cards, st.ids
    total = 0
    for zone in (seat.hand, seat.play, seat.discard) if secret else (seat.play, seat.discard):
        for u in zone:
            total += cards[ids[u]].vp
    if secret and seat.pick >= 0:
        total += cards[ids[seat.pick]].vp
    total += sum(land_vp(st, land) for land in seat.lands)
    total += sum(st.db.bosses[b].vp for b in seat.bosses)
    return total


def visible_scores(st: Position, viewer: int | None) -> list[float | None]:
    """A seat counts all its own points; of the others', the points on the table as it shows them
    (their hands and draft picks are secret, a boss round's summons fogged until all are made)."""
    fog = st.fog
    return [_points(st, st.seats[p], True) if p == viewer else _points(st, st.seats[p] if fog is None else fog[p], False)
            for p in range(st.num_players)]


def scores(st: Position) -> list[float]:
    """The whole points of every seat; the boss tie-break is applied by `winners`, never folded in."""
    return [points(st, p) for p in range(st.num_players)]


def winners(st: Position) -> list[int]:
    """「同点だった場合、ボスカードの枚数の多いプレイヤーが勝者…それも同数の場合は、ともに勝者」."""
    keys = [(points(st, p), len(st.seats[p].bosses)) for p in range(st.num_players)]
    best = max(keys)
    return [p for p, k in enumerate(keys) if k == best]
