"""The end of the game: points, winners and the days played, read from the position."""

from __future__ import annotations

from .model import Position
from .rules import OVER_PHASE


def scores(s: Position) -> list[float]:
    """The rulebook's points: each lord's total chest value (whole numbers)."""
    return [s.total_value(p) for p in range(s.num_players)]


def visible_scores(s: Position, viewer: int | None) -> list[float | None]:
    """Chest values are secret: a lord knows its own total and nobody else's before the end."""
    return [s.total_value(p) if p == viewer else None for p in range(s.num_players)]


def winners(s: Position) -> list[int]:
    """The richest lords; among equals the ones with more chests; still equal: a shared win."""
    if s.phase is not OVER_PHASE:
        return []
    keys = [(s.total_value(p), len(s.chests[p])) for p in range(s.num_players)]
    best = max(keys)
    return [p for p, k in enumerate(keys) if k == best]


def days_played(s: Position) -> int:
    """Days begun so far (the day counter moves past `max_days` when the safety cap ends the game)."""
    return min(s.day, s.max_days)
