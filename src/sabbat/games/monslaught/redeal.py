"""The redeal of the cards a seat cannot see: decks, the box and the other seats' hands, draft
offers and picks, tier by tier.

Why a module of its own: a card's back shows its tier, so every hidden place keeps its public tier
make-up and only faces move. The draft's secret picks are redrawn by this same deal (flow.DRAFT),
and a determinization runs it outside the draft too (observe.py), so it sits below both.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from sabbat.core import Rng

from .model import Position

TIER_ORDER = {"initial": 0, "lower": 1, "middle": 2, "upper": 3, "land": 4}


def tier(st: Position, uid: int) -> str:
    """The tier a card's back shows (lands have none of the card tiers)."""
    card = st.db.cards.get(st.ids[uid])
    return card.tier.value if card is not None else "land"


def redeal(st: Position, new: Position, seats: Sequence[int], rng: Rng) -> None:
    """In `new`, a clone of `st`, deal anew the decks, the box and `seats`' hands, offers and picks
    from the pooled cards of each tier (gathered in a canonical order, so the deal depends only on
    what the other seats see); a fogged seat's view follows its new hand."""
    # locations holding hidden cards, in a fixed order; each keeps its (public) tier make-up
    locations: list[list[int]] = [new.lower, new.middle, new.upper, new.box]
    for q in seats:
        seat = new.seats[q]
        locations += [seat.hand, seat.offer, [seat.pick] if seat.pick >= 0 else []]
    pools: dict[str, list[int]] = defaultdict(list)
    shapes = []
    for loc in locations:
        tiers = sorted((tier(st, u) for u in loc), key=TIER_ORDER.__getitem__)
        shapes.append(tiers)
        for u in loc:
            pools[tier(st, u)].append(u)
    for name in sorted(pools, key=TIER_ORDER.__getitem__):
        pool = sorted(pools[name])
        rng.shuffle(pool)
        pools[name] = pool
    filled = [[pools[t].pop() for t in shape] for shape in shapes]
    new.lower, new.middle, new.upper, new.box = filled[0], filled[1], filled[2], filled[3]
    for i, q in enumerate(seats):
        seat = new.seats[q]
        hand, offer, pick = filled[4 + 3 * i: 7 + 3 * i]
        seat.hand = hand
        seat.taken = hand[:len(seat.taken)]  # the refill's cards are among the hand's, as many
        seat.offer = offer
        seat.pick = pick[0] if pick else -1
    if new.fog is not None:
        for q in seats:
            new.fog[q] = new.seats[q].clone()
