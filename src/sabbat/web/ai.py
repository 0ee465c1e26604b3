"""AI seats and hints think in worker processes, so no table waits for another's AI.

Why processes: a search holds the CPU for up to seconds; in the event loop it would stall
every table's moves. A worker gets the position as a saved state and returns an action.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import threading
import time
from collections import OrderedDict
from collections.abc import Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

from sabbat import agents, games
from sabbat.agents import advice
from sabbat.core import carddata

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


HELD_UPLOADS = 8
"""Uploaded card files a worker keeps registered at once (the most recently used): each is at
most `carddata.MAX_FILE_BYTES`, so a worker's share of them stays bounded however many tables
with their own cards it has thought for."""
_held: OrderedDict[str, None] = OrderedDict()
_holding = threading.Lock()


def _hold(cards: str | None) -> None:
    """Register a table's uploaded card file in this worker, under the very name the server gave
    it (the name is the file's digest), so the saved position rebuilds with that table's cards.

    Why the text travels with each job: the upload lives in the server's memory only (never on
    disk), and a worker is another process. Registering again costs one digest of at most
    `carddata.MAX_FILE_BYTES`; the parsed cards are kept by the game's own cache of card sets."""
    if cards is None:
        return
    with _holding:
        name, new = carddata.upload(cards)
        if new or name in _held:  # one this process already had (thinking in threads) is not ours to forget
            _held[name] = None
            _held.move_to_end(name)
        while len(_held) > HELD_UPLOADS:
            carddata.forget_upload(_held.popitem(last=False)[0])


def choose(game_id: str, state_json: dict[str, Any], agent_name: str, seed: int,
           limit_s: float = MAX_THINK_S, cards: str | None = None) -> Any:
    """The agent's action (as JSON) for the player to move in the saved position; `cards` is the
    table's uploaded card file, if it plays with one."""
    _hold(cards)
    game = games.get(game_id)
    state = game.from_json(state_json)
    try:
        with _capped(limit_s):
            return agents.get(agent_name, game=game_id, seed=seed).choose(state).to_json()
    except _OverBudget:
        return agents.get("heuristic", game=game_id, seed=seed).choose(state).to_json()


def advise(game_id: str, state_json: dict[str, Any], level: str, seed: int,
           limit_s: float = MAX_THINK_S, cards: str | None = None) -> tuple[Any, float | None]:
    """The hint for the player to move: (action as JSON, estimate of their winning chance or None);
    `cards` as for `choose`."""
    _hold(cards)
    state = games.get(game_id).from_json(state_json)
    try:
        with _capped(limit_s):
            action, estimate = advice.advise(state, level, seed)
    except _OverBudget:
        action, estimate = advice.advise(state, "heuristic", seed)
    return action.to_json(), estimate


def make_pool(workers: int) -> Executor:
    """A pool of `workers` processes started fresh (never forked from the running event loop),
    each ending with the server, however the server ends."""
    return ProcessPoolExecutor(max_workers=max(1, workers), mp_context=multiprocessing.get_context("spawn"),
                               initializer=end_with_parent, initargs=(os.getpid(),))


PARENT_POLL_S = 0.5


def end_with_parent(parent: int) -> None:
    """Watch the server from inside a worker and exit as soon as it is gone.

    Why: a killed server (`kill -9`) runs no shutdown, and an idle worker waits on its task queue
    for ever, holding its memory. Once the parent dies the worker is re-parented, so its parent
    id changes; a daemon thread notices within PARENT_POLL_S, even while a search holds the worker.
    """
    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_POLL_S)
        os._exit(0)

    if os.getppid() != parent:
        os._exit(0)
    threading.Thread(target=watch, name="end-with-parent", daemon=True).start()
