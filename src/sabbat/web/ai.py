"""AI seats and hints think in worker processes, so no table waits for another's AI.

Why processes: a search holds the CPU for up to seconds; in the event loop it would stall
every table's moves. A worker gets the position as a saved state and returns an action.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import signal
import threading
from collections.abc import Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

from sabbat import agents, games
from sabbat.agents import advice

MAX_THINK_S = 5.0
"""The longest the server lets one AI move or hint think, whatever budget its agent names: past
it the game's heuristic player decides instead, so no agent holds a worker for long."""


class _OverBudget(Exception):
    pass


@contextlib.contextmanager
def _capped(seconds: float) -> Iterator[None]:
    """Stop the work inside after `seconds` of wall time (a worker process's main thread only:
    elsewhere, as in tests that think in threads, it runs unbounded)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(*_: Any) -> None:
        raise _OverBudget

    before = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, before)


def choose(game_id: str, state_json: dict[str, Any], agent_name: str, seed: int,
           limit_s: float = MAX_THINK_S) -> Any:
    """The agent's action (as JSON) for the player to move in the saved position."""
    game = games.get(game_id)
    state = game.from_json(state_json)
    try:
        with _capped(limit_s):
            return agents.get(agent_name, game=game_id, seed=seed).choose(state).to_json()
    except _OverBudget:
        return agents.get("heuristic", game=game_id, seed=seed).choose(state).to_json()


def advise(game_id: str, state_json: dict[str, Any], level: str, seed: int,
           limit_s: float = MAX_THINK_S) -> tuple[Any, float | None]:
    """The hint for the player to move: (action as JSON, estimate of their winning chance or None)."""
    state = games.get(game_id).from_json(state_json)
    try:
        with _capped(limit_s):
            action, estimate = advice.advise(state, level, seed)
    except _OverBudget:
        action, estimate = advice.advise(state, "heuristic", seed)
    return action.to_json(), estimate


def make_pool(workers: int) -> Executor:
    """A pool of `workers` processes started fresh (never forked from the running event loop)."""
    return ProcessPoolExecutor(max_workers=max(1, workers), mp_context=multiprocessing.get_context("spawn"))
