"""AI seats and hints think in worker processes, so no table waits for another's AI.

Why processes: a search holds the CPU for up to seconds; in the event loop it would stall
every table's moves. A worker gets the position as a saved state and returns an action.
"""

from __future__ import annotations

import multiprocessing
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

from sabbat import agents, games
from sabbat.agents import advice


def choose(game_id: str, state_json: dict[str, Any], agent_name: str, seed: int) -> Any:
    """The agent's action (as JSON) for the player to move in the saved position."""
    game = games.get(game_id)
    state = game.from_json(state_json)
    bot = agents.get(agent_name, game=game_id, seed=seed)
    return bot.choose(state).to_json()


def advise(game_id: str, state_json: dict[str, Any], level: str, seed: int) -> tuple[Any, float | None]:
    """The hint for the player to move: (action as JSON, estimate of their winning chance or None)."""
    state = games.get(game_id).from_json(state_json)
    action, estimate = advice.advise(state, level, seed)
    return action.to_json(), estimate


def make_pool(workers: int) -> Executor:
    """A pool of `workers` processes started fresh (never forked from the running event loop)."""
    return ProcessPoolExecutor(max_workers=max(1, workers), mp_context=multiprocessing.get_context("spawn"))
