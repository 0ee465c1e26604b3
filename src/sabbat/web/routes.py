"""The HTTP API: the lobby (games, agents, tables, joining) and finished games' replays.

Why apart from the WebSocket protocol: these are one-shot requests that read or create tables;
none of them holds a connection or sees another reader's frames.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from sabbat import games
from sabbat.core import SabbatError, i18n
from sabbat.core.game import CARD_FILE

from . import custom_cards, game_front, refusals, seatkeys
from .authority import Authority
from .fair import address_of
from .http_limits import request_lang
from .keeping import Keeper
from .names import game_named
from .rejected import Rejected
from .replays import Replays
from .table import NewTable, Table
from .tables import LEVELS, TableService

STATIC = Path(__file__).with_name("static")
LEVEL_LABELS = {
    "easy": {"en": "Easy", "ja": "かんたん"}, "normal": {"en": "Normal", "ja": "ふつう"},
    "hard": {"en": "Hard", "ja": "むずかしい"}, "heuristic": {"en": "Heuristic", "ja": "定石"},
    "random": {"en": "Random", "ja": "ランダム"},
}


def http_routes() -> list[BaseRoute]:
    """The pages, the API and (where installed) the browser client's files."""
    routes: list[BaseRoute] = [
        Route("/", page), Route("/t/{table_id}", page), Route("/replay/{table_id}", page),
        Route("/api/games", api_games), Route("/api/agents", api_agents),
        Route("/api/games/{game}/cards", api_cards),
        Route("/api/games/{game}/cards.yaml", api_card_file),
        Route("/api/games/{game}/rules", api_rules),
        Route("/api/tables", api_tables, methods=["GET", "POST"]),
        Route("/api/lessons", api_lessons, methods=["POST"]),
        Route("/api/tables/{table_id}", api_table),
        Route("/api/tables/{table_id}/join", api_join, methods=["POST"]),
        Route("/api/tables/{table_id}/cards", api_table_cards),
        Route("/api/tables/{table_id}/cards/changes", api_table_card_changes),
        Route("/api/tables/{table_id}/token", api_token, methods=["POST"]),
        Route("/api/tables/{table_id}/invites", api_invites, methods=["POST"]),
        Route("/api/tables/{table_id}/replay", api_replay),
        Route("/api/tables/{table_id}/replay/view", api_replay_view),
        *game_front.routes(),
    ]
    if STATIC.is_dir():
        routes.append(Mount("/static", StaticFiles(directory=STATIC), name="static"))
    return routes


def _lang(request: Request) -> str:
    return request_lang(request.headers, request.query_params)


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


async def _not_found(request: Request, exc: Exception) -> Response:
    return _error(404, i18n.render("web.not_found", _lang(request)))


async def _not_allowed(request: Request, exc: Exception) -> Response:
    allowed = getattr(exc, "headers", None) or {}
    response = _error(405, i18n.render("web.method_not_allowed", _lang(request), {"allowed": allowed.get("Allow", "GET")}))
    response.headers.update(allowed)
    return response


ERROR_HANDLERS = {404: _not_found, 405: _not_allowed}
"""Starlette's own refusals (no such address, wrong method) as JSON in the request's language."""


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
            "max_players": info.max_players, "summary": info.summary, "card_file": games.get(name).has_card_file,
            "options": {k: {"help": o.help, "help_ja": o.help_ja or o.help, "kind": o.kind, "choices": list(o.choices),
                            "default": o.default, "minimum": o.minimum, "maximum": o.maximum, **o.words()}
                        for k, o in info.options.items()},
            "lessons": [{"id": lesson.id, "players": lesson.players,
                         "title": {lang: i18n.render(lesson.title, lang) for lang in i18n.LOCALES}}
                        for lesson in games.get(name).lessons()],
        })
    return JSONResponse(rows)


async def api_agents(request: Request) -> Response:
    offered = _service(request).agents
    rows = [{"name": n, "label": LEVEL_LABELS[n]} for n in LEVELS if n in offered]
    rows += [{"name": n, "label": {"en": n, "ja": n}} for n in sorted(offered - set(LEVELS))]
    return JSONResponse(rows)


async def api_cards(request: Request) -> Response:
    try:
        game = game_named(request.path_params["game"])
    except Rejected as exc:
        return _error(404, exc.message(_lang(request)))
    return JSONResponse(game.card_faces(_lang(request)))


