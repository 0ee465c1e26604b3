"""The position: plain lists and ints, so clone() is a handful of list copies.

Physical cards are numbered (uids); `cid[uid]` is the card id, and `deal` holds every uid's
printed values in flat tables for the rules' hot path. Every pending decision is recorded in
fields (`phase`, `actor`, `pend_*`, `prio`, `trig`, `event_*`), never in closures, so a clone
can continue from any point. This module knows no rule: the rules are functions over it, and
state.py puts the game contract on top.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from functools import lru_cache
from typing import Any, Self

from sabbat.core import GameState, Rng, codec

from . import cards as carddata
from .cards import CardTable, NdlCard
from .text import COLOUR_NAMES, GAME_ID
from .text import seat_list as _seat_list

AREAS = "ABCDEFGH"
NO_ONE = -1
PENDING = -2
CURSE_CAP = 5
"""Curse tokens in the stock."""
"""An area's outcome before it is resolved (else the acquirer's seat, or NO_ONE: trashed)."""

SAVED_MODULE = f"sabbat.games.{GAME_ID}.state"
"""Saved states name these enums by the module that first defined them; keeping the name keeps
old save files and replay digests valid."""


@codec.serializable
class Phase(Enum):
    """Which kind of decision is pending."""

    __module__ = SAVED_MODULE
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

    __module__ = SAVED_MODULE
    ACQUIRE = "acquire"
    SPEAR = "spear"


class Deal:
    """Each dealt card's printed values, indexed by uid.

    Why: the rules read a unit's power, upkeep or ability on nearly every decision; indexing a
    tuple is several times cheaper than finding the card by id. Games dealt the same cards share
    one Deal, which never changes.
    """

    __slots__ = ("card", "name", "power", "upkeep", "effect", "autorun", "sleevable", "is_bomber", "income",
                 "circles", "has_grave")

    def __init__(self, table: CardTable, cid: tuple[str, ...]) -> None:
        cards = [table.by_id[c] for c in cid]
        self.card: tuple[NdlCard, ...] = tuple(cards)
        self.name: tuple[dict[str, str], ...] = tuple(table.names[c] for c in cid)
        self.power = tuple(c.power for c in cards)
        self.upkeep = tuple(c.upkeep for c in cards)
        self.effect = tuple(c.effect or "" for c in cards)
        self.autorun = tuple(c.autorun for c in cards)
        self.sleevable = tuple(c.type == "unit" and c.role != "bomber" for c in cards)
        """A unit that needs a sleeve to be placed (every unit but the Goblin Bomber)."""
        self.is_bomber = tuple(c.role == "bomber" for c in cards)
        self.income = tuple(c.income if c.type == "territory" else 0 for c in cards)
        """Coins a held card brings each round (territories only), and below its magic circles."""
        self.circles = tuple(c.circles if c.type == "territory" else 0 for c in cards)
        self.has_grave = any(c.effect == "grave_number" for c in cards)


@lru_cache(maxsize=64)
def deal_for(table: CardTable, cid: tuple[str, ...]) -> Deal:
    return Deal(table, cid)


class Position(GameState):
    """A position of 名もなき魔王 Revised Edition: its fields and the queries every rule shares."""

    game_id = GAME_ID
    rules_version = "2"
    _transient_ = ("cards", "deal")

    cards: CardTable
    deal: Deal

    def __init__(self, num_players: int, seed: int, options: Mapping[str, Any]) -> None:
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
        self.outcome: list[int] = []  # per area: acquirer seat, NO_ONE (trash) or PENDING
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
        self.offered = [0] * n
        """Per seat, a bit per target uid it was asked to acquire and could pay for (statistics only)."""

    def _after_load_(self) -> None:
        super()._after_load_()
        self.cards = carddata.load(self.options)
        if "offered" not in self.__dict__:  # a save from before `offered` existed
            self.offered = [0] * self.num_players
        try:
            self.index_cards()
        except (KeyError, TypeError):
            pass  # an unknown card id: check_invariants() names the problem and the load is refused

    # ----- the dealt cards ---------------------------------------------------------
    def index_cards(self) -> None:
        """Point `deal` at the printed values of the cards in `cid` (after dealing or loading)."""
        self.deal = deal_for(self.cards, tuple(self.cid))

    def new_card(self, card_id: str) -> int:
        """Add one physical card `card_id`, in the stock; its uid (for hand-built positions)."""
        uid = len(self.cid)
        self.cid = [*self.cid, card_id]  # clones share `cid`: never change it in place
        self.owner.append(NO_ONE)
        self.index_cards()
        return uid

    # ----- small queries -----------------------------------------------------------
    def card(self, uid: int) -> NdlCard:
        """The card by its id in `cid` (not `deal`), so checks of a loaded or edited position see `cid`."""
        return self.cards.by_id[self.cid[uid]]

    def power(self, uid: int) -> int:
        return self.deal.power[uid] + self.tokens.get(uid, 0)

    def name(self, uid: int) -> dict[str, str]:
        return self.cards.names[self.cid[uid]]

    def colour_name(self, p: int) -> dict[str, str]:
        return COLOUR_NAMES[self.colour[p]]

    def seat_list(self, key: str, values: list[int] | None = None) -> dict[str, str]:
        """Every seat through message `key` (params `player` = seat, `colour`, `value`), joined per locale."""
        return _seat_list(key, tuple(self.colour), None if values is None else tuple(values))

    # ----- contract hooks that only read fields ----------------------------------------
    @property
    def current_player(self) -> int | None:
        return None if self.phase is Phase.OVER else self.actor

    def is_terminal(self) -> bool:
        return self.phase is Phase.OVER

    def clone(self) -> Self:
        new = self._clone_base()
        new.cards = self.cards
        new.cid = self.cid  # never changed in place after setup
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
        new.offered = self.offered.copy()
        new.deal = self.deal  # last, as in a new game: instances then share one key table
        return new


def seat(s: Position, k: int) -> int:
    """The player k seats clockwise from the Red Throne (k = 0 is seat 1)."""
    return (s.red + k) % s.num_players


def round_start(s: Position) -> int:
    """The start player of the current round: seat 1 + round - 1 clockwise (the rulebook), or by lot
    under the study option `start_player`, keyed by the round's targets so that it reads the same
    all round long and the deals stay those of the rulebook."""
    lot = s.options.get("start_player", "red_throne")
    if lot == "lot_every_round" or (lot == "lot_first_round" and s.round == 1):
        return Rng.keyed(s.round, *s.targets).below(s.num_players)
    return seat(s, s.round - 1)


def seat_order(s: Position, first: int) -> list[int]:
    return [(first + i) % s.num_players for i in range(s.num_players)]


ROUNDS = 7
CAP = 5
"""Most coins and sleeves a seat starts a round with."""

# Enum members are slow to look up by attribute (Phase.PLACE); the hot path uses these names.
SLEEVE_PHASE, PLACE_PHASE, ABILITY_PHASE, PAY_PHASE = Phase.SLEEVE, Phase.PLACE, Phase.ABILITY, Phase.PAY
ACQUIRE_PHASE, TRIGGER_PHASE, EVENT_PHASE, OVER_PHASE = Phase.ACQUIRE, Phase.TRIGGER, Phase.EVENT, Phase.OVER
