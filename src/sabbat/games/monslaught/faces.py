"""Public card faces for front ends that draw cards: name and text in a locale plus the printed values."""

from __future__ import annotations

from typing import Any

from .cards import CardDB
from .cardtext import card_text, effect_text


def faces(db: CardDB, locale: str) -> dict[str, dict[str, Any]]:
    """{card id: {name, text, kind, ...}} for every monster, item, land side and boss."""
    out: dict[str, dict[str, Any]] = {}
    for cid, c in db.cards.items():
        effects = [effect_text(kind, name, value, locale)
                   for kind, name, value in (("ability", c.ability, c.ability_value), ("action", c.action, c.action_value),
                                             ("oneshot", c.oneshot, c.oneshot_value)) if name]
        out[cid] = {"name": c.name[locale], "text": card_text(db, cid, locale), "kind": c.type, "tier": c.tier.value,
                    "summon_cost": c.cost, "upkeep_cost": 0 if c.type == "item" else c.cost,
                    "attack": c.attack if c.type == "monster" else None, "scout_cost": c.scout, "points": c.vp,
                    "abilities": effects, "count": c.count}
    for lid, land in db.lands.items():
        out[lid] = {"name": land.name[locale], "text": card_text(db, lid, locale), "kind": "land",
                    "scout_cost": land.scout, "flip_at": land.flip_at, "pays": land.pay,
                    "attack_bonus": land.attack_bonus, "points": land.vp, "abilities": [], "count": land.count}
        out[lid + "_back"] = {"name": land.back_name[locale], "text": card_text(db, lid + "_back", locale),
                              "kind": "land", "scout_cost": None, "flip_at": None, "pays": land.back_pay,
                              "attack_bonus": land.back_attack_bonus, "points": land.back_vp, "abilities": [],
                              "count": land.count}
    for bid, boss in db.bosses.items():
        text = card_text(db, bid, locale)
        out[bid] = {"name": boss.name[locale], "text": text, "kind": "boss", "number": boss.number,
                    "scout_cost": boss.scout, "points": boss.vp, "abilities": [text.split("\n")[-1]], "count": 1}
    return out
