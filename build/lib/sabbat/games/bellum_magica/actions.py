"""The game's actions, built once and shared: legal_actions hands out these same objects.

Why: an Action is an immutable NamedTuple, and building one costs more than finding it, so the
fixed ones are constants and those naming a location or a display slot are made on first use
(the setup decisions build theirs: they are few).
"""

from __future__ import annotations

from sabbat.core import Action
from sabbat.core.actions import Arg

from .rules import CHEST_NAMES, PAY_FOOD, PAY_GLYPHS, SIDES

PASS_ROLL = Action("pass_roll")
BUY_ROUND = Action("buy_round")
CONFUSION = Action("confusion")
NO_ATTACK = Action("no_attack")
STOP_STEALING = Action("stop_stealing")
DONE_RECRUITING = Action("done_recruiting")

STEAL = tuple(Action("steal", (name,)) for name in CHEST_NAMES)
"""STEAL[t] steals a chest of type t."""
PAY_BOTH = [Action("pay", (PAY_FOOD,)), Action("pay", (PAY_GLYPHS,))]
PAY_WITH = {PAY_FOOD: PAY_BOTH[0], PAY_GLYPHS: PAY_BOTH[1]}
PLACE_CREATURE = [Action("place_creature", (side,)) for side in SIDES]
ATTACK_CASTLE = tuple(Action("attack_castle", (q,)) for q in range(5))
"""ATTACK_CASTLE[q] attacks seat q (five seats at most)."""


class _Made(dict[tuple[Arg, ...], Action]):
    """Actions of one kind by their arguments, built on first use and then shared (they are immutable)."""

    __slots__ = ("kind",)

    def __init__(self, kind: str) -> None:
        super().__init__()
        self.kind = kind

    def __missing__(self, args: tuple[Arg, ...]) -> Action:
        action = self[args] = Action(self.kind, args)
        return action


ATTACK_LOCATION = _Made("attack_location")
"""ATTACK_LOCATION[lid,] attacks the location `lid`."""
RECRUIT = _Made("recruit")
"""RECRUIT[deck, slot] recruits the face-up creature in that slot of `deck`."""
