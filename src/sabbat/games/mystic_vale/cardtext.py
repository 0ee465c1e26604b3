"""Full card text for help screens (public card data only)."""

from __future__ import annotations

from sabbat.core import i18n

from .cards import POSITIONS, SPIRITS, AdvancementCard, CardTable, StartingCard, SymbolCard, ValeCard

NS = "mystic_vale"
_SYMBOLS = ("mana", "s1", "s2", "s3", "wild", "decay", "growth", "harvest_vp", "endgame_vp", "guardian")
_LABELS = {
    "en": {"mana": "mana", "decay": "decay", "growth": "growth", "harvest_vp": "harvest VP",
           "endgame_vp": "end-game VP", "guardian": "guardian",
           "count": "copies", "banner": "banner"},
    "ja": {"mana": "マナ", "decay": "腐敗", "growth": "生育", "harvest_vp": "収穫VP",
           "endgame_vp": "終了時VP", "guardian": "守護者",
           "count": "枚数", "banner": "帯"},
}


def symbol_text(card: SymbolCard, table: CardTable, locale: str) -> str:
    """The symbols a card shows, in words ("Shows 1 mana, 2 decay"); '-' for none."""
    lab = _LABELS["ja" if locale == "ja" else "en"]
    out = []
    for sym in _SYMBOLS:
        n = getattr(card, sym)
        if not n:
            continue
        name = i18n.localize(table.spirit_names[SPIRITS.index(sym)], locale) if sym in SPIRITS else lab[sym]
        out.append(_say("symbol", locale, n=n, name=name))
    return _say("symbols", locale, list=_join(out, locale)) if out else "-"


def _say(key: str, locale: str, **params: object) -> str:
    return i18n.render(f"{NS}.card.{key}", locale, params)


def _join(parts: list[str], locale: str) -> str:
    return i18n.render(f"{NS}.card.list_sep", locale).join(parts)


def _slot(p: str, locale: str) -> str:
    return i18n.render(f"{NS}.pos.{p}", locale)


def ability_text(ab: object, locale: str) -> str:
    if ab is None:
        return ""
    timing = i18n.render(f"{NS}.timing.{ab.timing}", locale)  # type: ignore[attr-defined]
    text = i18n.render(f"{NS}.effect.{ab.effect}", locale, {"n": ab.amount})  # type: ignore[attr-defined]
    return f"[{timing}] {text}"


def card_text(table: CardTable, card_id: str, locale: str = "en") -> str:
    card = table.entry(card_id)
    lab = _LABELS["ja" if locale == "ja" else "en"]
    name = i18n.localize(card.name, locale)
    lines = [name]
    if isinstance(card, ValeCard):
        cost = " ".join(
            f"{i18n.localize(table.spirit_names[SPIRITS.index(k)], locale)}×{n}" for k, n in card.cost.items() if n
        )
        lines.append(_say("vale", locale, level=card.level, cost=cost, vp=card.endgame_vp))
    elif isinstance(card, AdvancementCard):
        lines.append(_say("advancement", locale, level=card.level, cost=card.cost))
        copies = [_say("for_slot", locale, n=n, pos=_slot(p, locale)) for p, n in card.positions.items() if n]
        lines.append(_say("comes_as", locale, list=_join(copies, locale)))
        lines.append(symbol_text(card, table, locale))
    elif isinstance(card, StartingCard):
        each = [_say("in_slot", locale, n=n, pos=_slot(p, locale)) if p in POSITIONS else _say("no_slot", locale, n=n)
                for p, n in card.per_deck.items()]
        lines.append(_say("start_deck", locale, list=_join(each, locale)))
        lines.append(symbol_text(card, table, locale))
    ab = card.ability
    if ab is not None:
        text = ability_text(ab, locale)
        if getattr(ab, "banner", False):
            text = f"{text} ({lab['banner']})"
        if getattr(ab, "once", False):
            text = f"{text} ({i18n.render(f'{NS}.ui.once', locale)})"
        lines.append(text)
    lines.append(f"{lab['count']}: {card.count}")
    return "\n".join(lines)
