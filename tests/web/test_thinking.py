"""The AI workers' queue is fair: a hint flood cannot hold back another table's AI move.

The pool here is a fake whose jobs finish only when the test says so, so the bound is counted in
jobs run, not in seconds of a loaded machine.
"""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from typing import Any

from sabbat.web.thinking import Thinking
from tests.support.aio import run_async


class _Held(Executor):
    """Runs nothing until told: `finish()` completes the oldest job that started."""

    def __init__(self) -> None:
        self.started: list[tuple[Any, Future[Any]]] = []
        self.open: list[tuple[Any, Future[Any]]] = []

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        self.started.append((args[0], future))
        self.open.append((args[0], future))
        return future

    def finish(self) -> Any:
        name, future = self.open.pop(0)
        future.set_result(name)
        return name


def _job(name: str) -> tuple[Any, tuple[Any, ...]]:
    return (lambda n: n), (name,)


async def _settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


def test_a_hint_flood_delays_another_tables_ai_move_by_at_most_one_job_per_worker() -> None:
    async def scenario() -> int:
        pool = _Held()
        thinking = Thinking(pool, workers=2)
        got: list[Any] = []
        done = lambda result, error: got.append(result)  # noqa: E731
        for i in range(300):  # one connection asking for hints as fast as it can
            thinking.hint("flooder", *_job(f"flood{i}"), done)
        for c in range(40):  # and forty others asking once each
            thinking.hint(f"asker{c}", *_job(f"hint{c}"), done)
        thinking.move("bystander", *_job("ai-move"), done)
        ran_before = 0
        while "ai-move" not in [name for name, _ in pool.started]:
            pool.finish()
            ran_before += 1
            await _settle()
        return ran_before

    # two jobs were running when the AI move arrived; the lines take turns for each free worker
    assert run_async(scenario()) <= 2


def test_hints_leave_a_worker_for_ai_moves() -> None:
    async def scenario() -> list[str]:
        pool = _Held()
        thinking = Thinking(pool, workers=2)
        done = lambda result, error: None  # noqa: E731
        for c in range(5):  # hints that would fill both workers, each a long search
            thinking.hint(f"asker{c}", *_job(f"hint{c}"), done)
        await _settle()
        thinking.move("bystander", *_job("ai-move"), done)
        await _settle()
        return [name for name, _ in pool.open]

    # one hint runs; the other worker was free, so the AI move started at once
    assert run_async(scenario()) == ["hint0", "ai-move"]


def test_a_newer_hint_replaces_the_older_one_and_a_dropped_connection_s_hint_is_cancelled() -> None:
    async def scenario() -> tuple[list[Any], list[str]]:
        pool = _Held()
        thinking = Thinking(pool, workers=1)
        got: list[Any] = []
        done = lambda result, error: got.append(result)  # noqa: E731
        thinking.move("t1", *_job("busy"), done)  # holds the only worker
        thinking.hint("alice", *_job("alice-old"), done)
        thinking.hint("alice", *_job("alice-new"), done)
        thinking.hint("bob", *_job("bob"), done)
        thinking.cancel("bob")  # bob's connection closed before his hint ran
        while pool.open or thinking.waiting():
            pool.finish()
            await _settle()
        return got, [name for name, _ in pool.started]

    got, started = run_async(scenario())
    assert started == ["busy", "alice-new"]
    assert got == ["busy", "alice-new"]


def test_a_running_hint_s_answer_is_dropped_when_replaced_or_its_connection_goes() -> None:
    async def scenario() -> list[Any]:
        pool = _Held()
        thinking = Thinking(pool, workers=2)
        got: list[Any] = []
        done = lambda result, error: got.append(result)  # noqa: E731
        thinking.hint("alice", *_job("alice-old"), done)
        thinking.hint("bob", *_job("bob"), done)
        thinking.hint("alice", *_job("alice-new"), done)  # while alice-old runs
        thinking.cancel("bob")  # while bob's runs
        while pool.open or thinking.waiting():
            pool.finish()
            await _settle()
        return got

    assert run_async(scenario()) == ["alice-new"]


def test_a_job_that_ends_after_the_server_stopped_starts_nothing_and_delivers_nothing() -> None:
    """A stopping server shuts its pool while an AI search runs: when the search ends, the queue
    neither submits the next job to the closed pool (which raised, logged as a traceback) nor
    hands the answer to a table already handed over."""
    async def scenario() -> tuple[list[Any], list[Any]]:
        loop_errors: list[Any] = []
        asyncio.get_running_loop().set_exception_handler(lambda _loop, context: loop_errors.append(context))
        release = threading.Event()
        pool = ThreadPoolExecutor(1)
        thinking = Thinking(pool, workers=1)
        got: list[Any] = []
        done = lambda result, error: got.append((result, error))  # noqa: E731
        thinking.move("t1", lambda: release.wait(5) and "late", (), done)
        thinking.move("t2", *_job("never"), done)
        thinking.close()
        pool.shutdown(wait=False, cancel_futures=True)
        thinking.move("t3", *_job("after"), done)
        release.set()
        for _ in range(100):
            if thinking.running == 0:
                break
            await asyncio.sleep(0.02)
        await _settle()
        return got, loop_errors

    got, loop_errors = run_async(scenario())
    assert loop_errors == []
    assert got == []


def test_a_hint_tells_its_asker_the_seconds_it_held_a_worker_and_an_ai_move_does_not() -> None:
    """Worker time a hint used is charged to its asker, also when a newer hint replaced it; an AI
    move's time counts towards its table's creator in the AI line instead."""
    async def scenario() -> tuple[list[float], list[Any]]:
        now = [100.0]
        pool = _Held()
        thinking = Thinking(pool, workers=2, clock=lambda: now[0])
        spent: list[float] = []
        got: list[Any] = []
        done = lambda result, error: got.append(result)  # noqa: E731
        thinking.hint("asker", *_job("first"), done, spent=spent.append)
        thinking.move("table", *_job("ai"), done)
        now[0] += 2.5
        thinking.hint("asker", *_job("second"), done, spent=spent.append)  # waits: the first still runs
        pool.finish()  # the first hint: replaced, so its answer is dropped, but its time was used
        await _settle()
        now[0] += 1.0
        pool.finish()  # the AI move
        await _settle()
        now[0] += 0.5
        pool.finish()  # the second hint
        await _settle()
        return spent, got

    spent, got = run_async(scenario())
    assert spent == [2.5, 1.5]  # the second started when the first ended
    assert got == ["ai", "second"]
