"""How an action reads to people (the state's `describe_action`): card names, positions, costs and
the card that carries an ability (public information only)."""

from __future__ import annotations

from typing import Any

from sabbat.core import Action, i18n

from .cards import DECK_SIZE, POSITIONS, CardTable
from .constants import NS, VALE_SRC
from .model import Position
from .turn import ability_of, source_name


def pos_name(pos: int) -> dict[str, str]:
    return {loc: i18n.render(f"{NS}.pos.{POSITIONS[pos]}", loc) for loc in i18n.LOCALES}


def effect_text(effect: str, amount: int, locale: str) -> str:
    return i18n.render(f"{NS}.effect.{effect}", locale, {"n": amount})


def describe(st: Position, action: Action, locale: str) -> str:
    """The action's text with card names, positions, costs and the card that carries an ability."""
    c = st.cards
    k = action.kind
    a = action.args
    p = st.turn_player
    params: dict[str, Any] = {}
    if k == "push":
        params["parts"] = st.sleeve_parts(st.on_deck[p]) if st.on_deck[p] >= 0 else "-"
        params["no"] = st.on_deck[p] % DECK_SIZE + 1
    elif k == "use":
        src = int(a[0])
        _, ab = ability_of(st, src)
        params["card"] = source_name(st, src)
        params["effect"] = effect_text(ab[1], ab[2], locale)
        # two identical abilities (two Druid Circles) are told apart by the card that carries them
        params["where"] = (i18n.render(f"{NS}.where.vale", locale) if src >= VALE_SRC else
                           i18n.render(f"{NS}.where.card", locale, {"no": src // 4 % DECK_SIZE + 1}))
    elif k == "collect":
        params["n"] = st.vp_due
    elif k == "buy":
        pid = st.adv_disp[int(a[0]) - 1][int(a[1])]
        params.update(card=c.part_name[pid], pos=pos_name(c.part_pos[pid]), level=c.part_level[pid],
                      cost=c.part_cost[pid])
    elif k == "soil":
        pid = c.soil_part[int(a[0])]
        params.update(card=c.part_name[pid], pos=pos_name(int(a[0])), cost=c.part_cost[pid])
    elif k == "vale":
        vid = st.vale_disp[int(a[0]) - 1][int(a[1])]
        params.update(card=c.vale_name[vid], vp=c.vale_vp[vid], cost=cost_text(c, vid, locale))
    elif k in ("give", "take"):
        params["kind"] = c.spirit_names[int(a[0])]
        params["given"] = st.traded
    elif k == "sleeve":
        pid = st.pending[int(a[0])]
        s = int(a[1])
        params.update(card=c.part_name[pid], pos=pos_name(c.part_pos[pid]), target=s % DECK_SIZE + 1,
                      parts=st.sleeve_parts(s))
    return i18n.render(f"{NS}.action.{k}", locale, params, fallback=action.notation())


def cost_text(c: CardTable, vid: int, locale: str) -> str:
    parts = []
    for k, n in enumerate(c.vale_cost[vid]):
        if n:
            parts.append(f"{i18n.localize(c.spirit_names[k], locale)}×{n}")
    return " ".join(parts) or "0"
