"""Card text for people (`sabbat cards higher-card`, the help inside a game)."""

from __future__ import annotations

from sabbat.core import i18n

from .model import GAME_ID


def card_text(card: int, locale: str) -> str:
    return i18n.render(f"{GAME_ID}.card", locale, {"value": card})
