"""The WebSocket protocol of a table: hello, then moves, hints, views and pings, each answered.

Why apart from the hub: this module reads and checks what one client sends and answers it;
the hub decides what every reader of a table is sent when the table changes.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import urlparse

import orjson
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from sabbat.core import GameState, i18n

from . import ai
from .fair import Shares, address_of
from .http_limits import request_lang
from .hub import MOVING_CLOSE, Close, Conn, Hub
from .limits import (
    FLOOD_CLOSE,
    HINT_BYTES,
    HINT_WORKER_SECOND,
    MAX_DEPTH,
    MAX_FRAME,
    ROOM_WAIT_S,
    VIEW_BYTES,
    WRITE_COST,
)
from .rejected import Rejected
from .table import Table
from .tables import TableService
from .viewtext import encode

HELLO_CLOSE = {"unknown_table": 4404, "loading": 1013, "moving": MOVING_CLOSE}
"""Close codes of a refused hello (else 4401): 1013, try again later, for a table still loading
after a restart, and 4503 for a table whose owner is changing; the client reconnects on its own."""
CLOSE_WAIT_S = 5.0
"""How long a closing connection may take to send what waits for it."""


def _origin_ok(ws: WebSocket, allowed: tuple[str, ...]) -> bool:
    origin = ws.headers.get("origin")
    if origin is None:
        return True  # not a browser: nothing to protect against cross-site
    if "*" in allowed or origin in allowed:
        return True
    return urlparse(origin).netloc == ws.headers.get("host", "")


async def ws_table(ws: WebSocket) -> None:
    hub: Hub = ws.app.state.hub
    shares: Shares = ws.app.state.shares
    service = hub.service
    if not _origin_ok(ws, ws.app.state.allow_origins):
        await ws.close(code=4403, reason="origin not allowed")
        return
    await ws.accept()
    table_id = ws.path_params["table_id"]
    asked = request_lang(ws.headers, ws.query_params)  # until the hello names one
    conn: Conn | None = None
    sender: asyncio.Task[None] | None = None
    try:
        hello = await asyncio.wait_for(_receive(ws), timeout=30)
        lang: str = hello["lang"] if hello.get("lang") in i18n.LOCALES else asked
        if hello.get("type") != "hello":
            await _send_error(ws, lang, Rejected.because("hello_first"))
            await ws.close(code=4400)
            return
        try:
            table = await hub.authority.find(table_id)
            token = hello.get("token")
            seat = service.seat_of(table, token)
        except Rejected as exc:
            await _send_error(ws, lang, exc)
            await ws.close(code=HELLO_CLOSE.get(exc.code, 4401))
            return
        conn = Conn(ws, table_id, seat, token, lang, address_of(ws.scope))
        with hub.paid_by(conn):  # a seat coming in is news to every reader: the comer pays for it
            service.connected(table, seat, +1)
        hub.conns.setdefault(table_id, set()).add(conn)
        sender = asyncio.create_task(_sender(ws, conn, hub))
        hub.push_view(table, conn, full=True)
        while True:
            message = await _receive(ws)
            await shares.take(conn.address, 1)  # the address's other connections and requests share its time
            if not await _room(conn):
                hub.drop(conn)
                break
            if not conn.bucket.allow():
                hub.send(conn, _error_frame(conn.lang, Rejected("rate_limited"), message.get("msg_id")))
                if conn.bucket.strikes > FLOOD_CLOSE:
                    hub.drop(conn, Close(4429, "flood"))
                    break
                continue
            await _handle(hub, conn, message, shares)
    except (TimeoutError, WebSocketDisconnect, RuntimeError):
        pass
    except _BadFrame as exc:
        refusal = Rejected.because(exc.why, **exc.params)
        if conn is not None:
            hub.send(conn, _error_frame(conn.lang, refusal, None))
            hub.drop(conn, Close(exc.close_code, "bad frame"))
        else:
            with contextlib.suppress(Exception):
                await _send_error(ws, asked, refusal)
            with contextlib.suppress(Exception):
                await ws.close(code=exc.close_code)
    finally:
        if conn is not None:
            hub.drop(conn, Close(1000, "bye"))  # ends the sender after what waits (if not closing already)
            with contextlib.suppress(Rejected), hub.paid_by(conn):
                service.connected(service.get(table_id), conn.seat, -1)
        if sender is not None:
            with contextlib.suppress(TimeoutError, asyncio.CancelledError):
                await asyncio.wait_for(sender, timeout=CLOSE_WAIT_S)


async def _room(conn: Conn) -> bool:
    """Wait until the connection's queue has room for the answers to one more message; False
    if it stays full for ROOM_WAIT_S (its client reads nothing)."""
    waited = 0.0
    while conn.crowded():
        if waited >= ROOM_WAIT_S:
            return False
        await asyncio.sleep(0.01)
        waited += 0.01
    return True


class _BadFrame(Exception):
    """A frame that cannot be read: `why` names its message (`web.why.<why>`, en and ja)."""

    def __init__(self, why: str, **params: Any) -> None:
        super().__init__(why)
        self.why = why
        self.params = params

    @property
    def close_code(self) -> int:
        return 1009 if self.why == "frame_large" else 4400


async def _receive(ws: WebSocket) -> dict[str, Any]:
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    if text is None:
        raise _BadFrame("frame_text")
    if len(text) > MAX_FRAME:
        raise _BadFrame("frame_large")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise _BadFrame("frame_json") from None
    if not isinstance(data, dict):
        raise _BadFrame("frame_object")
    if _depth(data) > MAX_DEPTH:
        raise _BadFrame("frame_depth", n=MAX_DEPTH)
    return data


def _depth(value: Any) -> int:
    """Levels of arrays and objects in a parsed frame (at most 16 KiB of text, so this is quick)."""
    if isinstance(value, dict):
        return 1 + max((_depth(v) for v in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((_depth(v) for v in value), default=0)
    return 0


async def _sender(ws: WebSocket, conn: Conn, hub: Hub) -> None:
    """Send the connection's frames in order; a `Close` ends it. A reader that fell behind gets
    the whole view (marked `skipped`) as soon as its queue has drained."""
    try:
        while True:
            frame = await conn.queue.get()
            if isinstance(frame, Close):
                if ws.client_state == WebSocketState.CONNECTED:
                    await ws.close(code=frame.code, reason=frame.reason)
                return
            await ws.send_text(frame if isinstance(frame, str) else encode(frame))
            if conn.behind and conn.queue.empty():
                hub.catch_up(conn)
    except (WebSocketDisconnect, RuntimeError, OSError):
        return


def _error_frame(lang: str, exc: Rejected, msg_id: Any) -> dict[str, Any]:
    frame: dict[str, Any] = {"type": "error", "code": exc.code, "message": exc.message(lang)}
    if isinstance(msg_id, str) and len(msg_id) <= 64:
        frame["msg_id"] = msg_id
    return frame


async def _send_error(ws: WebSocket, lang: str, exc: Rejected) -> None:
    await ws.send_text(encode(_error_frame(lang, exc, None)))


ASKED = "asked views"
"""The key of the whole server's budget of asked-for views in `Hub.asked`."""


