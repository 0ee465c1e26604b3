"""Every action of the game built once per card table and handed out again.

Why: an `Action` is an immutable NamedTuple, and building one costs more than looking it up; a
regroup lists dozens of placements at every decision. Tables are indexed by card instance,
group index and seat; no player ever holds more than `GROUP_SLOTS` groups (three, a fourth while
regrouping or after a jester, and the index of a group begun anew).
"""

from __future__ import annotations

from sabbat.core import Action

GROUP_SLOTS = 8
SEATS = 6
TROOP_PLACES = 20
"""Places a troop can be put at within a group: there are 20 troops in the game."""

PASS_ATTACK = Action("pass_attack")
NO_SUPPORT = Action("no_support")
ACCEPT = Action("accept")
DECLINE = Action("decline")
NO_RESPONSE = Action("no_response")
NO_CLERIC = Action("no_cleric")
END_REGROUP = Action("end_regroup")
NEXT_STAGE = Action("next_stage")
DECLARE = tuple(Action("declare", (n,)) for n in range(1, 7))
"""The jester's declared numbers, 1 to 6 in order."""
CASTER = tuple(Action("caster", (i,)) for i in range(GROUP_SLOTS))
ROMANCER = tuple(Action("romancer", (i,)) for i in range(GROUP_SLOTS))
ATTACK = tuple(tuple(tuple(Action("attack", (gi, q, i)) for i in range(GROUP_SLOTS)) for q in range(SEATS))
               for gi in range(GROUP_SLOTS))
"""ATTACK[own group][target seat][target group]."""
ALLY = tuple(tuple(Action("ally", (q, i)) for i in range(GROUP_SLOTS)) for q in range(SEATS))
AIM_PACKAGE = Action("aim", (-1,))


def _per_card(kind: str, cards: int) -> tuple[Action, ...]:
    return tuple(Action(kind, (c,)) for c in range(cards))


def _per_card_group(kind: str, cards: int) -> tuple[tuple[Action, ...], ...]:
    return tuple(tuple(Action(kind, (c, i)) for i in range(GROUP_SLOTS)) for c in range(cards))


class ActionTable:
    """The actions that name a card, indexed by card instance (and then group or seat); `troops`
    says which cards are troops."""

    def __init__(self, troops: list[bool]) -> None:
        cards = len(troops)
        self.play = _per_card_group("play", cards)
        self.move = _per_card_group("move", cards)
        self.give = _per_card_group("give", cards)
        self.keep = _per_card("keep", cards)
        self.troop = tuple(tuple(tuple(Action("troop", (c, i, k)) for k in range(TROOP_PLACES))
                                 for i in range(GROUP_SLOTS)) if troop else () for c, troop in enumerate(troops))
        """troop[card][group][place]: a troop put at a place among the troops of a group (0 innermost)."""
        self.scrap = _per_card("scrap", cards)
        self.choose_heir = _per_card("choose_heir", cards)
        self.drop = _per_card("drop", cards)
        self.take = _per_card("take", cards)
        self.respond = _per_card("respond", cards)
        self.cleric = _per_card("cleric", cards)
        self.aim = _per_card("aim", cards)
        self.steal = _per_card("steal", cards)
        self.undead = _per_card("undead", cards)
        self.support = tuple(tuple(Action("support", (c, w)) for w in range(-1, GROUP_SLOTS)) for c in range(cards))
        """support[card][caster group + 1]: -1 (no caster) comes first."""
        self.card_attack = tuple(tuple(tuple(Action("card_attack", (c, q, i)) for i in range(GROUP_SLOTS))
                                       for q in range(SEATS)) for c in range(cards))
