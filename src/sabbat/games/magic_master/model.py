"""The position: phases, the attack in progress, and the fields of a game (`Position`).

Every pending decision is recorded in fields (`phase`, `attack`, `stage`…), never in closures, so
a clone continues from any point. This module knows no rule: the rules are functions over the
position, and state.py puts the game contract on top.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import Any, Self

from sabbat.core import GameState, codec

from .cards import CardTable, load
from .groups import Group


@codec.serializable
class Phase(Enum):
    """Whose decision is pending and of what sort."""

    CHOOSE_HEIR = "choose_heir"
    REGROUP = "regroup"
    ATTACK = "attack"
    SUPPORT = "support"
    ALLY = "ally"
    CONSENT = "consent"
    PARAM = "param"
    RESPONSE = "response"
    CLERIC = "cleric"
    CAPTURE = "capture"
    DISCARD = "discard"
    TAKE = "take"
    OVER = "over"


@codec.serializable
class RegroupKind(Enum):
    INITIAL = "initial"
    TURN = "turn"
    POST_ATTACK = "post_attack"


@codec.serializable
class Step(Enum):
    """A parameter of a card attack still to be chosen."""

    CASTER = "caster"
    NUMBER = "number"
    ENTRY = "entry"
    ITEM = "item"
    ROMANCER = "romancer"
    UNDEAD = "undead"


@codec.serializable
class Effect(Enum):
    """What a successful attack is about to do (held while the defender responds)."""

    NONE = "none"
    REMOVE = "remove"  # remove the listed targeting entries
    TRANSFER = "transfer"  # the whole group changes owner (jester, romance)
    STEAL = "steal"  # one item changes owner (thief)


@codec.serializable
class Attack:
    """The attack being declared or resolved this turn."""

    __slots__ = ("kind", "card", "attacker", "groups", "tp", "tg", "support", "caster", "param",
                 "steps", "total", "fire_part", "teleported", "dispelled", "effect", "removals",
                 "magic", "ally")

    def __init__(self, kind: str, attacker: int, tp: int, tg: int) -> None:
        self.kind = kind  # "normal" or the card's effect name
        self.card = -1
        self.attacker = attacker
        self.groups: list[tuple[int, int]] = []  # attacking (player, group) pairs
        self.tp = tp
        self.tg = tg
        self.support = -1
        self.caster = -1  # group index of the caster on the attacker's table
        self.param = -1
        self.steps: list[Step] = []
        self.total = 0
        self.fire_part = 0
        self.teleported = False
        self.dispelled = False
        self.effect = Effect.NONE
        self.removals: list[int] = []  # targeting entries: card ids, -1 = character package
        self.magic = False
        self.ally = -1

    def copy(self) -> Attack:
        new = object.__new__(Attack)
        for f in Attack.__slots__:
            setattr(new, f, getattr(self, f))
        new.groups = self.groups.copy()
        new.steps = self.steps.copy()
        new.removals = self.removals.copy()
        return new


CHOOSE_HEIR_PHASE = Phase.CHOOSE_HEIR
REGROUP_PHASE = Phase.REGROUP
ATTACK_PHASE = Phase.ATTACK
CONSENT_PHASE = Phase.CONSENT
RESPONSE_PHASE = Phase.RESPONSE
CLERIC_PHASE = Phase.CLERIC
OVER_PHASE = Phase.OVER
"""The phases the hot path asks about, bound once (an attribute lookup on the enum costs ~150 ns)."""


class Position(GameState):
    """A position of Magic Master: its fields, `clone()` and whose decision is pending."""

    game_id = "magic_master"
    rules_version = "5"
    _transient_ = ("t",)  # type: ignore[assignment]  # the card table is rebuilt on load; codec merges the MRO

    t: CardTable

    def __init__(self, num_players: int, seed: int, options: Mapping[str, Any]) -> None:
        super().__init__(num_players, seed, options)
        self.t = load(self.options)
        n = num_players
        self.phase = Phase.CHOOSE_HEIR
        self.active = 0
        self.order: list[int] = list(range(n))  # seats in turn order (set after the reveal)
        self.rank: list[int] = []
        self.setup_queue: list[int] = []
        self.groups: list[list[Group]] = [[] for _ in range(n)]
        self.chars: list[list[int]] = [[] for _ in range(n)]  # character hands
        self.hand: list[list[int]] = [[] for _ in range(n)]  # non-character hands
        self.wiz_hidden = [0] * n  # wizards still in each character hand (public by deduction)
        self.set_aside: list[int] = []
        self.deck: list[int] = []
        self.market: list[int] = []
        self.discard: list[int] = []
        self.heir_choice = [-1] * n
        self.eliminated = [False] * n
        self.had_regalia = [False] * n
        self.pending_regalia = [False] * n
        self.regroup_kind = RegroupKind.INITIAL
        self.stage = 0
        """The regroup's stage: 0 characters, 1 items, 2 troops, 3 terrain (regroup.py)."""
        self.done: set[int] = set()
        """The regrouping player's table cards whose place this regroup has decided (regroup.py)."""
        self.attack: Attack | None = None
        self.gained = False
        self.captured: list[int] = []
        self.declined: list[int] = []
        self.countdown_p0 = -1
        self.countdown_round = 0
        self.turn_no = 0
        self.took: list[tuple[int, ...]] = [() for _ in range(n)]  # market takes per seat, for summary()
        self.offered: list[frozenset[int]] = [frozenset() for _ in range(n)]  # market cards each seat could take
        self.start_player = -1  # the seat of the first turn (after the heirs and the initial regroups)
        self.winner = -1
        self.win_reason = ""

    def _after_load_(self) -> None:
        super()._after_load_()
        self.t = load(self.options)
        if not hasattr(self, "took"):  # saved before market takes were recorded
            self.took = [() for _ in range(self.num_players)]
        if not hasattr(self, "offered"):  # saved before the offers were recorded: nothing known
            self.offered = [frozenset() for _ in range(self.num_players)]
            self.start_player = -1

    @property
    def current_player(self) -> int | None:
        ph = self.phase
        if ph is REGROUP_PHASE:
            return self.active
        if ph is OVER_PHASE:
            return None
        if ph is CHOOSE_HEIR_PHASE:
            return self.heir_choice.index(-1)
        if ph is CONSENT_PHASE and self.attack is not None:
            return self.attack.ally
        if (ph is RESPONSE_PHASE or ph is CLERIC_PHASE) and self.attack is not None:
            return self.attack.tp
        return self.active

    def is_terminal(self) -> bool:
        return self.phase is OVER_PHASE

    def clone(self) -> Self:
        new = self._clone_base()
        new.t = self.t
        new.phase = self.phase
        new.active = self.active
        new.order = self.order.copy()
        new.rank = self.rank.copy()
        new.setup_queue = self.setup_queue.copy()
        new.groups = [[g.copy() for g in gs] for gs in self.groups]
        new.chars = [h.copy() for h in self.chars]
        new.hand = [h.copy() for h in self.hand]
        new.wiz_hidden = self.wiz_hidden.copy()
        new.set_aside = self.set_aside.copy()
        new.deck = self.deck.copy()
        new.market = self.market.copy()
        new.discard = self.discard.copy()
        new.heir_choice = self.heir_choice.copy()
        new.eliminated = self.eliminated.copy()
        new.had_regalia = self.had_regalia.copy()
        new.pending_regalia = self.pending_regalia.copy()
        new.regroup_kind = self.regroup_kind
        new.stage = self.stage
        new.done = self.done.copy() if self.done else set()
        new.attack = self.attack.copy() if self.attack is not None else None
        new.gained = self.gained
        new.captured = self.captured.copy()
        new.declined = self.declined.copy()
        new.countdown_p0 = self.countdown_p0
        new.countdown_round = self.countdown_round
        new.turn_no = self.turn_no
        new.took = self.took.copy()  # tuples: shared, never mutated
        new.offered = self.offered.copy()  # frozensets: shared, never mutated
        new.start_player = self.start_player
        new.winner = self.winner
        new.win_reason = self.win_reason
        return new
