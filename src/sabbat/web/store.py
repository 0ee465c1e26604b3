"""Durable tables: (game, rules version, options, card data, seed) plus an action log.

Why a log and not snapshots: replaying the log rebuilds every state exactly (the games are
deterministic), so one append per move is all a commit needs, and the same log is the replay.
SQLite is the embedded default; PostgreSQL is the same code with another URL.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

import sqlalchemy as sa

from sabbat.core import SabbatError
from sabbat.core.extras import needs

from .database import DatabaseUnavailable, database_url, explain

metadata = sa.MetaData()

tables_t = sa.Table(
    "tables", metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("rules_version", sa.String(32), nullable=False),
    sa.Column("num_players", sa.Integer, nullable=False),
    sa.Column("seed", sa.String(24), nullable=False),
    sa.Column("options", sa.Text, nullable=False),
    sa.Column("cards", sa.Text, nullable=True),
    sa.Column("settings", sa.Text, nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("card_digest", sa.String(64), nullable=True),
    sa.Column("creator", sa.String(64), nullable=True),
    sa.Index("tables_creator", "creator", "status"),
)
"""`creator`: the client address that created a table in play (`creators.key`), counted by the
per-address caps in every process; cleared once the table finishes, expires or is stopped."""
seats_t = sa.Table(
    "seats", metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("kind", sa.String(8), nullable=False),
    sa.Column("agent", sa.String(64), nullable=True),
    sa.Column("token_hash", sa.String(64), nullable=True),
    sa.Column("open", sa.Boolean, nullable=False),
    sa.Column("name", sa.String(64), nullable=True),
    sa.Column("came", sa.Boolean, nullable=False, server_default=sa.false()),
)
actions_t = sa.Table(
    "actions", metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("idx", sa.Integer, primary_key=True),
    sa.Column("action", sa.Text, nullable=False),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("msg_id", sa.String(64), nullable=True),
    sa.Column("at", sa.Float, nullable=True),
    sa.Column("clocks", sa.Text, nullable=True),
)
"""`at`: when the move was made (seconds since the epoch); `clocks`: each seat's game clock after
it (JSON, None where a seat has none). Read back, they let the clocks go on where they stood."""

leases_t = sa.Table(
    "leases", metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("owner", sa.String(80), nullable=False),
    sa.Column("token", sa.BigInteger, nullable=False),
    sa.Column("until", sa.Float, nullable=False),
    sa.Column("lobby", sa.Text, nullable=True),
)
"""Which process owns each table in play, until when (the database's clock), under which token
(`sabbat.web.ownership`; PostgreSQL only: on SQLite one process owns every table)."""

Check = Callable[[sa.Connection], None]
"""A check run in a write's own transaction before it writes, which may refuse it by raising."""


class Fenced(SabbatError):
    """A write refused: the table's lease token is no longer the one this process holds it under."""


def fenced(c: sa.Connection, table_id: str, fence: int | None) -> None:
    """Refuse the transaction `c` unless `fence` is still the table's lease token (None: no lease,
    SQLite). The lease's row is locked until `c` ends, so a process taking the table over waits
    for this write and then reads the log with it; a write after the takeover finds the new token."""
    if fence is not None:
        fenced_all(c, {(table_id, fence)})


def fenced_all(c: sa.Connection, fences: set[tuple[str, int]]) -> None:
    """`fenced` for many tables (a batch of moves) in one statement."""
    if not fences:
        return
    held = {(table_id, token) for table_id, token in c.execute(
        sa.select(leases_t.c.table_id, leases_t.c.token)
        .where(sa.tuple_(leases_t.c.table_id, leases_t.c.token).in_(sorted(fences)))
        .with_for_update(read=True))}
    if held != fences:
        over = ", ".join(f"table {t} (lease token {k})" for t, k in sorted(fences - held))
        raise Fenced(f"owned by another process now: {over}")


@dataclass
class SeatRow:
    seat: int
    kind: str
    agent: str | None = None
    token_hash: str | None = None
    open: bool = False
    name: str | None = None
    came: bool = False
    """Its person came to it (a person's seat): known after a restart or a takeover."""


class LogRow(NamedTuple):
    """One move of a table's log, and the table's new status when the move ended the game."""

    table_id: str
    idx: int
    action: Any
    seat: int
    msg_id: str | None
    status: str | None
    fence: int | None = None
    """The lease token the move was checked under (PostgreSQL; None on SQLite, one process)."""
    at: float | None = None
    """When the move was made (seconds since the epoch)."""
    clocks: list[float | None] | None = None
    """Each seat's game clock after the move (None: the table has no game clock)."""


@dataclass
class TableRow:
    id: str
    game: str
    rules_version: str
    num_players: int
    seed: int
    options: dict[str, Any]
    cards: str | None
    settings: dict[str, Any]
    created: float
    status: str
    seats: list[SeatRow] = field(default_factory=list)
    actions: list[tuple[Any, int, str | None]] = field(default_factory=list)
    """(action JSON, seat, client message id) in order."""
    card_digest: str | None = None
    """The digest of the card data the table was created with (None: recorded before digests)."""
    moments: list[tuple[float | None, list[float | None] | None]] = field(default_factory=list)
    """Per move of `actions`: when it was made and the game clocks after it (None: not recorded)."""
    creator: str | None = None
    """The client address that created it, while it is in play (`creators`; None: unknown or over)."""


class Store:
    """The tables and their logs in one database; every write is its own committed transaction."""

    def __init__(self, db: str) -> None:
        self.url = database_url(db)
        try:
            if self.url.startswith("sqlite:///") and self.url != "sqlite:///:memory:":
                Path(self.url[len("sqlite:///"):]).parent.mkdir(parents=True, exist_ok=True)
            with needs("postgres"):  # a postgresql:// URL loads psycopg here
                self.engine = sa.create_engine(self.url, future=True)
            if self.engine.dialect.name == "sqlite":
                sa.event.listen(self.engine, "connect", _sqlite_pragmas)
            self.migrate()
        except (sa.exc.SQLAlchemyError, ValueError, OSError) as exc:
            raise DatabaseUnavailable(explain(exc, self.url)) from None

    def migrate(self) -> None:
        """Bring the schema to the newest revision (Alembic); a database a newer release migrated
        is refused in one line (`schema`)."""
        from .schema import upgrade  # schema needs this module's tables and errors

        with self.engine.begin() as conn:
            upgrade(conn)

    def create(self, row: TableRow, check: Check | None = None) -> None:
        """Write a new table; `check` runs first in the same transaction and may refuse it
        (`creators.check`: its creator's caps, counted over every process)."""
        with self.engine.begin() as c:
            if check is not None:
                check(c)
            self.insert(c, row)

    @staticmethod
    def insert(c: sa.Connection, row: TableRow) -> None:
        """Write a new table and its seats in the transaction `c` (`leases` adds its lease)."""
        c.execute(tables_t.insert().values(
                id=row.id, game=row.game, rules_version=row.rules_version, num_players=row.num_players,
                seed=str(row.seed), options=json.dumps(row.options), cards=row.cards,
            settings=json.dumps(row.settings), created=row.created, status=row.status,
            card_digest=row.card_digest, creator=row.creator))
        c.execute(seats_t.insert(), [
            {"table_id": row.id, "seat": s.seat, "kind": s.kind, "agent": s.agent,
             "token_hash": s.token_hash, "open": s.open, "name": s.name, "came": s.came} for s in row.seats])

    def append_many(self, rows: list[LogRow]) -> None:
        """Commit moves of any tables in one transaction (one disk flush for all of them);
        raises, writing none, if an index is taken or a table's lease token is no longer the
        one the move was checked under (`Fenced`: another process owns the table now)."""
        with self.engine.begin() as c:
            fenced_all(c, {(r.table_id, r.fence) for r in rows if r.fence is not None})
            c.execute(_APPEND, [{"table_id": r.table_id, "idx": r.idx, "action": json.dumps(r.action),
                                 "seat": r.seat, "msg_id": r.msg_id, "at": r.at,
                                 "clocks": None if r.clocks is None else json.dumps(r.clocks)} for r in rows])
            for r in rows:
                if r.status is not None:  # over: its creator is no longer kept
                    c.execute(tables_t.update().where(tables_t.c.id == r.table_id)
                              .values(status=r.status, creator=None))

    def truncate(self, table_id: str, keep: int, fence: int | None = None) -> None:
        """Drop the log entries from index `keep` on (an undo)."""
        with self.engine.begin() as c:
            fenced(c, table_id, fence)
            c.execute(actions_t.delete().where(actions_t.c.table_id == table_id, actions_t.c.idx >= keep))

    def claim_seat(self, table_id: str, seat: int, token_hash: str, fence: int | None = None) -> None:
        with self.engine.begin() as c:
            fenced(c, table_id, fence)
            c.execute(seats_t.update().where(seats_t.c.table_id == table_id, seats_t.c.seat == seat)
                      .values(token_hash=token_hash, open=False))

    def set_token(self, table_id: str, seat: int, token_hash: str | None, fence: int | None = None) -> None:
        """Replace a seat's token (its holder's new link) or withdraw it (None: an invite taken back)."""
        with self.engine.begin() as c:
            fenced(c, table_id, fence)
            c.execute(seats_t.update().where(seats_t.c.table_id == table_id, seats_t.c.seat == seat)
                      .values(token_hash=token_hash))

    def set_seat_name(self, table_id: str, seat: int, name: str | None, fence: int | None = None) -> None:
        with self.engine.begin() as c:
            fenced(c, table_id, fence)
            c.execute(seats_t.update().where(seats_t.c.table_id == table_id, seats_t.c.seat == seat).values(name=name))

    def set_seat_came(self, table_id: str, seat: int, fence: int | None = None) -> None:
        """Record that a seat's person came to it (`Authority.arrived`)."""
        with self.engine.begin() as c:
            fenced(c, table_id, fence)
            c.execute(seats_t.update().where(seats_t.c.table_id == table_id, seats_t.c.seat == seat).values(came=True))

    def set_status(self, table_id: str, status: str, fence: int | None = None) -> None:
        """Mark a table (`expired`: nobody joined it in time); its creator is no longer kept."""
        with self.engine.begin() as c:
            fenced(c, table_id, fence)
            c.execute(tables_t.update().where(tables_t.c.id == table_id).values(status=status, creator=None))

    def forget_creators(self, ids: list[str]) -> None:
        """Clear the creator of tables no longer played (stopped: their log does not replay)."""
        with self.engine.begin() as c:
            c.execute(tables_t.update().where(tables_t.c.id.in_(ids)).values(creator=None))

    def load_all(self) -> list[TableRow]:
        """Every table with its seats and log, oldest first."""
        return self.load_rows()

    def live_ids(self) -> list[str]:
        """The tables still in play (neither finished nor expired), oldest first: what a server
        loads at start. The others are loaded when someone asks for one (`load_rows`)."""
        with self.engine.connect() as c:
            return [r.id for r in c.execute(sa.select(tables_t.c.id).where(tables_t.c.status.not_in(DORMANT))
                                            .order_by(tables_t.c.created))]

    def load_rows(self, ids: list[str] | None = None) -> list[TableRow]:
        """The tables `ids` names (all when None) with their seats and logs, oldest first; an
        unknown id is left out."""
        with self.engine.connect() as c:
            rows = {r.id: _table_row(r) for r in c.execute(_where(sa.select(tables_t), tables_t.c.id, ids)
                                                          .order_by(tables_t.c.created))}
            if not rows:
                return []
            for s in c.execute(_where(sa.select(seats_t), seats_t.c.table_id, ids).order_by(seats_t.c.seat)):
                rows[s.table_id].seats.append(SeatRow(s.seat, s.kind, s.agent, s.token_hash, bool(s.open), s.name,
                                                          bool(s.came)))
            for a in c.execute(_where(sa.select(actions_t), actions_t.c.table_id, ids)
                               .order_by(actions_t.c.table_id, actions_t.c.idx)):
                rows[a.table_id].actions.append((json.loads(a.action), a.seat, a.msg_id))
                rows[a.table_id].moments.append((a.at, None if a.clocks is None else json.loads(a.clocks)))
        return list(rows.values())

    def finished(self, limit: int) -> list[tuple[TableRow, int]]:
        """The newest `limit` finished tables with their seats and their number of moves, without
        their logs: what the lobby lists of games nobody has asked for since the server started."""
        with self.engine.connect() as c:
            rows = {r.id: _table_row(r) for r in c.execute(
                sa.select(tables_t).where(tables_t.c.status == "finished").order_by(tables_t.c.created.desc())
                .limit(limit))}
            if not rows:
                return []
            ids = list(rows)
            for s in c.execute(_where(sa.select(seats_t), seats_t.c.table_id, ids).order_by(seats_t.c.seat)):
                rows[s.table_id].seats.append(SeatRow(s.seat, s.kind, s.agent, s.token_hash, bool(s.open), s.name,
                                                          bool(s.came)))
            moves: dict[str, int] = {r.table_id: int(r.moves) for r in c.execute(
                sa.select(actions_t.c.table_id, sa.func.count().label("moves"))
                .where(actions_t.c.table_id.in_(ids)).group_by(actions_t.c.table_id))}
        return [(row, moves.get(row.id, 0)) for row in rows.values()]

    def ping(self) -> None:
        """Raise unless the database answers (the readiness check)."""
        with self.engine.connect() as c:
            c.execute(sa.text("SELECT 1"))

    def close(self) -> None:
        self.engine.dispose()


DORMANT = ("finished", "expired")
"""Stored statuses of tables that never move again: loaded only when asked for."""


def _table_row(r: Any) -> TableRow:
    return TableRow(r.id, r.game, r.rules_version, r.num_players, int(r.seed), json.loads(r.options), r.cards,
                    json.loads(r.settings), r.created, r.status, card_digest=r.card_digest,
                    creator=r.creator)


def _where(select: Any, column: Any, ids: list[str] | None) -> Any:
    return select if ids is None else select.where(column.in_(ids))


_APPEND = actions_t.insert()
"""Built once: a statement object per move costs more than the SQLite commit itself."""


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")  # WAL: a committed move survives a killed process
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()
