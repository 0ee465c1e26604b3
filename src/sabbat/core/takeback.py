"""Whether a move may be taken back: only one from which no reader learned anything hidden.

Why in the core: the server and the terminal both offer an undo, and both must refuse the same
moves. The check knows no game: it compares what each reader sees in sampled worlds that the
mover cannot tell from the real one.

A move may be taken back when
- its mover sees the same thing (observation and new events) in every sampled world consistent
  with what the mover knew: nothing hidden was shown to them and no chance was used that they
  could see;
- and every other reader (each seat and the spectators) sees the same *change* in every such
  world: whatever they learned, the mover already knew it (a card the mover played from their own
  hand), so undoing the move leaves no one knowing more of what was hidden from the mover (the
  top of a deck an opponent drew from, a die only they saw).
"""

from __future__ import annotations

from typing import Any

from .actions import Action
from .rng import Rng
from .state import GameState

TAKEBACK_SAMPLES = 3
"""Worlds a check compares: a move that revealed a hidden card or used chance shows a different
result in at least one of them (with overwhelming odds)."""

_GONE = object()


def _new_events(state: GameState, start: int, reader: int | None) -> list[tuple[str, dict[str, Any]]]:
    return [(e.key, e.params) for e in state.events[start:] if e.visible_to(reader)]


def _diff(old: Any, new: Any, path: tuple[Any, ...], out: dict[tuple[Any, ...], Any]) -> None:
    if old == new:
        return
    if isinstance(old, dict) and isinstance(new, dict):
        for key in old.keys() | new.keys():
            if key in old and key in new:
                _diff(old[key], new[key], (*path, key), out)
            else:
                out[(*path, key)] = new.get(key, _GONE)
    elif isinstance(old, list) and isinstance(new, list):
        for i in range(max(len(old), len(new))):
            if i < len(old) and i < len(new):
                _diff(old[i], new[i], (*path, i), out)
            else:
                out[(*path, i)] = new[i] if i < len(new) else _GONE
    else:
        out[path] = new


def _change(before: dict[str, Any], after: dict[str, Any]) -> dict[tuple[Any, ...], Any]:
    """What differs between two views of one reader: each changed part with its new value (a
    list compared place by place, so a card added to a hand is one change, whatever else the
    hand holds)."""
    out: dict[tuple[Any, ...], Any] = {}
    _diff(before, after, (), out)
    return out


def reveals_nothing(before: GameState, action: Action, after: GameState) -> bool:
    """True when taking back `action` (played in `before`, giving `after`) leaves no reader
    knowing anything that was hidden from its mover: see the module's docstring."""
    mover = before.current_player
    if mover is None:
        return False
    others: list[int | None] = [p for p in range(before.num_players) if p != mover]
    others.append(None)
    start = len(before.events)
    seen = after.observation(mover)
    mover_events = _new_events(after, start, mover)
    changes = {r: _change(before.observation(r), after.observation(r)) for r in others}
    their_events = {r: _new_events(after, start, r) for r in others}
    rng = Rng(before.seed ^ len(before.history))
    for _ in range(TAKEBACK_SAMPLES):
        world = before.determinize(mover, rng)
        if action not in world.legal_actions():
            return False
        ahead = world.clone()
        ahead.apply(action)
        # a determinized log keeps only the mover's events: the move's own start from its end
        begun = len(world.events)
        if ahead.observation(mover) != seen or _new_events(ahead, begun, mover) != mover_events:
            return False
        for r in others:
            if _new_events(ahead, begun, r) != their_events[r]:
                return False
            if _change(world.observation(r), ahead.observation(r)) != changes[r]:
                return False
    return True
