"""Terminal view of 名もなき魔王: target cards A–E with their stacked units, then each home area.

Reads only the observation dict (see sabbat.games.nameless_dark_lord.observe).
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from sabbat.core import i18n

NS = "nameless_dark_lord"
STYLE = {"red": "bold red", "blue": "bold blue", "yellow": "bold yellow", "green": "bold green"}


def _t(key: str, locale: str, **params: Any) -> str:
    return i18n.render(f"{NS}.{key}", locale, params)


def _name(obs: dict[str, Any], cid: str, locale: str) -> str:
    names = obs.get("card_names", {}).get(cid)
    return str(names.get(locale) or names.get("en")) if names else cid


def _colour(obs: dict[str, Any], p: int, locale: str) -> Text:
    c = obs["players"][p]["colour"]
    return Text(_t(f"colour.{c}", locale), style=STYLE.get(c, "bold"))


def _unit_text(obs: dict[str, Any], u: dict[str, Any], locale: str) -> Text:
    c = obs["players"][u["owner"]]["colour"] if u["owner"] >= 0 else ""
    label = f"{_name(obs, u['card'], locale)} ({u['power']}"
    label += f"+{u['tokens']})" if u["tokens"] else ")"
    return Text(label, style=STYLE.get(c, ""))


def _areas(obs: dict[str, Any], locale: str) -> Table:
    table = Table(expand=True)
    for key in ("area", "target", "units", "totals"):
        table.add_column(_t(f"ui.{key}", locale))
    for area in obs["areas"]:
        units = Text("\n").join(
            Text(f"{i + 1}. ") + _unit_text(obs, u, locale) for i, u in enumerate(area["units"])
        ) if area["units"] else Text("-")
        totals = Text(", ").join(
            _colour(obs, int(p), locale) + Text(f" {v}") for p, v in area["power"].items()
        ) if area["power"] else Text("-")
        target = Text(_name(obs, area["target"], locale))
        outcome = area["outcome"]
        if outcome >= 0:
            target.append("\n" + _t("ui.acquired", locale, player=_t(
                f"colour.{obs['players'][outcome]['colour']}", locale)), style="dim")
        elif outcome == -1:
            target.append("\n" + _t("ui.trashed", locale), style="dim")
        if obs["pending"].get("resolving") == area["area"]:
            target.stylize("reverse")
        table.add_row(area["area"], target, units, totals)
    return table


def _players(obs: dict[str, Any], locale: str) -> Table:
    table = Table(expand=True)
    table.add_column(_t("ui.player", locale), no_wrap=True)
    table.add_column(_t("ui.coins", locale) + " · " + _t("ui.stones", locale) + " · "
                     + _t("ui.sleeves", locale) + " · " + _t("ui.curses", locale), overflow="fold", ratio=1)
    for key, ratio in (("territories", 2), ("home_units", 4), ("artifacts", 2)):
        table.add_column(_t(f"ui.{key}", locale), overflow="fold", ratio=ratio)
    table.add_column(_t("ui.score", locale), no_wrap=True)
    for p, pl in sorted(enumerate(obs["players"]), key=lambda item: item[1]["seat"]):
        who = _colour(obs, p, locale) + Text(f" ({_t('ui.seat', locale, seat=p)})")
        if obs["to_move"] == p:
            who.append(" ◀")
        if pl["passed"] and obs["phase"] == "place":
            who.append(f"\n({_t('ui.passed', locale)})", style="dim")
        thrones = {c for c in pl["territories"] if c.startswith("throne_")}
        terr = [_name(obs, c, locale) + ("(-)" if c in pl["negative"] else "")
                for c in pl["territories"] if c not in thrones]
        units = []
        for u in pl["units"]:
            mark = "◆" if u["sleeved"] else ""
            away = "" if u["at_home"] else "↑"
            units.append(f"{mark}{_name(obs, u['card'], locale)}{away}")
        status = f"{pl['coins']}/{min(5, pl['income'])} · {pl['stones']} · {pl['sleeves']} · {pl['curses']}"
        extra = f" (+{pl['throne_vp']})" if pl["throne_vp"] else ""
        sep = "、" if locale == "ja" else ", "
        table.add_row(who, status, sep.join(terr) or "-", sep.join(units),
                      sep.join(_name(obs, a, locale) for a in pl["artifacts"]) or "-", f"{pl['score']}{extra}")
    return table


def render(obs: dict[str, Any], locale: str) -> RenderableType:
    """The whole board for one viewer."""
    head = Text()
    head.append(f"{_t('ui.round', locale)} {obs['round']}/7  ")
    head.append(f"{_t('ui.phase', locale)}: {_t('phase.' + obs['phase'], locale)}  ")
    head.append(f"{_t('ui.start', locale)}: ")
    head.append(_colour(obs, obs["start_player"], locale))
    head.append(f"  {_t('ui.decks', locale)}: {' / '.join(str(n) for n in obs['deck_sizes'])}")
    parts: list[RenderableType] = [head, _areas(obs, locale)]
    if obs["removed"]:
        removed = Text(", ").join(_unit_text(obs, u, locale) for u in obs["removed"])
        parts.append(Text(f"{_t('ui.removed', locale)}: ") + removed)
    if obs["trash"]:
        parts.append(Text(f"{_t('ui.trash', locale)}: " + ", ".join(_name(obs, c, locale) for c in obs["trash"])))
    parts.append(_players(obs, locale))
    if obs.get("draft"):
        parts.append(Text(f"{_t('ui.draft', locale)}: " + ", ".join(_name(obs, c, locale) for c in obs["draft"])))
    return Panel(Group(*parts), title=_t("ui.title", locale))