def _asked_view(hub: Hub, conn: Conn, table: Table, shares: Shares) -> None:
    """A full view the client asked for (`view`, `lang`): it costs one message more per
    VIEW_BYTES of it, to the connection's rate and its address's share, and comes out of the
    whole server's budget of asked-for views; while that budget is spent it is refused (`busy`),
    so many addresses together cannot fill the event loop with views nobody needs to play."""
    if hub.asked.owes(ASKED):
        raise Rejected("views_busy")
    size = hub.push_view(table, conn, full=True)
    conn.bucket.charge(size / VIEW_BYTES)
    shares.charge(conn.address, size / VIEW_BYTES)
    hub.asked.charge(ASKED, 1 + size / VIEW_BYTES)


async def _handle(hub: Hub, conn: Conn, message: dict[str, Any], shares: Shares) -> None:
    read_at = time.perf_counter()
    service = hub.service
    kind = message.get("type")
    msg_id = message.get("msg_id")
    try:
        table = await hub.authority.find(conn.table_id)
        if kind != "ping" and conn.token is not None:
            service.seat_of(table, conn.token)  # a token replaced since the hello opens nothing any more
        if kind in ("act", "undo"):  # one change of a table at a time, in arrival order (the authority's lock)
            ack = msg_id if isinstance(msg_id, str) and len(msg_id) <= 64 else ""
            if kind == "act":
                await hub.act(conn, message, ack)
                hub.metrics.acked(time.perf_counter() - read_at)
            else:
                await hub.authority.undo(conn.table_id, conn.token, message.get("version"),
                                         lambda change: hub.acknowledged(conn, ack, change))
        elif kind in ("reclaim", "name"):
            seat = conn.seat
            if seat is None:
                raise Rejected("spectator")
            ack = msg_id if isinstance(msg_id, str) and len(msg_id) <= 64 else ""
            if kind == "reclaim":
                hub.acknowledged(conn, ack, lambda: service.reclaim(table, seat))
            else:
                await hub.authority.rename(table, seat, message.get("name"),
                                           lambda change: _written(hub, conn, ack, change, shares))
        elif kind == "hint":
            await _hint(hub, conn, table, shares)
        elif kind == "lang":
            if message.get("lang") not in i18n.LOCALES:
                raise Rejected.because("lang", langs=", ".join(i18n.LOCALES))
            if hub.asked.owes(ASKED):
                raise Rejected("views_busy")
            conn.lang = message["lang"]
            _asked_view(hub, conn, table, shares)
        elif kind == "ping":
            hub.send(conn, {"type": "pong"})
        elif kind == "view":
            _asked_view(hub, conn, table, shares)
        else:
            raise Rejected.because("message_type", kind=repr(str(kind)[:30]))
    except Rejected as exc:
        hub.send(conn, _error_frame(conn.lang, exc, msg_id))
        if exc.code == "stale":  # the client acted on an old view: send it the whole view again
            with contextlib.suppress(Rejected):
                hub.push_view(service.get(conn.table_id), conn, full=True)
        elif exc.code == "moving" and conn.table_id not in service.tables:  # given up: reconnect to its new owner
            hub.drop(conn, Close(MOVING_CLOSE, "moving"))


