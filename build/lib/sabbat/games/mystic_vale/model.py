"""The position: flat integer zones and cached symbol totals, so clone() is a handful of list copies.

Sleeves (starting cards) are ints `p * 20 + i`; each has three position slots in `slots`
(`slots[3 * s + pos]` = part id or -1), one working banner in `banner`, and cached symbol
totals in `cstats` (a tuple per sleeve, rebuilt only when an advancement is sleeved).
Decks keep their top at the end of the list. Every pending decision is a plain field
(phase, budgets, pending advancements, unresolved harvest abilities), never a closure, so a
clone can continue from any point. This module knows no rule: the rules are functions over it
(turn.py, legal.py, effects.py, scoring.py …), and state.py puts the game contract on top.
"""

from __future__ import annotations

from typing import Any, Self

from sabbat.core import GameState

from .cards import DECAY, DECK_SIZE, GROWTH, NSTAT, ONGOING, ZERO, AbilityT, CardTable, load_table
from .rules import NS, ONGOING_HARVEST, OVER_PHASE, Phase

_BLANK = {"en": "blank card", "ja": "空白カード"}


class Position(GameState):
    """A position of Mystic Vale: its fields and the derived values every rule shares."""

    game_id = NS
    rules_version = "1"
    # The shared card table and caches derived from `slots`/`banner`, rebuilt on load.
    _transient_ = ("cards", "cstats", "has_ability", "ong_mana", "ong_wild")  # type: ignore[assignment]

    cards: CardTable
    # turn order and flow
    phase: Phase
    turn_player: int
    first_player: int
    turns_taken: int
    decisions: int
    end_triggered: bool
    # the 20 sleeves of every player (sleeve s = p * 20 + i)
    slots: list[int]
    banner: list[int]
    cstats: list[tuple[int, ...]]
    has_ability: list[bool]
    # per-player zones and tokens
    deck: list[list[int]]
    discard: list[list[int]]
    field: list[list[int]]
    on_deck: list[int]
    fdecay: list[int]
    fgrowth: list[int]
    token: list[bool]
    vp: list[int]
    vale: list[list[int]]
    spent: list[int]
    skip_next: list[bool]
    bonus_mana: list[int]
    bonus_wild: list[int]
    ong_mana: list[int]
    ong_wild: list[int]
    # commons
    adv_deck: list[list[int]]
    adv_disp: list[list[int]]
    box: list[int]
    soil: list[int]
    vale_deck: list[list[int]]
    vale_disp: list[list[int]]
    pool: int
    # per player, a bit mask (CardTable.offer_ids) of the cards it could have bought (turn.note_offers)
    offered: list[int]
    # the current harvest / discard phase
    mana: int
    spirit: list[int]
    adv_bought: int
    vale_bought: int
    pending: list[int]
    todo: list[int]
    vp_due: int
    room: list[int]
    traded: int  # spirit symbols given so far in a German-edition trade (0-3)
    german_trade: bool

    def __init__(self, num_players: int, seed: int, options: dict[str, Any]) -> None:
        super().__init__(num_players, seed, options)
        self.cards = load_table(self.options)

    def _after_load_(self) -> None:
        super()._after_load_()
        self.cards = load_table(self.options)
        if "offered" not in self.__dict__:  # a save from before `offered` existed
            self.offered = [0] * self.num_players
        self.rebuild_caches()

    def rebuild_caches(self) -> None:
        """Recompute the per-sleeve symbol totals and ability flags and the ongoing bonuses."""
        n = len(self.banner)
        pa = self.cards.part_ability
        self.cstats = [ZERO] * n
        self.has_ability = [False] * n
        for s in range(n):
            self.recompute_sleeve(s)
            self.has_ability[s] = any(pid >= 0 and pa[pid] is not None for pid in self.slots[3 * s: 3 * s + 3])
        self.ong_mana = [0] * self.num_players
        self.ong_wild = [0] * self.num_players
        for p in range(self.num_players):
            self.recompute_ongoing(p)

    # ----- contract hooks that only read fields ----------------------------------------
    @property
    def current_player(self) -> int | None:
        return None if self.phase is OVER_PHASE else self.turn_player

    def is_terminal(self) -> bool:
        return self.phase is OVER_PHASE

    # ----- derived values -------------------------------------------------------------
    def can_push(self) -> bool:
        p = self.turn_player
        return self.on_deck[p] >= 0 and bool(self.deck[p] or self.discard[p])

    def effective_decay(self, p: int) -> int:
        d = self.fdecay[p]
        g = self.fgrowth[p]
        od = self.on_deck[p]
        if od >= 0:
            st = self.cstats[od]
            d += st[DECAY]
            g += st[GROWTH]
        return d - g if d > g else 0

    def recompute_sleeve(self, s: int) -> None:
        """Rebuild the cached symbol totals of sleeve `s` from its parts."""
        ps = self.cards.part_stats
        tot = [0] * NSTAT
        for pid in self.slots[3 * s: 3 * s + 3]:
            if pid >= 0:
                st = ps[pid]
                for k in range(NSTAT):
                    tot[k] += st[k]
        self.cstats[s] = tuple(tot) if any(tot) else ZERO

    def active_abilities(self, s: int, timing: str) -> list[tuple[int, AbilityT]]:
        """(source code, ability) pairs of sleeve `s` with this timing that currently work."""
        out = []
        pa = self.cards.part_ability
        ban = self.banner[s]
        for pos in range(3):
            pid = self.slots[3 * s + pos]
            if pid >= 0:
                ab = pa[pid]
                if ab is not None and ab[0] == timing:
                    if ab[3]:
                        if pid == ban:
                            out.append((4 * s + 3, ab))
                    else:
                        out.append((4 * s + pos, ab))
        return out

    def recompute_ongoing(self, p: int) -> None:
        """Cache the ongoing harvest bonuses of the player's 20 cards."""
        mana = wild = 0
        has = self.has_ability
        for s in range(p * DECK_SIZE, (p + 1) * DECK_SIZE):
            if not has[s]:
                continue
            for _, ab in self.active_abilities(s, ONGOING):
                kind = ONGOING_HARVEST.get(ab[1])
                if kind == "mana":
                    mana += ab[2]
                elif kind == "wild":
                    wild += ab[2]
        self.ong_mana[p] = mana
        self.ong_wild[p] = wild

    def count_level3(self, p: int) -> int:
        lv = self.cards.part_level
        return sum(
            1 for s in range(p * DECK_SIZE, (p + 1) * DECK_SIZE) for pid in self.slots[3 * s: 3 * s + 3]
            if pid >= 0 and lv[pid] == 3
        )

    def field_empty_by_pos(self, p: int) -> list[int]:
        out = [0, 0, 0]
        slots = self.slots
        for s in self.field[p]:
            b = 3 * s
            for pos in range(3):
                if slots[b + pos] < 0:
                    out[pos] += 1
        return out

    def sleeve_parts(self, s: int) -> dict[str, str]:
        """Localizable label of sleeve `s` ("Cursed Land + Fertile Soil"); shared cached dicts, never mutate."""
        key = (self.slots[3 * s], self.slots[3 * s + 1], self.slots[3 * s + 2])
        cache = self.cards.names_cache
        label = cache.get(key)
        if label is None:
            names = [self.cards.part_name[pid] for pid in key if pid >= 0] or [_BLANK]
            label = cache[key] = {loc: (" + " if loc == "en" else "＋").join(n.get(loc, n["en"]) for n in names)
                                  for loc in ("en", "ja")}
        return label

    # ----- copying -------------------------------------------------------------------
    def clone(self) -> Self:
        """Fields set in a new game's order (setup.py), so clones share its attribute key table."""
        new = self._clone_base()
        new.cards = self.cards
        new.phase = self.phase
        new.slots = self.slots.copy()
        new.banner = self.banner.copy()
        new.cstats = self.cstats.copy()
        new.has_ability = self.has_ability.copy()
        new.deck = [d.copy() for d in self.deck]
        new.discard = [d.copy() for d in self.discard]
        new.field = [f.copy() for f in self.field]
        new.on_deck = self.on_deck.copy()
        new.fdecay = self.fdecay.copy()
        new.fgrowth = self.fgrowth.copy()
        new.token = self.token.copy()
        new.vp = self.vp.copy()
        new.vale = [v.copy() for v in self.vale]
        new.offered = self.offered.copy()
        new.spent = self.spent.copy()
        new.skip_next = self.skip_next.copy()
        new.bonus_mana = self.bonus_mana.copy()
        new.bonus_wild = self.bonus_wild.copy()
        new.ong_mana = self.ong_mana.copy()
        new.ong_wild = self.ong_wild.copy()
        new.box = self.box.copy()
        new.adv_deck = [d.copy() for d in self.adv_deck]
        new.adv_disp = [d.copy() for d in self.adv_disp]
        new.soil = self.soil.copy()
        new.vale_deck = [d.copy() for d in self.vale_deck]
        new.vale_disp = [d.copy() for d in self.vale_disp]
        new.pool = self.pool
        new.end_triggered = self.end_triggered
        new.first_player = self.first_player
        new.turn_player = self.turn_player
        new.turns_taken = self.turns_taken
        new.decisions = self.decisions
        new.mana = self.mana
        new.spirit = self.spirit.copy()
        new.adv_bought = self.adv_bought
        new.vale_bought = self.vale_bought
        new.pending = self.pending.copy()
        new.todo = self.todo.copy()
        new.vp_due = self.vp_due
        new.room = self.room.copy()
        new.traded = self.traded
        new.german_trade = self.german_trade
        return new
