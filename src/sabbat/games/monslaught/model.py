"""Plain data of a Monslaught position: phases, per-seat zones and round constants.

Every physical card has an integer uid (an index into the state's `ids` table),
so two copies of a card can sit in different zones with their own ready/used
state; actions name hand, discard and Field cards by card id and cards in the
play area or lands by uid.
"""

from __future__ import annotations

from enum import Enum

from sabbat.core import codec

#: Round number -> boss number fought in that round.
BOSS_ROUNDS = {4: 1, 7: 2, 10: 3, 12: 4}
LAST_ROUND = 12
LAND_LIMIT = 5
HAND_LIMIT = 4


@codec.serializable
class Phase(Enum):
    """What the pending decision is about."""

    DRAFT = "draft"
    SUMMON = "summon"
    PAY = "pay"
    SCOUT = "scout"
    PICK = "pick"
    DECLARE = "declare"
    PENALTY = "penalty"
    UPKEEP = "upkeep"
    UPKEEP_PAY = "upkeep_pay"
    REFILL = "refill"
    EFFECT = "effect"
    OVER = "over"


@codec.serializable
class Seat:
    """One player's zones and this turn's bookkeeping."""

    __slots__ = (
        "hand", "play", "discard", "lands", "on_land", "used", "acted", "budget", "credit",
        "zero_upkeep", "boost", "scout_bonus", "owl", "bosses", "declared", "maintained",
        "offer", "pick", "taken",
    )

    def __init__(self) -> None:
        self.hand: list[int] = []
        self.play: list[int] = []
        self.discard: list[int] = []
        self.lands: list[int] = []
        self.on_land: dict[int, int] = {}  # monster uid -> land uid
        self.used: set[int] = set()  # turned sideways
        self.acted: set[int] = set()  # used at some point this turn (rule A4)
        self.budget: dict[int, int] = {}  # land uid -> summon payment left this turn
        self.credit = 0  # summon payment granted by effects this turn
        self.zero_upkeep: set[int] = set()
        self.boost: dict[int, int] = {}
        self.scout_bonus = 0
        self.owl = False
        self.bosses: list[str] = []
        self.declared = -1
        self.maintained: set[int] = set()
        self.offer: list[int] = []
        self.pick = -1
        self.taken = 0

    def clone(self) -> Seat:
        new = object.__new__(Seat)
        new.hand = self.hand.copy()
        new.play = self.play.copy()
        new.discard = self.discard.copy()
        new.lands = self.lands.copy()
        new.on_land = self.on_land.copy()
        new.used = self.used.copy()
        new.acted = self.acted.copy()
        new.budget = self.budget.copy()
        new.credit = self.credit
        new.zero_upkeep = self.zero_upkeep.copy()
        new.boost = self.boost.copy()
        new.scout_bonus = self.scout_bonus
        new.owl = self.owl
        new.bosses = self.bosses.copy()
        new.declared = self.declared
        new.maintained = self.maintained.copy()
        new.offer = self.offer.copy()
        new.pick = self.pick
        new.taken = self.taken
        return new

    def new_turn(self, land_pay: dict[int, int]) -> None:
        """Reset what lasts one turn (a whole boss round counts as one turn)."""
        self.acted = set()
        self.budget = dict(land_pay)
        self.credit = 0
        self.zero_upkeep = set()
        self.boost = {}
        self.scout_bonus = 0
        self.owl = False
        self.declared = -1
        self.maintained = set()
        self.taken = 0

    def leave_play(self, uid: int) -> None:
        """Forget the play-area bookkeeping of a card that leaves the play area."""
        self.play.remove(uid)
        self.on_land.pop(uid, None)
        self.used.discard(uid)
        self.maintained.discard(uid)
        self.boost.pop(uid, None)
