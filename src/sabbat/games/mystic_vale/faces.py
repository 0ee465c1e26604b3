"""Public card faces for front ends that draw cards: name and text in a locale plus the printed values."""

from __future__ import annotations

from typing import Any

from sabbat.core import i18n

from .cards import POSITIONS, SPIRITS, AdvancementCard, CardTable, StartingCard, SymbolCard, ValeCard
from .cardtext import ability_text, card_text

_SYMBOLS = ("mana", "s1", "s2", "s3", "wild", "decay", "growth", "harvest_vp", "guardian")


def _symbols(card: SymbolCard) -> dict[str, int]:
    return {sym: getattr(card, sym) for sym in _SYMBOLS if getattr(card, sym)}


def _ability(card: SymbolCard | ValeCard, locale: str) -> dict[str, Any] | None:
    ab = card.ability
    if ab is None:
        return None
    return {"timing": ab.timing, "text": ability_text(ab, locale), "banner": ab.banner, "once": ab.once}


def faces(table: CardTable, locale: str) -> dict[str, dict[str, Any]]:
    """{card id: {name, text, kind, ...}}: advancements give level, cost, positions (copies per slot),
    symbols and VP; vale cards their spirit cost by kind, VP and ability; starting cards their printed slots."""
    spirits = {k: i18n.localize(table.spirit_names[i], locale) for i, k in enumerate(SPIRITS)}
    out: dict[str, dict[str, Any]] = {}
    for cid, card in table.entries.items():
        face: dict[str, Any] = {"name": i18n.localize(card.name, locale), "text": card_text(table, cid, locale),
                                "count": card.count}
        if isinstance(card, ValeCard):
            face.update(kind="vale", level=card.level, cost=dict(card.cost), vp=card.endgame_vp)
        elif isinstance(card, AdvancementCard):
            face.update(kind="advancement", level=card.level, cost=card.cost,
                        positions={p: card.positions.get(p, 0) for p in POSITIONS},  # type: ignore[call-overload]
                        symbols=_symbols(card), vp=card.endgame_vp)
        else:
            assert isinstance(card, StartingCard)
            face.update(kind="starting", positions={p: card.per_deck.get(p, 0) for p in POSITIONS},  # type: ignore[call-overload]
                        symbols=_symbols(card), vp=card.endgame_vp)
        face["ability"] = _ability(card, locale)
        face["spirit_names"] = spirits
        out[cid] = face
    return out
