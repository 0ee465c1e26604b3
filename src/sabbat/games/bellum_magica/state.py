"""Bellum Magica (Blue Orange, 2021), after the Japanese edition of the rulebook; the rulings
where it is silent are in docs/games/bellum_magica.md.

A day: the captain rolls and everybody, from the captain clockwise, may buy a reroll with a
barrel (the captain also with a face-up confusion spell), restarting at the captain after
each reroll; every castle's row of that face gathers food and glyphs; the most maps wins a
metal chest (ties: wooden chests); each player in turn order may attack a face-up location
(swords against shields, magic shields need magic swords) or a castle (also needs a thief;
one chest per thief, the victim gets one +1 shield token); if anyone holds 10+ chests the
game ends; otherwise everybody recruits creatures and tucks them left or right, the kingdom
is refilled and the die passes left. The richest lord (hidden chest values) wins; ties go
to the one with more chests (`tie_breaks`), then are shared.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sabbat.core import Action, GameState, Rng, codec, i18n

from . import hidden, text
from .cards import CardTable, load_cards
from .rules import (
    CHEST_NAMES,
    DECKS,
    MOST_EVIL,
    SIDES,
    Phase,
    affordable_options,
    can_beat,
    row_sum,
)

NS = "bellum_magica"
i18n.register_file(NS, Path(__file__).with_name("messages.toml"))

CHEST_LABEL = (
    {"en": "wooden", "ja": "木の"},
    {"en": "metal", "ja": "金属の"},
    {"en": "gold", "ja": "金の"},
)
SIDE_LABEL = {"L": {"en": "left (production)", "ja": "左(生産)"}, "R": {"en": "right (attack)", "ja": "右(攻撃)"}}
DECK_LABEL = {"evil": {"en": "evil creatures", "ja": "邪悪なクリーチャー"},
              "most_evil": {"en": "most evil creatures", "ja": "最凶のクリーチャー"}}
PAY_LABEL = {"glyph_food": {"en": "1 glyph + 4 food", "ja": "グリフ1+食料4"},
             "glyphs": {"en": "3 glyphs", "ja": "グリフ3"}}
COST_LABEL = {"evil": {"en": "2 food", "ja": "食料2"},
              "most_evil": {"en": "1 glyph + 4 food, or 3 glyphs", "ja": "グリフ1+食料4、またはグリフ3"}}


@codec.serializable
class BellumState(GameState):
    """One position of Bellum Magica."""

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
    timed_out: bool

    def __init__(self, num_players: int, seed: int, options: dict[str, Any]) -> None:
        super().__init__(num_players, seed, options)
        from .setup import setup_game

        self._cards = load_cards(options)
        setup_game(self)

    def _after_load_(self) -> None:
        super()._after_load_()
        self._cards = load_cards(self.options)
        if not hasattr(self, "paid"):  # saved before the field existed
            self.paid = ""

    @property
    def cards(self) -> CardTable:
        return self._cards

    # ----- seats -------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        ph = self.phase
        if ph is Phase.OVER:
            return None
        if ph is Phase.DRAFT:
            return (self.captain - 1 - self.turn) % self.num_players
        return (self.captain + self.turn) % self.num_players

    def is_terminal(self) -> bool:
        return self.phase is Phase.OVER

    # ----- derived values ----------------------------------------------------------
    def production(self, p: int, row: int) -> tuple[int, int, int]:
        """(food, glyph, maps) of row `row` on p's left side."""
        return row_sum(self._cards, self.boards[p], self.left[p], row, True)

    def attack(self, p: int, row: int) -> tuple[int, int, int]:
        """(swords, magic swords, thieves) of row `row` on p's right side."""
        return row_sum(self._cards, self.boards[p], self.right[p], row, False)

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

    # ----- legality ----------------------------------------------------------------
    def _legal_actions(self) -> list[Action]:
        ph = self.phase
        p = self.current_player
        assert p is not None
        if ph is Phase.ROLL:
            acts = [Action("pass_roll")]
            if self.barrels[p] >= 1:
                acts.append(Action("buy_round"))
            if p == self.captain and self.conf_up[p] >= 1:
                acts.append(Action("confusion"))
            return acts
        if ph is Phase.ATTACK:
            return [Action("no_attack"), *self._attack_options(p)]
        if ph is Phase.STEAL:
            held = self.chest_counts(self.steal_victim)
            for t in self.steal_picks:
                held[t] -= 1
            acts = [Action("steal", (CHEST_NAMES[t],)) for t in range(3) if held[t] > 0]
            if self.steal_picks:
                acts.append(Action("stop_stealing"))
            return acts
        if ph is Phase.RECRUIT:
            return [*self._recruit_options(p), Action("done_recruiting")]
        if ph is Phase.PAY:
            return [Action("pay", (o,)) for o in affordable_options(self.food[p], self.glyph[p], MOST_EVIL)]
        if ph is Phase.PLACE:
            return [Action("place_creature", (s,)) for s in SIDES]
        if ph is Phase.GOBLINS:
            return [Action("place_goblin", (g, s)) for g in sorted(set(self.hand[p])) for s in SIDES]
        return [Action("pick_castle", (b,)) for b in self.draft_pool]  # Phase.DRAFT (OVER has no player)

    def _attack_options(self, p: int) -> list[Action]:
        s, g, t = self.attack(p, self.die)
        locs = self._cards.locations
        acts = []
        for lid in (self._cards.tavern, *self.display):
            loc = locs[lid]
            if can_beat(s, g, loc.shields, loc.magic_shields):
                acts.append(Action("attack_location", (lid,)))
        if t >= 1:
            for q in range(self.num_players):
                if q != p and self.chests[q] and can_beat(s, g, *self.defence(q)):
                    acts.append(Action("attack_castle", (q,)))
        return acts

    def _recruit_options(self, p: int) -> list[Action]:
        acts = []
        for deck in DECKS:
            if affordable_options(self.food[p], self.glyph[p], deck):
                for slot, cid in enumerate(self.cdisplay[deck]):
                    if cid:
                        acts.append(Action("recruit", (deck, slot)))
        return acts

    # ----- transitions -------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        from . import flow

        flow.apply(self, action)

    # ----- copying, views ----------------------------------------------------------
    def clone(self) -> BellumState:
        new = self._clone_base()
        new._cards = self._cards
        new.phase = self.phase
        new.day = self.day
        new.max_days = self.max_days
        new.captain = self.captain
        new.turn = self.turn
        new.die = self.die
        new.rolls = self.rolls
        new.boards = self.boards.copy()
        new.draft_pool = self.draft_pool.copy()
        new.hand = [h.copy() for h in self.hand]
        new.placed = [h.copy() for h in self.placed]
        new.goblin_box = self.goblin_box.copy()
        new.left = [h.copy() for h in self.left]
        new.right = [h.copy() for h in self.right]
        new.food = self.food.copy()
        new.glyph = self.glyph.copy()
        new.barrels = self.barrels.copy()
        new.shields = self.shields.copy()
        new.mshields = self.mshields.copy()
        new.conf_up = self.conf_up.copy()
        new.conf_down = self.conf_down.copy()
        new.chests = [h.copy() for h in self.chests]
        new.stacks = [h.copy() for h in self.stacks]
        new.seen = self.seen.copy()
        new.deck = self.deck.copy()
        new.kingdom_box = self.kingdom_box.copy()
        new.display = self.display.copy()
        new.discard = self.discard.copy()
        new.cdeck = {k: v.copy() for k, v in self.cdeck.items()}
        new.cdisplay = {k: v.copy() for k, v in self.cdisplay.items()}
        new.steal_victim = self.steal_victim
        new.steal_k = self.steal_k
        new.steal_picks = self.steal_picks.copy()
        new.pick_deck = self.pick_deck
        new.pick_slot = self.pick_slot
        new.paid = self.paid
        new.timed_out = self.timed_out
        return new

    def observation(self, player: int | None) -> dict[str, Any]:
        return hidden.observation(self, player)

    def secret_choice(self) -> bool:
        """Goblins are placed face down; the others see them only when all are placed."""
        return self.phase is Phase.GOBLINS

    def _determinize(self, player: int, rng: Rng) -> BellumState:
        return hidden.determinize(self, player, rng)

    def check_invariants(self) -> list[str]:
        from .invariants import problems

        return problems(self)

    # ----- results -----------------------------------------------------------------
    def scores(self) -> list[float]:
        """The rulebook's points: each lord's total chest value (whole numbers)."""
        return [self.total_value(p) for p in range(self.num_players)]

    def tie_breaks(self) -> list[dict[str, int]]:
        """「同点の場合は、より多くの宝箱を持っているプレーヤーの勝利」: the chest count breaks a tie."""
        return [{f"{NS}.tiebreak.chests": len(self.chests[p])} for p in range(self.num_players)]

    def days_played(self) -> int:
        """Days begun so far (the day counter moves past `max_days` when the safety cap ends the game)."""
        return min(self.day, self.max_days)

    def summary(self) -> dict[str, Any]:
        """For simulation reports: game length in days, chests held and the winning value at the end, how the
        game ended (`chests`: a castle held enough chests; `cap`: the `max_days` safety cap), and per seat the
        creatures recruited (card ids; goblins are dealt, not recruited)."""
        creatures = self._cards.creatures
        acquired = [[c for c in self.left[p] + self.right[p] if creatures[c].deck != "goblins"]
                    for p in range(self.num_players)]
        return {"days": self.days_played(), "chests": sum(len(c) for c in self.chests),
                "top_value": max(self.total_value(p) for p in range(self.num_players)),
                "end": "cap" if self.timed_out else "chests", "acquired": acquired}

    def winners(self) -> list[int]:
        """The richest lords; among equals the ones with more chests; still equal: a shared win."""
        if self.phase is not Phase.OVER:
            return []
        keys = [(self.total_value(p), len(self.chests[p])) for p in range(self.num_players)]
        best = max(keys)
        return [p for p, k in enumerate(keys) if k == best]

    def describe_action(self, action: Action, locale: str = "en") -> str:
        """Every option names what tells it apart: defence and loot, whose castle, which face-up copy, the cost."""
        params: dict[str, Any] = {f"a{i}": a for i, a in enumerate(action.args)}
        k, a = action.kind, action.args
        cards = self._cards
        if k in ("attack_location", "pick_castle") or k == "place_goblin":
            params["name"] = cards.name(str(a[0]))
        if k == "attack_location":
            loc = cards.locations[str(a[0])]
            params["defence"] = text.defence(loc.shields, loc.magic_shields)
            params["loot"] = text.amounts(**dict(zip(text.AMOUNT_KEYS, loc.loot, strict=True)))
        if k == "place_goblin" or k == "place_creature":
            params["side"] = SIDE_LABEL[str(a[-1])]
        if k == "place_creature" and self.pick_deck:
            params["name"] = cards.name(self.cdisplay[self.pick_deck][self.pick_slot])
        if k == "recruit":
            deck, slot = str(a[0]), int(a[1])
            params["name"] = cards.name(self.cdisplay[deck][slot])
            params["deck"] = DECK_LABEL[deck]
            params["slot"] = slot + 1
            params["cost"] = COST_LABEL[deck]
        if k == "steal":
            t = CHEST_NAMES.index(str(a[0]))
            params["type"] = CHEST_LABEL[t]
            params["player"] = self.steal_victim
            held = self.chest_counts(self.steal_victim)[t] - self.steal_picks.count(t)
            params["held"] = text.amounts(**{CHEST_NAMES[t]: held})
        if k == "pay":
            params["option"] = PAY_LABEL[str(a[0])]
        if k == "attack_castle":
            q = int(a[0])
            params["player"] = q
            params["defence"] = text.defence(*self.defence(q))
            params["chests"] = text.amounts(**dict(zip(CHEST_NAMES, self.chest_counts(q), strict=True)))
        return i18n.render(f"{NS}.action.{k}", locale, params, fallback=action.notation())
