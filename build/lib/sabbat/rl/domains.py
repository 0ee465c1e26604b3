"""Argument domains: the values one action argument can take, each mapped to 0..size-1.

Why domains and not a list of the actions seen: an id must not move when a card file gains a
card or a game reaches a position nobody sampled, so every argument gets a declared range
(seats, slots, bounded instance numbers) or a frozen table of names.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

Arg = int | str


@dataclass(frozen=True)
class Ints:
    """Whole numbers lo..hi inclusive (a seat, a slot, a level, an instance number)."""

    lo: int
    hi: int
    label: str = ""

    @property
    def size(self) -> int:
        return self.hi - self.lo + 1

    def index(self, value: Arg) -> int | None:
        if isinstance(value, int) and self.lo <= value <= self.hi:
            return value - self.lo
        return None

    def value(self, index: int) -> Arg:
        return self.lo + index

    def describe(self) -> str:
        return f"{self.label} {self.lo}..{self.hi}".strip()


@dataclass(frozen=True)
class Union:
    """Disjoint integer ranges one after the other (Mystic Vale's sleeve slots and vale cards)."""

    parts: tuple[Ints, ...]
    label: str = ""

    @property
    def size(self) -> int:
        return sum(p.size for p in self.parts)

    def index(self, value: Arg) -> int | None:
        offset = 0
        for part in self.parts:
            i = part.index(value)
            if i is not None:
                return offset + i
            offset += part.size
        return None

    def value(self, index: int) -> Arg:
        for part in self.parts:
            if index < part.size:
                return part.value(index)
            index -= part.size
        raise IndexError(index)

    def describe(self) -> str:
        return f"{self.label}: " + " or ".join(p.describe() for p in self.parts)


@dataclass(frozen=True)
class Words:
    """Names in a frozen order, with spare room for names a replacement card file adds.

    Names outside `table` take the spare slots in sorted order when a layout is bound to the
    card set in use (`bind`): the frozen ones never move.
    """

    table: tuple[str, ...]
    capacity: int
    label: str = "name"
    cards: bool = False
    """A table of card ids: the card set in use may add names to it (`bind`)."""

    @property
    def size(self) -> int:
        return self.capacity

    def bind(self, names: Iterable[str]) -> Words:
        known = set(self.table)
        extra = tuple(sorted(n for n in set(names) if n not in known))
        if len(self.table) + len(extra) > self.capacity:
            raise ValueError(f"{len(extra)} new {self.label}s do not fit the {self.capacity} slots of the action layout")
        return Words(self.table + extra, self.capacity, self.label, self.cards)

    def index(self, value: Arg) -> int | None:
        if not isinstance(value, str):
            return None
        try:
            return self.table.index(value)
        except ValueError:
            return None

    def value(self, index: int) -> Arg:
        if index >= len(self.table):
            raise IndexError(index)
        return self.table[index]

    def describe(self) -> str:
        if self.capacity == len(self.table) and self.capacity <= 4:
            return f"{self.label} " + " / ".join(f"`{w}`" for w in self.table)
        return f"{self.label} ({self.capacity} slots)"


Domain = Ints | Union | Words
