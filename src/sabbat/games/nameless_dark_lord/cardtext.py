"""A card's full text for help screens (the game's `describe_card`): name, printed values and rules
text (which says when an automatic ability runs, in words), built from the card data and the
message catalogue."""

from __future__ import annotations

from sabbat.core import i18n

from .cards import CardTable
from .text import GAME_ID


def card_text(table: CardTable, card_id: str, locale: str) -> str:
    """The text of card `card_id` in `locale` (the table refuses an id it lacks)."""
    card = table[card_id]
    lab = {k: i18n.render(f"{GAME_ID}.ui.{k}", locale) for k in ("power", "upkeep", "vp", "income", "circles")}
    parts = [card.name.get(locale) or card.name["en"]]
    if card.type == "unit":
        parts.append(f"{lab['power']} {card.power} / {lab['upkeep']} {card.upkeep} / {lab['vp']} {card.vp}")
    elif card.type == "territory":
        parts.append(f"{lab['income']} {card.income} / {lab['circles']} {card.circles} / {lab['vp']} {card.vp}")
    text = card.text.get(locale) or card.text.get("en") or ""
    if text:
        parts.append(text)
    return " — ".join(parts)
