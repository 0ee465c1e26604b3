"""Pieces of messages pre-joined per locale (`{en, ja}` dicts the i18n layer picks from).

Why: a message such as "gathers 1 food and 0 glyphs" must never show an empty or zero
field, and Japanese lists need their own separator; each helper leaves out what is zero.
The pieces depend only on their arguments, so each is rendered once and then shared: events
hold these dicts as they are and nobody changes them.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import Any

from sabbat.core import i18n

NS = "bellum_magica"
i18n.register_file(NS, Path(__file__).with_name("messages.toml"))
LOCALES = ("en", "ja")
#: Resources and chests a location's loot, a stock or a cost may name, in display order.
AMOUNT_KEYS = ("food", "glyph", "barrel", "wood", "metal", "gold")

CHEST_LABEL = (
    {"en": "wooden", "ja": "木の"},
    {"en": "metal", "ja": "金属の"},
    {"en": "gold", "ja": "金の"},
)
SIDE_LABEL = {"L": {"en": "left (production)", "ja": "左（生産）"}, "R": {"en": "right (attack)", "ja": "右（攻撃）"}}
DECK_LABEL = {"evil": {"en": "evil creatures", "ja": "邪悪なクリーチャー"},
              "most_evil": {"en": "most evil creatures", "ja": "最凶のクリーチャー"}}
PAY_LABEL = {"glyph_food": {"en": "1 glyph + 4 food", "ja": "グリフ1+食料4"},
             "glyphs": {"en": "3 glyphs", "ja": "グリフ3"}}
COST_LABEL = {"evil": {"en": "2 food", "ja": "食料2"},
              "most_evil": {"en": "1 glyph + 4 food, or 3 glyphs", "ja": "グリフ1+食料4、またはグリフ3"}}


def joined(key: str, items: Iterable[dict[str, Any]]) -> dict[str, str]:
    """Message `key` rendered once per item and joined; `none` when there are no items."""
    rows = list(items)
    if not rows:
        return {loc: i18n.render(f"{NS}.text.none", loc, {}) for loc in LOCALES}
    return i18n.joined(f"{NS}.{key}", rows)


def amounts(**counts: int) -> dict[str, str]:
    """"2 food, 1 glyph" / 「食料2、グリフ1」 with the zero counts left out (`none` if all are zero)."""
    return _amounts(tuple(counts.items()))


def food_glyph(food: int, glyph: int) -> dict[str, str]:
    """`amounts(food=food, glyph=glyph)` without building keyword arguments (gathering, loot, costs)."""
    return _amounts((("food", food), ("glyph", glyph)))


@lru_cache(maxsize=4096)
def _amounts(counts: tuple[tuple[str, int], ...]) -> dict[str, str]:
    return joined("text.amount", ({"n": n, "what": term(k, n)} for k, n in counts if n))


@lru_cache(maxsize=256)
def term(key: str, n: int = 1) -> dict[str, str]:
    """The localized noun for a resource, chest or location kind (English plural when n != 1)."""
    return {loc: i18n.render(f"{NS}.term.{key}" + ("_n" if n != 1 else ""), loc, {}) for loc in LOCALES}


@lru_cache(maxsize=1024)
def defence(shields: int, magic: int) -> dict[str, str]:
    """"shields 6, magic shields 1" / 「盾6、魔法の盾1」 without a zero magic part."""
    return joined("text.defence_part", [{"n": shields, "what": term("shield_icon")},
                                        *([{"n": magic, "what": term("magic_shield_icon")}] if magic else [])])


@lru_cache(maxsize=256)
def seats(players: tuple[int, ...]) -> dict[str, str]:
    """"P1, P3" / 「P1、P3」, rendered once per group of seats."""
    return i18n.joined(f"{NS}.seat", ({"player": p} for p in players))


@lru_cache(maxsize=1024)
def stolen(picks: tuple[tuple[int, int], ...]) -> dict[str, str]:
    """"a gold chest worth 6, a wooden chest worth 2": the (chest type, value) pairs a thief took."""
    return joined("text.stolen", ({"type": CHEST_LABEL[t], "value": v} for t, v in picks))


@lru_cache(maxsize=256)
def stolen_public(types: tuple[int, ...]) -> dict[str, str]:
    """The same without the values, for the other seats."""
    return joined("text.stolen_public", ({"type": CHEST_LABEL[t]} for t in types))
