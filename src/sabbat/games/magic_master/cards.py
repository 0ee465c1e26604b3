"""Card schema, loading (cached per file) and the per-instance card table.

Every physical card is an *instance*: an int 0..99 fixed by the order of the
card file (entry order, then copy). Rules code asks the table for a card's
kind, stats and effect name; it never relies on positions in a list.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from sabbat.core.carddata import CardBounds, CardEntry, load_sections
from sabbat.core.errors import CardDataError
from sabbat.core.safeio import shown

from .actions import ActionTable

BOUNDS = CardBounds(count=12, cards=400)
"""The most a card file may make: about four times the shipped file (3 of one card, 100 in all)."""
DEFAULT_FILE = Path(__file__).with_name("cards.yaml")
DEFAULT_PATH = str(DEFAULT_FILE)
"""The shipped card file's path as text, resolved once rather than at every new game."""


class Kind(StrEnum):
    """What a card is; decides which hand it sits in and where it may be played."""

    HEIR = "heir"
    WARRIOR = "warrior"
    WIZARD = "wizard"
    TROOP = "troop"
    ITEM = "item"
    TERRAIN = "terrain"
    ONESHOT = "oneshot"  # one-shot character (cleric, messenger, ...)
    ATTACK = "attack"  # attack card (dragon, romance, ...)
    MAGIC = "magic"


CHARACTER_KINDS = frozenset({Kind.HEIR, Kind.WARRIOR, Kind.WIZARD})
PLACEABLE_KINDS = frozenset({Kind.HEIR, Kind.WARRIOR, Kind.WIZARD, Kind.TROOP, Kind.ITEM, Kind.TERRAIN})


class MMCard(CardEntry):
    """One card type of Magic Master."""

    kind: Kind
    colour: Literal["black", "blue", "red", "none"] = "none"
    atk_dice: int = 0
    atk_bonus: int = 0
    mag: int = 0
    defence: int = 0
    mov: int | None = None
    suc: int = 0
    sex: Literal["male", "female", "none"] = "none"
    undead: bool = False
    terrain: Literal["castle", "forest", "cave", "none"] = "none"
    item_role: Literal["regalia", "warrior", "charm", "none"] = "none"
    effect: str = "none"
    need_terrain: Literal["castle", "forest", "cave", "none"] = "none"
    threshold: int = 0
    text: dict[str, str] | None = None


SECTIONS: dict[str, type[CardEntry]] = {"characters": MMCard, "deck": MMCard}


class CardTable:
    """All card types of one file plus the instance -> type map."""

    def __init__(self, types: list[MMCard], path: str) -> None:
        self.path = path
        self.types = {c.id: c for c in types}
        inst: list[MMCard] = []
        for c in types:
            inst.extend([c] * c.count)
        self.inst: tuple[MMCard, ...] = tuple(inst)
        self.characters = [i for i, c in enumerate(inst) if c.kind in CHARACTER_KINDS]
        self.wizards = [i for i in self.characters if inst[i].kind is Kind.WIZARD]
        self.heirs_warriors = [i for i in self.characters if inst[i].kind is not Kind.WIZARD]
        self.deck_cards = [i for i, c in enumerate(inst) if c.kind not in CHARACTER_KINDS]
        self.regalia = frozenset(i for i, c in enumerate(inst) if c.item_role == "regalia")
        # printed values per instance, read on every decision (a tuple index beats an attribute chain)
        self.kind: tuple[Kind, ...] = tuple(c.kind for c in inst)
        self.suc: tuple[int, ...] = tuple(c.suc for c in inst)
        self.colour: tuple[str, ...] = tuple(c.colour for c in inst)
        self.role: tuple[str, ...] = tuple(c.item_role for c in inst)
        self.effect: tuple[str, ...] = tuple(c.effect for c in inst)
        self.terrain_type: tuple[str, ...] = tuple(c.terrain for c in inst)
        self.names: tuple[dict[str, str], ...] = tuple(dict(c.name) for c in inst)
        """Each card's name in both languages, one dict per instance shared by every event: read-only."""
        self.actions = ActionTable([c.kind is Kind.TROOP for c in inst])
        self.group_views: dict[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int], dict[str, Any]] = {}
        """Observation views of groups by their cards (filled by `hidden.group_view`)."""
        self._check()

    def _check(self) -> None:
        if len(self.wizards) < 6:
            raise CardDataError(f"{self.path}: at least 6 wizards are needed, found {len(self.wizards)}").tag(
                "cards_wizards", n=6, found=len(self.wizards))
        if len(self.heirs_warriors) < 12:
            raise CardDataError(f"{self.path}: at least 12 heirs and warriors are needed").tag(
                "cards_heirs_warriors", n=12, found=len(self.heirs_warriors))
        heirs = sum(1 for i in self.heirs_warriors if self.inst[i].kind is Kind.HEIR)
        if heirs < 6:
            raise CardDataError(f"{self.path}: at least 6 heirs are needed").tag("cards_heirs", n=6, found=heirs)
        if len(self.deck_cards) < 76:
            raise CardDataError(f"{self.path}: the navy deck needs 76 cards, found {len(self.deck_cards)}").tag(
                "cards_navy", n=76, found=len(self.deck_cards))
        for c in self.types.values():
            if c.kind is Kind.HEIR and c.suc < 1:
                raise CardDataError(f"{self.path}: heir {c.id} needs succession 1 or more").tag(
                    "cards_succession", id=shown(c.id, 60), min=1)

    def name(self, i: int) -> dict[str, str]:
        """The card's name in both languages (shared between events: read-only)."""
        return self.names[i]


@lru_cache(maxsize=8)
def _load(path: str) -> CardTable:
    """The card table of a file, loaded once per path."""
    sections = load_sections(Path(path), SECTIONS, BOUNDS)
    types = [c for sec in ("characters", "deck") for c in sections[sec] if isinstance(c, MMCard)]
    return CardTable(types, path)


def load(options: Mapping[str, Any] | None = None) -> CardTable:
    """The card table in use: the file `options["cards"]` names, else the shipped one."""
    cards = (options or {}).get("cards")
    return _load(str(cards) if cards else DEFAULT_PATH)


def distinct(t: CardTable, cards: list[int]) -> list[int]:
    """The lowest-numbered card of each type: identical copies would make identical options.

    The copies of a type are numbered consecutively, so after sorting a card repeats a type only
    when the card before it has that type."""
    inst = t.inst
    out: list[int] = []
    last = None
    for c in sorted(cards):
        d = inst[c]
        if d is not last:
            out.append(c)
            last = d
    return out


def atk_text(dice: int, bonus: int) -> str:
    """`2D+3`-style text of an attack expression."""
    if dice == 0:
        return str(bonus)
    base = f"{dice}D" if dice > 1 else "1D"
    return base + (f"+{bonus}" if bonus > 0 else (str(bonus) if bonus < 0 else ""))
