"""Card data of Bellum Magica: schema, loader (cached per path) and the decoded tables.

Rows are written in the card file as six strings, one per die face, each a `+`-joined
list of icons with an optional count prefix (`2food+map`). Rules code reads the decoded
tuples of `CardTable`, by card id only.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from pydantic import field_validator

from sabbat.core.carddata import CardBounds, CardEntry, load_sections
from sabbat.core.entryproblems import EntryProblem
from sabbat.core.errors import CardDataError, UnknownCard
from sabbat.core.safeio import shown

BOUNDS = CardBounds(count=80, cards=800)
"""The most a card file may make: about four times the shipped file (20 of one token stack, 201 in all)."""
DEFAULT_CARDS = Path(__file__).with_name("cards.yaml")

LEFT_ICONS = ("food", "glyph", "map")
RIGHT_ICONS = ("sword", "msword", "thief")
CHEST_TYPES = ("wood", "metal", "gold")
_ICON = re.compile(r"^(\d*)([a-z_]+)$")

Row = tuple[int, int, int]
Strip = tuple[Row, Row, Row, Row, Row, Row]


def parse_strip(rows: list[str], icons: tuple[str, ...]) -> Strip:
    """Six row strings -> six (count, count, count) tuples in the order of `icons`."""
    if len(rows) != 6:
        raise EntryProblem(f"a strip needs 6 rows (one per die face), got {len(rows)}", "strip_rows", found=len(rows))
    out: list[Row] = []
    for text in rows:
        counts = [0, 0, 0]
        for part in filter(None, (p.strip() for p in text.split("+"))):
            m = _ICON.match(part)
            if m is None or m.group(2) not in icons:
                raise EntryProblem(f"unknown icon {part!r}; this side shows {', '.join(icons)}", "strip_icon",
                                   icon=shown(part, 60), icons=list(icons))
            counts[icons.index(m.group(2))] += int(m.group(1) or 1)
        out.append((counts[0], counts[1], counts[2]))
    return (out[0], out[1], out[2], out[3], out[4], out[5])


class _Strips(CardEntry):
    left: list[str] = ["", "", "", "", "", ""]
    right: list[str] = ["", "", "", "", "", ""]

    @field_validator("left")
    @classmethod
    def _left_ok(cls, v: list[str]) -> list[str]:
        parse_strip(v, LEFT_ICONS)
        return v

    @field_validator("right")
    @classmethod
    def _right_ok(cls, v: list[str]) -> list[str]:
        parse_strip(v, RIGHT_ICONS)
        return v


class BoardEntry(_Strips):
    """A castle board: printed rows and printed defence."""

    shields: int = 2
    magic_shields: int = 0


class CreatureEntry(_Strips):
    """A goblin or creature card: two strips and the bonus tokens printed above its art."""

    bonus: list[Literal["shield", "magic_shield", "confusion"]] = []


class LocationEntry(CardEntry):
    """A location of the human kingdom: defence and loot."""

    kind: Literal["tavern", "farm", "village", "town"]
    shields: int
    magic_shields: int = 0
    food: int = 0
    glyph: int = 0
    barrel: int = 0
    wood: int = 0
    metal: int = 0
    gold: int = 0


class ChestEntry(CardEntry):
    """Treasure-chest tokens of one type and value."""

    type: Literal["wood", "metal", "gold"]
    value: int


class TokenEntry(CardEntry):
    """Bonus-token stacks (their counts only; the engine treats them as unlimited)."""


SECTIONS: dict[str, type[CardEntry]] = {
    "boards": BoardEntry,
    "goblins": CreatureEntry,
    "evil": CreatureEntry,
    "most_evil": CreatureEntry,
    "locations": LocationEntry,
    "chests": ChestEntry,
    "tokens": TokenEntry,
}


@dataclass(frozen=True)
class Creature:
    id: str
    name: dict[str, str]
    deck: str
    left: Strip
    right: Strip
    bonus: tuple[str, ...]


@dataclass(frozen=True)
class Board:
    id: str
    name: dict[str, str]
    left: Strip
    right: Strip
    shields: int
    magic_shields: int


@dataclass(frozen=True)
class Location:
    id: str
    name: dict[str, str]
    kind: str
    shields: int
    magic_shields: int
    loot: tuple[int, int, int, int, int, int]
    """food, glyph, barrel, wood, metal, gold."""


class CardTable:
    """Every card of one card file, decoded once and shared by all states using it."""

    def __init__(self, sections: Mapping[str, list[Any]], path: Path) -> None:
        self.path = path
        self.entries: dict[str, CardEntry] = {}
        self.boards: dict[str, Board] = {}
        self.creatures: dict[str, Creature] = {}
        self.locations: dict[str, Location] = {}
        self.deck_lists: dict[str, list[str]] = {"goblins": [], "evil": [], "most_evil": []}
        for e in sections["boards"]:
            self.entries[e.id] = e
            b = Board(e.id, e.name, parse_strip(e.left, LEFT_ICONS), parse_strip(e.right, RIGHT_ICONS),
                      e.shields, e.magic_shields)
            if any(row[1] for row in b.right):
                raise CardDataError(f"{path}: board {e.id} shows a magic sword; only creatures give them").tag(
                    "cards_board_msword", id=shown(e.id, 60))
            for _ in range(e.count):
                self.boards[e.id] = b
        for deck in ("goblins", "evil", "most_evil"):
            for e in sections[deck]:
                self.entries[e.id] = e
                self.creatures[e.id] = Creature(e.id, e.name, deck, parse_strip(e.left, LEFT_ICONS),
                                                parse_strip(e.right, RIGHT_ICONS), tuple(e.bonus))
                self.deck_lists[deck].extend([e.id] * e.count)
        self.location_lists: dict[str, list[str]] = {k: [] for k in ("tavern", "farm", "village", "town")}
        for e in sections["locations"]:
            self.entries[e.id] = e
            if e.count != 1:
                raise CardDataError(f"{path}: location {e.id} must have count 1 (each location is one card)").tag(
                    "cards_location_count", id=shown(e.id, 60))
            self.locations[e.id] = Location(e.id, e.name, e.kind, e.shields, e.magic_shields,
                                            (e.food, e.glyph, e.barrel, e.wood, e.metal, e.gold))
            self.location_lists[e.kind].append(e.id)
        if len(self.location_lists["tavern"]) != 1:
            raise CardDataError(f"{path}: the human kingdom needs exactly one tavern").tag(
                "cards_tavern", found=len(self.location_lists["tavern"]))
        need = {"farm": 6, "village": 6, "town": 10}  # the 4-player setup; 5 players take every card
        for kind, n in need.items():
            if len(self.location_lists[kind]) < n:
                raise CardDataError(f"{path}: the human kingdom needs at least {n} {kind} cards (4-player setup)").tag(
                    "cards_locations", kind=kind, n=n, found=len(self.location_lists[kind]))
        if len(self.boards) < 5:
            raise CardDataError(f"{path}: 5 castle boards are needed, found {len(self.boards)}").tag(
                "cards_boards", n=5, found=len(self.boards))
        if len(self.deck_lists["goblins"]) < 10:
            raise CardDataError(f"{path}: 10 goblins are needed (2 per player)").tag(
                "cards_goblins", n=10, found=len(self.deck_lists["goblins"]))
        # chest tokens, expanded to ids 0..n-1 in file order grouped by type
        self.chest_type: list[int] = []
        self.chest_value: list[int] = []
        for t, tname in enumerate(CHEST_TYPES):
            for e in sections["chests"]:
                if e.type == tname:
                    self.entries[e.id] = e
                    self.chest_type.extend([t] * e.count)
                    self.chest_value.extend([e.value] * e.count)
        for e in sections["tokens"]:
            self.entries[e.id] = e
        self.tavern = self.location_lists["tavern"][0]
        self._index()

    def _index(self) -> None:
        """Flat per-id tables for the rules' hot path (a dict lookup and a tuple index per read)."""
        self.names: dict[str, dict[str, str]] = {cid: dict(e.name) for cid, e in self.entries.items()}
        """Every card's name; shared by the events that name it, so never changed."""
        strips: list[Board | Creature] = [*self.boards.values(), *self.creatures.values()]
        self.left_strips: dict[str, Strip] = {c.id: c.left for c in strips}
        """Production rows (food, glyph, maps) of every board and creature, by id."""
        self.right_strips: dict[str, Strip] = {c.id: c.right for c in strips}
        """Attack rows (swords, magic swords, thieves) of every board and creature, by id."""
        self.location_defence: dict[str, tuple[int, int]] = {
            lid: (loc.shields, loc.magic_shields) for lid, loc in self.locations.items()}
        self.board_ids = sorted(self.boards)
        self.recruitable: tuple[str, ...] = tuple(
            cid for cid, c in self.creatures.items() if c.deck != "goblins")
        """Every evil and most-evil design, in file order: bit i of an `offered` mask is `recruitable[i]`."""
        self.offer_bit: dict[str, int] = {cid: 1 << i for i, cid in enumerate(self.recruitable)}
        self.offer_bit[""] = 0  # an empty display slot offers nothing
        self.chests_by_type: tuple[tuple[int, ...], ...] = tuple(
            tuple(c for c, ct in enumerate(self.chest_type) if ct == t) for t in range(len(CHEST_TYPES)))

    def name(self, card_id: str) -> dict[str, str]:
        entry = self.entries.get(card_id)
        if entry is None:
            raise UnknownCard(f"no card {card_id!r} in {self.path}")
        return dict(entry.name)


@lru_cache(maxsize=16)
def _load(path: str) -> CardTable:
    p = Path(path)
    return CardTable(load_sections(p, SECTIONS, BOUNDS), p)


@lru_cache(maxsize=1)
def _default_path() -> str:
    return str(DEFAULT_CARDS.resolve())


def load(options: Mapping[str, Any] | None = None) -> CardTable:
    """The card table for `options['cards']` (a file path) or the shipped file; cached per path.

    The shipped file's path is resolved once: resolving asks the file system, on every new game.
    """
    path = (options or {}).get("cards")
    return _load(str(Path(path).resolve()) if path else _default_path())
