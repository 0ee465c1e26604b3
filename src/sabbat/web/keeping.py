"""Which tables are in memory: those in play, loaded at start while the port is already open, and
a finished (or expired) one only while somebody looks at it.

Why: a table is rebuilt by replaying its whole log, and a site's history grows without end while
the tables in play stay few. Start-up and memory follow the tables in play: a finished game is
replayed when someone asks for it (its page, its replay, its log) and forgotten once nobody has
asked for `keep_s` seconds. Loading runs in a thread, a few tables at a time, so the event loop
answers meanwhile; a request for a table not loaded yet loads it at once and waits for it (at
most LOAD_WAIT_S, then a clear "loading, retry", never a 500).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections.abc import Collection
from functools import partial
from typing import Any, Protocol

from . import loading, lobby, rowcheck
from .commits import GroupCommit
from .limits import KEEP_S
from .ownership import Leases
from .rejected import Rejected
from .store import DORMANT, Store, TableRow
from .table import Table
from .tables import TableService

log = logging.getLogger("sabbat.web")

LOAD_WAIT_S = 10.0
"""How long a request waits for its table to load before it is told to retry."""
CHUNK = 16
"""Tables rebuilt per turn of the start-up loader: the event loop answers between turns."""
TABLE_ID = re.compile(r"[0-9a-zA-Z_-]{1,32}")
"""What a table id may look like: anything else is unknown without asking the database."""


class Owner(Protocol):
    """What the keeper needs of the table authority (`authority.Authority`): its tables, store,
    leases and writer, and how a table is taken over, announced and let go."""

    service: TableService
    store: Store
    leases: Leases | None
    commits: GroupCommit

    def lock(self, table_id: str) -> asyncio.Lock: ...

    def take(self, table_id: str) -> tuple[list[TableRow], dict[str, int]]: ...

    def taken(self) -> None: ...

    def forgotten(self, tables: list[Table]) -> None: ...


class Keeper:
    """Loads tables into the service's memory and forgets finished ones nobody looks at."""

    def __init__(self, authority: Owner, keep_s: float = KEEP_S) -> None:
        self.authority = authority
        self.service = authority.service
        self.store = authority.store
        self.keep_s = keep_s
        self.pending: set[str] = set()
        """Tables in play the start-up loader has not loaded yet."""
        self.fences: dict[str, int] = {}
        """The lease token of each pending table (PostgreSQL): taken at start, used once loaded."""
        self.todo: list[str] = []
        """The tables in play at start, oldest first: the loader's order."""
        self.loaded = asyncio.Event()
        """Set once every table in play is loaded (readiness)."""
        self.fetching: dict[str, asyncio.Future[Table]] = {}
        self.loads = 0
        """Tables rebuilt from their logs by this process (the start-up loader's and on request)."""
        self.forgotten = 0

    # ----- start-up ------------------------------------------------------------------------
    def expect(self) -> int:
        """Note which tables are in play (one quick query, before the port opens); returns how
        many. On PostgreSQL only those whose lease was free, taken now for this process."""
        leases = self.authority.leases
        live = [t for t in self.store.live_ids() if t not in self.service.tables]
        if leases is not None:
            self.fences = leases.take(live)
            live = [t for t in live if t in self.fences]
        self.todo = live
        self.pending = set(self.todo)
        if not self.pending:
            self.loaded.set()
        return len(self.pending)

    async def load_live(self) -> None:
        """Rebuild every pending table, CHUNK at a time in a thread, putting each in place as it
        is ready; a table someone asked for meanwhile was already loaded on its own."""
        todo = self.todo
        try:
            for start in range(0, len(todo), CHUNK):
                ids = [t for t in todo[start:start + CHUNK] if t in self.pending]
                if ids:
                    await self._load(ids)
        except Exception:
            log.exception("loading the tables in play failed; each loads when asked for")
        finally:
            self.loaded.set()
            log.info("tables in play loaded: %d in memory", len(self.service.tables))

    async def _load(self, ids: list[str]) -> list[Table]:
        """Load pending tables (their leases taken at start): one whose lease ended meanwhile
        (another process took it) is left to its new owner."""
        leases = self.authority.leases
        if leases is not None:
            ids = [t for t in ids if leases.valid(t)]
        rows = await asyncio.to_thread(self.store.load_rows, ids) if ids else []
        added = await self._build(rows, {t: self.fences[t] for t in ids if t in self.fences})
        self.pending.difference_update(ids)
        for table_id in ids:
            self.fences.pop(table_id, None)
        return added

    async def _build(self, rows: list[TableRow], fences: dict[str, int]) -> list[Table]:
        """Rebuild stored tables in a thread, put in place on the loop (their listeners live here)."""
        built = await asyncio.to_thread(loading.load_all, rows, self.service.clock,
                                        self.service.agents)
        self.loads += len(rows)
        await self._forget_creators(rows, *built)
        return self.service.put(*built, fences)

    async def _forget_creators(self, rows: list[TableRow], tables: dict[str, Table], unloadable: dict[str, str]) -> None:
        """Clear the stored creator of each table that will not be played (stopped: its log does not
        replay; or its game is gone): it no longer counts toward its address's caps, and the address
        is not kept for a table not in play. A row refused by `rowcheck` is left as it was."""
        idle = [r.id for r in rows if r.creator is not None and (
            (r.id in tables and tables[r.id].stopped is not None)
            or (r.id in unloadable and not unloadable[r.id].startswith(loading.REFUSED)))]
        if idle:
            try:
                await self.authority.commits.write(partial(self.store.forget_creators, idle))
            except Exception:
                log.exception("could not clear the creators of %d tables not played", len(idle))

    async def settled(self) -> None:
        """Wait (at most LOAD_WAIT_S) until every table in play is loaded: a lobby listed just
        after a restart lists them all."""
        if not self.loaded.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.loaded.wait(), LOAD_WAIT_S)

    # ----- on request ----------------------------------------------------------------------
    async def fetch(self, table_id: Any) -> Table:
        """The table, loading it first if it is not in memory; Rejected `unknown_table` if there
        is none, `loading` if it takes longer than LOAD_WAIT_S."""
        service = self.service
        table = service.tables.get(table_id) if isinstance(table_id, str) else None
        if table is not None:
            table.touched = service.clock()
            return table
        if not isinstance(table_id, str) or not TABLE_ID.fullmatch(table_id) or table_id in service.unloadable:
            raise Rejected("unknown_table", table=str(table_id)[:40])
        future = self.fetching.get(table_id)
        if future is None:
            future = self.fetching[table_id] = asyncio.ensure_future(self._fetch(table_id))
            future.add_done_callback(lambda f: self._fetched(table_id, f))
        try:
            return await asyncio.wait_for(asyncio.shield(future), LOAD_WAIT_S)
        except TimeoutError:
            raise Rejected("loading") from None

    def _fetched(self, table_id: str, future: asyncio.Future[Table]) -> None:
        """Forget a finished load; its refusal is every waiter's (none may be left to hear it)."""
        self.fetching.pop(table_id, None)
        if not future.cancelled():
            future.exception()

    async def _fetch(self, table_id: str) -> Table:
        authority = self.authority
        if authority.leases is None or table_id in self.pending:
            await self._load([table_id])
        else:
            async with authority.lock(table_id):
                if table_id not in self.service.tables:
                    rows, fences = await authority.commits.write(partial(authority.take, table_id))
                    await self._build(rows, fences)
                    if fences:
                        log.info("took over table %s (lease token %d)", table_id, fences[table_id])
                        authority.taken()
        table = self.service.tables.get(table_id)
        if table is None:
            raise Rejected("unknown_table", table=table_id)
        return table

    # ----- forgetting ----------------------------------------------------------------------
    def forget_idle(self, busy: Collection[str]) -> int:
        """Drop from memory the finished and expired tables nobody asked for in `keep_s` seconds
        and nobody is connected to (`busy`: table ids with connections); returns how many."""
        now = self.service.clock()
        tables = self.service.tables
        idle = [t for t in tables.values()
                if t.status in DORMANT and now - t.touched > self.keep_s and t.id not in busy]
        for table in idle:
            del tables[table.id]
        self.authority.forgotten([t for t in idle if t.fence is not None])
        self.forgotten += len(idle)
        return len(idle)

    async def finished(self) -> list[dict[str, Any]]:
        """The lobby's `finished` list from the database (most of those games are not in memory);
        `version` is each game's number of moves, the replay's `total_steps`."""
        rows = await asyncio.to_thread(self.store.finished, lobby.LISTED)
        listed = []
        for row, moves in rows:
            table = self.service.tables.get(row.id)
            if table is None:
                try:
                    rowcheck.check_row(row, self.service.agents)
                except rowcheck.BadRow:
                    continue  # refused at load too (`loading`): listed nowhere
                listed.append(lobby.stored_row(row, moves))
            elif table.status == "finished":  # else its log no longer replays: listed as stopped
                listed.append({**table.row(), "version": table.version})
        return listed

