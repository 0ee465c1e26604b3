"""Which process owns which table: on PostgreSQL a lease per table with a fencing token, on
SQLite the one process that holds the database file.

Why leases with fences: several `sabbat serve` processes may share one PostgreSQL database, and
exactly one may apply a table's moves. A process owns a table while its lease runs (renewed
every `RENEW_S`). A process that was paused or cut off past its lease may come back still
believing it owns its tables: so every write of a table carries the token it was owned under,
and the database refuses it (`store.fenced`, inside the write's own transaction) once another
process has taken the table over with the next token. Lease times are the database's clock, so
the machines' clocks need not agree; a process counts its own lease from before it asked for
it, on its own clock, so it gives a table up before anyone else may take it.

Why SQLite stays one process: SQLite has no row locks to fence with, and it is the embedded
default for one machine. A second server on the same file is refused at start, saying which.
"""

from __future__ import annotations

import fcntl
import json
import os
import secrets
import socket
import threading
import time
from collections.abc import Callable, Collection
from pathlib import Path
from typing import IO, Any

import sqlalchemy as sa

from .database import DatabaseUnavailable
from .lobby import LISTED
from .store import Check, Store, TableRow, leases_t, tables_t

LEASE_S = 6.0
"""How long a lease runs after each renewal, by the database's clock."""
RENEW_S = 1.5
"""How often a process renews the leases of its tables."""
MARGIN_S = 1.0
"""A process gives its tables up this long before its lease may end (clock rates differ a little)."""
HANDOVER = "sabbat_handover"
"""The channel on which a process asks a table's owner to hand it over to whoever asks."""
NOW = sa.text("extract(epoch from clock_timestamp())")
"""The database's time, in seconds."""


def process_name() -> str:
    """Who this process is, in the database and its log: host, process id and a random tag (a
    restarted process with the same id is someone else)."""
    return f"{socket.gethostname()[:40]}:{os.getpid()}:{secrets.token_hex(3)}"


