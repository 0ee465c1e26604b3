"""What a person reads for each legal action: every option names whose unit, which copy and
what it costs, so that no two options of one decision read the same."""

from __future__ import annotations

from typing import Any

from sabbat.core import Action, i18n

from .board import cost
from .model import AREAS, Phase, Position
from .texts import GAME_ID, paid_key

ABILITY_KEYS = {"spearman": "target_spear", "skull_dragon": "target_dragon", "scout": "target_scout",
                "delivery": "target_delivery"}


def describe(s: Position, action: Action, locale: str) -> str:
    """The action in `locale`, through the game's message catalogue."""
    kind, a = action.kind, action.args
    key = kind
    params: dict[str, Any] = {}
    if kind == "sleeve":
        params.update(card=s.name(int(a[0])), power=s.power(int(a[0])), upkeep=s.card(int(a[0])).upkeep)
    elif kind == "place":
        u, x = int(a[0]), int(a[1])
        params.update(card=s.name(u), area=AREAS[x], target=s.name(s.targets[x]), power=s.power(u))
        if u in s.delivery_used:
            key = "place_used"
    elif kind == "target":
        key, params = _target(s, int(a[0]))
    elif kind == "curse":
        q = int(a[0])
        params["player"] = s.colour_name(q)
        if q == s.actor:
            key = "curse_self"
    elif kind == "pay":
        params.update(stones=int(a[0]), coins=s.pay_amount - int(a[0]))
        key = paid_key("pay", params["coins"], params["stones"])
    elif kind in ("acquire", "decline") and s.phase is Phase.ACQUIRE:
        params.update(card=s.name(s.targets[s.area_i]), cost=cost(s, s.actor, s.area_i))
        if kind == "acquire" and params["cost"] == 0:
            key = "acquire_free"
    elif kind == "take":
        u = int(a[0])
        params["card"] = s.name(u)
        if u in s.trash:
            key = "take_trash"
    return i18n.render(f"{GAME_ID}.action.{key}", locale, params, fallback=action.notation())


def _target(s: Position, t: int) -> tuple[str, dict[str, Any]]:
    """A placement ability's target: its owner, its place in the stack, its power."""
    x = s.pend_area
    stack = s.areas[x]
    params: dict[str, Any] = {
        "card": s.name(t), "owner": s.colour_name(s.owner[t]), "area": AREAS[x],
        "pos": stack.index(t) + 1 if t in stack else 0, "power": s.power(t),
    }
    key = ABILITY_KEYS.get(s.card(s.pend_unit).effect or "", "target")
    if key == "target_spear" and params["power"] == 0:
        key = "target_spear_free"
    return key, params

