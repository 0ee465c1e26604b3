"""HTTP and WebSocket front of the table authority (Starlette, run by uvicorn).

Why a hub of per-connection queues: a move's views are computed once per recipient and put in
that connection's bounded queue; a client that stops reading fills only its own queue and is
closed, so no table ever waits on a slow socket.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import orjson
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from sabbat import games
from sabbat.core import SabbatError, i18n
from sabbat.core.errors import UnknownGame

from . import ai, reveal
from .commits import GroupCommit
from .steps import Steps
from .store import Store
from .tables import LEVELS, Rejected, Table, TableService

log = logging.getLogger("sabbat.web")
STATIC = Path(__file__).with_name("static")
MAX_FRAME = 16 * 1024
MAX_BODY = 2 * 1024 * 1024
QUEUE_LIMIT = 64
RATE = 60.0
BURST = 120.0
FLOOD_CLOSE = 50
LEVEL_LABELS = {
    "easy": {"en": "Easy", "ja": "かんたん"}, "normal": {"en": "Normal", "ja": "ふつう"},
    "hard": {"en": "Hard", "ja": "むずかしい"}, "heuristic": {"en": "Heuristic", "ja": "定石"},
    "random": {"en": "Random", "ja": "ランダム"},
}


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
    tokens: float = BURST
    refilled: float = field(default_factory=time.monotonic)
    strikes: int = 0
    ack: str | None = None
    """The message id to acknowledge with the next view (set while its move commits)."""
    last_view: str | None = None
    """The last view sent: one that would say nothing new is not sent again, so the number of
    frames a reader gets tells it no more than their contents (another seat's secret run)."""

    def allow(self) -> bool:
        """Token bucket: RATE messages a second, bursts of BURST."""
        now = time.monotonic()
        self.tokens = min(BURST, self.tokens + (now - self.refilled) * RATE)
        self.refilled = now
        if self.tokens < 1:
            self.strikes += 1
            return False
        self.tokens -= 1
        return True


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


def create_app(db: str, workers: int = 2, grace_s: float = 60.0, allow_origins: tuple[str, ...] = (),
               pool: Any = None, extra_agents: tuple[str, ...] = ()) -> Starlette:
    """The whole server; `db` is a SQLite path or a postgresql:// URL. `extra_agents` are AI
    players the operator offers beside the levels (`sabbat serve --agent`)."""
    store = Store(db)
    service = TableService(store, grace_s=grace_s, agents=(*LEVELS, *extra_agents))
    service.load()
    own_pool = pool is None
    hub = Hub(service, pool if pool is not None else ai.make_pool(workers))

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        hub.loop = asyncio.get_running_loop()
        hub.resume_all()
        ticker = asyncio.create_task(_tick(service))
        try:
            yield
        finally:
            ticker.cancel()
            if own_pool:
                hub.pool.shutdown(wait=False, cancel_futures=True)
            hub.commits.close()
            store.close()

    routes = [
        Route("/", page), Route("/t/{table_id}", page), Route("/replay/{table_id}", page),
        Route("/api/games", api_games), Route("/api/agents", api_agents),
        Route("/api/games/{game}/cards", api_cards),
        Route("/api/games/{game}/rules", api_rules),
        Route("/api/tables", api_tables, methods=["GET", "POST"]),
        Route("/api/tables/{table_id}", api_table),
        Route("/api/tables/{table_id}/join", api_join, methods=["POST"]),
        Route("/api/tables/{table_id}/replay", api_replay),
        Route("/api/tables/{table_id}/replay/view", api_replay_view),
        WebSocketRoute("/ws/tables/{table_id}", ws_table),
    ]
    if STATIC.is_dir():
        routes.append(Mount("/static", StaticFiles(directory=STATIC), name="static"))
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.service = service
    app.state.hub = hub
    app.state.allow_origins = allow_origins
    return app


async def _tick(service: TableService) -> None:
    while True:
        await asyncio.sleep(0.5)
        try:
            service.tick()
        except Exception:
            log.exception("clock tick failed")


# ----- HTTP --------------------------------------------------------------------------------
def _lang(request: Request) -> str:
    lang = request.query_params.get("lang") or ""
    if lang in i18n.LOCALES:
        return lang
    accept = request.headers.get("accept-language", "")
    return "ja" if accept.lower().startswith("ja") else "en"


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def _service(request: Request) -> TableService:
    service: TableService = request.app.state.service
    return service


async def page(request: Request) -> Response:
    index = STATIC / "index.html"
    if index.is_file():
        return FileResponse(index, headers={"Cache-Control": "no-cache"})
    return HTMLResponse("<!doctype html><title>sabbat</title><p>sabbat serve is running; the browser client "
                        "is not installed in this copy. The HTTP API is under /api/.</p>")


async def api_games(request: Request) -> Response:
    rows = []
    for name in games.names():
        info = games.get(name).info
        rows.append({
            "id": info.id, "cli_name": info.cli_name, "title": info.title, "min_players": info.min_players,
            "max_players": info.max_players, "summary": info.summary,
            "options": {k: {"help": o.help, "help_ja": o.help_ja or o.help, "kind": o.kind, "choices": list(o.choices),
                            "default": o.default, "minimum": o.minimum, "maximum": o.maximum, **o.words()}
                        for k, o in info.options.items()},
        })
    return JSONResponse(rows)


async def api_agents(request: Request) -> Response:
    offered = _service(request).agents
    rows = [{"name": n, "label": LEVEL_LABELS[n]} for n in LEVELS if n in offered]
    rows += [{"name": n, "label": {"en": n, "ja": n}} for n in sorted(offered - set(LEVELS))]
    return JSONResponse(rows)


async def api_cards(request: Request) -> Response:
    try:
        game = games.get(request.path_params["game"])
    except UnknownGame as exc:
        return _error(404, str(exc))
    return JSONResponse(game.card_faces(_lang(request)))


def _from_this_site(request: Request) -> bool:
    """Whether a state-changing request may act (cross-site request forgery).

    A JSON body cannot come from another site without the browser asking this server first
    (which it never allows), and a browser names the page a request comes from: the Origin must
    be this server or one the operator allowed; without one, Sec-Fetch-Site must say the same
    site. A request with neither comes from no browser, so no other site can have sent it.
    """
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        return False
    origin = request.headers.get("origin")
    if origin is not None:
        allowed: tuple[str, ...] = request.app.state.allow_origins
        return "*" in allowed or origin in allowed or urlparse(origin).netloc == request.headers.get("host", "")
    site = request.headers.get("sec-fetch-site")
    return site is None or site in ("same-origin", "none")


async def api_rules(request: Request) -> Response:
    """The game's rules summary (Markdown) in the asked language, for the table's rules panel."""
    from sabbat.cli.session import rules_text

    try:
        game = games.get(request.path_params["game"])
    except UnknownGame as exc:
        return _error(404, str(exc))
    lang = _lang(request)
    return JSONResponse({"game": game.info.id, "lang": lang, "text": rules_text(game, lang) or ""})


async def _body(request: Request) -> Any:
    if not _from_this_site(request):
        raise Rejected("cross_site")
    raw = await request.body()
    if len(raw) > MAX_BODY:
        raise Rejected("bad_message", why="the request is larger than 2 MB")
    try:
        return json.loads(raw or b"{}")
    except (ValueError, RecursionError):
        raise Rejected("bad_message", why="the body is not JSON") from None


async def api_tables(request: Request) -> Response:
    service = _service(request)
    if request.method == "GET":
        return JSONResponse(service.lobby(request.query_params.get("status")))
    lang = _lang(request)
    try:
        table, tokens = service.create(await _body(request))
    except Rejected as exc:
        return _error(403 if exc.code == "cross_site" else 400, exc.message(lang))
    except SabbatError as exc:
        return _error(400, str(exc))
    seats = []
    for s in table.seats:
        row: dict[str, Any] = {"seat": s.seat, "kind": s.kind}
        if s.agent:
            row["agent"] = s.agent
        if s.seat in tokens:
            row["token"] = tokens[s.seat]
            row["invite_url"] = f"/t/{table.id}#token={tokens[s.seat]}"
        if s.open:
            row["open"] = True
            row["invite_url"] = f"/t/{table.id}#join={s.seat}"
        seats.append(row)
    return JSONResponse({"table_id": table.id, "seats": seats}, status_code=201)


def _table(request: Request) -> Table:
    return _service(request).get(request.path_params["table_id"])


async def api_table(request: Request) -> Response:
    try:
        return JSONResponse(_table(request).row())
    except Rejected as exc:
        return _error(404, exc.message(_lang(request)))


async def api_join(request: Request) -> Response:
    lang = _lang(request)
    try:
        body = await _body(request)
        seat = body.get("seat") if isinstance(body, dict) else None
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
            raise Rejected("bad_message", why="seat is a whole number")
        seat_no, token = _service(request).join(request.path_params["table_id"], seat)
    except Rejected as exc:
        status = {"unknown_table": 404, "seat_taken": 409, "table_full": 409, "cross_site": 403}.get(exc.code, 400)
        return _error(status, exc.message(lang))
    table_id = request.path_params["table_id"]
    return JSONResponse({"seat": seat_no, "token": token, "invite_url": f"/t/{table_id}#token={token}"})


async def api_replay(request: Request) -> Response:
    lang = _lang(request)
    try:
        table = _table(request)
        data = _service(request).replay(table)
    except Rejected as exc:
        return _error(404 if exc.code == "unknown_table" else 403, exc.message(lang))
    return JSONResponse(data, headers={"Content-Disposition": f'attachment; filename="{table.id}.replay.json"'})


async def api_replay_view(request: Request) -> Response:
    """One position of a finished game, as any seat (or a spectator) saw it; `seat=all` shows
    everything, every seat's hidden cards included (the game is over)."""
    lang = _lang(request)
    service = _service(request)
    try:
        table = _table(request)
        service.replay(table)
    except Rejected as exc:
        return _error(404 if exc.code == "unknown_table" else 403, exc.message(lang))
    q = request.query_params
    everything = q.get("seat") == "all"
    try:
        step = int(q.get("step", "0")) if len(q.get("step", "0")) < 8 else -1
        seat = int(q["seat"]) if q.get("seat") not in (None, "", "all") and len(q["seat"]) < 4 else None
    except ValueError:
        return _error(400, "step and seat are whole numbers")
    total = table.version
    if not 0 <= step <= total or (seat is not None and not 0 <= seat < table.state.num_players):
        return _error(400, f"step is 0 to {total}; seat is 0 to {table.state.num_players - 1}")
    state = table.game.new(table.state.num_players, table.state.seed, table.state.options)
    shadow = Table(table.id, table.game, state, table.seats, table.settings, table.created,
                   steps=Steps(state.num_players))
    for action in table.state.history[:step]:
        shadow.apply(action)
    frame = service.view(shadow, seat, lang)
    if everything:
        frame["observation"] = reveal.everything(state)
        frame["events"] = [{"i": i, "key": e.key, "params": e.params, "text": e.render(lang)}
                           for i, e in enumerate(state.events)]
    frame["legal"] = []
    frame["step"] = step
    frame["total_steps"] = total
    frame["everything"] = everything
    return JSONResponse(frame)


# ----- WebSocket ---------------------------------------------------------------------------
def _origin_ok(ws: WebSocket, allowed: tuple[str, ...]) -> bool:
    origin = ws.headers.get("origin")
    if origin is None:
        return True  # not a browser: nothing to protect against cross-site
    if "*" in allowed or origin in allowed:
        return True
    return urlparse(origin).netloc == ws.headers.get("host", "")


async def ws_table(ws: WebSocket) -> None:
    hub: Hub = ws.app.state.hub
    service = hub.service
    if not _origin_ok(ws, ws.app.state.allow_origins):
        await ws.close(code=4403, reason="origin not allowed")
        return
    await ws.accept()
    table_id = ws.path_params["table_id"]
    conn: Conn | None = None
    sender: asyncio.Task[None] | None = None
    try:
        hello = await asyncio.wait_for(_receive(ws), timeout=30)
        lang: str = hello["lang"] if hello.get("lang") in i18n.LOCALES else "en"
        if hello.get("type") != "hello":
            await _send_error(ws, lang, Rejected("bad_message", why="the first message must be a hello"))
            await ws.close(code=4400)
            return
        try:
            table = service.get(table_id)
            token = hello.get("token")
            seat = service.seat_of(table, token)
        except Rejected as exc:
            await _send_error(ws, lang, exc)
            await ws.close(code=4404 if exc.code == "unknown_table" else 4401)
            return
        conn = Conn(ws, table_id, seat, token, lang)
        service.connected(table, seat, +1)
        hub.conns.setdefault(table_id, set()).add(conn)
        sender = asyncio.create_task(_sender(ws, conn))
        hub.push_view(table, conn, full=True)
        while True:
            message = await _receive(ws)
            if not conn.allow():
                if conn.strikes > FLOOD_CLOSE:
                    await ws.close(code=4429, reason="flood")
                    return
                hub.send(conn, _error_frame(conn.lang, Rejected("rate_limited"), message.get("msg_id")))
                continue
            await _handle(hub, conn, message)
    except (TimeoutError, WebSocketDisconnect, RuntimeError):
        pass
    except _BadFrame as exc:
        refusal = Rejected("bad_message", why=str(exc))
        if conn is not None:
            hub.send(conn, _error_frame(conn.lang, refusal, None))
            await asyncio.sleep(0.05)
        else:
            with contextlib.suppress(Exception):
                await _send_error(ws, "en", refusal)
        with contextlib.suppress(Exception):
            await ws.close(code=1009 if "large" in str(exc) else 4400)
    finally:
        if conn is not None:
            hub.drop(conn)
            with contextlib.suppress(Rejected):
                service.connected(service.get(table_id), conn.seat, -1)
        if sender is not None:
            sender.cancel()


class _BadFrame(Exception):
    pass


async def _receive(ws: WebSocket) -> dict[str, Any]:
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    if text is None:
        raise _BadFrame("frames are JSON text")
    if len(text) > MAX_FRAME:
        raise _BadFrame("the frame is too large")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise _BadFrame("the frame is not JSON") from None
    if not isinstance(data, dict):
        raise _BadFrame("a frame is a JSON object")
    return data


async def _sender(ws: WebSocket, conn: Conn) -> None:
    try:
        while True:
            frame = await conn.queue.get()
            if frame is None:
                if ws.client_state == WebSocketState.CONNECTED:
                    await ws.close(code=4408, reason="too slow")
                return
            text = frame if isinstance(frame, str) else encode(frame)
            await ws.send_text(text)
    except (WebSocketDisconnect, RuntimeError, OSError):
        return


def _error_frame(lang: str, exc: Rejected, msg_id: Any) -> dict[str, Any]:
    frame: dict[str, Any] = {"type": "error", "code": exc.code, "message": exc.message(lang)}
    if isinstance(msg_id, str) and len(msg_id) <= 64:
        frame["msg_id"] = msg_id
    return frame


async def _send_error(ws: WebSocket, lang: str, exc: Rejected) -> None:
    await ws.send_text(encode(_error_frame(lang, exc, None)))


async def _handle(hub: Hub, conn: Conn, message: dict[str, Any]) -> None:
    service = hub.service
    kind = message.get("type")
    msg_id = message.get("msg_id")
    try:
        table = service.get(conn.table_id)
        if kind in ("act", "undo"):
            conn.ack = msg_id if isinstance(msg_id, str) and len(msg_id) <= 64 else ""
            try:
                async with hub.lock(conn.table_id):  # one move of a table at a time, in arrival order
                    if kind == "act":
                        version = await hub.act(conn, message)
                    else:
                        version = service.undo(conn.table_id, conn.token, message.get("version"))
            finally:
                pending, conn.ack = conn.ack, None
            if pending is not None:  # nothing changed (a repeated message id): acknowledge alone
                hub.send(conn, {"type": "ack", "msg_id": msg_id, "version": version})
        elif kind == "reclaim" and conn.seat is not None:
            service.reclaim(table, conn.seat)
            hub.changed(table)
        elif kind == "name":
            service.rename(table, conn.seat, message.get("name"))
        elif kind == "hint":
            _hint(hub, conn, table)
        elif kind == "lang" and message.get("lang") in i18n.LOCALES:
            conn.lang = message["lang"]
            hub.push_view(table, conn, full=True)
        elif kind == "ping":
            hub.send(conn, {"type": "pong"})
        elif kind == "view":
            hub.push_view(table, conn, full=True)
        else:
            raise Rejected("bad_message", why=f"unknown message type {str(kind)[:30]!r}")
    except Rejected as exc:
        hub.send(conn, _error_frame(conn.lang, exc, msg_id))
        if exc.code == "stale":  # the client acted on an old view: send it the whole view again
            with contextlib.suppress(Rejected):
                hub.push_view(service.get(conn.table_id), conn, full=True)


def _hint(hub: Hub, conn: Conn, table: Table) -> None:
    """The `hard` level's suggestion (a search, so it comes with an estimate), computed in the pool."""
    if conn.seat is None or table.state.current_player != conn.seat or table.state.is_terminal() or hub.loop is None:
        raise Rejected("not_your_turn")
    version = table.version
    fut = hub.loop.run_in_executor(hub.pool, ai.advise, table.game.info.id, table.state.to_json(), "hard",
                                   table.state.seed + version)

    def done(f: asyncio.Future[Any]) -> None:
        if f.exception() is not None or table.version != version:
            return
        chosen, estimate = f.result()
        action = table.game.action_from_json(chosen)
        legal = table.state.legal_actions()
        if action in legal:
            hub.send(conn, {"type": "hint", "action_id": legal.index(action),
                            "text": table.state.describe_action(action, conn.lang), "estimate": estimate})

    fut.add_done_callback(done)
