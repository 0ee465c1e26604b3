"""The game state: plain lists and ints, so clone() is a handful of list copies.

Physical cards are numbered (uids); `cid[uid]` is the card id. Every pending
decision is recorded in fields (`phase`, `actor`, `pend_*`, `prio`, `trig`,
`event_*`), never in closures, so a clone can continue from any point.
"""

from __future__ import annotations

from enum import Enum
from typing import Any

from sabbat.core import Action, GameState, Rng, codec, i18n

from . import cards as carddata
from .cards import CardTable

GAME_ID = "nameless_dark_lord"
AREAS = "ABCDEFGH"
NO_ONE = -1


@codec.serializable
class Phase(Enum):
    """Which kind of decision is pending."""

    SLEEVE = "sleeve"  # D1 sleeve assignment (secret until all have committed)
    PLACE = "place"  # D2 place a unit or pass
    ABILITY = "ability"  # D3-D6 placement-ability choice
    PAY = "pay"  # D8 how many magic stones pay
    ACQUIRE = "acquire"  # D7 acquire or decline
    TRIGGER = "trigger"  # D9/D10 acquisition triggers
    EVENT = "event"  # D11 which negative territory to take (per_level mode)
    OVER = "over"


@codec.serializable
class PayFor(Enum):
    """What a pending payment is for."""

    ACQUIRE = "acquire"
    SPEAR = "spear"


