"""Message catalogues in Japanese and English.

Keys are namespaced (`mystic_vale.event.harvest`). Each namespace registers a
catalogue: a mapping locale -> key -> template using `{name}` placeholders.
A parameter value may itself be localized, as a dict with `en`/`ja` entries
(card names are passed this way), and is resolved in the reader's locale.
"""

from __future__ import annotations

import os
import string
import tomllib
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

LOCALES = ("en", "ja")
_catalogues: dict[str, dict[str, str]] = {loc: {} for loc in LOCALES}


def default_locale() -> str:
    """`ja` when the environment's locale is Japanese, else `en`."""
    for var in ("SABBAT_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        if value:
            return "ja" if value.lower().startswith("ja") else "en"
    return "en"


def register(namespace: str, catalogue: Mapping[str, Mapping[str, str]]) -> None:
    """Add `namespace.key` messages for each locale."""
    for locale, messages in catalogue.items():
        if locale not in _catalogues:
            raise ValueError(f"unsupported locale {locale!r}; sabbat speaks {', '.join(LOCALES)}")
        target = _catalogues[locale]
        for key, template in messages.items():
            target[f"{namespace}.{key}"] = template


def register_file(namespace: str, path: Path) -> None:
    """Load a TOML catalogue with one table per locale (`[en]`, `[ja]`), keys may be dotted."""
    with path.open("rb") as f:
        raw = tomllib.load(f)
    register(namespace, {loc: _flatten(table) for loc, table in raw.items()})


def _flatten(table: Mapping[str, Any], prefix: str = "") -> dict[str, str]:
    flat: dict[str, str] = {}
    for key, value in table.items():
        name = f"{prefix}{key}"
        if isinstance(value, Mapping):
            flat.update(_flatten(value, name + "."))
        else:
            flat[name] = str(value)
    return flat


def has(key: str, locale: str) -> bool:
    return key in _catalogues.get(locale, {})


def keys(locale: str) -> set[str]:
    return set(_catalogues[locale])


class _Params(dict[str, Any]):
    def __init__(self, params: Mapping[str, Any], locale: str) -> None:
        super().__init__(params)
        self.locale = locale

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def localize(value: Any, locale: str) -> Any:
    """Resolve a `{en:…, ja:…}` value; lists are joined, other values pass through."""
    if isinstance(value, Mapping) and ("en" in value or "ja" in value):
        return value.get(locale) or value.get("en") or next(iter(value.values()))
    if isinstance(value, list):
        return list_separator(locale).join(str(localize(v, locale)) for v in value)
    return value


LIST_SEPARATOR = {"en": ", ", "ja": "、"}


def list_separator(locale: str) -> str:
    """What separates the items of a list in `locale`: ", " in English, 「、」 in Japanese."""
    return LIST_SEPARATOR.get(locale, ", ")


def joined(key: str, rows: Iterable[Mapping[str, Any]]) -> dict[str, str]:
    """Message `key` rendered for each row and joined with each language's list separator
    ("P1 (12), P3 (9)" / 「P1 (12)、P3 (9)」), ready to pass as one localized parameter.

    Why here: every game lists seats (standings, rankings, who tied) this way, and events are
    rendered later in the reader's language, so the list is rendered once per language now.
    """
    return join_messages((key, row) for row in rows)


def join_messages(messages: Iterable[tuple[str, Mapping[str, Any]]]) -> dict[str, str]:
    """Like `joined`, with a message key of its own for each item."""
    items = list(messages)
    return {loc: LIST_SEPARATOR[loc].join(render(key, loc, params) for key, params in items) for loc in LOCALES}


SEAT_LABEL = {"en": "P{n}", "ja": "P{n}"}


class _Formatter(string.Formatter):
    """Adds two format specs used by every game alike.

    `{player:seat}` shows seat 0 as `P1`. `{count:plural:chest:chests}` shows the number with the
    word that agrees with it ("1 chest", "3 chests"), so no message has to write "chest(s)"; a
    Japanese template simply writes its counter (`{count}枚`).
    """

    def __init__(self, locale: str) -> None:
        self.locale = locale

    def format_field(self, value: Any, format_spec: str) -> Any:
        if format_spec == "seat" and isinstance(value, int):
            return SEAT_LABEL.get(self.locale, SEAT_LABEL["en"]).format(n=value + 1)
        if format_spec == "seat":
            return str(value)
        if format_spec.startswith("plural:"):
            one, _, other = format_spec[len("plural:"):].partition(":")
            return f"{value} {one if value == 1 else other or one}"
        return super().format_field(value, format_spec)


_formatters = {loc: _Formatter(loc) for loc in LOCALES}


def render(key: str, locale: str, params: Mapping[str, Any] | None = None, fallback: str | None = None) -> str:
    """The message for `key` in `locale`, falling back to English, then to `fallback` or the key."""
    template = _catalogues.get(locale, {}).get(key) or _catalogues["en"].get(key)
    values = {k: localize(v, locale) for k, v in (params or {}).items()}
    if template is None:
        if fallback is not None:
            return fallback
        shown = " ".join(f"{k}={v}" for k, v in values.items())
        return f"{key} {shown}".strip()
    return _formatters.get(locale, _formatters["en"]).vformat(template, (), _Params(values, locale))
