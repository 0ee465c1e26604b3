"""Group commit: many tables' moves share a transaction, off the event loop, each acknowledged
only once durable; a refused move fails alone. Runs on SQLite and a real PostgreSQL."""

from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path

from sabbat.web.commits import GroupCommit
from sabbat.web.store import LogRow, Store
from tests.support.aio import run_async

from .helpers import Direct


class CountingStore(Store):
    """A real store that also records each batch it is asked to write, and can be made slow."""

    def __init__(self, db: str) -> None:
        super().__init__(db)
        self.batches: list[int] = []
        self.delay = 0.0
        self.threads: set[str] = set()

    def append_many(self, rows: list[LogRow]) -> None:
        self.threads.add(threading.current_thread().name)
        time.sleep(self.delay)
        super().append_many(rows)
        self.batches.append(len(rows))


def _tables(store: Store, tmp_path: Path, n: int) -> list[str]:
    service = Direct(store)
    return [service.create({"game": "mystic_vale", "players": 2,
                            "seats": [{"kind": "human"}, {"kind": "human"}]})[0].id for _ in range(n)]


def test_moves_of_many_tables_share_commits_off_the_event_loop(db_url: str, tmp_path: Path) -> None:
    store = CountingStore(db_url)
    ids = _tables(store, tmp_path, 30)
    commits = GroupCommit(store)
    store.delay = 0.05
    ticks = 0

    async def ticker() -> None:  # the loop keeps running while batches are written
        nonlocal ticks
        while True:
            await asyncio.sleep(0.005)
            ticks += 1

    async def main() -> None:
        tick = asyncio.create_task(ticker())
        await asyncio.gather(*(commits.append(LogRow(t, 0, {"kind": "x"}, 0, f"m{t}", None)) for t in ids))
        tick.cancel()

    run_async(main())
    commits.close()
    assert sum(store.batches) == 30 and len(store.batches) < 30  # batched: fewer commits than moves
    assert store.threads == {"sabbat-commit_0"}
    assert ticks >= 5
    logs = Store(db_url).load_all()
    assert sorted(len(r.actions) for r in logs) == [1] * 30


def test_a_refused_move_fails_alone(db_url: str, tmp_path: Path) -> None:
    store = CountingStore(db_url)
    a, b = _tables(store, tmp_path, 2)
    store.append_many([LogRow(a, 0, {"kind": "x"}, 0, "first", None)])
    commits = GroupCommit(store)

    async def main() -> list[BaseException | None]:
        return await asyncio.gather(
            commits.append(LogRow(a, 0, {"kind": "again"}, 1, "dup", None)),  # index 0 of table a is taken
            commits.append(LogRow(b, 0, {"kind": "y"}, 0, "ok", "finished")),
            return_exceptions=True)

    results = run_async(main())
    commits.close()
    assert isinstance(results[0], Exception) and results[1] is None
    rows = {r.id: r for r in Store(db_url).load_all()}
    assert [m[2] for m in rows[a].actions] == ["first"] and rows[b].status == "finished"


def test_nothing_is_acknowledged_before_its_commit(db_url: str, tmp_path: Path) -> None:
    store = CountingStore(db_url)
    (t,) = _tables(store, tmp_path, 1)
    commits = GroupCommit(store)
    store.delay = 0.2

    async def main() -> float:
        start = time.monotonic()
        await commits.append(LogRow(t, 0, {"kind": "x"}, 0, "m", None))
        return time.monotonic() - start

    waited = run_async(main())
    commits.close()
    assert waited >= 0.2 and store.batches == [1]
