"""The game's message namespace and the localized names its events carry, rendered once.

Why: events name players by throne colour and list priorities and standings in both
languages; rendering a template costs microseconds and the same few strings recur on
nearly every decision, so each is rendered the first time and kept. The catalogue is
registered when the package is imported, before any game runs.
"""

from __future__ import annotations

from functools import lru_cache

from sabbat.core import i18n

GAME_ID = "nameless_dark_lord"
EVENT = f"{GAME_ID}.event."
"""Prefix of every event key."""
LOCALES = ("en", "ja")


class _Rendered(dict[str, dict[str, str]]):
    """A colour's name in both languages, rendered on first use."""

    def __missing__(self, colour: str) -> dict[str, str]:
        names = self[colour] = {loc: i18n.render(f"{GAME_ID}.colour.{colour}", loc) for loc in LOCALES}
        return names


COLOUR_NAMES = _Rendered()
"""colour -> {"en": …, "ja": …}; shared by every event that names the colour (never mutated)."""


@lru_cache(maxsize=256)
def priority_entry(colour: str, power: int) -> dict[str, str]:
    """One player's place in an area's priority line ("Red (power 2)")."""
    name = COLOUR_NAMES[colour]
    return {loc: i18n.render(f"{GAME_ID}.priority_entry", loc, {"player": name[loc], "power": power})
            for loc in LOCALES}


@lru_cache(maxsize=256)
def seat_list(key: str, colours: tuple[str, ...], values: tuple[int, ...] | None) -> dict[str, str]:
    """Every seat through message `key` (params `player` = seat, `colour`, `value`), joined per locale."""
    return i18n.joined(f"{GAME_ID}.{key}", ({"player": p, "colour": COLOUR_NAMES[colour],
                                             "value": values[p] if values else ""}
                                            for p, colour in enumerate(colours)))


def paid_key(base: str, coins: int, stones: int) -> str:
    """The message for a payment that names only what is paid (never "0 coins")."""
    if coins and stones:
        return base
    if coins:
        return f"{base}_coins"
    return f"{base}_stones" if stones else f"{base}_free"