async def api_card_file(request: Request) -> Response:
    """The game's shipped card file, the place to start one's own from (a new table's `cards`)."""
    try:
        game = game_named(request.path_params["game"])
    except Rejected as exc:
        return _error(404, exc.message(_lang(request)))
    if not game.has_card_file:
        return _error(404, Rejected("no_shipped_cards", game=game.info.title).message(_lang(request)))
    return Response(game.resource(CARD_FILE).read_bytes(), media_type="application/yaml; charset=utf-8",
                    headers={"Content-Disposition": f'attachment; filename="{game.info.id}-cards.yaml"'})


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
    try:
        game = game_named(request.path_params["game"])
    except Rejected as exc:
        return _error(404, exc.message(_lang(request)))
    lang = _lang(request)
    return JSONResponse({"game": game.info.id, "lang": lang, "text": game.rules_text(lang) or ""})


async def _body(request: Request) -> Any:
    if not _from_this_site(request):
        raise Rejected("cross_site")
    raw = await request.body()  # at most MAX_BODY: `http_limits.BodyLimit` refuses more as it streams
    try:
        return json.loads(raw or b"{}")
    except (ValueError, RecursionError):
        raise Rejected.because("not_json") from None


async def api_tables(request: Request) -> Response:
    if request.method == "GET":
        status = request.query_params.get("status")
        keeper: Keeper = request.app.state.keeper
        if status == "finished":  # most finished games are not in memory: the database lists them
            return JSONResponse(await keeper.finished())
        await keeper.settled()
        return JSONResponse(await _authority(request).lobby(status))
    return await _created(request, _authority(request).plan)


async def api_lessons(request: Request) -> Response:
    """POST {game, lesson?, name?}: a table for one of the game's lessons (its first by default)."""
    return await _created(request, _authority(request).plan_lesson)


async def _created(request: Request,
                   plan: Callable[[Any, str | None], Awaitable[NewTable]]) -> Response:
    """A table checked from the request's body by `plan`, made, and answered with its id, each seat's
    token and the creator's key."""
    lang = _lang(request)
    try:
        new = await plan(await _body(request), address_of(request.scope))
        table, tokens = await _authority(request).add(new), new.tokens
    except SabbatError as exc:
        refusal = refusals.refusal(exc)
        return _error({"cross_site": 403, "too_many_tables": 429, "too_many_ai_seats": 429, "server_ai_full": 503,
                       "too_many_refused": 429}.get(refusal.code, 400), refusal.message(lang))
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
    return JSONResponse({"table_id": table.id, "seats": seats, "creator_key": new.creator_key}, status_code=201)


def _authority(request: Request) -> Authority:
    authority: Authority = request.app.state.authority
    return authority


async def _table(request: Request) -> Table:
    """The table the path names, loaded first if it is not in memory (`keeping`), taken over
    first on PostgreSQL if its owner gave it up (`authority`)."""
    return await _authority(request).find(request.path_params["table_id"])


def _refused(exc: Rejected, lang: str, status: int) -> Response:
    """A refusal of a request that names a table: `loading` (a table not loaded yet after a
    restart) and `moving` (its owner is changing) are 503 with Retry-After, `unknown_table` 404,
    anything else `status`."""
    if exc.code in ("loading", "moving"):
        response = _error(503, exc.message(lang))
        response.headers["Retry-After"] = "1"
        return response
    return _error(404 if exc.code == "unknown_table" else status, exc.message(lang))


async def api_table(request: Request) -> Response:
    try:
        return JSONResponse((await _table(request)).row())
    except Rejected as exc:
        return _refused(exc, _lang(request), 404)


async def api_table_cards(request: Request) -> Response:
    """The faces of this table's cards: its uploaded values where it plays with its own card file."""
    return await _table_answer(request, custom_cards.answer)


async def api_table_card_changes(request: Request) -> Response:
    """Whether this table plays with its own card file, and which cards differ from the shipped ones."""
    return await _table_answer(request, custom_cards.changes_answer)


