"""Fan-out: every table change becomes each connected reader's view, in that reader's queue.

Why a hub of per-connection queues: a move's views are computed once per recipient and put in
that connection's bounded queue; a client that stops reading fills only its own queue and is
closed, so no table ever waits on a slow socket.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, TypeVar

from starlette.websockets import WebSocket

from . import ai
from .authority import Authority
from .fair import Shares
from .limits import ASKED_VIEWS_BURST, ASKED_VIEWS_RATE, FANOUT_FRAME, QUEUE_LIMIT, RESERVE, VIEW_CACHE, Bucket
from .pacing import Pace
from .rejected import Rejected
from .steps import secret_mover
from .table import Table
from .thinking import Thinking
from .viewtext import CLOCK_READINGS, Built, build, encode

log = logging.getLogger("sabbat.web")
T = TypeVar("T")
MOVING_CLOSE = 4503
"""Close code of a table this process gave up (another owns it now): reconnect to reach it."""
TOKEN_CLOSE = 4401
"""Close code of a connection whose seat token no longer opens the seat (as for a wrong token)."""


@dataclass(frozen=True)
class Close:
    """Put in a connection's queue: close it with this code once the frames before it are sent."""

    code: int
    reason: str


Frame = dict[str, Any] | str | Close


@dataclass(eq=False)
class Conn:
    """One WebSocket: whose eyes it sees through, its language and what it has been sent."""

    ws: WebSocket
    table_id: str
    seat: int | None
    token: str | None
    lang: str
    address: str | None = None
    """The client's address: its share of the server (`fair`) is spent by all its connections."""
    events_sent: int = 0
    queue: asyncio.Queue[Frame] = field(default_factory=lambda: asyncio.Queue(QUEUE_LIMIT))
    bucket: Bucket = field(default_factory=Bucket)
    ack: str | None = None
    """The message id to acknowledge with the next view (set only while its move is put in place)."""
    held: dict[str, bytes] = field(default_factory=dict)
    """The large observation entries this reader holds (`viewtext`): unchanged, they are not sent again."""
    last_view: str | None = None
    """The last view sent: one that would say nothing new is not sent again, so the number of
    frames a reader gets tells it no more than their contents (another seat's secret run)."""
    behind: bool = False
    """A change was not queued for this reader (its queue was nearly full): once the queue is
    empty it gets a full view marked `skipped`."""

    def crowded(self) -> bool:
        """Too many frames wait: a change is not queued, and the reader's messages wait."""
        return self.queue.qsize() > QUEUE_LIMIT - RESERVE


