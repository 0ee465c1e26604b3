"""Setup: deal the cards (3P: without the 4P copies), thrones, initial units and stones, then
start round 1.

Why a plan: which uids are thrones, bombers, initial units and each Level's deck depends only
on the card file and the player count, so it is worked out once and every new game copies it
and shuffles.
"""

from __future__ import annotations

from functools import lru_cache

from .board import give
from .cards import COLOURS, CardTable
from .model import NO_ONE, Deal, Position, deal_for, seat
from .rules import begin_round
from .texts import EVENT


class Plan:
    """The uids of one card file dealt for one player count, before any shuffle."""

    __slots__ = ("cid", "deal", "thrones", "bombers", "initial", "decks")

    def __init__(self, table: CardTable, n: int) -> None:
        dealt: list[str] = []
        copies: dict[str, list[int]] = {}
        for card_id in table.order:
            card = table.by_id[card_id]
            keep = card.count - (card.four_player if n == 3 else 0)
            copies[card_id] = list(range(len(dealt), len(dealt) + max(0, keep)))
            dealt += [card_id] * keep

        def role(name: str, level: int | None = None) -> list[list[int]]:
            return [us for cid, us in copies.items()
                    if table.by_id[cid].role == name and (level is None or table.by_id[cid].level == level)]

        self.cid = tuple(dealt)
        self.deal: Deal = deal_for(table, self.cid)
        self.thrones = tuple(u for us in role("throne") for u in us)
        self.bombers = tuple(u for us in role("bomber") for u in us)
        self.initial = tuple(tuple(us) for us in role("initial"))
        """Per initial card, its copies: copy p goes to seat p."""
        self.decks = tuple(tuple(u for us in role("deck", lv) for u in us) for lv in (1, 2, 3))


@lru_cache(maxsize=64)
def plan_for(table: CardTable, n: int) -> Plan:
    return Plan(table, n)


def setup(s: Position) -> None:
    """Deal cards (3P: without 4P copies), thrones, initial units, stones; start round 1."""
    n = s.num_players
    plan = plan_for(s.cards, n)
    s.cid = list(plan.cid)
    s.deal = plan.deal
    s.owner = [NO_ONE] * len(s.cid)
    thrones = list(plan.thrones)
    s.rng.shuffle(thrones)
    s.throne = thrones[:n]
    s.colour = [plan.deal.card[u].colour or "red" for u in s.throne]
    s.red = s.colour.index("red")
    bombers = plan.bombers
    s.bomber = [bombers[_colour_index(c) % len(bombers)] for c in s.colour]
    for p in range(n):
        give(s, p, s.throne[p])
    for us in plan.initial:
        for p in range(n):
            give(s, p, us[p])
    for lv in range(3):
        s.decks[lv] = deck = list(plan.decks[lv])
        s.rng.shuffle(deck)
    for k in (2, 3)[: n - 2]:
        s.stones[seat(s, k)] += 1
    s.emit(EVENT + "setup", red=s.red, colours=s.seat_list("seat_colour"))
    begin_round(s, 1)


def _colour_index(colour: str) -> int:
    return COLOURS.index(colour) if colour in COLOURS else 0
