"""The position: plain lists and ints, so clone() is a handful of list copies.

Cards are named by id in the lists (`left`, `right`, `display`…) and chests by number; the
card table (`cards`) holds the printed values, with flat per-id tables for the rules' hot
path. Every pending decision is recorded in fields (`phase`, `turn`, `steal_*`, `pick_*`), never
in closures, so a clone can continue from any point. This module knows no rule: the rules are
functions over it, and state.py puts the game contract on top.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Self

from sabbat.core import GameState

from .cards import CardTable, Row, Strip, load_cards
from .rules import DRAFT_PHASE, OVER_PHASE, Phase
from .text import NS


class Position(GameState):
    """A position of Bellum Magica: its fields and the derived values every rule shares."""

    game_id = NS
    rules_version = "1"
    _transient_ = ("_cards",)  # type: ignore[assignment]  # the core adds its own; codec merges the MRO

    _cards: CardTable
    phase: Phase
    day: int
    max_days: int
    captain: int
    turn: int
    die: int
    rolls: int
    boards: list[str]
    draft_pool: list[str]
    hand: list[list[str]]
    placed: list[list[tuple[str, str]]]
    goblin_box: list[str]
    left: list[list[str]]
    right: list[list[str]]
    food: list[int]
    glyph: list[int]
    barrels: list[int]
    shields: list[int]
    mshields: list[int]
    conf_up: list[int]
    conf_down: list[int]
    chests: list[list[int]]
    stacks: list[list[int]]
    seen: list[int]
    deck: list[str]
    kingdom_box: list[str]
    display: list[str]
    discard: list[str]
    cdeck: dict[str, list[str]]
    cdisplay: dict[str, list[str]]
    steal_victim: int
    steal_k: int
    steal_picks: list[int]
    pick_deck: str
    pick_slot: int
    paid: str  # payment option of the creature being placed, for the event that names its cost
    offered: list[int]  # per seat, a mask over `cards.recruitable`: the creatures it could have recruited
    timed_out: bool

    def __init__(self, num_players: int, seed: int, options: Mapping[str, Any]) -> None:
        super().__init__(num_players, seed, options)
        self._cards = load_cards(options)

    def _after_load_(self) -> None:
        super()._after_load_()
        self._cards = load_cards(self.options)
        if not hasattr(self, "paid"):  # saved before the field existed
            self.paid = ""
        if not hasattr(self, "offered"):  # saved before the field existed
            self.offered = [0] * self.num_players

    @property
    def cards(self) -> CardTable:
        return self._cards

    # ----- contract hooks that only read fields ----------------------------------------
    @property
    def current_player(self) -> int | None:
        ph = self.phase
        if ph is OVER_PHASE:
            return None
        if ph is DRAFT_PHASE:
            return (self.captain - 1 - self.turn) % self.num_players
        return (self.captain + self.turn) % self.num_players

    def is_terminal(self) -> bool:
        return self.phase is OVER_PHASE

    # ----- derived values ----------------------------------------------------------
    def production(self, p: int, row: int) -> Row:
        """(food, glyph, maps) of row `row` on p's left side: the board plus every card tucked there."""
        return _row_total(self._cards.left_strips, self.boards[p], self.left[p], row)

    def attack(self, p: int, row: int) -> Row:
        """(swords, magic swords, thieves) of row `row` on p's right side."""
        return _row_total(self._cards.right_strips, self.boards[p], self.right[p], row)

    def defence(self, p: int) -> tuple[int, int]:
        b = self._cards.boards[self.boards[p]]
        return (b.shields + self.shields[p], b.magic_shields + self.mshields[p])

    def chest_counts(self, p: int) -> list[int]:
        counts = [0, 0, 0]
        ctype = self._cards.chest_type
        for c in self.chests[p]:
            counts[ctype[c]] += 1
        return counts

    def total_value(self, p: int) -> int:
        val = self._cards.chest_value
        return sum(val[c] for c in self.chests[p])

    # ----- copying -----------------------------------------------------------------
    def clone(self) -> Self:
        """Fields set in a new game's order, so clones share its attribute key table."""
        new = self._clone_base()
        new._cards = self._cards
        new.max_days = self.max_days
        new.captain = self.captain
        new.day = self.day
        new.turn = self.turn
        new.die = self.die
        new.rolls = self.rolls
        new.timed_out = self.timed_out
        new.boards = self.boards.copy()
        new.draft_pool = self.draft_pool.copy()
        new.hand = [h.copy() for h in self.hand]
        new.goblin_box = self.goblin_box.copy()
        new.placed = [h.copy() for h in self.placed]
        new.left = [h.copy() for h in self.left]
        new.right = [h.copy() for h in self.right]
        new.food = self.food.copy()
        new.glyph = self.glyph.copy()
        new.barrels = self.barrels.copy()
        new.shields = self.shields.copy()
        new.mshields = self.mshields.copy()
        new.conf_up = self.conf_up.copy()
        new.conf_down = self.conf_down.copy()
        new.deck = self.deck.copy()
        new.kingdom_box = self.kingdom_box.copy()
        new.display = self.display.copy()
        new.discard = self.discard.copy()
        new.cdeck = {k: v.copy() for k, v in self.cdeck.items()}
        new.cdisplay = {k: v.copy() for k, v in self.cdisplay.items()}
        new.stacks = [h.copy() for h in self.stacks]
        new.seen = self.seen.copy()
        new.chests = [h.copy() for h in self.chests]
        new.steal_victim = self.steal_victim
        new.steal_k = self.steal_k
        new.steal_picks = self.steal_picks.copy()
        new.pick_deck = self.pick_deck
        new.pick_slot = self.pick_slot
        new.paid = self.paid
        new.offered = self.offered.copy()
        new.phase = self.phase
        return new


def mover(s: Position) -> int:
    """The seat to move in every phase after the castle draft: counted from the captain."""
    return (s.captain + s.turn) % s.num_players


def _row_total(strips: Mapping[str, Strip], board: str, cards: Sequence[str], row: int) -> Row:
    """Row `row` of one side: the castle board's strip plus the strip of every card tucked under it."""
    i = row - 1
    a, g, c = strips[board][i]
    for cid in cards:
        x, y, z = strips[cid][i]
        a += x
        g += y
        c += z
    return (a, g, c)