class Hub:
    """Live connections per table; turns every table change into each recipient's view."""

    def __init__(self, authority: Authority, pool: Any, workers: int = 2, shares: Shares | None = None) -> None:
        self.authority = authority
        self.shares = shares or Shares()
        """The client addresses' fair shares: a change's sender pays for the frames it fans out."""
        self.asked = Shares(ASKED_VIEWS_RATE, ASKED_VIEWS_BURST, self.shares.clock)
        """The whole server's budget of full views readers ask for (`protocol`), in units."""
        self.payer: Conn | None = None
        """The connection whose message is making the change under way (`paid_by`)."""
        self.service = authority.service
        self.pool = pool
        self.thinking = Thinking(pool, workers)
        self.pace = Pace()
        """When an AI's secret run ends for the others (`pacing`)."""
        self.conns: dict[str, set[Conn]] = {}
        self.loop: asyncio.AbstractEventLoop | None = None
        self.views: dict[tuple[str, int, bool, int | None, str, bool, str], Built] = {}
        self.metrics = authority.metrics
        self.service.listeners.append(self.changed)
        authority.lost.append(self.moved)
        authority.revoked.append(self.revoke)

    async def act(self, conn: Conn, message: dict[str, Any], ack: str) -> None:
        """A person's move, made by the authority; the mover hears "acknowledged" before the
        view it causes. A repeated message id changes nothing and is acknowledged alone."""
        repeated = await self.authority.act(conn.table_id, conn.token, message,
                                            lambda change: self.acknowledged(conn, ack, change))
        if repeated is not None:
            self.send(conn, {"type": "ack", "msg_id": ack, "version": repeated})

    def acknowledged(self, conn: Conn, ack: str, change: Callable[[], T]) -> T:
        """Make `conn`'s change and acknowledge it, before the view it causes. The change runs
        without a pause, so no other move's view can carry this ack."""
        conn.ack = ack
        try:
            with self.paid_by(conn):
                result = change()
        finally:
            pending, conn.ack = conn.ack, None
        if pending is not None:  # no view went out (this reader saw nothing new): acknowledge alone
            version = self.service.get(conn.table_id).version_for(conn.seat)
            self.send(conn, {"type": "ack", "msg_id": ack, "version": version})
        return result

    @contextlib.contextmanager
    def paid_by(self, conn: Conn) -> Iterator[None]:
        """The table changes made inside are `conn`'s doing: each frame they make the server send
        to another reader costs its address FANOUT_FRAME units of its share (`changed`)."""
        before, self.payer = self.payer, conn
        try:
            yield
        finally:
            self.payer = before

    def moved(self, table: Table) -> None:
        """This process gave the table up: its readers are told, and closed so that they
        reconnect to the table's new owner."""
        for conn in list(self.conns.pop(table.id, ())):
            self.send(conn, {"type": "error", "code": "moving", "message": Rejected("moving").message(conn.lang)})
            self.drop(conn, Close(MOVING_CLOSE, "moving"))

    def revoke(self, table: Table, seat: int) -> None:
        """The seat's token changed: every connection opened with the old one is told and closed
        (a leaked link's reader included); the holder's page reconnects with the new token."""
        for conn in list(self.conns.get(table.id, ())):
            if conn.seat == seat:
                self.send(conn, {"type": "error", "code": "token_replaced",
                                 "message": Rejected("token_replaced").message(conn.lang)})
                self.drop(conn, Close(TOKEN_CLOSE, "token replaced"))

    def changed(self, table: Table) -> None:
        self.schedule_ai(table)
        made: dict[tuple[int | None, str, int], Built] = {}  # spectators share one frame
        payer, frames = self.payer, 0
        for conn in list(self.conns.get(table.id, ())):
            if conn.crowded():
                conn.behind = True  # it is sent a view later all the same
                frames += conn is not payer
                continue
            frames += bool(self.push_view(table, conn, made=made)) and conn is not payer
        if payer is not None and frames:
            self.shares.charge(payer.address, frames * FANOUT_FRAME)

    def catch_up(self, conn: Conn) -> None:
        """A reader that was behind: the whole view now, marked `skipped` (it missed versions)."""
        conn.behind = False
        table = self.service.tables.get(conn.table_id)
        if table is not None:
            self.push_view(table, conn, full=True, skipped=True)

    def push_view(self, table: Table, conn: Conn, full: bool = False,
                  made: dict[tuple[int | None, str, int], Built] | None = None, skipped: bool = False) -> int:
        """Queue `conn`'s view of the table (unless it says nothing new); returns its size."""
        if conn.ack is not None:  # the mover hears "acknowledged" before the view it caused
            self.send(conn, {"type": "ack", "msg_id": conn.ack, "version": table.version_for(conn.seat)})
            conn.ack = None
        key = (conn.seat, conn.lang, 0 if full else conn.events_sent)
        if full:
            built = self.whole_view(table, conn.seat, conn.lang, skipped)
        elif made is not None and key in made:
            built = made[key]
        else:
            built = build(self.service.view(table, conn.seat, conn.lang, key[2]))
            if made is not None:
                made[key] = built
        if not full and built.seen == conn.last_view:
            return 0
        text = built.text({} if full else conn.held)
        conn.held = built.digests
        conn.events_sent = built.total
        conn.last_view = built.seen
        self.send(conn, text)
        return len(text)

    def whole_view(self, table: Table, seat: int | None, lang: str, skipped: bool = False) -> Built:
        """A full view (nothing left out), built and encoded once per table change, reader and
        language, so many readers asking again cost one build; the clock readings in its seat
        rows are read now."""
        seats = self.service.seat_rows(table)
        key = (table.id, table.revision, table.thinking, seat, lang, skipped, encode(seats))
        made = self.views.get(key)
        if made is None:
            frame = self.service.view(table, seat, lang)
            if skipped:
                frame["skipped"] = True
            frame["seats"] = seats
            made = self.views[key] = build(frame)
            while len(self.views) > VIEW_CACHE:
                del self.views[next(iter(self.views))]
        return made

    def clock_frames(self) -> None:
        """Each reader of a table whose clock runs hears every seat's time left (a `clocks` frame),
        so a client shows the clocks right without asking for a view."""
        for table_id, conns in self.conns.items():
            table = self.service.tables.get(table_id)
            if table is None or not conns:
                continue
            rows = [{k: row[k] for k in ("seat", *CLOCK_READINGS, "clock_running") if k in row}
                    for row in self.service.seat_rows(table)]
            if not any(row.get("clock_running") for row in rows):
                continue
            text = encode({"type": "clocks", "seats": rows})
            for conn in list(conns):
                if not conn.crowded():
                    self.send(conn, text)

    def send(self, conn: Conn, frame: dict[str, Any] | str) -> None:
        """Queue a frame (a dict, or JSON text already encoded) for one connection."""
        try:
            conn.queue.put_nowait(frame)
        except asyncio.QueueFull:  # a client that stopped reading: close it, never wait on it
            self.drop(conn)

    def drop(self, conn: Conn, close: Close = Close(4408, "too slow")) -> None:
        """Forget the connection and close it with `close` once what waits for it is sent (all of
        it is dropped if its queue is full: the close code says why)."""
        self.conns.get(conn.table_id, set()).discard(conn)
        self.thinking.cancel(conn)
        if conn.queue.full():
            while not conn.queue.empty():
                conn.queue.get_nowait()
        conn.queue.put_nowait(close)

    def schedule_ai(self, table: Table) -> None:
        """Ask the pool for an AI's move when one must choose; the authority makes it."""
        mover = table.mover()
        if mover is None or table.thinking or self.loop is None:
            return
        seat, agent = mover
        table.thinking = True
        version = table.version
        seed = (table.state.seed * 1_000_003 + version) % (1 << 62)
        # paced where a person sits: at a table of AIs alone nobody gains from its timing
        secret = secret_mover(table.state) == seat and any(s.kind == "human" for s in table.seats)
        self.pace.deciding(table.id, seat if secret else None)

        def done(action: Any, error: BaseException | None) -> None:
            if error is not None:  # an agent failure must not stop the table: log it, let the next change retry
                log.error("AI %s failed at table %s move %d: %r", agent, table.id, version, error)
                table.thinking = False
                return
            assert self.loop is not None
            if secret and _ends_run(table, version, seat, action):  # its end waits for the pace
                self.loop.call_later(self.pace.hold(table.id), self._ai_move, table, version, seat, action)
            else:
                self._ai_move(table, version, seat, action)

        self.thinking.move(table.id, ai.choose,
                           (table.game.info.id, table.state.to_json(), agent, seed, ai.MAX_THINK_S, table.cards), done,
                           table.creator, unwatched=all(s.kind == "ai" for s in table.seats))

    def _ai_move(self, table: Table, version: int, seat: int, action: Any) -> None:
        self.authority.background(self.authority.ai(table, version, seat, action))

    def forget(self, keeper: Any) -> None:
        """Let the keeper drop the finished tables nobody is connected to or asked for lately,
        and drop what this hub kept for them (`keeping.Keeper.forget_idle`)."""
        busy = {table_id for table_id, conns in self.conns.items() if conns}
        if keeper.forget_idle(busy):
            tables = self.service.tables
            for kept in (self.conns, self.authority.locks, self.pace.began):
                for table_id in [t for t in kept if t not in tables]:
                    del kept[table_id]

    def resume_all(self) -> None:
        for table in self.service.tables.values():
            self.schedule_ai(table)


def _ends_run(table: Table, version: int, seat: int, action: Any) -> bool:
    """Whether the AI's `action`, chosen at `version`, ends its run of secret decisions (played
    on a copy; an action that cannot be played ends nothing: the authority refuses it)."""
    if table.version != version:
        return False
    try:
        after = table.state.clone()
        after.apply(table.game.action_from_json(action))
    except Exception:  # noqa: BLE001 - the authority logs it when it tries the move
        return False
    return secret_mover(after) != seat
