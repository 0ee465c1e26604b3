"""The table authority: the one place a table changes for good. Each change is checked
(`tables`), written off the event loop (`commits`, under the table's lease on PostgreSQL), and
put in place only once the write is durable; then every reader hears of it (`hub`).

Why here and not in the fan-out: which process owns a table, in which order its writes go and
what happens when the database refuses one are the same question for a move, a new table, a
claimed seat, a name, an undo and an expiry. The hub only turns changes into views.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any, TypeVar

import orjson

from . import creators
from .cardcheck import CardChecks
from .commits import GroupCommit
from .fair import Shares
from .keeping import Keeper
from .limits import KEEP_S
from .metrics import Metrics
from .ownership import RENEW_S, Leases
from .rejected import Rejected
from .seatkeys import Rekey
from .store import Fenced, Store, TableRow
from .table import Move, NewTable, Table, hash_token
from .tables import TableService

log = logging.getLogger("sabbat.web")
LOBBY_READ_S = 1.0
"""How long the other processes' lobby rows are used before they are read again."""
T = TypeVar("T")
Put = Callable[[Callable[[], T]], T]
"""How a change is put in place: at once, or by the hub with the mover's acknowledgement first."""


def _now(change: Callable[[], T]) -> T:
    return change()


class Authority:
    """Every write of this process's tables, each table's in arrival order (one lock per table)."""

    def __init__(self, service: TableService, store: Store, leases: Leases | None = None,
                 keep_s: float = KEEP_S, shares: Shares | None = None) -> None:
        self.service = service
        self.store = store
        self.leases = leases
        self.commits = GroupCommit(store)
        self.locks: dict[str, asyncio.Lock] = {}
        self.lost: list[Callable[[Table], None]] = []
        """Told of each table this process gives up (its lease ended): the hub closes its readers."""
        self.revoked: list[Callable[[Table, int], None]] = []
        """Told of each seat whose token changed: the hub closes the connections opened with the old one."""
        self.renewer = ThreadPoolExecutor(1, thread_name_prefix="sabbat-lease")
        self.tasks: set[asyncio.Task[Any]] = set()
        self.published: dict[str, int] = {}
        """The revision of each owned table whose lobby row the other processes have."""
        self.elsewhere: tuple[float, list[dict[str, Any]]] = (float("-inf"), [])
        """When the other processes' lobby rows were read, and the rows."""
        self.metrics = Metrics()
        """The moves this process put in place (`/metrics`)."""
        self.keeper = Keeper(self, keep_s)
        """Which tables are in memory: loaded at start, on request, forgotten when idle."""
        self.cards = CardChecks(shares)
        """Card files sent with new tables, checked off the event loop and paid for by their senders."""

    def lock(self, table_id: str) -> asyncio.Lock:
        lock = self.locks.get(table_id)
        if lock is None:
            lock = self.locks[table_id] = asyncio.Lock()
        return lock

    # ----- finding a table -----------------------------------------------------------
    async def find(self, table_id: str) -> Table:
        """The table: loaded first if it is not in memory (`keeping`), taken over first on
        PostgreSQL if it is in play and its lease free (its owner died or gave it up); `moving`
        while another process still owns it."""
        table = self.service.tables.get(table_id) if isinstance(table_id, str) else None
        if table is None:
            return await self.keeper.fetch(table_id)
        self.owned(table)
        table.touched = self.service.clock()
        return table

    def take(self, table_id: str) -> tuple[list[TableRow], dict[str, int]]:
        """In the writer thread: take the table's lease if free, and read it; a table no longer in
        play (finished, expired) is read without a lease. Returns its row (none: unknown) and lease."""
        assert self.leases is not None
        fences = self.leases.take([table_id])
        if not fences:
            status = self.leases.exists(table_id)
            if status is None:
                return [], {}  # unknown: `get` says so
            if status == "playing":  # another process holds it: ask it to hand the table over here
                self.leases.ask_for(table_id)
                raise Rejected("moving")
        return self.store.load_rows([table_id]), fences

    def taken(self) -> None:
        """A table was taken over: the other lobbies hear of its new owner at once."""
        self.background(self._publish())

    def forgotten(self, tables: list[Table]) -> None:
        """Free the leases of finished tables dropped from memory (`keeping`): nobody renews
        a lease for a table nobody holds."""
        if self.leases is not None and tables:
            self.background(self._release([t.id for t in tables]))

    async def _release(self, ids: list[str]) -> None:
        assert self.leases is not None
        await asyncio.get_running_loop().run_in_executor(self.renewer, self.leases.release, ids)

    def owned(self, table: Table) -> None:
        """Refuse with `moving` once this process's lease on the table may have ended (it was
        paused or cut off from the database past it): it gives the table up rather than serve
        it stale, and with it every other table whose lease ran out."""
        if self.leases is not None and table.fence is not None and not self.leases.valid(table.id):
            self.lapse("lease ran out")
            raise Rejected("moving")

    def lapse(self, why: str) -> None:
        """Give up every table whose lease may have ended without a renewal."""
        assert self.leases is not None
        gone = set(self.leases.lapsed())
        self.give_up([t for t in self.service.tables.values() if t.fence is not None and t.id in gone], why)

    # ----- changes ---------------------------------------------------------------------
    async def create(self, spec: Any, client: str | None) -> tuple[Table, dict[int, str]]:
        """A new table, owned here (its lease is written with it on PostgreSQL)."""
        new = await self.plan(spec, client)
        return await self.add(new), new.tokens

    async def plan(self, spec: Any, client: str | None) -> NewTable:
        """A new table checked from a lobby request (`TableService.draft_table`); a card file sent
        with it is checked off the event loop (`cardcheck`). Nothing changes until `add`."""
        draft = self.service.draft_table(spec, client)
        if draft.cards is None:
            state = self.service.first_state(draft)
        else:
            state = await self.cards.check(partial(self.service.first_state, draft), draft.cards, client,
                                           self.service.refused)
        return self.service.planned(draft, state)

    async def plan_lesson(self, spec: Any, client: str | None) -> NewTable:
        """A lesson's table checked (`TableService.plan_lesson`); nothing changes until `add`."""
        return self.service.plan_lesson(spec, client)

    async def create_lesson(self, spec: Any, client: str | None) -> tuple[Table, dict[int, str]]:
        """A lesson's table (`TableService.plan_lesson`), owned here like any other."""
        new = self.service.plan_lesson(spec, client)
        return await self.add(new), new.tokens

    async def add(self, new: NewTable) -> Table:
        """Write a checked new table (`TableService.plan_table`), then put it in place. Its
        creator's caps are counted where it is written, over every process (`creators.check`)."""
        quota = self.service.quota(new)
        check = None if quota is None else partial(creators.check, quota=quota)
        if self.leases is None:
            await self.commits.write(partial(self.store.create, new.row, check))
            fence = None
        else:
            fence = await self.commits.write(partial(self.leases.create, new.row, check))
        table = self.service.add(new, fence)
        if self.leases is not None:  # the other processes' lobbies list it now, not at the next renewal
            self.background(self._publish())
        return table

    async def join(self, table_id: str, seat: int | None) -> tuple[int, str]:
        """Claim an open seat: written, then put in place."""
        table = await self.find(table_id)
        async with self.lock(table_id):
            self.owned(table)
            claim = self.service.plan_join(table_id, seat)
            await self._write(table, partial(self.store.claim_seat, table.id, claim.seat,
                                             hash_token(claim.token), table.fence))
            return self.service.claimed(claim)

    async def rekey(self, table_id: str, plan: Callable[[Table], Rekey]) -> Rekey:
        """A seat's new token, or an invite withdrawn (`seatkeys`): written, put in place, and
        every connection opened with the old token closed."""
        table = await self.find(table_id)
        async with self.lock(table_id):
            self.owned(table)
            rekey = plan(table)
            await self._write(table, partial(self.store.set_token, table.id, rekey.seat, rekey.token_hash, table.fence))
            self.service.rekeyed(table, rekey.seat, rekey.token_hash)
            for listener in self.revoked:
                listener(table, rekey.seat)
            return rekey

    def arrived(self, table: Table, seat: int) -> None:
        """A seat's person came for the first time: recorded, so that a restart or a takeover knows
        it even before they move (their clock runs from their turn's start, not from their next
        visit). Nobody waits for the write."""
        self.background(self._write(table, partial(self.store.set_seat_came, table.id, seat, table.fence)))

    async def rename(self, table: Table, seat: int | None, name: Any, put: Put[None] = _now) -> None:
        """A person names their own seat."""
        async with self.lock(table.id):
            self.owned(table)
            clean = self.service.plan_rename(table, seat, name)
            if clean is None or seat is None:
                put(lambda: None)
                return
            await self._write(table, partial(self.store.set_seat_name, table.id, seat, clean, table.fence))
            put(lambda: self.service.renamed(table, seat, clean))

    async def act(self, table_id: str, token: str | None, message: dict[str, Any],
                  put: Put[int] = _now) -> int | None:
        """A person's move: checked, committed with whatever other tables are committing, then
        put in place (None). For a repeated message id nothing changes: the version it led to.
        A move the database refuses was never acknowledged."""
        async with self.lock(table_id):
            self.owned(self.service.get(table_id))
            move = self.service.check_act(table_id, token, message.get("msg_id"), message.get("version"),
                                          message.get("action"), message.get("action_id"))
            if isinstance(move, int):
                return move
            await self._commit(move)
            put(lambda: self.service.finish(move))
            self.metrics.moves_person += 1
            return None

    async def undo(self, table_id: str, token: str | None, version: Any, put: Put[int] = _now) -> int:
        """Take back the seat's last move of this turn: the log is cut, then the table."""
        async with self.lock(table_id):
            self.owned(self.service.get(table_id))
            table, seat = self.service.plan_undo(table_id, token, version)
            await self._write(table, partial(self.store.truncate, table.id, table.version - 1, table.fence))
            return put(lambda: self.service.undone(table, seat))

    async def ai(self, table: Table, version: int, seat: int, action: Any) -> None:
        """An AI's move, put in place once durable, if the table is still where the AI looked
        (and still held here: it may have been handed over while the AI thought)."""
        if self.service.tables.get(table.id) is not table:
            return
        try:
            async with self.lock(table.id):
                self.owned(table)
                move = self.service.ai_move(table.id, version, seat, action)
                if move is None:
                    return
                await self._commit(move)
                self.service.finish(move)
                self.metrics.moves_ai += 1
        except Exception:
            log.exception("could not apply the AI's move at table %s move %d", table.id, version)
            table.thinking = False

    def tick(self) -> None:
        """Run the clocks; a table that expired is written so (a crash before the write expires
        it again after the restart, `--open-expiry` after it)."""
        if self.leases is not None:
            self.lapse("lease ran out")
        for table in self.service.tick():
            if table.expired:
                self.background(self._write(table, partial(self.store.set_status, table.id, "expired", table.fence)))

    def background(self, work: Any) -> None:
        """Run a write whose caller does not wait for it (an AI's move, an expiry)."""
        task = asyncio.get_running_loop().create_task(work)
        self.tasks.add(task)  # held until done: the loop keeps only a weak reference
        task.add_done_callback(self._finished)

    def _finished(self, task: asyncio.Task[Any]) -> None:
        self.tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("a table's write failed: %r", task.exception())

    async def _commit(self, move: Move) -> None:
        move.table.committing = True
        try:
            await self._write(move.table, partial(self.commits.append, move.row), queued=True)
        finally:
            move.table.committing = False

    async def _write(self, table: Table, write: Callable[[], Any], queued: bool = False) -> None:
        """Write in the writer thread (`queued`: `write` queues itself); a write the database
        refuses changes nothing, and one refused for its lease gives the table up."""
        try:
            if queued:
                await write()
            else:
                await self.commits.write(write)
        except Fenced as exc:
            log.warning("%s", exc)
            self.give_up([table], "taken over")
            raise Rejected("moving") from None
        except Exception:
            log.exception("could not write a change of table %s", table.id)
            raise Rejected("stale", version=table.version_for(None)) from None

    # ----- leases ----------------------------------------------------------------------
    async def keep_leases(self) -> None:
        """Renew this process's leases for as long as it runs; give up each table another process
        took, and every table once the leases may have ended without a renewal."""
        if self.leases is None:
            return
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(RENEW_S)
            try:
                held = await loop.run_in_executor(self.renewer, self.leases.renew)
            except Exception as exc:  # the database is out of reach: hold on while the leases run
                log.warning("could not renew the leases: %s", str(exc).splitlines()[0] if str(exc) else exc)
                self.lapse("lease not renewed")
                continue
            lost, stray = held
            self.lapse("lease renewed too late")
            self.give_up([self.service.tables[t] for t in lost if t in self.service.tables], "taken over")
            if stray:  # given up here while the database still had them ours: free them
                await loop.run_in_executor(self.renewer, self.leases.release, stray)
            await self._publish()

    async def _publish(self) -> None:
        """Write the lobby rows of the owned tables that changed, for the other processes' lobbies."""
        assert self.leases is not None
        changed = {t.id: t for t in self.service.tables.values()  # a lesson is listed nowhere
                   if t.fence is not None and t.lesson is None and self.published.get(t.id) != t.revision}
        rows = {i: (t.fence or 0, orjson.dumps(t.row()).decode()) for i, t in changed.items()}
        try:
            await asyncio.get_running_loop().run_in_executor(self.renewer, self.leases.publish, rows)
        except Exception as exc:
            log.warning("could not publish the lobby rows: %s", exc)
            return
        self.published = {i: self.published[i] for i in self.published if i in self.service.tables}
        self.published.update((i, t.revision) for i, t in changed.items())

    async def lobby(self, status: str | None) -> list[dict[str, Any]]:
        """The lobby: this process's tables as they are, the others' as their owners last
        published them (read at most once a second)."""
        if self.leases is not None:
            read, rows = self.elsewhere
            loop = asyncio.get_running_loop()
            if loop.time() - read > LOBBY_READ_S:
                rows = await loop.run_in_executor(None, self.leases.lobby)
                self.elsewhere = (loop.time(), rows)
            return self.service.lobby(status, rows)
        return self.service.lobby(status)

    def give_up(self, tables: list[Table], why: str) -> None:
        """Forget tables this process no longer owns: their readers are told to reconnect (the new
        owner serves them); a finished table held only to be read is forgotten too."""
        for table in tables:
            if self.service.tables.pop(table.id, None) is None:
                continue
            if self.leases is not None:
                self.leases.deadlines.pop(table.id, None)
            log.warning("gave up table %s: %s", table.id, why)
            for listener in self.lost:
                listener(table)

    async def listen(self) -> None:
        """Hand a table over when another process asks for it (a request for it reached that
        process: the balancer sends the table's players there), for as long as this runs."""
        if self.leases is None:
            return
        loop = asyncio.get_running_loop()
        stop = threading.Event()

        def heard(table_id: str) -> None:
            loop.call_soon_threadsafe(lambda: self.background(self.release(table_id)))

        listener = loop.run_in_executor(None, self.leases.listen, heard, stop)
        try:
            await asyncio.shield(listener)
        finally:
            stop.set()

    async def release(self, table_id: str) -> None:
        """Hand one table over: its writes under way end, its readers are sent on, its lease freed."""
        table = self.service.tables.get(table_id)
        if table is None or table.fence is None or self.leases is None:
            return
        async with self.lock(table_id):
            if self.service.tables.get(table_id) is not table:
                return
            self.give_up([table], "asked for by another process")
            await asyncio.get_running_loop().run_in_executor(self.renewer, self.leases.release, [table_id])

    async def hand_over(self) -> None:
        """On shutdown: wait for the writes under way, then free every lease at once, so another
        process takes the tables at their next request instead of after the lease."""
        for table_id in list(self.service.tables):
            async with self.lock(table_id):
                pass
        if self.leases is not None and self.service.tables:
            await asyncio.get_running_loop().run_in_executor(self.renewer, self.leases.release)
            log.info("handed over %d tables", len(self.service.tables))

    def close(self) -> None:
        self.commits.close()
        self.cards.close()
        self.renewer.shutdown(wait=False)

