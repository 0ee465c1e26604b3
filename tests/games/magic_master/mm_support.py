"""Hand-built Magic Master positions with scripted dice."""

from __future__ import annotations

from typing import Any

from sabbat import games
from sabbat.core import Action, Rng
from sabbat.games.magic_master.cards import CardTable, Kind, MMCard, load
from sabbat.games.magic_master.groups import Group
from sabbat.games.magic_master.model import Phase, RegroupKind
from sabbat.games.magic_master.state import MagicMasterState

# the rulebook's example cards: H6, W, GAN, TB, TU, TR
H6, W, GAN, TB, TU, TR = "elaine", "galus", "gandaulf", "soldiers", "dwarves", "orcs"
FX = {"default": "reconstructed"}


def _fx(id: str, **kw: Any) -> MMCard:
    return MMCard(id=id, name={"en": id, "ja": id}, count=kw.pop("count", 1), provenance=FX, **kw)


FIXTURES = [
    _fx("fx_heir5", kind=Kind.HEIR, colour="black", defence=5, mov=3, suc=2, sex="male"),
    _fx("fx_s7", kind=Kind.TROOP, colour="black", atk_dice=1, defence=7, mov=2),
    _fx("fx_s8", kind=Kind.TROOP, colour="black", atk_dice=1, defence=8, mov=2),
    _fx("fx_s6", kind=Kind.TROOP, colour="black", atk_dice=1, defence=6, mov=2),
    _fx("fx_wiz0", kind=Kind.WIZARD, colour="red", mag=0, defence=5, mov=3, suc=-1, sex="female"),
    _fx("fx_forest4", kind=Kind.TERRAIN, terrain="forest", defence=4, mov=0),
    _fx("fx_forest9", kind=Kind.TERRAIN, terrain="forest", defence=9, mov=0),
    _fx("fx_armour2", kind=Kind.ITEM, item_role="warrior", defence=2),
    _fx("fx_heir_atk1", kind=Kind.HEIR, colour="black", atk_dice=0, atk_bonus=1, defence=4, mov=3, suc=3,
        sex="male"),
    _fx("fx_crown", kind=Kind.ITEM, suc=1),
    _fx("fx_banner", kind=Kind.TROOP, colour="black", defence=2),  # a troop with no movement value
    _fx("fx_wiz6", kind=Kind.WIZARD, colour="red", mag=1, defence=6, mov=3, suc=-2, sex="female"),
]


def fixture_table() -> CardTable:
    real = load({})
    extra = []
    for f in FIXTURES:
        extra.append(f.model_copy(update={"count": 4}))
    return CardTable(list(real.types.values()) + extra, "fixture")


_TABLE = fixture_table()


class Dice(Rng):
    """An Rng whose die rolls come from a script (then from the seed)."""

    def __init__(self, rolls: list[int]) -> None:
        super().__init__(1)
        self.script = list(rolls)

    def roll(self, sides: int = 6) -> int:
        if self.script:
            return self.script.pop(0)
        return super().roll(sides)


def blank(n: int = 2, seed: int = 0) -> MagicMasterState:
    """A state past setup with every zone empty; P1 (seat 0) to attack."""
    s = games.get("magic_master").new(n, seed)
    assert isinstance(s, MagicMasterState)
    s.t = _TABLE
    s.groups = [[] for _ in range(n)]
    s.chars = [[] for _ in range(n)]
    s.hand = [[] for _ in range(n)]
    s.wiz_hidden = [0] * n
    s.set_aside, s.deck, s.market, s.discard = [], [], [], []
    s.heir_choice = [0] * n
    s.rank = list(range(n))
    s.order = list(range(n))
    s.phase = Phase.ATTACK
    s.active = 0
    s.regroup_kind = RegroupKind.TURN
    s._used = set()  # type: ignore[attr-defined]
    s.market = [inst(s, x) for x in ("knights", "knights", "centaurs", "centaurs", "elves")]
    s._legal = None
    return s


def bare(n: int = 2) -> MagicMasterState:
    """blank() with an empty market, so every copy of every card is free for the test."""
    s = blank(n)
    s.market = []
    s._used = set()  # type: ignore[attr-defined]
    return s


def regroup(s: MagicMasterState, p: int = 0) -> None:
    s.phase, s.regroup_kind, s.active = Phase.REGROUP, RegroupKind.TURN, p
    s.stage, s.done = 0, set()
    s._legal = None


def inst(s: MagicMasterState, tid: str) -> int:
    """A fresh physical card of type `tid`."""
    used: set[int] = s._used  # type: ignore[attr-defined]
    for i, c in enumerate(s.t.inst):
        if c.id == tid and i not in used:
            used.add(i)
            return i
    raise KeyError(tid)


def group(s: MagicMasterState, p: int, *tids: str) -> Group:
    """Add a group (cards innermost -> outermost) to player p."""
    g = Group()
    for tid in tids:
        c = inst(s, tid)
        k = s.t.inst[c].kind
        if k in (Kind.HEIR, Kind.WARRIOR, Kind.WIZARD):
            g.char.append(c)
        elif k is Kind.ITEM:
            g.items.append(c)
        elif k is Kind.TROOP:
            g.troops.append(c)
        else:
            g.terrain = c
    s.groups[p].append(g)
    s._legal = None
    return g


def give(s: MagicMasterState, p: int, *tids: str) -> list[int]:
    """Put cards into p's hands (characters into the character hand)."""
    out = []
    for tid in tids:
        c = inst(s, tid)
        if s.t.inst[c].kind in (Kind.HEIR, Kind.WARRIOR, Kind.WIZARD):
            s.chars[p].append(c)
        else:
            s.hand[p].append(c)
        out.append(c)
    s._legal = None
    return out


def dice(s: MagicMasterState, *rolls: int) -> None:
    s.rng = Dice(list(rolls))


def act(s: MagicMasterState, kind: str, *args: int) -> None:
    s.apply(Action(kind, tuple(args)))


def kinds(s: MagicMasterState) -> set[str]:
    return {a.kind for a in s.legal_actions()}


def ids(s: MagicMasterState, cards: list[int]) -> list[str]:
    return [s.t.inst[c].id for c in cards]


def reach(s: MagicMasterState, kind: str, *args: int) -> None:
    """Apply a regroup action once its stage comes: keep each table card decided before it and go on
    past the steps for playing from hand (a regroup decides card by card, characters first)."""
    from sabbat.games.magic_master.regroup import stage_now

    want = Action(kind, tuple(args))
    while want not in s.legal_actions():
        legal = s.legal_actions()
        _, c = stage_now(s, s.active)
        step = Action("keep", (c,)) if c >= 0 else Action("next_stage")
        assert step in legal, f"{want.notation()} never becomes legal"
        s.apply(step)
    s.apply(want)
