"""Hand-built Bellum Magica positions for the rule tests."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from sabbat.core import Action, Rng
from sabbat.games.bellum_magica import GAME, flow
from sabbat.games.bellum_magica.constants import CHEST_NAMES, Phase
from sabbat.games.bellum_magica.state import BellumState

FIXTURE = Path(__file__).with_name("bellum_fixture_cards.yaml")


class ScriptedRng(Rng):
    """Die faces from a list (then seeded chance); every other draw from the seeded stream."""

    __slots__ = ("dice",)

    def __init__(self, dice: Sequence[int], seed: int = 7) -> None:
        super().__init__(seed)
        self.dice = list(dice)

    def roll(self, sides: int = 6) -> int:
        return self.dice.pop(0) if self.dice else super().roll(sides)


def blank(n: int, cap: int = 0, seed: int = 0) -> BellumState:
    """A fixture game after setup with goblins removed, all boards `tb`, captain `cap`."""
    s = GAME.new(n, seed, {"cards": str(FIXTURE)})
    assert isinstance(s, BellumState)
    s.hand = [[] for _ in range(n)]
    s.placed = [[] for _ in range(n)]
    s.left = [[] for _ in range(n)]
    s.right = [[] for _ in range(n)]
    s.boards = ["tb"] * n
    s.captain = cap
    s._legal = None
    return s


def chest_ids(s: BellumState, kind: str, values: Sequence[int]) -> list[int]:
    """Fresh chest ids of `kind` with these values (taken out of their stack)."""
    t = CHEST_NAMES.index(kind)
    out = []
    for v in values:
        for c in s.stacks[t]:
            if s.cards.chest_value[c] == v and c not in out:
                out.append(c)
                break
        else:
            raise AssertionError(f"no free {kind} chest of value {v}")
    s.stacks[t] = [c for c in s.stacks[t] if c not in out]
    return out


def set_stack(s: BellumState, kind: str, values: Sequence[int]) -> None:
    """Put chests with these values on top of the `kind` stack, top-first."""
    ids = chest_ids(s, kind, values)
    t = CHEST_NAMES.index(kind)
    s.stacks[t].extend(reversed(ids))


def give(s: BellumState, p: int, kind: str, values: Sequence[int]) -> list[int]:
    ids = chest_ids(s, kind, values)
    for c in ids:
        s.chests[p].append(c)
        s.seen[c] |= 1 << p
    s._legal = None
    return ids


def start_day(s: BellumState, dice: Sequence[int]) -> None:
    s.rng = ScriptedRng(dice)
    flow.start_day(s)
    s._legal = None


def to_attack(s: BellumState, row: int, turn: int = 0) -> None:
    """Jump straight to the attack step with `row` active and the turn at offset `turn`."""
    s.die = row
    s.phase = Phase.ATTACK
    s.turn = turn
    s._legal = None


def to_recruit(s: BellumState, turn: int = 0) -> None:
    s.phase = Phase.RECRUIT
    s.turn = turn
    s._legal = None


def act(s: BellumState, kind: str, *args: int | str) -> None:
    s.apply(Action(kind, tuple(args)))


def kinds(s: BellumState) -> list[str]:
    return [a.kind for a in s.legal_actions()]


def give_creature(s: BellumState, p: int, card: str, side: str) -> None:
    (s.left if side == "L" else s.right)[p].append(card)
    s._legal = None


def set_display(s: BellumState, ids: Sequence[str]) -> None:
    """Show exactly these locations (taken out of the deck or the box; the old display goes to the box)."""
    for lid in ids:
        if lid in s.deck:
            s.deck.remove(lid)
        elif lid in s.kingdom_box:
            s.kingdom_box.remove(lid)
    s.kingdom_box = sorted(s.kingdom_box + [lid for lid in s.display if lid not in ids])
    s.display = list(ids)
    s._legal = None
