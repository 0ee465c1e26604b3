"""A table's own card catalogue: the faces its cards show and how they differ from the shipped ones.

Why per table: a table's creator may upload a card file, and then a card at that table is not the
card the game ships (a monster's attack, a card's count). `/api/games/{game}/cards` knows no table,
so a page drawing such a table from it would show every changed card with the shipped values. A
page asks `/api/tables/{id}/cards` instead (the same faces for a table with the shipped cards), and
`/api/tables/{id}/cards/changes` lists what the upload changed, so a person can see it before they
join. Both answer only the catalogue (every card a game of that table can hold, whoever holds it):
public to anyone who may watch the table, as the game's own catalogue is.

The work is done off the event loop, once per table and language (kept with the table; the
shipped cards' answers once per game), and however many ask at once it is done once: asking
again costs nothing.
"""

from __future__ import annotations

import asyncio
import functools
import json
from importlib import resources
from pathlib import Path
from typing import Any

from sabbat.core import carddata
from sabbat.core.game import CARD_FILE, Game

from .table import Table

UNCOMPARED = frozenset({"provenance", "note"})
"""Keys of a card entry that only source or annotate it: a change to them changes no card."""


def custom(table: Table) -> bool:
    """Whether the table plays with an uploaded card file rather than the shipped one."""
    return table.cards is not None


def faces(table: Table, lang: str) -> dict[str, dict[str, Any]]:
    """Every card face of the table's catalogue in `lang`, with that table's values."""
    return table.game.card_faces(lang, table.state.options)


@functools.cache
def _shipped_data(game: Game) -> Any:
    """The game's shipped card file as plain data (read once)."""
    with resources.as_file(game.resource(CARD_FILE)) as path:
        return carddata.read_file(Path(path))


def _entries(data: Any) -> dict[tuple[str, str], dict[str, Any]]:
    """(section, id) -> entry, for every section that lists entries with an id."""
    out: dict[tuple[str, str], dict[str, Any]] = {}
    if not isinstance(data, dict):
        return out
    for section, entries in data.items():
        if not isinstance(entries, list):
            continue
        for entry in entries:
            if isinstance(entry, dict) and isinstance(entry.get("id"), str):
                out[(str(section), entry["id"])] = {k: v for k, v in entry.items() if k not in UNCOMPARED}
    return out


def _value(v: Any) -> str:
    """A field's value as a person reads it in the list of changes (a text pair as its words)."""
    if isinstance(v, dict) and set(v) <= {"en", "ja"} and v:
        return " / ".join(str(x) for x in v.values())
    return v if isinstance(v, str) else json.dumps(v, ensure_ascii=False)


@functools.lru_cache(maxsize=8)
def _differing(game: Game, name: str) -> tuple[tuple[tuple[str, str], dict[str, Any] | None, dict[str, Any] | None], ...]:
    """((section, id), shipped entry, uploaded entry) of each entry the uploaded file `name` changes,
    adds or leaves out: the file is parsed once for every language's answer."""
    here = _entries(carddata.read_file(Path(name)))
    shipped = _entries(_shipped_data(game))
    keys = list(shipped) + [k for k in here if k not in shipped]
    return tuple((k, shipped.get(k), here.get(k)) for k in keys if shipped.get(k) != here.get(k))


def changes(table: Table, lang: str) -> list[dict[str, Any]]:
    """The cards the table's upload changes, adds or leaves out, compared with the shipped file:
    for each its name, `change` (`changed`, `added`, `removed`), its face text shipped and here
    (where the game draws a face for it) and every field that differs (`field`, `shipped`, `here`)."""
    if table.cards is None:
        return []
    name, _new = carddata.upload(table.cards)
    faces_here = faces(table, lang)
    faces_shipped = table.game.card_faces(lang)
    out: list[dict[str, Any]] = []
    for (section, card_id), old, new in _differing(table.game, name):
        entry = new if new is not None else old
        assert entry is not None
        words = entry.get("name")
        label = words.get(lang) or words.get("en") if isinstance(words, dict) else None
        fields = [{"field": f, "shipped": None if old is None or f not in old else _value(old[f]),
                   "here": None if new is None or f not in new else _value(new[f])}
                  for f in dict.fromkeys([*(old or {}), *(new or {})])
                  if f != "id" and (old or {}).get(f) != (new or {}).get(f)]
        out.append({
            "section": section, "id": card_id, "name": str(label or card_id),
            "change": "added" if old is None else "removed" if new is None else "changed",
            "shipped": faces_shipped.get(card_id, {}).get("text") if old is not None else None,
            "here": faces_here.get(card_id, {}).get("text") if new is not None else None,
            "fields": fields,
        })
    return out


_shipped_answers: dict[tuple[str, str, str], Any] = {}
"""(game, language, kind) -> the answer for the tables with the shipped cards (a few per game)."""


async def _answer(table: Table, lang: str, kind: str) -> bytes:
    """The encoded answer of `kind` (`faces` or `changes`), made once in a thread: for a table with
    its own cards it is kept with the table (so its cost is paid once per table and language,
    however often and however many at once ask), for the others once per game."""
    answers = table.card_answers if custom(table) else _shipped_answers
    key: Any = (lang, kind) if custom(table) else (table.game.info.id, lang, kind)
    made = answers.get(key)
    if isinstance(made, bytes):
        return made
    if made is None:  # nobody is making it: make it (those who ask meanwhile wait for this one)
        make = faces if kind == "faces" else changes
        made = answers[key] = asyncio.ensure_future(
            asyncio.to_thread(lambda: json.dumps(make(table, lang), ensure_ascii=False).encode()))
    try:
        body: bytes = await asyncio.shield(made)
    except Exception:
        answers.pop(key, None)  # a failure is not kept: the next request tries again
        raise
    answers[key] = body
    return body


async def answer(table: Table, lang: str) -> bytes:
    """`/api/tables/{id}/cards`: the faces of the table's cards (its uploaded values, if any)."""
    return await _answer(table, lang, "faces")


async def changes_answer(table: Table, lang: str) -> bytes:
    """`/api/tables/{id}/cards/changes`: `{custom, changes}`, whether the table plays with uploaded
    cards and what they change (`changes`)."""
    listed = await _answer(table, lang, "changes")
    return b'{"custom":%s,"changes":%s}' % (b"true" if custom(table) else b"false", listed)
