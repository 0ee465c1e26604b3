"""The AI workers' queue: AI moves and hints wait in their own lines, served in turn.

Why not the pool's own first-come line: one client asking for hints as fast as it can would put
every other table's AI move behind its backlog. Here a table has at most one AI move waiting and
a connection at most one hint (a newer one replaces it; it is dropped when its connection goes),
the two lines take turns for each free worker, and within a line each table or connection waits
its turn in the order it first asked. Hints never hold every worker: with two or more, one is
always left for AI moves, so a table's AI never waits behind a hint's whole search.

AI moves are served by who asked for them: each job names its table's creator (a client address),
and the next AI move is that of the creator who used the workers least lately (seconds of search,
fading over USE_FADE_S). Why: one address's many tables of AI players would otherwise each take a
turn as long as anyone's table, and another person's AI would wait behind all of them. And a
table where nobody plays (AI players alone) never holds every worker, as hints do not: with two
or more, one is kept for the tables where a person waits for the AI.
"""

from __future__ import annotations

import asyncio
import functools
import math
import time
from collections.abc import Callable, Hashable
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

USE_FADE_S = 60.0
"""How long a creator's past use of the workers weighs in the AI line (it fades by e each time)."""
KEEP = 4096
"""Creators whose use is remembered before those whose use has faded to nothing are forgotten."""

Done = Callable[[Any, BaseException | None], None]
"""Called on the event loop with the job's result, or the exception it raised."""


@dataclass(eq=False)
class Job:
    line: str
    key: Hashable
    fn: Callable[..., Any]
    args: tuple[Any, ...]
    done: Done
    owner: str | None = None
    """Whose use of the workers this job counts as (an AI move's table creator)."""
    unwatched: bool = False
    """An AI move of a table where no person plays: it never takes the last free worker."""
    started: float = 0.0
    spent: Callable[[float], object] | None = None
    """Told the seconds the job held a worker, once it ends (a hint's asker pays for them)."""


class Thinking:
    """At most `workers` jobs in the pool at once; the rest wait in two fair lines."""

    def __init__(self, pool: Executor, workers: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.pool = pool
        self.clock = clock
        self.used: dict[str | None, tuple[float, float]] = {}
        """Per creator, the seconds of AI search its tables used (fading) and when last counted."""
        self.workers = max(1, workers)
        self.lines: dict[str, dict[Hashable, Job]] = {"move": {}, "hint": {}}
        self.latest: dict[Hashable, Job] = {}
        """Per key, the job whose answer is still wanted (a replaced or cancelled one's is not)."""
        self.running = 0
        self.hints_running = 0
        self.unwatched_running = 0
        self.hint_workers = max(1, self.workers - 1)
        """Workers hints may hold at once, and so may tables of AI players alone (one is kept for
        the AI moves a person waits for where there are two or more)."""
        self.turn = "move"
        self.closed = False

    def move(self, table_id: str, fn: Callable[..., Any], args: tuple[Any, ...], done: Done,
             owner: str | None = None, unwatched: bool = False) -> None:
        """An AI move for a table (a table never asks for two at once) created by `owner`;
        `unwatched`: no person plays at the table."""
        self._put("move", ("move", table_id), Job("move", ("move", table_id), fn, args, done, owner, unwatched))

    def use(self, owner: str | None) -> float:
        """Seconds of AI search the owner's tables used lately (faded by their age)."""
        seconds, at = self.used.get(owner, (0.0, 0.0))
        return seconds * math.exp(-(self.clock() - at) / USE_FADE_S) if seconds else 0.0

    def hint(self, asker: Hashable, fn: Callable[..., Any], args: tuple[Any, ...], done: Done,
             spent: Callable[[float], object] | None = None) -> None:
        """A hint for a connection: replaces the one it asked before, waiting or running; `spent`
        is told the seconds it held a worker (also when its answer is no longer wanted)."""
        self._put("hint", ("hint", asker), Job("hint", ("hint", asker), fn, args, done, spent=spent))

    def cancel(self, asker: Hashable) -> None:
        """The connection is gone: its hint is not run, or its answer not delivered."""
        key = ("hint", asker)
        self.lines["hint"].pop(key, None)
        self.latest.pop(key, None)

    def close(self) -> None:
        """The server is stopping: nothing more starts (the pool takes no new work once shut down)
        and no answer is delivered late, to a table already handed over."""
        self.closed = True
        for line in self.lines.values():
            line.clear()
        self.latest.clear()

    def waiting(self) -> int:
        return sum(len(line) for line in self.lines.values())

    def _put(self, line: str, key: Hashable, job: Job) -> None:
        if self.closed:
            return
        self.lines[line][key] = job  # a newer job takes the older one's place in the line
        self.latest[key] = job
        self._pump()

    def _pump(self) -> None:
        while self.running < self.workers and not self.closed:
            job = self._next()
            if job is None:
                return
            self.running += 1
            self.hints_running += job.line == "hint"
            self.unwatched_running += job.unwatched
            job.started = self.clock()
            future = asyncio.wrap_future(self.pool.submit(job.fn, *job.args))
            future.add_done_callback(functools.partial(self._finished, job))

    def _next(self) -> Job | None:
        """The next job: the line whose turn it is, else the other; in the hint line the first
        key, in the AI line that of the creator who used the workers least lately."""
        other = "hint" if self.turn == "move" else "move"
        for line in (self.turn, other):
            queue = self.lines[line]
            if line == "hint":
                key = next(iter(queue), None) if self.hints_running < self.hint_workers else None
            else:
                unwatched_ok = self.hints_running + self.unwatched_running < self.hint_workers
                key = min((k for k, job in queue.items() if unwatched_ok or not job.unwatched),
                          key=lambda k: self.use(queue[k].owner), default=None)
            if key is not None:
                self.turn = other if line == self.turn else self.turn
                return queue.pop(key)
        return None

    def _count(self, owner: str | None, seconds: float) -> None:
        """Add a job's seconds to its owner's use (forgetting those whose use has faded away)."""
        if len(self.used) >= KEEP:
            self.used = {o: u for o, u in self.used.items() if self.use(o) > 0.01}
        self.used[owner] = (self.use(owner) + seconds, self.clock())

    def _finished(self, job: Job, future: asyncio.Future[Any]) -> None:
        self.running -= 1
        self.hints_running -= job.line == "hint"
        self.unwatched_running -= job.unwatched
        seconds = self.clock() - job.started
        if job.line == "move":
            self._count(job.owner, seconds)
        elif job.spent is not None:
            job.spent(seconds)
        try:
            if self.latest.get(job.key) is job:
                del self.latest[job.key]
                error = asyncio.CancelledError() if future.cancelled() else future.exception()
                job.done(None if error is not None else future.result(), error)
        finally:
            self._pump()
