"""Final scoring: points of hand, play area, discard pile, lands and bosses (10 each).

Tie-break: more bosses wins, then a shared victory; it is shown beside the points
(`tie_breaks`) and applied by `winners`, never folded into them.
"""

from __future__ import annotations

from .model import Position, land_vp


def points(st: Position, p: int) -> int:
    """Printed points of everything player `p` owns."""
    seat = st.seats[p]
    cards, ids = st.db.cards, st.ids
    total = 0
    for zone in (seat.hand, seat.play, seat.discard):
        for u in zone:
            total += cards[ids[u]].vp
    if seat.pick >= 0:
        total += cards[ids[seat.pick]].vp
    total += sum(land_vp(st, land) for land in seat.lands)
    total += sum(st.db.bosses[b].vp for b in seat.bosses)
    return total


def scores(st: Position) -> list[float]:
    """The whole points of every seat; the boss tie-break is applied by `winners`, never folded in."""
    return [points(st, p) for p in range(st.num_players)]


def winners(st: Position) -> list[int]:
    """「同点だった場合、ボスカードの枚数の多いプレイヤーが勝者…それも同数の場合は、ともに勝者」."""
    keys = [(points(st, p), len(st.seats[p].bosses)) for p in range(st.num_players)]
    best = max(keys)
    return [p for p, k in enumerate(keys) if k == best]
