"""Group commit: the moves of every table that arrive while one batch is being written are
written together in the next, in a thread of their own.

Why: a durable commit waits for the disk (PostgreSQL with fsync, tens of milliseconds on some
disks). Done in the event loop, one table's commit would stall every other table; done one move
at a time, the disk's flush rate would cap the whole server's moves a second. Batched off the
loop, each move still waits for its own commit before anyone hears of it, and a busy server
commits more moves per flush instead of queueing them.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

from .store import LogRow, Store


class GroupCommit:
    """Commits log rows for the event loop; `await append(row)` returns once it is durable."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.writer = ThreadPoolExecutor(1, thread_name_prefix="sabbat-commit")
        self.waiting: list[tuple[LogRow, asyncio.Future[None]]] = []
        self.draining = False

    async def append(self, row: LogRow) -> None:
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        self.waiting.append((row, done))
        if not self.draining:
            self.draining = True
            loop.create_task(self._drain())
        await done

    async def _drain(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            while self.waiting:
                batch, self.waiting = self.waiting, []
                try:
                    await loop.run_in_executor(self.writer, self.store.append_many, [row for row, _ in batch])
                except Exception:  # one refused row must not fail the others: write them one by one
                    for row, done in batch:
                        try:
                            await loop.run_in_executor(self.writer, self.store.append_many, [row])
                        except Exception as exc:
                            done.set_exception(exc)
                        else:
                            done.set_result(None)
                else:
                    for _, done in batch:
                        done.set_result(None)
        finally:
            self.draining = False

    def close(self) -> None:
        self.writer.shutdown(wait=True)
