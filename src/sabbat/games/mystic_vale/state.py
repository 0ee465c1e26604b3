"""The Mystic Vale state: flat integer zones, cached symbol totals, and the turn machine.

Sleeves (starting cards) are ints `p * 20 + i`; each has three position slots in `slots`
(`slots[3 * s + pos]` = part id or -1), one working banner in `banner`, and cached symbol
totals in `cstats` (a tuple per sleeve, rebuilt only when an advancement is sleeved).
Decks keep their top at the end of the list. Every pending decision is a plain field
(phase, budgets, pending advancements, unresolved harvest abilities), so `clone()` is a
handful of list copies.

Turn: Planting (push/pass) -> Harvest (abilities, VP, purchases in any order) -> Discard
(sleeve, discard field, refill) -> Prep (automatic). Rules in docs/games/mystic_vale.md.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any

from sabbat.core import Action, GameState, Rng, codec, i18n

from . import effects
from .cards import (
    DECAY,
    DECK_SIZE,
    EVP,
    GROWTH,
    GUARD,
    HARVEST,
    HVP,
    MANA,
    NSTAT,
    ONGOING,
    PLAY,
    POSITIONS,
    S1,
    WILD,
    ZERO,
    AbilityT,
    CardTable,
    load_table,
)

NS = "mystic_vale"
VALE_SRC = 10_000  # harvest-ability source codes: sleeve*4+slot (slot 3 = banner) or VALE_SRC+vale id
SPOIL_AT = 4
PREP_STOP_AT = 3
MAX_ROUNDS = 60  # safety caps (never reached by sensible play); see docs, ruling E-1
DECISION_CAP = 1500


@codec.serializable
class Phase(IntEnum):
    PLANT = 0
    HARVEST = 1
    SLEEVE = 2
    OVER = 3


# Pre-built actions (no per-decision object churn).
PUSH = Action("push")
PASS = Action("pass")
COLLECT = Action("collect")
TOKEN = Action("token")
END = Action("end")
BUY = {(lv, i): Action("buy", (lv, i)) for lv in (1, 2, 3) for i in range(3)}
SOIL = tuple(Action("soil", (pos,)) for pos in range(3))
VALE = {(lv, i): Action("vale", (lv, i)) for lv in (1, 2) for i in range(4)}
GIVE = tuple(Action("give", (k,)) for k in range(4))
TAKE = tuple(Action("take", (k,)) for k in range(3))
_USE: dict[int, Action] = {}
_SLEEVE: dict[tuple[int, int], Action] = {}


def _use(src: int) -> Action:
    a = _USE.get(src)
    if a is None:
        a = _USE[src] = Action("use", (src,))
    return a


def _sleeve(i: int, s: int) -> Action:
    a = _SLEEVE.get((i, s))
    if a is None:
        a = _SLEEVE[(i, s)] = Action("sleeve", (i, s))
    return a


@codec.serializable
class MysticValeState(GameState):
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
        from .setup import setup

        setup(self)

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

    # ----- contract hooks -----------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return None if self.phase is Phase.OVER else self.turn_player

    def is_terminal(self) -> bool:
        return self.phase is Phase.OVER

    def _legal_actions(self) -> list[Action]:
        ph = self.phase
        if ph is Phase.PLANT:
            return [PUSH, PASS] if self.can_push() else [PASS]
        if ph is Phase.HARVEST:
            return self._harvest_actions()
        if ph is Phase.SLEEVE:
            return self._sleeve_actions()
        return []

    def _apply(self, action: Action) -> None:
        self.decisions += 1
        _turn.APPLY[action.kind](self, action.args)

    # ----- helpers used by the rules ------------------------------------------------
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

    def gain_vp(self, p: int, n: int) -> None:
        """Credit `n` VP tokens in full; the pool floors at 0 (ruling R-6)."""
        if n <= 0:
            return
        self.vp[p] += n
        self.pool = self.pool - n if self.pool > n else 0
        self.emit(f"{NS}.event.gain_vp", player=p, n=n, pool=self.pool)

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
                kind = effects.ONGOING_HARVEST.get(ab[1])
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

    # ----- harvest / sleeve action lists ----------------------------------------------
    def _harvest_actions(self) -> list[Action]:
        if self.traded:
            return self._trade_actions()
        acts = [_use(src) for src in self.todo]
        if self.vp_due:
            acts.append(COLLECT)
        p = self.turn_player
        if self.token[p]:
            acts.append(TOKEN)
        mana = self.mana
        if self.adv_bought < 2:
            room = self.room
            cost = self.cards.part_cost
            ppos = self.cards.part_pos
            for lv in range(3):
                for i, pid in enumerate(self.adv_disp[lv]):
                    if pid >= 0 and cost[pid] <= mana and room[ppos[pid]] > 0:
                        acts.append(BUY[(lv + 1, i)])
            soil = self.soil
            for pos in range(3):
                if soil[pos] and room[pos] > 0 and cost[self.cards.soil_part[pos]] <= mana:
                    acts.append(SOIL[pos])
        if self.vale_bought < 2:
            a, b, c, w = self.spirit
            if a + b + c + w >= self.cards.min_vale_cost:
                vcost = self.cards.vale_cost
                for lv in range(2):
                    for i, vid in enumerate(self.vale_disp[lv]):
                        if vid >= 0:
                            x, y, z = vcost[vid]
                            short = (x - a if x > a else 0) + (y - b if y > b else 0) + (z - c if z > c else 0)
                            if short <= w:
                                acts.append(VALE[(lv + 1, i)])
        if self.german_trade and sum(self.spirit) >= 3:
            acts.extend(GIVE[k] for k in range(4) if self.spirit[k])
        if not self.vp_due and all(self.optional(src) for src in self.todo):
            acts.append(END)
        return acts

    def optional(self, src: int) -> bool:
        """A one-shot vale ability may be kept for a later harvest (ruling E-3); others are mandatory."""
        if src < VALE_SRC:
            return False
        ab = self.cards.vale_ability[src - VALE_SRC]
        return ab is not None and bool(ab[4])

    def _trade_actions(self) -> list[Action]:
        """Mid-trade (option `german_spirit_trade`): give spirit one at a time, then take one kind."""
        if self.traded < 3:
            return [GIVE[k] for k in range(4) if self.spirit[k]]
        return [TAKE[k] for k in range(3)]

    def _sleeve_actions(self) -> list[Action]:
        p = self.turn_player
        ppos = self.cards.part_pos
        slots = self.slots
        acts = []
        seen: set[int] = set()
        for i, pid in enumerate(self.pending):
            if pid in seen:
                continue  # identical pending parts: offer the first only
            seen.add(pid)
            pos = ppos[pid]
            for s in self.field[p]:
                if slots[3 * s + pos] < 0:
                    acts.append(_sleeve(i, s))
        return acts

    # ----- copy ---------------------------------------------------------------------
    def clone(self) -> MysticValeState:
        new = self._clone_base()
        new.cards = self.cards
        new.phase = self.phase
        new.turn_player = self.turn_player
        new.first_player = self.first_player
        new.turns_taken = self.turns_taken
        new.decisions = self.decisions
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
        new.spent = self.spent.copy()
        new.skip_next = self.skip_next.copy()
        new.bonus_mana = self.bonus_mana.copy()
        new.bonus_wild = self.bonus_wild.copy()
        new.ong_mana = self.ong_mana.copy()
        new.ong_wild = self.ong_wild.copy()
        new.adv_deck = [d.copy() for d in self.adv_deck]
        new.adv_disp = [d.copy() for d in self.adv_disp]
        new.box = self.box.copy()
        new.soil = self.soil.copy()
        new.vale_deck = [d.copy() for d in self.vale_deck]
        new.vale_disp = [d.copy() for d in self.vale_disp]
        new.pool = self.pool
        new.offered = self.offered.copy()
        new.end_triggered = self.end_triggered
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

    # ----- views --------------------------------------------------------------------
    def observation(self, player: int | None) -> dict[str, Any]:
        """Everything is public except deck orders and the boxed level-1 advancements (spec §8).

        Deck *compositions* are derivable (every card entered the discard face up), so they are
        shown sorted; their order never is.
        """
        from .views import observe

        return observe(self, player)

    def _determinize(self, player: int, rng: Rng) -> MysticValeState:
        new = self.clone()
        for d in new.deck:
            d.sort()
            rng.shuffle(d)
        hidden = sorted(new.adv_deck[0] + new.box)
        rng.shuffle(hidden)
        k = len(new.adv_deck[0])
        new.adv_deck[0] = hidden[:k]
        new.box = hidden[k:]
        for d in (new.adv_deck[1], new.adv_deck[2], *new.vale_deck):
            d.sort()
            rng.shuffle(d)
        return new

    def check_invariants(self) -> list[str]:
        from .invariants import problems

        return problems(self)

    def describe_action(self, action: Action, locale: str = "en") -> str:
        from .views import describe_action

        return describe_action(self, action, locale)

    # ----- scoring ------------------------------------------------------------------
    def points(self, p: int) -> int:
        """VP tokens + end-game VP on the player's 20 cards and vale cards + ongoing end-game VP."""
        cs = self.cstats
        base = p * DECK_SIZE
        total = self.vp[p] + sum(cs[s][EVP] for s in range(base, base + DECK_SIZE))
        c = self.cards
        for vid in self.vale[p]:
            total += c.vale_vp[vid]
            ab = c.vale_ability[vid]
            if ab is not None and ab[1] in effects.END_HANDLERS:
                total += effects.END_HANDLERS[ab[1]](self, p, ab[2])
        for s in range(base, base + DECK_SIZE):
            if not self.has_ability[s]:
                continue
            for _, ab in self.active_abilities(s, ONGOING):
                if ab[1] in effects.END_HANDLERS:
                    total += effects.END_HANDLERS[ab[1]](self, p, ab[2])
        return total

    def tiebreak(self, p: int) -> int:
        """Level-3 advancements on the player's cards + level-2 vale cards owned (seed)."""
        return self.count_level3(p) + sum(1 for v in self.vale[p] if self.cards.vale_level[v] == 2)

    def scores(self) -> list[float]:
        """The score sheet's whole VP; the tie-break is shown by `tie_breaks` and applied by `winners`."""
        return [self.points(p) for p in range(self.num_players)]

    def tie_breaks(self) -> list[dict[str, int]]:
        """「同点の場合、レベル3進化パートとレベル2谷間カードの枚数の合計が多いプレイヤーの勝ち」."""
        return [{f"{NS}.tiebreak.level3_vale2": self.tiebreak(p)} for p in range(self.num_players)]

    def evaluate(self) -> list[float]:
        """Each seat's chance of winning from here, judged by the decks built (see `evaluate.py`).

        Why: a search cuts its playouts short, and a Mystic Vale position is decided less by
        the points on the table than by what each deck will still harvest before the pool empties.
        """
        from .evaluate import estimate

        return estimate(self)

    def winners(self) -> list[int]:
        if not self.is_terminal():
            return []
        keys = [(self.points(p), self.tiebreak(p)) for p in range(self.num_players)]
        best = max(keys)
        return [p for p, k in enumerate(keys) if k == best]

    # ----- names for events / descriptions ------------------------------------------
    def summary(self) -> dict[str, Any]:
        """For balance statistics: what each seat acquired (advancement and vale card ids), what was on
        offer to it (`offered`: the ids of the cards it could have bought, with the mana, room or
        spirit it had, at some harvest; see `turn.note_offers`), rounds played, and how the game ended (`vp_pool` emptied, or a
        safety `cap`)."""
        c = self.cards
        offered = [[e for i, e in enumerate(c.offer_ids) if mask >> i & 1] for mask in self.offered]
        acquired = []
        for p in range(self.num_players):
            got = [c.part_entry[pid] for pid in self.slots[3 * DECK_SIZE * p: 3 * DECK_SIZE * (p + 1)]
                   if pid >= 0 and c.part_level[pid] > 0]
            got += [c.vale_entry[v] for v in self.vale[p]]
            acquired.append(got)
        return {"acquired": acquired, "offered": offered, "rounds": self.turns_taken // self.num_players,
                "points": [self.points(p) for p in range(self.num_players)],
                "end": "vp_pool" if self.end_triggered else "cap"}

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


_BLANK = {"en": "blank card", "ja": "空白カード"}

from . import turn as _turn  # noqa: E402  (turn imports this module's names)

# re-exported for other modules
__all__ = ["MysticValeState", "Phase", "POSITIONS", "HARVEST", "PLAY", "HVP", "MANA", "S1", "WILD", "GUARD",
           "i18n", "NS", "VALE_SRC"]

