"""The Monslaught position: setup, the contract hooks, observation and determinization.

Rules (legal actions and their effects) live in `rules.py`; card effects in
`effects.py`; scoring in `scoring.py`. See docs/games/monslaught.md for rulings.
"""

from __future__ import annotations

from typing import Any

from sabbat.core import Action, GameState, Rng, codec

from . import rules, scoring
from .cards import CardDB, Tier, load
from .effects import land_pay
from .model import BOSS_ROUNDS, Phase, Seat


@codec.serializable
class MonslaughtState(GameState):
    """A full game position (all zones, the pending decision and the round track)."""

    game_id = "monslaught"
    rules_version = "1"
    _transient_ = ("_legal", "db")

    def __init__(self, num_players: int, seed: int, options: dict[str, Any]) -> None:
        super().__init__(num_players, seed, options)
        self.db: CardDB = load(options.get("cards"))
        db = self.db
        ids: list[str] = []
        pools: dict[Tier, list[int]] = {t: [] for t in Tier}
        for card in db.cards.values():
            for _ in range(card.count):
                pools[card.tier].append(len(ids))
                ids.append(card.id)
        farms = []
        for _ in range(db.lands["farm"].count):
            farms.append(len(ids))
            ids.append("farm")
        mountains = []
        for _ in range(db.lands["mountain"].count):
            mountains.append(len(ids))
            ids.append("mountain")
        self.ids: tuple[str, ...] = tuple(ids)
        self.seats = [Seat() for _ in range(num_players)]
        self.start = self.rng.below(num_players)
        # initial cards: one of each kind per player, the rest go back to the box
        initial = pools[Tier.INITIAL]
        self.box: list[int] = []
        for name in ("big_cat", "frog", "owl"):
            copies = [u for u in initial if ids[u] == name]
            for p in range(num_players):
                if copies:
                    self.seats[p].hand.append(copies.pop(0))
            self.box.extend(copies)
        for u in initial:
            if ids[u] not in ("big_cat", "frog", "owl"):
                self.box.append(u)
        self.lower = pools[Tier.LOWER]
        self.middle = pools[Tier.MIDDLE]
        self.upper = pools[Tier.UPPER]
        for deck in (self.lower, self.middle, self.upper):
            self.rng.shuffle(deck)
        self.farm_stack = farms
        self.mountain_stack = mountains
        self.flipped: set[int] = set()
        self.field: list[int] = []
        # bosses: one random copy of each number, the others back to the box unseen
        self.boss_row: list[str] = []
        self.boss_box: list[str] = []
        for number in (1, 2, 3, 4):
            faces = sorted(b.id for b in db.bosses.values() if b.number == number)
            chosen = faces.pop(self.rng.below(len(faces)))
            self.boss_row.append(chosen)
            self.boss_box.extend(faces)
        self.boss_revealed = 0
        self.round = 1
        self.phase = Phase.DRAFT
        self.active = self.start
        self.order: list[int] = []
        self.pos = 0
        self.pend_card = -1
        self.pend_need = 0
        self.pend_kind = ""
        self.pend_arg = ""
        self.pend_left = 0
        self.pend_group: list[int] = []
        self.ret_phase = Phase.SUMMON
        self.fog: list[Seat] | None = None
        self.new_start = self.start
        self.ranking: list[int] = []
        self.removed: list[int] = []
        self.acquired: list[list[str]] = [[] for _ in range(num_players)]
        self.emit("monslaught.event.setup", start=self.start, players=num_players)
        rules.begin_initial_draft(self)

    def _after_load_(self) -> None:
        super()._after_load_()
        self.db = load(self.options.get("cards"))

    # ----- helpers used by the rules --------------------------------------------------
    def card(self, uid: int) -> Any:
        return self.db.cards[self.ids[uid]]

    def name(self, card_id: str) -> dict[str, str]:
        return self.db.name(card_id)

    def uname(self, uid: int) -> dict[str, str]:
        cid = self.ids[uid]
        if cid in self.db.lands and uid in self.flipped:
            return self.db.name(cid + "_back")
        return self.db.name(cid)

    def land_pays(self, seat: Seat) -> dict[int, int]:
        return {land: land_pay(self, land) for land in seat.lands}

    def open_effect(self, kind: str, uid: int, value: int) -> None:
        self.ret_phase = self.phase
        self.phase = Phase.EFFECT
        self.pend_kind = kind
        self.pend_card = uid
        self.pend_left = value
        if kind in ("recover_monsters", "draw_discard") and len(rules.effect_actions(self, self.seats[self.active])) <= 1:
            self.phase = self.ret_phase  # no card to take: nothing to decide
            self.pend_kind = ""
            self.pend_card = -1

    @property
    def boss_round(self) -> bool:
        return self.round in BOSS_ROUNDS

    @property
    def current_boss(self) -> str | None:
        if self.boss_round and self.boss_revealed:
            return self.boss_row[self.boss_revealed - 1]
        return None

    # ----- contract hooks -------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return None if self.phase is Phase.OVER else self.active

    def is_terminal(self) -> bool:
        return self.phase is Phase.OVER

    def _legal_actions(self) -> list[Action]:
        return rules.legal(self)

    def _apply(self, action: Action) -> None:
        rules.apply(self, action)

    def clone(self) -> MonslaughtState:
        new = self._clone_base()
        new.db = self.db
        new.ids = self.ids
        new.seats = [s.clone() for s in self.seats]
        new.start = self.start
        new.box = self.box.copy()
        new.lower = self.lower.copy()
        new.middle = self.middle.copy()
        new.upper = self.upper.copy()
        new.farm_stack = self.farm_stack.copy()
        new.mountain_stack = self.mountain_stack.copy()
        new.flipped = self.flipped.copy()
        new.field = self.field.copy()
        new.boss_row = self.boss_row.copy()
        new.boss_box = self.boss_box.copy()
        new.boss_revealed = self.boss_revealed
        new.round = self.round
        new.phase = self.phase
        new.active = self.active
        new.order = self.order.copy()
        new.pos = self.pos
        new.pend_card = self.pend_card
        new.pend_need = self.pend_need
        new.pend_kind = self.pend_kind
        new.pend_arg = self.pend_arg
        new.pend_left = self.pend_left
        new.pend_group = self.pend_group.copy()
        new.ret_phase = self.ret_phase
        new.fog = None if self.fog is None else [s.clone() for s in self.fog]
        new.new_start = self.new_start
        new.ranking = self.ranking.copy()
        new.removed = self.removed.copy()
        new.acquired = [a.copy() for a in self.acquired]
        return new

    def observation(self, player: int | None) -> dict[str, Any]:
        from .observe import observe

        return observe(self, player)

    def secret_choice(self) -> bool:
        """Draft picks, and every decision of a boss round's fogged summon phase (M-4), stay
        hidden from the others until all have made theirs."""
        return self.fog is not None or self.phase is Phase.DRAFT

    def _determinize(self, player: int, rng: Rng) -> MonslaughtState:
        from .observe import determinize

        return determinize(self, player, rng)

    def scores(self) -> list[float]:
        return scoring.scores(self)

    def tie_breaks(self) -> list[dict[str, int]]:
        return [{"monslaught.tiebreak.bosses": len(s.bosses)} for s in self.seats]

    def winners(self) -> list[int]:
        return scoring.winners(self) if self.is_terminal() else []

    def summary(self) -> dict[str, Any]:
        """Balance statistics: the cards each seat scouted, took or kept from a boss draft, and how the
        game ended (`final_boss`: after the round-12 boss, the only ending; the game has no safety cap)."""
        return {"acquired": [list(a) for a in self.acquired], "rounds": min(self.round, 12),
                "end": "final_boss" if self.is_terminal() else "unfinished"}

    def check_invariants(self) -> list[str]:
        from .invariants import problems

        return problems(self)

    def describe_action(self, action: Action, locale: str = "en") -> str:
        from .observe import describe

        return describe(self, action, locale)