def _written(hub: Hub, conn: Conn, ack: str, change: Callable[[], None], shares: Shares) -> None:
    """Put a change that wrote a row (a seat's name) in place: it costs its sender WRITE_COST units
    besides the frames it fans out (`Hub.paid_by`); one that changed nothing wrote nothing."""
    changed = hub.service.tables.get(conn.table_id)
    before = None if changed is None else changed.revision
    hub.acknowledged(conn, ack, change)
    if changed is not None and changed.revision != before:
        shares.charge(conn.address, WRITE_COST)


async def _hint(hub: Hub, conn: Conn, table: Table, shares: Shares) -> None:
    """The `hard` level's suggestion (a search, so it comes with an estimate), computed in the pool.

    The position goes to the pool as a saved state, written in a thread from a copy (the loop goes
    on changing the table's own), and its size is the hint's price: one unit of the asker's share
    and of its connection's rate per HINT_BYTES, so a hint on a large position (a card file with
    many cards) costs its asker what it costs the server; the seconds its search holds a worker
    are charged to the asker's address when it ends (`HINT_WORKER_SECOND`)."""
    TableService.movable(table)
    if conn.seat is None or table.state.current_player != conn.seat or table.state.is_terminal() or hub.loop is None:
        raise Rejected("not_your_turn")
    version = table.version
    saved, size = await asyncio.to_thread(_saved, table.state.clone())
    units = hint_price(size)
    conn.bucket.charge(units)
    shares.charge(conn.address, units)
    if table.version != version:  # the table moved on while it was written: no hint for an old position
        return

    def done(answer: Any, error: BaseException | None) -> None:
        if error is not None or table.version != version:
            return
        chosen, estimate = answer
        action = table.game.action_from_json(chosen)
        legal = table.state.legal_actions()
        if action in legal:
            hub.send(conn, {"type": "hint", "action_id": legal.index(action),
                            "text": table.state.describe_action(action, conn.lang), "estimate": estimate})

    hub.thinking.hint(conn, ai.advise, (table.game.info.id, saved, "hard", table.state.seed + version,
                                        ai.MAX_THINK_S, table.cards), done,
                      spent=lambda seconds: shares.charge(conn.address, seconds * HINT_WORKER_SECOND))


def hint_price(size: int) -> float:
    """Units a hint costs its asker, for a saved position of `size` bytes (at least one)."""
    return max(1.0, size / HINT_BYTES)


def _saved(state: GameState) -> tuple[dict[str, Any], int]:
    """The position as a saved state, and its size in bytes (off the event loop)."""
    saved = state.to_json()
    return saved, len(orjson.dumps(saved))
