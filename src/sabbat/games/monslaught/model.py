"""The Monslaught position: phases, per-seat zones, round constants and the fields of a game.

Every physical card has an integer uid (an index into the position's `ids` table),
so two copies of a card can sit in different zones with their own ready/used
state; actions name hand, discard and Field cards by card id and cards in the
play area or lands by uid. Every pending decision is recorded in fields (`phase`,
`pend_*`), never in closures, so a clone can continue from any point. This module
knows no rule: the rules are functions over it, and state.py puts the game contract on top.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import Any, Self

from sabbat.core import GameState, codec

from .cards import CardDB, MonsterCard, load

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
        self.taken: list[int] = []  # the cards this turn's refill took, in order

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
        new.taken = self.taken.copy()
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
        self.taken = []

    def leave_play(self, uid: int) -> None:
        """Forget the play-area bookkeeping of a card that leaves the play area."""
        self.play.remove(uid)
        self.on_land.pop(uid, None)
        self.used.discard(uid)
        self.maintained.discard(uid)
        self.boost.pop(uid, None)


class Position(GameState):
    """A Monslaught position: its fields, `clone()` and the derived values every rule shares."""

    game_id = "monslaught"
    rules_version = "4"
    _transient_ = ("_legal", "db")

    db: CardDB
    ids: tuple[str, ...]
    seats: list[Seat]
    start: int
    box: list[int]
    lower: list[int]
    middle: list[int]
    upper: list[int]
    farm_stack: list[int]
    mountain_stack: list[int]
    flipped: set[int]
    field: list[int]
    boss_row: list[str]
    boss_box: list[str]
    boss_revealed: int
    round: int
    phase: Phase
    active: int
    order: list[int]
    pos: int
    pend_card: int
    pend_need: int
    pend_kind: str
    pend_arg: str
    pend_left: int
    pend_group: list[int]
    ret_phase: Phase
    fog: list[Seat] | None  # during a boss round's summons, each seat as the others last saw it
    new_start: int
    ranking: list[int]
    removed: list[int]
    acquired: list[list[str]]
    offered: list[int]  # per seat, a bit (CardDB.offer_bit) per card or land it could have taken


    def __init__(self, num_players: int, seed: int, options: Mapping[str, Any]) -> None:
        super().__init__(num_players, seed, options)
        self.db = load(options)

    def _after_load_(self) -> None:
        super()._after_load_()
        self.db = load(self.options)
        if "offered" not in self.__dict__:  # a save from before `offered` existed
            self.offered = [0] * self.num_players
        for seat in [*self.seats, *(self.fog or [])]:
            if isinstance(seat.taken, int):  # a save from before the refill kept which cards it took
                seat.taken = seat.hand[len(seat.hand) - seat.taken:] if seat.taken else []

    def card(self, uid: int) -> MonsterCard:
        return self.db.cards[self.ids[uid]]

    def name(self, card_id: str) -> dict[str, str]:
        return self.db.name(card_id)

    def unames_sorted(self, uids: list[int]) -> list[dict[str, str]]:
        """The names of a set of cards in a fixed order: the order they were dealt or held in is hidden."""
        return [self.uname(u) for u in sorted(uids, key=lambda u: (self.ids[u], u in self.flipped))]

    def uname(self, uid: int) -> dict[str, str]:
        """The name of the side a physical card shows (a flipped Farm is a Bonfire)."""
        cid = self.ids[uid]
        if cid in self.db.lands and uid in self.flipped:
            return self.db.name(cid + "_back")
        return self.db.name(cid)

    def land_pays(self, seat: Seat) -> dict[int, int]:
        return {land: land_pay(self, land) for land in seat.lands}

    @property
    def boss_round(self) -> bool:
        return self.round in BOSS_ROUNDS

    @property
    def current_boss(self) -> str | None:
        if self.boss_round and self.boss_revealed:
            return self.boss_row[self.boss_revealed - 1]
        return None

    @property
    def current_player(self) -> int | None:
        return None if self.phase is Phase.OVER else self.active

    def is_terminal(self) -> bool:
        return self.phase is Phase.OVER

    def clone(self) -> Self:
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
        new.offered = self.offered.copy()
        return new


def land_pay(st: Position, land: int) -> int:
    """Payment value of a land for its side up (Farm/Mountain/Lightning 1, Bonfire 3)."""
    entry = st.db.lands[st.ids[land]]
    return entry.back_pay if land in st.flipped else entry.pay


def land_attack(st: Position, land: int) -> int:
    entry = st.db.lands[st.ids[land]]
    return entry.back_attack_bonus if land in st.flipped else entry.attack_bonus


def land_vp(st: Position, land: int) -> int:
    entry = st.db.lands[st.ids[land]]
    return entry.back_vp if land in st.flipped else entry.vp
