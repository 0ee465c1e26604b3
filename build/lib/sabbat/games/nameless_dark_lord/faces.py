"""Public card faces for front ends that draw cards: localized labels and printed values."""

from __future__ import annotations

from typing import Any

from sabbat.core import i18n

from .cards import CardTable, NdlCard
from .texts import GAME_ID

PRINTED = {"unit": ("power", "upkeep", "vp"), "territory": ("income", "circles", "vp"), "artifact": (), "marker": ()}


def _label(key: str, locale: str) -> str:
    return i18n.render(f"{GAME_ID}.{key}", locale)


def face(card: NdlCard, locale: str) -> dict[str, Any]:
    """One card's face: only fields the card shows (no VP line for a formula artifact)."""
    out: dict[str, Any] = {
        "name": card.name.get(locale) or card.name["en"],
        "text": card.text.get(locale) or card.text.get("en", ""),
        "type": card.type,
        "type_label": _label(f"type.{card.type}", locale),
        "count": card.count,
    }
    if card.level:
        out["level"] = card.level
    if card.family:
        out["family"] = card.family
        out["family_label"] = _label(f"family.{card.family}", locale)
    for field in PRINTED[card.type]:
        out[field] = getattr(card, field)
    if card.type == "artifact" and card.effect in ("flat", "megalith"):
        out["vp"] = card.vp
    if card.autorun:
        out["autorun"] = card.autorun
    if card.role == "negative":
        out["negative"] = True
    if card.four_player:
        out["four_player_copies"] = card.four_player
    return out


def faces(table: CardTable, locale: str) -> dict[str, dict[str, Any]]:
    """Every card of `table`, in card-file order."""
    return {cid: face(table.by_id[cid], locale) for cid in table.order}
