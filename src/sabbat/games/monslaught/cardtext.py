"""Full card text for help screens, built from the card data and the message catalogue."""

from __future__ import annotations

from sabbat.core import i18n

from .cards import CardDB


def _msg(key: str, locale: str, **params: object) -> str:
    return i18n.render(f"monslaught.{key}", locale, params)


def effect_text(kind: str, name: str, value: int, locale: str) -> str:
    """One effect line, e.g. `Action: +2 attack to one of your monsters this turn`."""
    return f"{_msg('label.' + kind, locale)}{_msg('label.sep', locale)}{_msg('effect.' + name, locale, n=value)}"


def card_text(db: CardDB, card_id: str, locale: str) -> str:
    if card_id in db.cards:
        c = db.cards[card_id]
        lines = [f"{c.name[locale]} — {_msg('type.' + c.type, locale)} / {_msg('tier.' + c.tier.value, locale)}"]
        stats = _msg("stats.item" if c.type == "item" else "stats.monster", locale, cost=c.cost, attack=c.attack,
                     scout=c.scout, vp=c.vp)
        lines.append(stats)
        if c.ability:
            lines.append(effect_text("ability", c.ability, c.ability_value, locale))
        if c.action:
            lines.append(effect_text("action", c.action, c.action_value, locale))
        if c.oneshot:
            lines.append(effect_text("oneshot", c.oneshot, c.oneshot_value, locale))
        return "\n".join(lines)
    if card_id in db.bosses:
        b = db.bosses[card_id]
        pen = _msg("penalty." + b.penalty, locale, n=b.penalty_value)
        return "\n".join([f"{b.name[locale]} — {_msg('type.boss', locale)} {b.number}",
                          _msg("stats.boss", locale, scout=b.scout, vp=b.vp), pen])
    base = card_id.removesuffix("_back")
    land = db.lands[base]
    back = card_id.endswith("_back")
    name = land.back_name if back else land.name
    lines = [f"{name[locale]} — {_msg('type.land', locale)}"]
    attack = land.back_attack_bonus if back else land.attack_bonus
    bonus = _msg("stats.bonus", locale, attack=attack) if attack else ""  # never "+0"
    if back:
        lines.append(_msg("stats.land_back", locale, pay=land.back_pay, bonus=bonus, vp=land.back_vp))
    else:
        lines.append(_msg("stats.land", locale, scout=land.scout, flip=land.flip_at, pay=land.pay, bonus=bonus,
                          vp=land.vp))
    return "\n".join(lines)
