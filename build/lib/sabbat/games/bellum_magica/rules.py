"""Pure rule formulas and constants of Bellum Magica: phases, `can_beat`, recruiting costs.

The bottom of the package beside the card data: it imports no other module of it.
"""

from __future__ import annotations

from enum import Enum

from sabbat.core import codec

WOOD, METAL, GOLD = 0, 1, 2
CHEST_NAMES = ("wood", "metal", "gold")
SIDES = ("L", "R")
EVIL, MOST_EVIL = "evil", "most_evil"
DECKS = (EVIL, MOST_EVIL)
PAY_FOOD = "glyph_food"  # 1 glyph + 4 food
PAY_GLYPHS = "glyphs"  # 3 glyphs
BARREL_CAP = 2
END_CHESTS = 10


@codec.serializable
class Phase(Enum):
    """Which decision is pending."""

    DRAFT = "draft"
    GOBLINS = "goblins"
    ROLL = "roll"
    ATTACK = "attack"
    STEAL = "steal"
    RECRUIT = "recruit"
    PAY = "pay"
    PLACE = "place"
    OVER = "over"


# Enum members are slow to look up by attribute (Phase.ROLL); the hot path uses these names.
DRAFT_PHASE, GOBLINS_PHASE, ROLL_PHASE, ATTACK_PHASE = Phase.DRAFT, Phase.GOBLINS, Phase.ROLL, Phase.ATTACK
STEAL_PHASE, RECRUIT_PHASE, PAY_PHASE, PLACE_PHASE = Phase.STEAL, Phase.RECRUIT, Phase.PAY, Phase.PLACE
OVER_PHASE = Phase.OVER


def can_beat(swords: int, msword: int, shields: int, magic: int) -> bool:
    """Each magic shield needs its own magic sword; spare magic swords count as swords."""
    return msword >= magic and swords + (msword - magic) >= shields


def affordable_options(food: int, glyph: int, deck: str) -> list[str]:
    """Payment options the stock can cover for one creature of `deck`."""
    if deck == EVIL:
        return [EVIL] if food >= 2 else []
    out = []
    if glyph >= 1 and food >= 4:
        out.append(PAY_FOOD)
    if glyph >= 3:
        out.append(PAY_GLYPHS)
    return out


COSTS = {EVIL: (2, 0), PAY_FOOD: (4, 1), PAY_GLYPHS: (0, 3)}
"""(food, glyph) paid for each payment option."""


def cost_of(option: str) -> tuple[int, int]:
    """(food, glyph) paid for a payment option."""
    return COSTS[option]
