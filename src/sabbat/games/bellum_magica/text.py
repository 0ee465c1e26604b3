"""Pieces of messages pre-joined per locale (`{en, ja}` dicts the i18n layer picks from).

Why: a message such as "gathers 1 food and 0 glyphs" must never show an empty or zero
field, and Japanese lists need their own separator; each helper leaves out what is zero.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sabbat.core import i18n

NS = "bellum_magica"
LOCALES = ("en", "ja")
SEP = {"en": ", ", "ja": "、"}
#: Resources and chests a location's loot, a stock or a cost may name, in display order.
AMOUNT_KEYS = ("food", "glyph", "barrel", "wood", "metal", "gold")


def joined(key: str, items: Iterable[dict[str, Any]]) -> dict[str, str]:
    """Message `key` rendered once per item and joined; `none` when there are no items."""
    rows = list(items)
    out = {}
    for loc in LOCALES:
        parts = [i18n.render(f"{NS}.{key}", loc, params) for params in rows]
        out[loc] = SEP[loc].join(parts) if parts else i18n.render(f"{NS}.text.none", loc, {})
    return out


def amounts(**counts: int) -> dict[str, str]:
    """"2 food, 1 glyph" / 「食料2、グリフ1」 with the zero counts left out (`none` if all are zero)."""
    return joined("text.amount", ({"n": n, "what": term(k, n)} for k, n in counts.items() if n))


def term(key: str, n: int = 1) -> dict[str, str]:
    """The localized noun for a resource, chest or location kind (English plural when n != 1)."""
    return {loc: i18n.render(f"{NS}.term.{key}" + ("_n" if n != 1 else ""), loc, {}) for loc in LOCALES}


def defence(shields: int, magic: int) -> dict[str, str]:
    """"shields 6, magic shields 1" / 「盾6、魔法の盾1」 without a zero magic part."""
    return joined("text.defence_part", [{"n": shields, "what": term("shield_icon")},
                                        *([{"n": magic, "what": term("magic_shield_icon")}] if magic else [])])
