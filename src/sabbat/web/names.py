"""Names a page shows: a game's, a seat's, a table's. Checked on the way in, cleaned on the way
back from the database, so no stored name can break a page that lists it."""

from __future__ import annotations

import unicodedata
from typing import Any

from sabbat import games
from sabbat.core.errors import UnknownGame
from sabbat.core.game import Game

from .rejected import Rejected

MAX_SEAT_NAME = 40
MAX_TABLE_NAME = 80


def game_named(name: Any) -> Game:
    """The game called `name`; otherwise a refusal that names it (as text a page can show) and
    the games offered."""
    try:
        return games.get(str(name))
    except UnknownGame:
        raise Rejected("unknown_game", game=stored_name(str(name), 40) or "?",
                       choices=", ".join(games.names())) from None


def seat_name(name: Any) -> str:
    """A name as a seat shows it (see `text_name`)."""
    return text_name(name, MAX_SEAT_NAME, "bad_seat_name")


def text_name(name: Any, limit: int, code: str) -> str:
    """A name as a page shows it: text of 1 to `limit` characters, spaces collapsed, no control,
    formatting or surrogate characters (a lone surrogate cannot even be written as UTF-8, so one
    stored would break every answer that lists it). Anything else is refused, never cut."""
    if not isinstance(name, str):
        raise Rejected(code, max=limit)
    clean = " ".join(name.split())
    if not 0 < len(clean) <= limit or any(unicodedata.category(c).startswith("C") for c in clean):
        raise Rejected(code, max=limit)
    return clean


def stored_name(name: Any, limit: int) -> str | None:
    """A name read back from the database as it may be shown: one stored before names were
    checked loses the characters no page can show and what passes the limit, so an old row never
    breaks the lobby; nothing left is no name."""
    if not isinstance(name, str):
        return None
    shown = "".join(c for c in name if not unicodedata.category(c).startswith("C"))
    return " ".join(shown.split())[:limit] or None
