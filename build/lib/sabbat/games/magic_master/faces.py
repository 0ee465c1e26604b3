"""Public card faces of Magic Master for people and front ends (`card` help, drawn cards).

Why: a face shows what the printed card shows — kind, colour, attack, defence, movement,
succession, magic, the effect — in the reader's language. `text` is the one-line card text
(`name [kind] ×count — values — effect`) that the browser splits on " — "; the other fields
carry the same values for front ends that draw them.
"""

from __future__ import annotations

from typing import Any

from sabbat.core import i18n

from .cards import CardTable, atk_text


def faces(table: CardTable, locale: str, describe: Any) -> dict[str, dict[str, Any]]:
    """{card id: face}; `describe(card_id, locale)` gives the card text."""
    out: dict[str, dict[str, Any]] = {}
    for cid, c in table.types.items():
        out[cid] = {
            "name": i18n.localize(c.name, locale),
            "text": describe(cid, locale),
            "kind": c.kind.value,
            "kind_name": i18n.render(f"magic_master.kind.{c.kind.value}", locale),
            "count": c.count,
            "colour": c.colour,
            "atk": atk_text(c.atk_dice, c.atk_bonus) if c.atk_dice or c.atk_bonus else None,
            "def": c.defence or None,
            "mov": c.mov,
            "suc": c.suc,
            "mag": c.mag if c.kind.value == "wizard" else None,
            "sex": c.sex,
            "terrain": c.terrain,
            "undead": c.undead,
            "effect": c.effect,
        }
    return out