class Leases:
    """This process's leases on tables in play (PostgreSQL)."""

    def __init__(self, store: Store, owner: str, lease_s: float = LEASE_S) -> None:
        self.engine = store.engine
        self.store = store
        self.owner = owner
        self.lease_s = lease_s
        self.mutex = threading.Lock()
        """One lease statement at a time: a renewal then always sees the tables taken before it."""
        self.deadlines: dict[str, float] = {}
        """Each table's lease as this process counts it (monotonic): past it, it holds the table no more."""

    def valid(self, table_id: str) -> bool:
        """Whether this process's lease on the table still runs, by its own clock."""
        return time.monotonic() < self.deadlines.get(table_id, 0.0)

    def lapsed(self) -> list[str]:
        """The tables whose lease may have ended by now without a renewal."""
        now = time.monotonic()
        return [t for t, until in list(self.deadlines.items()) if until <= now]

    def _granted(self, ids: Collection[str], asked: float) -> None:
        until = asked + self.lease_s - MARGIN_S
        for table_id in ids:
            self.deadlines[table_id] = until

    def create(self, row: TableRow, check: Check | None = None) -> int:
        """Write a new table with its lease (token 1) in one transaction, once `check` (run first in
        it) let it (`Store.create`); returns the token."""
        with self.mutex, self.engine.begin() as c:
            asked = time.monotonic()
            if check is not None:
                check(c)
            self.store.insert(c, row)
            c.execute(sa.insert(leases_t).values(table_id=row.id, owner=self.owner, token=1,
                                                 until=sa.literal_column(str(NOW)) + self.lease_s))
            c.commit()
            self._granted([row.id], asked)
        return 1

    def take(self, ids: Collection[str] | None = None) -> dict[str, int]:
        """Take over the tables in play among `ids` (every one when None) whose lease is free
        (none yet, ended or given up); returns each one taken with its new token. A table whose
        owner is writing waits for that write, so its log is read with it."""
        only = "" if ids is None else "AND id = ANY(:ids)"
        with self.mutex, self.engine.begin() as c:
            asked = time.monotonic()
            got = c.execute(sa.text(f"""
                INSERT INTO leases (table_id, owner, token, until)
                SELECT id, :me, 1, {NOW} + :lease FROM tables WHERE status = 'playing' {only}
                ON CONFLICT (table_id) DO UPDATE SET owner = EXCLUDED.owner, token = leases.token + 1,
                    until = EXCLUDED.until
                WHERE leases.until < {NOW}
                RETURNING table_id, token"""), {"me": self.owner, "lease": self.lease_s,
                                                 **({} if ids is None else {"ids": list(ids)})})
            taken = {r.table_id: int(r.token) for r in got}
            c.commit()
            self._granted(taken, asked)
        return taken

    def renew(self) -> tuple[set[str], set[str]]:
        """Extend every lease this process holds. Returns the tables it held and holds no more
        (taken over meanwhile), and those the database still has as its own that it gave up
        (to free). Takes and creations wait for it, so it never counts one half done."""
        with self.mutex, self.engine.begin() as c:
            asked = time.monotonic()
            before = set(self.deadlines)
            held = {r.table_id for r in c.execute(
                sa.update(leases_t).where(leases_t.c.owner == self.owner)
                .values(until=sa.literal_column(str(NOW)) + self.lease_s).returning(leases_t.c.table_id))}
            c.commit()
            self._granted(held & before, asked)
            for table_id in before - held:
                self.deadlines.pop(table_id, None)
        return before - held, held - before

    def release(self, ids: Collection[str] | None = None) -> None:
        """Give leases up now (all when None), so another process may take the tables at once."""
        where = leases_t.c.owner == self.owner
        if ids is not None:
            where = where & leases_t.c.table_id.in_(list(ids))
        with self.mutex, self.engine.begin() as c:
            c.execute(sa.update(leases_t).where(where).values(until=0.0))
        for table_id in list(self.deadlines) if ids is None else ids:
            self.deadlines.pop(table_id, None)

    def publish(self, rows: dict[str, tuple[int, str]]) -> None:
        """Write the lobby rows of tables this process owns ({id: (token, row as JSON)}), for
        the other processes' lobbies; a table taken over meanwhile keeps its new owner's."""
        if rows:
            with self.engine.begin() as c:
                c.execute(sa.update(leases_t).where(leases_t.c.table_id == sa.bindparam("t"),
                                                    leases_t.c.token == sa.bindparam("k"))
                          .values(lobby=sa.bindparam("row")),
                          [{"t": t, "k": k, "row": row} for t, (k, row) in rows.items()])

    def lobby(self) -> list[dict[str, Any]]:
        """Every table's lobby row as its owner last published it (the newest first)."""
        with self.engine.connect() as c:
            got = c.execute(sa.select(leases_t.c.lobby, tables_t.c.status)
                            .join(tables_t, tables_t.c.id == leases_t.c.table_id)
                            .where(leases_t.c.lobby.is_not(None), tables_t.c.status.in_(["playing", "finished"]))
                            .order_by(tables_t.c.created.desc()).limit(4 * LISTED))
            rows = []
            for published, status in got:
                row: dict[str, Any] = json.loads(str(published))
                if status == "finished":
                    row["status"] = "finished"
                rows.append(row)
        return rows

    def ask_for(self, table_id: str) -> None:
        """Ask the table's owner to hand it over (`HANDOVER` notice): a request for it came here."""
        with self.engine.begin() as c:
            c.execute(sa.text("SELECT pg_notify(:channel, :table)"), {"channel": HANDOVER, "table": table_id})

    def listen(self, heard: Callable[[str], None], stop: threading.Event) -> None:
        """In a thread of its own until `stop`: call `heard(table_id)` for each table another
        process asks this one to hand over (PostgreSQL LISTEN, on a connection of its own)."""
        import psycopg

        url = self.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
        while not stop.is_set():
            try:
                with psycopg.connect(url, autocommit=True) as conn:
                    conn.execute(f"LISTEN {HANDOVER}")
                    while not stop.is_set():
                        for notice in conn.notifies(timeout=0.5):
                            heard(notice.payload)
            except psycopg.Error:  # the database is out of reach: listen again when it is back
                stop.wait(1.0)

    def exists(self, table_id: str) -> str | None:
        """The table's status in the database (None: no such table)."""
        with self.engine.connect() as c:
            status: str | None = c.execute(sa.select(tables_t.c.status).where(tables_t.c.id == table_id)).scalar()
        return status


class SoleProcess:
    """The one server of a SQLite file: an exclusive lock on a file beside the database, held for
    the process's life, so a second server on the same file stops at start and says why."""

    def __init__(self, db_file: Path) -> None:
        self.path = db_file.with_name(db_file.name + ".serve-lock")
        self.handle: IO[str] | None = open(self.path, "a+")  # noqa: SIM115 - held until release
        try:
            fcntl.flock(self.handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            self.handle.seek(0)
            who = self.handle.read().strip() or "another process"
            self.handle.close()
            self.handle = None
            raise DatabaseUnavailable(
                f"another sabbat serve ({who}) already serves the SQLite file {db_file}: one SQLite file is served "
                f"by one process; stop it, use another --db, or share tables between processes with PostgreSQL "
                f"(docs/hosting.md)") from None
        self.handle.seek(0)
        self.handle.truncate()
        self.handle.write(f"process {os.getpid()} on {socket.gethostname()}\n")
        self.handle.flush()

    def release(self) -> None:
        if self.handle is not None:
            self.handle.close()
            self.handle = None
