"""Each game's browser front end, served from the game's own package.

Why through `importlib.resources` and `Game.web_package`: a game installed from another
distribution brings its renderer and messages along, and the browser client names no game. The
browser asks `/api/games/{game}/front` for the URLs of the renderer (null: draw the game
generically) and of its style sheet, and for the game's messages in its language, then loads the
files from `/static/games/{game}/`.
"""

from __future__ import annotations

import json
import re
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from sabbat import games
from sabbat.core import i18n
from sabbat.core.errors import UnknownGame
from sabbat.core.game import Game

RENDERER = "renderer.js"
STYLE = "style.css"
FILE = re.compile(r"^[a-z0-9_]+\.(js|json|css)$")
"""The files a game's front end may serve: flat names, scripts, data and styles only."""
TYPES = {"js": "text/javascript; charset=utf-8", "json": "application/json", "css": "text/css; charset=utf-8"}


def front_files(game: Game) -> Traversable | None:
    """The folder of the game's front end, or None for a game that has none."""
    return resources.files(game.web_package) if game.web_package else None


def front_file(game: Game, name: str) -> Traversable | None:
    """One file of the game's front end, or None when the game has no such (servable) file."""
    folder = front_files(game)
    if folder is None or not FILE.match(name):
        return None
    path = folder / name
    return path if path.is_file() else None


def messages(game: Game, lang: str) -> dict[str, str]:
    """The game's browser messages in `lang`, English standing in for any key the language lacks."""
    merged: dict[str, str] = {}
    for code in dict.fromkeys(("en", lang)):
        path = front_file(game, f"{code}.json")
        if path is None:
            continue
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in data.items()):
            raise ValueError(f"{game.web_package}/{code}.json must be one JSON object of strings")
        merged.update(data)
    return merged


def _lang(request: Request) -> str:
    """`?lang=` when it names a language, else the browser's first language (ja or en)."""
    lang = request.query_params.get("lang") or ""
    if lang in i18n.LOCALES:
        return lang
    return "ja" if request.headers.get("accept-language", "").lower().startswith("ja") else "en"


def _game(request: Request) -> Game | Response:
    try:
        return games.get(request.path_params["game"])
    except UnknownGame as exc:
        return JSONResponse({"error": str(exc)}, status_code=404)


async def game_front(request: Request) -> Response:
    """GET /api/games/{game}/front?lang=: the URLs of the renderer and the style sheet (each null
    when the game has none) and the game's messages."""
    game = _game(request)
    if isinstance(game, Response):
        return game
    urls = {name: f"/static/games/{game.info.id}/{name}" if front_file(game, name) else None for name in (RENDERER, STYLE)}
    body: dict[str, Any] = {"renderer": urls[RENDERER], "style": urls[STYLE], "messages": messages(game, _lang(request))}
    return JSONResponse(body, headers={"Cache-Control": "no-cache"})


async def game_file(request: Request) -> Response:
    """GET /static/games/{game}/{name}: one file of the game's front end."""
    game = _game(request)
    if isinstance(game, Response):
        return game
    name = request.path_params["name"]
    path = front_file(game, name)
    if path is None:
        message = i18n.render("web.no_front_file", _lang(request), {"game": game.info.id, "name": name[:80]})
        return JSONResponse({"error": message}, status_code=404)
    return Response(path.read_bytes(), media_type=TYPES[name.rsplit(".", 1)[1]], headers={"Cache-Control": "no-cache"})


def routes() -> list[Route]:
    """The routes to place before the `/static` mount (which would otherwise answer first)."""
    return [Route("/api/games/{game}/front", game_front), Route("/static/games/{game}/{name}", game_file)]
