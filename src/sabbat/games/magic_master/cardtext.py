"""A card's full text for help screens (the game's `describe_card`): name, kind, copies, printed
values and effect, built from the card data and the message catalogue."""

from __future__ import annotations

from sabbat.core import i18n
from sabbat.core.errors import UnknownCard

from .cards import CardTable

TERRAIN_NAMES = {"castle": {"en": "castle", "ja": "城"}, "forest": {"en": "forest", "ja": "森"},
                 "cave": {"en": "cave", "ja": "洞窟"}, "none": {"en": "-", "ja": "-"}}


def atk_words(dice: int, bonus: int, locale: str) -> str:
    """An attack in words ("1 die + 3", "ダイス1個+3"): a card is read by people who do not know
    the rulebook's "1D+3"."""
    if dice == 0:
        return str(bonus)
    key = "dice_many" if dice > 1 else "dice"
    base = i18n.render(f"magic_master.ui.{key}", locale, {"n": dice})
    return base + (f" + {bonus}" if bonus > 0 else (f" − {-bonus}" if bonus < 0 else ""))


def card_text(t: CardTable, card_id: str, locale: str) -> str:
    """The text of card type `card_id` in `locale`; an id the table lacks is refused."""
    c = t.types.get(card_id)
    if c is None:
        raise UnknownCard(f"no Magic Master card {card_id!r}")
    kind = i18n.render(f"magic_master.kind.{c.kind.value}", locale)
    parts = [f"{i18n.localize(c.name, locale)} [{kind}] ×{c.count}"]
    r = lambda k: i18n.render(f"magic_master.ui.{k}" if k in ("charm", "undead") else f"magic_master.ui.card_{k}", locale)  # noqa: E731
    atk = atk_words(c.atk_dice, c.atk_bonus, locale)
    if c.kind.value in ("heir", "warrior", "wizard", "troop"):
        a = f"{r('mag')} {c.mag}" if c.kind.value == "wizard" else f"{r('atk')} {atk}"
        parts.append(f"{a} / {r('def')} {c.defence} / {r('mov')} {c.mov} / {r('suc')} {c.suc}")
    elif c.kind.value in ("item", "terrain"):
        bits = []
        if c.atk_dice or c.atk_bonus:
            bits.append(f"{r('atk')} +{atk}")
        if c.defence:
            bits.append(f"{r('def')} +{c.defence}")
        if c.suc:
            bits.append(f"{r('suc')} +{c.suc}")
        if c.kind.value == "terrain":
            bits.append(f"{r('mov')} 0")
        if c.item_role == "charm":
            bits.append(r("charm"))
        parts.append(" / ".join(bits) or "-")
    elif c.atk_dice or c.atk_bonus:
        parts.append(f"{r('atk')} {atk}")
    if c.undead:
        parts.append(r("undead"))
    if c.effect != "none":
        parts.append(i18n.render(f"magic_master.effect.{c.effect}", locale,
                                 {"threshold": c.threshold, "terrain": TERRAIN_NAMES[c.need_terrain]}))
    return " — ".join(parts)
