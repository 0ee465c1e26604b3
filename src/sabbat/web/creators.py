"""Who created each table in play, and the per-address caps counted over every process.

Why in the database: a client address may have `--tables-per-client` tables and
`--ai-seats-per-client` AI seats in play at once. Counted in one process's memory, a restart
forgot every creator (an address could fill its quota again), and each process of a cluster
counted only the tables it held (an address reaching N processes had N quotas). So each table
stores its creator's key while it is played, and a new table is counted against the stored ones
in the transaction that writes it: one query on an index, when a table is created.

Why in the write's own transaction: two requests from one address at once (on one process or
two) must not both pass the count. On PostgreSQL the transaction first takes a lock of that
address (a transaction-level advisory lock), so the second waits for the first to be written;
on SQLite every write already goes through the one writer thread of the one process.

Privacy: the key is the address as the caps count it (`fair.client_key`) and is kept only while
the table is played: cleared when it finishes, expires or is stopped (`store`, `keeping`).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

import sqlalchemy as sa

from .rejected import Rejected
from .rowcheck import MAX_CREATOR
from .store import seats_t, tables_t

LOCKS = 0x5ABBA7
"""The advisory locks' namespace (the first of their two keys): creators' counts alone use it."""


def key(client: str | None) -> str | None:
    """The creator key stored for a client address: the address as the caps count it, or, for
    anything longer than `MAX_CREATOR` or not printable ASCII (no address is), a digest of it."""
    if client is None:
        return None
    if 0 < len(client) <= MAX_CREATOR and client.isascii() and client.isprintable():
        return client
    return "#" + hashlib.sha256(client.encode("utf-8", "surrogatepass")).hexdigest()[:40]


def too_many_tables(mine: int, refused: int, limit: int, hold_s: float) -> None:
    """Refuse a new table when the address's tables in play and its card files refused lately
    (each counts as a table for `hold_s` seconds) reach `limit`."""
    if mine + refused >= limit:
        if refused:
            raise Rejected("too_many_refused", tables=mine, refused=refused, seconds=int(hold_s), limit=limit)
        raise Rejected("too_many_tables", limit=limit)


def too_many_ai_seats(mine: int, adding: int, limit: int) -> None:
    """Refuse a new table's `adding` AI seats past the address's `limit`."""
    if adding > 0 and mine + adding > limit:
        raise Rejected("too_many_ai_seats", held=mine, limit=limit)


@dataclass(frozen=True)
class Quota:
    """A new table's creator and what it may hold: checked where the table is written (`check`)."""

    creator: str
    tables: int
    """Tables in play the address may have."""
    refused: int
    """Its card files refused lately, each counted as a table (`cardcheck.Refusals`)."""
    hold_s: float
    ai_seats: int
    """AI seats its tables in play may have."""
    adding: int
    """The new table's AI seats."""


def held(c: sa.Connection, creator: str) -> tuple[int, int]:
    """The tables in play `creator` created, and their AI seats, in every process (one query)."""
    ai = sa.func.coalesce(sa.func.sum(sa.case((seats_t.c.kind == "ai", 1), else_=0)), 0)
    row = c.execute(
        sa.select(sa.func.count(sa.distinct(tables_t.c.id)).label("tables"), ai.label("seats"))
        .select_from(tables_t.join(seats_t, seats_t.c.table_id == tables_t.c.id))
        .where(tables_t.c.creator == creator, tables_t.c.status == "playing")).one()
    return int(row.tables), int(row.seats)


def check(c: sa.Connection, quota: Quota) -> None:
    """Refuse, in the transaction `c` that writes the new table, a table past its creator's caps."""
    if c.dialect.name == "postgresql":
        c.execute(sa.text("SELECT pg_advisory_xact_lock(:space, hashtext(:creator))"),
                  {"space": LOCKS, "creator": quota.creator})
    tables, seats = held(c, quota.creator)
    too_many_tables(tables, quota.refused, quota.tables, quota.hold_s)
    too_many_ai_seats(seats, quota.adding, quota.ai_seats)
