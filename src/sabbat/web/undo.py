"""Whether a move may be taken back: only one that showed its player nothing they did not know."""

from __future__ import annotations

from typing import Any

from sabbat.core import Action, GameState
from sabbat.core.rng import Rng

UNDO_SAMPLES = 3
"""Determinizations an undo check compares: a move that revealed a hidden card or used chance
shows a different result in at least one of them (with overwhelming odds)."""


def _new_events(state: GameState, start: int, seat: int) -> list[tuple[str, dict[str, Any]]]:
    return [(e.key, e.params) for e in state.events[start:] if e.visible_to(seat)]


def reveals_nothing(before: GameState, action: Action, after: GameState, seat: int) -> bool:
    """True when the move showed its player nothing new: in sampled worlds consistent with what
    the player knew, the same move leads to the same view and the same new events."""
    seen = after.observation(seat)
    start = len(before.events)
    new_events = _new_events(after, start, seat)
    rng = Rng(before.seed ^ len(before.history))
    for _ in range(UNDO_SAMPLES):
        world = before.determinize(seat, rng)
        if action not in world.legal_actions():
            return False
        world.apply(action)
        if world.observation(seat) != seen:
            return False
        if _new_events(world, start, seat) != new_events:
            return False
    return True