@codec.serializable
class NdlState(GameState):
    """A position of 名もなき魔王 Revised Edition."""

    game_id = GAME_ID
    rules_version = "2"
    _transient_ = ("cards", "_legal")

    cards: CardTable

    def __init__(self, num_players: int, seed: int, options: dict[str, Any]) -> None:
        super().__init__(num_players, seed, options)
        self.cards = carddata.load(options)
        n = num_players
        self.cid: list[str] = []
        self.colour: list[str] = []
        self.throne: list[int] = []
        self.bomber: list[int] = []
        self.red = 0
        self.round = 0
        self.decks: list[list[int]] = [[], [], []]
        self.targets: list[int] = []
        self.areas: list[list[int]] = []
        self.tokens: dict[int, int] = {}
        self.removed: list[int] = []
        self.trash: list[int] = []
        self.owner: list[int] = []
        self.owned: list[list[int]] = [[] for _ in range(n)]
        self.neg_flag: set[int] = set()
        self.sleeves = [0] * n
        self.sleeved: list[list[int]] = [[] for _ in range(n)]
        self.draft: list[list[int]] = [[] for _ in range(n)]
        self.committed = [False] * n
        self.placed: set[int] = set()
        self.income = [0] * n
        self.coins = [0] * n
        self.stones = [0] * n
        self.curses = [0] * n
        self.throne_vp = [0] * n
        self.curses_given = 0
        self.passed = [False] * n
        self.acquired = [0] * n
        self.terr_level: list[list[bool]] = [[False, False, False] for _ in range(n)]
        self.delivery_used: set[int] = set()
        self.outcome: list[int] = []  # per area: acquirer seat, NO_ONE (trash) or -2 (pending)
        self.phase = Phase.SLEEVE
        self.actor = 0
        self.turn = 0
        self.pend_unit = -1
        self.pend_area = -1
        self.pend_target = -1
        self.pay_for = PayFor.ACQUIRE
        self.pay_amount = 0
        self.area_i = 0
        self.prio: list[int] = []
        self.prio_i = 0
        self.trig: list[int] = []
        self.event_queue: list[int] = []
        self.event_supply: list[int] = []
        self.grave = 0
        self.history_acq: list[list[str]] = [[] for _ in range(n)]
        from . import rules

        rules.setup(self)

    def _after_load_(self) -> None:
        super()._after_load_()
        self.cards = carddata.load(self.options)

    # ----- small queries -----------------------------------------------------------
    def card(self, uid: int) -> carddata.NdlCard:
        return self.cards.by_id[self.cid[uid]]

    def power(self, uid: int) -> int:
        return self.cards.by_id[self.cid[uid]].power + self.tokens.get(uid, 0)

    def name(self, uid: int) -> dict[str, str]:
        return self.cards.names[self.cid[uid]]

    # ----- contract hooks ----------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return None if self.phase is Phase.OVER else self.actor

    def is_terminal(self) -> bool:
        return self.phase is Phase.OVER

    def _legal_actions(self) -> list[Action]:
        from . import rules

        return rules.legal(self)

    def _apply(self, action: Action) -> None:
        from . import rules

        rules.apply(self, action)

    def clone(self) -> NdlState:
        new = self._clone_base()
        new.cards = self.cards
        new.cid = self.cid  # immutable after setup
        new.colour = self.colour
        new.throne = self.throne
        new.bomber = self.bomber
        new.red = self.red
        new.round = self.round
        new.decks = [d.copy() for d in self.decks]
        new.targets = self.targets.copy()
        new.areas = [a.copy() for a in self.areas]
        new.tokens = self.tokens.copy()
        new.removed = self.removed.copy()
        new.trash = self.trash.copy()
        new.owner = self.owner.copy()
        new.owned = [o.copy() for o in self.owned]
        new.neg_flag = self.neg_flag.copy()
        new.sleeves = self.sleeves.copy()
        new.sleeved = [s.copy() for s in self.sleeved]
        new.draft = [d.copy() for d in self.draft]
        new.committed = self.committed.copy()
        new.placed = self.placed.copy()
        new.income = self.income.copy()
        new.coins = self.coins.copy()
        new.stones = self.stones.copy()
        new.curses = self.curses.copy()
        new.throne_vp = self.throne_vp.copy()
        new.curses_given = self.curses_given
        new.passed = self.passed.copy()
        new.acquired = self.acquired.copy()
        new.terr_level = [t.copy() for t in self.terr_level]
        new.delivery_used = self.delivery_used.copy()
        new.outcome = self.outcome.copy()
        new.phase = self.phase
        new.actor = self.actor
        new.turn = self.turn
        new.pend_unit = self.pend_unit
        new.pend_area = self.pend_area
        new.pend_target = self.pend_target
        new.pay_for = self.pay_for
        new.pay_amount = self.pay_amount
        new.area_i = self.area_i
        new.prio = self.prio.copy()
        new.prio_i = self.prio_i
        new.trig = self.trig.copy()
        new.event_queue = self.event_queue.copy()
        new.event_supply = self.event_supply.copy()
        new.grave = self.grave
        new.history_acq = [h.copy() for h in self.history_acq]
        return new

    def observation(self, player: int | None) -> dict[str, Any]:
        from .observe import observe

        return observe(self, player)

    def _determinize(self, player: int, rng: Rng) -> NdlState:
        """Reshuffle every Level deck and resample opponents' unrevealed sleeve drafts."""
        new = self.clone()
        for deck in new.decks:
            deck.sort()
            rng.shuffle(deck)
        from .rules import secret_sleeves, sleeve_candidates

        if self.phase is Phase.SLEEVE:
            for q in range(self.num_players):
                if q == player:
                    continue
                if self.committed[q] and secret_sleeves(self):
                    pool = sorted(sleeve_candidates(new, q, ignore_draft=True))
                    rng.shuffle(pool)
                    new.draft[q] = sorted(pool[: min(len(pool), new.sleeves[q])])
                else:
                    new.draft[q] = []
        return new

    def scores(self) -> list[float]:
        """The score sheet's totals, whole numbers (the tie-break is in `tie_breaks()`)."""
        from .scoring import totals

        return list(totals(self))

    def tie_breaks(self) -> list[dict[str, int]]:
        """p.25: a tie goes to the Red Throne, then to the tied player nearest clockwise from it.
        Larger wins: the Red Throne holder has N, the next seat clockwise N-1, and so on."""
        n = self.num_players
        return [{f"{GAME_ID}.tiebreak.throne_priority": n - (p - self.red) % n} for p in range(n)]

    def winners(self) -> list[int]:
        if not self.is_terminal():
            return []
        from .scoring import winner

        return [winner(self)]

    def check_invariants(self) -> list[str]:
        from .invariants import check

        return check(self)

    def summary(self) -> dict[str, Any]:
        """For balance statistics: how the game ended (`end`: `rounds` after the seventh round;
        the game has no safety cap), per-seat acquired card ids, rounds played, the winning
        score, and whether the Red-Throne tie-break decided the winner (`tie_broken`: yes/no)."""
        from .scoring import totals

        t = totals(self)
        best = max(t)
        return {"end": "rounds" if self.is_terminal() else "unfinished",
                "acquired": [list(h) for h in self.history_acq], "rounds": self.round, "top_score": best,
                "tie_broken": "yes" if t.count(best) > 1 else "no"}

    def describe_action(self, action: Action, locale: str = "en") -> str:
        from .describe import describe

        return describe(self, action, locale)

    def colour_name(self, p: int) -> dict[str, str]:
        return {loc: i18n.render(f"{GAME_ID}.colour.{self.colour[p]}", loc) for loc in ("en", "ja")}

    def seat_list(self, key: str, values: list[Any] | None = None) -> dict[str, str]:
        """Every seat through message `key` (params `player` = seat, `colour`, `value`), joined per locale."""
        out = {}
        for loc in ("en", "ja"):
            parts = [i18n.render(f"{GAME_ID}.{key}", loc, {"player": p, "colour": self.colour_name(p)[loc],
                                                          "value": values[p] if values else ""})
                     for p in range(self.num_players)]
            out[loc] = ("、" if loc == "ja" else ", ").join(parts)
        return out
