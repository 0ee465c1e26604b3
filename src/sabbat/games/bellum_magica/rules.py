"""Pure rule formulas of Bellum Magica: row sums, defence and `can_beat`."""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum

from sabbat.core import codec

from .cards import CardTable, Row

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


def row_sum(table: CardTable, board: str, cards: Iterable[str], row: int, left: bool) -> Row:
    """Icons of one row (1..6) of a castle side: the board plus every card tucked on that side."""
    b = table.boards[board]
    a, g, c = (b.left if left else b.right)[row - 1]
    for cid in cards:
        cr = table.creatures[cid]
        x, y, z = (cr.left if left else cr.right)[row - 1]
        a += x
        g += y
        c += z
    return (a, g, c)


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


def cost_of(option: str) -> tuple[int, int]:
    """(food, glyph) paid for a payment option."""
    return {EVIL: (2, 0), PAY_FOOD: (4, 1), PAY_GLYPHS: (0, 3)}[option]
