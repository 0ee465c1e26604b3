"""Plain records the state holds: phases, the attack in progress, regroup kinds."""

from __future__ import annotations

from enum import Enum

from sabbat.core import codec


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
