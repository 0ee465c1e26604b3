"""Descriptions of actions for people (the state's `describe_action`).

Why: every option must name what tells it apart from its neighbours — defence and loot, whose
castle, which face-up copy, the cost — and never anything hidden from the player choosing.
"""

from __future__ import annotations

from typing import Any

from sabbat.core import Action, i18n

from . import text
from .model import Position
from .rules import CHEST_NAMES
from .text import CHEST_LABEL, COST_LABEL, DECK_LABEL, NS, PAY_LABEL, SIDE_LABEL


def describe(s: Position, action: Action, locale: str = "en") -> str:
    """One legal action of `s` in `locale`."""
    params: dict[str, Any] = {f"a{i}": a for i, a in enumerate(action.args)}
    k, a = action.kind, action.args
    cards = s.cards
    if k in ("attack_location", "pick_castle") or k == "place_goblin":
        params["name"] = cards.name(str(a[0]))
    if k == "attack_location":
        loc = cards.locations[str(a[0])]
        params["defence"] = text.defence(loc.shields, loc.magic_shields)
        params["loot"] = text.amounts(**dict(zip(text.AMOUNT_KEYS, loc.loot, strict=True)))
    if k == "place_goblin" or k == "place_creature":
        params["side"] = SIDE_LABEL[str(a[-1])]
    if k == "place_creature" and s.pick_deck:
        params["name"] = cards.name(s.cdisplay[s.pick_deck][s.pick_slot])
    if k == "recruit":
        deck, slot = str(a[0]), int(a[1])
        params["name"] = cards.name(s.cdisplay[deck][slot])
        params["deck"] = DECK_LABEL[deck]
        params["slot"] = slot + 1
        params["cost"] = COST_LABEL[deck]
    if k == "steal":
        t = CHEST_NAMES.index(str(a[0]))
        params["type"] = CHEST_LABEL[t]
        params["player"] = s.steal_victim
        held = s.chest_counts(s.steal_victim)[t] - s.steal_picks.count(t)
        params["held"] = text.amounts(**{CHEST_NAMES[t]: held})
    if k == "pay":
        params["option"] = PAY_LABEL[str(a[0])]
    if k == "attack_castle":
        q = int(a[0])
        params["player"] = q
        params["defence"] = text.defence(*s.defence(q))
        params["chests"] = text.amounts(**dict(zip(CHEST_NAMES, s.chest_counts(q), strict=True)))
    return i18n.render(f"{NS}.action.{k}", locale, params, fallback=action.notation())
