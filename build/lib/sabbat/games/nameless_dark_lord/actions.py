"""The game's actions, built once and shared: legal_actions hands out these same objects.

Why: an Action is an immutable NamedTuple, and building one costs more than finding it, so the
fixed ones are constants and the ones with a card, seat or area argument are made on first use.
"""

from __future__ import annotations

from collections.abc import Callable

from sabbat.core import Action

from .model import AREAS

PASS = Action("pass")
DONE = Action("sleeve_done")
SKIP = Action("skip")
ACQUIRE = Action("acquire")
DECLINE = Action("decline")
VP = Action("vp")

class _Actions(dict[int, Action]):
    """Actions with one varying whole-number argument, built once and shared (they are immutable)."""

    __slots__ = ("make",)

    def __init__(self, make: Callable[[int], Action]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: int) -> Action:
        action = self[key] = self.make(key)
        return action


def _one_arg(kind: str) -> _Actions:
    return _Actions(lambda a: Action(kind, (a,)))


def _place_in(x: int) -> _Actions:
    return _Actions(lambda u: Action("place", (u, x)))


SLEEVE_ACTIONS = _one_arg("sleeve")
TARGET_ACTIONS = _one_arg("target")
PAY_ACTIONS = _one_arg("pay")
CURSE_ACTIONS = _one_arg("curse")
TAKE_ACTIONS = _one_arg("take")
PLACE_ACTIONS = [_place_in(x) for x in range(len(AREAS))]
"""PLACE_ACTIONS[x][u] is `place u x`."""
