"""Advice for a person: what an AI level would play, and its estimate of their winning chance.

Why one place: the terminal's `hint` and the browser's hint button give the same advice.
"""

from __future__ import annotations

from sabbat.core import Action, GameState
from sabbat.core.errors import SabbatError

from . import get


def advise(state: GameState, level: str, seed: int) -> tuple[Action, float | None]:
    """The move `level` suggests for the player to move, with the search's estimate (0..1) of
    that player's winning chance, or None where the level does not search or the move is forced."""
    try:
        adviser = get(level, state.game_id, seed=seed)
    except SabbatError:
        adviser = get("heuristic", state.game_id, seed=seed)
    analyse = getattr(adviser, "analyse", None)
    if callable(analyse) and len(state.legal_actions()) > 1:
        best = analyse(state)[0]
        return best.action, float(best.value)
    return adviser.choose(state), None
