"""Words and phrases events and descriptions share, in both languages, built once per value.

Why once: an event carries these as parameters at every decision; building the same dict again
for each event was a large part of a move's cost. They are shared between events: read-only.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from sabbat.core import i18n

from .cards import CardTable

NEW_GROUP = {"en": "a new group", "ja": "新しいグループ"}
PACKAGE = {"en": "the character", "ja": "キャラクター"}
PLACE_INNERMOST = {"en": "innermost", "ja": "一番内側"}
OK = {True: {"en": "success", "ja": "成功"}, False: {"en": "failure", "ja": "失敗"}}
HIT = {True: {"en": "hit", "ja": "命中"}, False: {"en": "miss", "ja": "失敗"}}
ENDS = {True: {"en": "the game ends", "ja": "ゲーム終了"}, False: {"en": "play goes on", "ja": "続行"}}
"""An outcome as words in both languages, by its truth (events carry words, shared: read-only)."""


def seat_list(key: str, seats: list[int], values: list[Any] | None = None) -> dict[str, str]:
    """Seats through message `key` (params `player`, and `value` from `values`), joined per locale."""
    return _seat_list(key, tuple(seats), tuple(values) if values else None)


@lru_cache(maxsize=4096)
def _seat_list(key: str, seats: tuple[int, ...], values: tuple[Any, ...] | None) -> dict[str, str]:
    return i18n.joined(f"magic_master.{key}", ({"player": p, "value": values[i] if values else ""}
                                               for i, p in enumerate(seats)))


@lru_cache(maxsize=1024)
def support_phrase(t: CardTable, card: int) -> dict[str, str]:
    """`support: Fireball` / `no support`, in both languages, for the attack roll event."""
    if card < 0:
        return {loc: i18n.render("magic_master.ui.support_none", loc) for loc in ("en", "ja")}
    name = t.name(card)
    return {loc: i18n.render("magic_master.ui.support_with", loc, {"card": name[loc]}) for loc in ("en", "ja")}


@lru_cache(maxsize=16)
def none_word(key: str = "nothing") -> dict[str, str]:
    return {loc: i18n.render(f"magic_master.ui.{key}", loc) for loc in ("en", "ja")}