async def _table_answer(request: Request, answer: Callable[[Table, str], Awaitable[bytes]]) -> Response:
    """`answer(table, lang)`, already JSON, for the table the request names (404 for none)."""
    lang = _lang(request)
    try:
        table = await _table(request)
    except Rejected as exc:
        return _refused(exc, lang, 404)
    return Response(await answer(table, lang), media_type="application/json")


async def api_join(request: Request) -> Response:
    lang = _lang(request)
    try:
        body = await _body(request)
        seat = body.get("seat") if isinstance(body, dict) else None
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
            raise Rejected.because("seat_number")
        seat_no, token = await _authority(request).join(request.path_params["table_id"], seat)
    except Rejected as exc:
        status = {"seat_taken": 409, "table_full": 409, "cross_site": 403, "table_expired": 410}.get(exc.code, 400)
        return _refused(exc, lang, status)
    table_id = request.path_params["table_id"]
    return JSONResponse({"seat": seat_no, "token": token, "invite_url": f"/t/{table_id}#token={token}"})


REKEY_STATUS = {"bad_token": 403, "not_creator": 403, "cross_site": 403, "invite_taken": 409, "table_expired": 410}


async def api_token(request: Request) -> Response:
    """POST {token}: the seat's holder gets a new token and invite link; the old one opens nothing
    from now on, and the connections opened with it are closed (`seatkeys`)."""
    lang = _lang(request)
    try:
        body = await _body(request)
        token = body.get("token") if isinstance(body, dict) else None
        service = _service(request)
        rekey = await _authority(request).rekey(request.path_params["table_id"],
                                                lambda table: seatkeys.plan_rotate(service, table, token))
    except Rejected as exc:
        return _refused(exc, lang, REKEY_STATUS.get(exc.code, 400))
    return JSONResponse(_seat_link(rekey))


async def api_invites(request: Request) -> Response:
    """POST {creator, seat, action: withdraw|reissue}: the table's creator takes back the invite of
    a seat nobody came to, or replaces it with a new link (`seatkeys`)."""
    lang = _lang(request)
    try:
        body = await _body(request)
        if not isinstance(body, dict):
            raise Rejected.because("table_object")
        rekey = await _authority(request).rekey(
            request.path_params["table_id"],
            lambda table: seatkeys.plan_reissue(table, body.get("creator"), body.get("seat"), body.get("action")))
    except Rejected as exc:
        return _refused(exc, lang, REKEY_STATUS.get(exc.code, 400))
    return JSONResponse(_seat_link(rekey) if rekey.token is not None else {"seat": rekey.seat, "withdrawn": True})


def _seat_link(rekey: seatkeys.Rekey) -> dict[str, Any]:
    return {"seat": rekey.seat, "token": rekey.token, "invite_url": f"/t/{rekey.table.id}#token={rekey.token}"}


def _replays(request: Request) -> Replays:
    replays: Replays = request.app.state.replays
    return replays


async def api_replay(request: Request) -> Response:
    lang = _lang(request)
    try:
        table = await _table(request)
        _service(request).replayable(table)
    except Rejected as exc:
        return _refused(exc, lang, 403)
    return Response(await _replays(request).file(table), media_type="application/json",
                    headers={"Content-Disposition": f'attachment; filename="{table.id}.replay.json"'})


async def api_replay_view(request: Request) -> Response:
    """One position of a finished game, as any seat (or a spectator) saw it; `seat=all` shows
    everything, every seat's hidden cards included (the game is over)."""
    lang = _lang(request)
    try:
        table = await _table(request)
        _service(request).replayable(table)
    except Rejected as exc:
        return _refused(exc, lang, 403)
    q = request.query_params
    everything = q.get("seat") == "all"
    total = table.version
    raw = q.get("step", "0")
    try:
        # `last`: the final position, whatever the count of decisions (a spectator's count of the
        # table's changes is smaller where seats chose in secret)
        step = total if raw == "last" else int(raw) if len(raw) < 8 else -1
        seat = int(q["seat"]) if q.get("seat") not in (None, "", "all") and len(q["seat"]) < 4 else None
    except ValueError:
        step, seat = -1, None
    if not 0 <= step <= total or (seat is not None and not 0 <= seat < table.state.num_players):
        return _error(400, Rejected("bad_step", total=total, last=table.state.num_players - 1).message(lang))
    return Response(await _replays(request).position(table, step, seat, lang, everything), media_type="application/json")
