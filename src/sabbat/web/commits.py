"""Group commit: every write of the tables, off the event loop, in one writer thread, in order;
the moves of every table that arrive while one batch is being written are written together.

Why: a durable commit waits for the disk (PostgreSQL with fsync, tens of milliseconds on some
disks). Done in the event loop, one table's commit would stall every other table; done one move
at a time, the disk's flush rate would cap the whole server's moves a second. Batched off the
loop, each move still waits for its own commit before anyone hears of it, and a busy server
commits more moves per flush instead of queueing them. The other writes (a new table, a seat
claimed or renamed, an undo, an expiry) go through the same thread, so each table's writes
reach the database in the order the authority made them.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from .store import LogRow, Store

T = TypeVar("T")
Write = LogRow | Callable[[], Any]


class GroupCommit:
    """Writes for the event loop: `await append(row)` returns once a move is durable, `await
    write(fn)` once `fn` (a store write) has run in the writer thread."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.writer = ThreadPoolExecutor(1, thread_name_prefix="sabbat-commit")
        self.waiting: list[tuple[Write, asyncio.Future[Any]]] = []
        self.draining = False

    async def append(self, row: LogRow) -> None:
        await self._queue(row)

    async def write(self, fn: Callable[[], T]) -> T:
        result: T = await self._queue(fn)
        return result

    async def _queue(self, item: Write) -> Any:
        loop = asyncio.get_running_loop()
        done: asyncio.Future[Any] = loop.create_future()
        self.waiting.append((item, done))
        if not self.draining:
            self.draining = True
            loop.create_task(self._drain())
        return await done

    async def _drain(self) -> None:
        try:
            while self.waiting:
                batch, self.waiting = self.waiting, []
                rows: list[tuple[LogRow, asyncio.Future[Any]]] = []
                for item, done in batch:  # consecutive moves share a transaction; another write runs alone
                    if isinstance(item, LogRow):
                        rows.append((item, done))
                        continue
                    await self._moves(rows)
                    rows = []
                    await self._run(item, done)
                await self._moves(rows)
        finally:
            self.draining = False

    async def _moves(self, rows: list[tuple[LogRow, asyncio.Future[Any]]]) -> None:
        if not rows:
            return
        loop = asyncio.get_running_loop()
        try:
            await loop.run_in_executor(self.writer, self.store.append_many, [row for row, _ in rows])
        except Exception:  # one refused row must not fail the others: write them one by one
            for row, done in rows:
                await self._run(lambda row=row: self.store.append_many([row]), done)  # type: ignore[misc]
        else:
            for _, done in rows:
                done.set_result(None)

    async def _run(self, fn: Callable[[], Any], done: asyncio.Future[Any]) -> None:
        try:
            result = await asyncio.get_running_loop().run_in_executor(self.writer, fn)
        except Exception as exc:
            done.set_exception(exc)
        else:
            done.set_result(result)

    def close(self) -> None:
        self.writer.shutdown(wait=True)
