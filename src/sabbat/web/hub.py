"""Fan-out: every table change becomes each connected reader's view, in that reader's queue.

Why a hub of per-connection queues: a move's views are computed once per recipient and put in
that connection's bounded queue; a client that stops reading fills only its own queue and is
closed, so no table ever waits on a slow socket.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from dataclasses import dataclass, field
from typing import Any

import orjson
from starlette.websockets import WebSocket

from . import ai
from .commits import GroupCommit
from .limits import QUEUE_LIMIT, Bucket
from .tables import Rejected, Table, TableService

log = logging.getLogger("sabbat.web")


def encode(frame: Any) -> str:
    """A frame as compact JSON text. orjson is several times faster than the standard library on
    the large observations every move sends; integers beyond 64 bits take the slow path."""
    try:
        return orjson.dumps(frame, option=orjson.OPT_NON_STR_KEYS).decode()
    except orjson.JSONEncodeError:
        return json.dumps(frame, ensure_ascii=False, separators=(",", ":"))


CLOCK_READINGS = ("move_left_s", "game_left_s")
"""Seat fields read off a running clock: they change with time alone, so they say nothing new."""


def _view_text(frame: dict[str, Any]) -> tuple[str, str]:
    """A view as JSON text, and what the reader sees in it to tell whether it says anything new:
    the view without its slice of the event log (the log's length stays) and without clock
    readings (a clock counting down is no news; the reader's own clock counts it)."""
    events, start = frame.pop("events"), frame.pop("events_from")
    seats = frame["seats"]
    frame["seats"] = [{k: v for k, v in row.items() if k not in CLOCK_READINGS} for row in seats]
    seen = encode(frame)
    frame["seats"] = seats
    return encode({**frame, "events": events, "events_from": start}), seen


@dataclass(eq=False)
class Conn:
    """One WebSocket: whose eyes it sees through, its language and what it has been sent."""

    ws: WebSocket
    table_id: str
    seat: int | None
    token: str | None
    lang: str
    events_sent: int = 0
    queue: asyncio.Queue[dict[str, Any] | str | None] = field(default_factory=lambda: asyncio.Queue(QUEUE_LIMIT))
    bucket: Bucket = field(default_factory=Bucket)
    ack: str | None = None
    """The message id to acknowledge with the next view (set while its move commits)."""
    last_view: str | None = None
    """The last view sent: one that would say nothing new is not sent again, so the number of
    frames a reader gets tells it no more than their contents (another seat's secret run)."""


class Hub:
    """Live connections per table; turns every table change into each recipient's view."""

    def __init__(self, service: TableService, pool: Any) -> None:
        self.service = service
        self.pool = pool
        self.conns: dict[str, set[Conn]] = {}
        self.loop: asyncio.AbstractEventLoop | None = None
        self.ai_tasks: set[asyncio.Future[Any]] = set()
        self.locks: dict[str, asyncio.Lock] = {}
        self.commits = GroupCommit(service.store)
        service.listeners.append(self.changed)

    def lock(self, table_id: str) -> asyncio.Lock:
        lock = self.locks.get(table_id)
        if lock is None:
            lock = self.locks[table_id] = asyncio.Lock()
        return lock

    async def act(self, conn: Conn, message: dict[str, Any]) -> int:
        """A person's move: checked, committed with whatever other tables are committing, then
        put in place and sent to everyone. A move the database refuses was never acknowledged."""
        service = self.service
        move = service.check_act(conn.table_id, conn.token, message.get("msg_id"), message.get("version"),
                                 message.get("action"), message.get("action_id"))
        if isinstance(move, int):
            return move
        move.table.committing = True
        try:
            await self.commits.append(move.row)
        except Exception:
            log.exception("could not commit move %d of table %s", move.row.idx, move.table.id)
            raise Rejected("stale", version=move.table.version_for(conn.seat)) from None
        finally:
            move.table.committing = False
        return service.finish(move)

    def changed(self, table: Table) -> None:
        self.schedule_ai(table)
        made: dict[tuple[int | None, str, int], tuple[str, str, int]] = {}  # spectators share one frame
        for conn in list(self.conns.get(table.id, ())):
            self.push_view(table, conn, made=made)

    def push_view(self, table: Table, conn: Conn, full: bool = False,
                  made: dict[tuple[int | None, str, int], tuple[str, str, int]] | None = None) -> None:
        if conn.ack is not None:  # the mover hears "acknowledged" before the view it caused
            self.send(conn, {"type": "ack", "msg_id": conn.ack, "version": table.version_for(conn.seat)})
            conn.ack = None
        key = (conn.seat, conn.lang, 0 if full else conn.events_sent)
        if made is not None and key in made:
            text, seen, total = made[key]
        else:
            frame = self.service.view(table, conn.seat, conn.lang, key[2])
            total = frame["events_total"]
            text, seen = _view_text(frame)
            if made is not None:
                made[key] = (text, seen, total)
        if not full and seen == conn.last_view:
            return
        conn.events_sent = total
        conn.last_view = seen
        self.send(conn, text)

    def send(self, conn: Conn, frame: dict[str, Any] | str) -> None:
        """Queue a frame (a dict, or JSON text already encoded) for one connection."""
        try:
            conn.queue.put_nowait(frame)
        except asyncio.QueueFull:  # a client that stopped reading: drop it, never wait on it
            self.drop(conn)

    def drop(self, conn: Conn) -> None:
        self.conns.get(conn.table_id, set()).discard(conn)
        with contextlib.suppress(asyncio.QueueFull):
            conn.queue.put_nowait(None)

    def schedule_ai(self, table: Table) -> None:
        mover = table.mover()
        if mover is None or table.thinking or self.loop is None:
            return
        seat, agent = mover
        table.thinking = True
        version = table.version
        seed = (table.state.seed * 1_000_003 + version) % (1 << 62)
        fut = self.loop.run_in_executor(self.pool, ai.choose, table.game.info.id, table.state.to_json(), agent, seed)
        self.ai_tasks.add(fut)

        def done(f: asyncio.Future[Any]) -> None:
            self.ai_tasks.discard(f)
            try:
                action = f.result()
            except Exception:  # an agent failure must not stop the table: log it, let the next change retry
                log.exception("AI %s failed at table %s move %d", agent, table.id, version)
                table.thinking = False
                return
            try:
                self.service.ai_move(table.id, version, seat, action)
            except Exception:
                log.exception("could not apply the AI's move at table %s move %d", table.id, version)
                table.thinking = False

        fut.add_done_callback(done)

    def resume_all(self) -> None:
        for table in self.service.tables.values():
            self.schedule_ai(table)
