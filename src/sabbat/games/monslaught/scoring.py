"""Final scoring: points of hand, play area, discard pile, lands and bosses (10 each).

Tie-break (more bosses wins, then a shared victory) is folded into `scores()` as a
tenth of a point per boss, so that the winners always hold the highest score.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .effects import land_vp

if TYPE_CHECKING:
    from .state import MonslaughtState


def points(st: MonslaughtState, p: int) -> int:
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


def scores(st: MonslaughtState) -> list[float]:
    """Points plus 0.1 per boss card (the tie-break); at most 4 bosses, so never a full point."""
    return [points(st, p) + 0.1 * len(st.seats[p].bosses) for p in range(st.num_players)]
