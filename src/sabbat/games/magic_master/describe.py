"""People's descriptions of actions: card names, not ids, and groups by number and leader."""

from __future__ import annotations

from typing import Any

from sabbat.core import Action, i18n

from . import groups as G
from .cards import atk_text
from .model import Position
from .regroup import STAGES, stage_now
from .text import NEW_GROUP, PACKAGE, PLACE_INNERMOST


def _group(s: Position, p: int, gi: int, stat: str = "") -> Any:
    """`#2 (Sigurd)`; with `stat` ("atk" or "def") the group's attack or defence as well."""
    gs = s.groups[p]
    if gi >= len(gs):
        return NEW_GROUP
    g = gs[gi]
    lead = s.t.name(g.char[0]) if g.char else {"en": "no leader", "ja": "指揮官なし"}
    if not stat:
        return {"en": f"#{gi + 1} ({lead['en']})", "ja": f"#{gi + 1}（{lead['ja']}）"}
    value = atk_text(*G.atk(s.t, g)) if stat == "atk" else str(G.defence(s.t, g))
    return {loc: i18n.render("magic_master.ui.group_stat", loc,
                             {"n": gi + 1, "lead": lead[loc], "value": value,
                              "label": i18n.render(f"magic_master.ui.{stat}", loc)})
            for loc in ("en", "ja")}


def _where(s: Position, p: int, c: int) -> int:
    for i, g in enumerate(s.groups[p]):
        if c in g.char or c in g.items or c in g.troops or c == g.terrain:
            return i
    return -1


def _table_card(s: Position, p: int, c: int) -> Any:
    """A card on p's table by name; a troop with a same-named troop in its group by its place too."""
    name = s.t.name(c)
    gi = _where(s, p, c)
    if gi < 0:
        return name
    troops = s.groups[p][gi].troops
    same = [x for x in troops if s.t.inst[x] is s.t.inst[c]]
    if len(same) < 2:
        return name
    n = same.index(c) + 1
    return {loc: f"{name[loc]} ({i18n.render('magic_master.ui.copy', loc, {'n': n})})" if loc == "en"
            else f"{name[loc]}（{i18n.render('magic_master.ui.copy', loc, {'n': n})}）" for loc in ("en", "ja")}


def _place(s: Position, p: int, gi: int, k: int) -> Any:
    """Where among the troops decided in group gi place k lies: innermost, or just outside a troop."""
    placed = [x for x in s.groups[p][gi].troops if x in s.done]
    if k == 0:
        return PLACE_INNERMOST
    name = s.t.name(placed[k - 1])
    return {loc: i18n.render("magic_master.ui.place_outside", loc, {"card": name[loc]}) for loc in ("en", "ja")}


def _stage_word(stage: int) -> dict[str, str]:
    return {loc: i18n.render(f"magic_master.ui.stage_{STAGES[stage]}", loc) for loc in ("en", "ja")}


def describe(s: Position, a: Action, locale: str) -> str:
    t = s.t
    k = a.kind
    args = [int(x) for x in a.args]
    p = s.current_player if s.current_player is not None else s.active
    params: dict[str, Any] = {}
    if k in ("choose_heir", "respond", "cleric", "drop", "take", "steal", "undead"):
        params["card"] = t.name(args[0])
    elif k in ("keep", "scrap"):
        params["card"] = _table_card(s, p, args[0])
        gi = _where(s, p, args[0])
        lead = gi >= 0 and args[0] in s.groups[p][gi].char
        if k == "scrap" and gi < 0:
            k = "scrap_hand"
        elif k == "scrap" and not lead:
            k = "scrap_in"
        elif k == "keep" and lead:
            k = "keep_lead"
        params["from"] = _group(s, p, gi) if gi >= 0 else "-"
    elif k == "troop":
        params["card"] = _table_card(s, p, args[0])
        gi = _where(s, p, args[0])
        params["group"] = _group(s, p, args[1])
        params["place"] = _place(s, p, args[1], args[2])
        alone = not any(x in s.done for x in s.groups[p][args[1]].troops)  # the one place there: unsaid
        if gi < 0:
            k = "play" if alone else "troop_play"
        else:
            params["from"] = _group(s, p, gi)
            k = "troop_here" if gi == args[1] else "move" if alone else k
    elif k == "next_stage":
        stage = stage_now(s, p)[0]
        params["done"] = _stage_word(stage)
        params["next"] = _stage_word(min(stage + 1, len(STAGES) - 1))
    elif k == "play":
        params["card"] = t.name(args[0])
        params["group"] = _group(s, p, args[1])
    elif k == "move":
        params["card"] = _table_card(s, p, args[0])
        params["from"] = _group(s, p, _where(s, p, args[0]))
        params["group"] = _group(s, p, args[1])
    elif k == "give":
        params["card"] = t.name(args[0])
        params["group"] = _group(s, p, args[1])
    elif k == "attack":
        params["group"] = _group(s, p, args[0], "atk")
        params["target"] = args[1]
        params["tgroup"] = _group(s, args[1], args[2], "def")
    elif k == "card_attack":
        params["card"] = t.name(args[0])
        params["target"] = args[1]
        params["tgroup"] = _group(s, args[1], args[2])
    elif k == "support":
        params["card"] = t.name(args[0])
        if args[1] >= 0:
            params["caster"] = _group(s, p, args[1])
        else:
            k = "support_plain"
    elif k == "ally":
        params["target"] = args[0]
        params["tgroup"] = _group(s, args[0], args[1])
    elif k in ("caster", "romancer"):
        params["group"] = _group(s, p, args[0])
    elif k == "declare":
        params["n"] = args[0]
    elif k == "aim":
        att = s.attack
        if att is not None and args[0] < 0:
            g = s.groups[att.tp][att.tg]
            params["card"] = t.name(g.char[0]) if g.char else PACKAGE
            params["def"] = G.package_def(t, g)
        elif att is not None:
            params["card"] = _table_card(s, att.tp, args[0])
            params["def"] = t.inst[args[0]].defence
    return i18n.render(f"magic_master.action.{k}", locale, params, fallback=a.notation())


