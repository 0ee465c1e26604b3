"""Terminal view of 名もなき魔王: target cards A–E with their stacked units, then each home area.

Reads only the observation dict (see sabbat.games.nameless_dark_lord.observe). Every icon is
explained by the legend under the board; fields with nothing in them are left out.
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


def _colour_word(obs: dict[str, Any], p: int, locale: str) -> str:
    return _t(f"colour.{obs['players'][p]['colour']}", locale)


def _colour(obs: dict[str, Any], p: int, locale: str) -> Text:
    return Text(_colour_word(obs, p, locale), style=STYLE.get(obs["players"][p]["colour"], "bold"))


def _stats(obs: dict[str, Any], cid: str, locale: str) -> str:
    """A card's printed numbers in one short line ("" for artifacts, whose value is a formula)."""
    st = obs.get("card_stats", {}).get(cid)
    if not st:
        return ""
    parts = [_t(f"ui.stat_{k}", locale, n=v) for k, v in st.items() if k != "type" and (v or k != "circles")]
    return ("・" if locale == "ja" else " · ").join(parts)


def _unit_text(obs: dict[str, Any], u: dict[str, Any], locale: str) -> Text:
    """`Red Goblin Soldier (1+1)`: owner, card, power and power tokens."""
    owner = u["owner"]
    style = STYLE.get(obs["players"][owner]["colour"], "") if owner >= 0 else ""
    power = f"{u['power'] - u['tokens']}+{u['tokens']}" if u["tokens"] else str(u["power"])
    who = _colour_word(obs, owner, locale) if owner >= 0 else ""
    return Text(_t("ui.unit", locale, owner=who, card=_name(obs, u["card"], locale), power=power), style=style)


def _target(obs: dict[str, Any], area: dict[str, Any], locale: str) -> Text:
    target = Text(_name(obs, area["target"], locale))
    stats = _stats(obs, area["target"], locale)
    if stats:
        target.append("\n" + stats, style="dim")
    outcome = area["outcome"]
    if outcome >= 0:
        target.append("\n" + _t("ui.acquired", locale, player=_colour_word(obs, outcome, locale)), style="dim")
    elif outcome == -1:
        target.append("\n" + _t("ui.trashed", locale), style="dim")
    if obs["pending"].get("resolving") == area["area"]:
        target.stylize("reverse")
    return target


def _areas(obs: dict[str, Any], locale: str) -> Table:
    table = Table(expand=True)
    for key in ("area", "target", "units", "totals"):
        table.add_column(_t(f"ui.{key}", locale))
    none = Text(_t("ui.none", locale), style="dim")
    for area in obs["areas"]:
        units = Text("\n").join(
            Text(f"{i + 1}. ") + _unit_text(obs, u, locale) for i, u in enumerate(area["units"])
        ) if area["units"] else none
        totals = Text(i18n.list_separator(locale)).join(
            _colour(obs, int(p), locale) + Text(f" {v}") for p, v in area["power"].items()
        ) if area["power"] else none
        table.add_row(area["area"], _target(obs, area, locale), units, totals)
    return table


def _status(pl: dict[str, Any], locale: str) -> str:
    """Coins, stones, sleeves, curses and the throne counter; zero stones/curses/counter are left out."""
    parts = [_t("ui.coins_of", locale, coins=pl["coins"], limit=min(5, pl["income"])),
             _t("ui.sleeves_n", locale, n=pl["sleeves"])]
    for field, key in (("stones", "ui.stones_n"), ("curses", "ui.curses_n"), ("throne_vp", "ui.throne_n")):
        if pl[field]:
            parts.append(_t(key, locale, n=pl[field]))
    return "\n".join(parts)


def _players(obs: dict[str, Any], locale: str) -> Table:
    table = Table(expand=True)
    table.add_column(_t("ui.player", locale), no_wrap=True)
    table.add_column(_t("ui.resources", locale), no_wrap=True)
    for key, ratio in (("territories", 2), ("home_units", 4), ("artifacts", 2)):
        table.add_column(_t(f"ui.{key}", locale), overflow="fold", ratio=ratio)
    table.add_column(_t("ui.score", locale), no_wrap=True)
    sep, none = i18n.list_separator(locale), _t("ui.none", locale)
    stats = obs.get("card_stats", {})
    for p, pl in sorted(enumerate(obs["players"]), key=lambda item: item[1]["seat"]):
        who = _colour(obs, p, locale) + Text(f" ({_t('ui.seat', locale, seat=p)})")
        if obs["to_move"] == p:
            who.append(" ◀")
        if pl["passed"] and obs["phase"] == "place":
            who.append(f"\n({_t('ui.passed', locale)})", style="dim")
        terr = []
        for c in pl["territories"]:
            if c.startswith("throne_"):
                continue
            negative = c in pl["negative"] or int(stats.get(c, {}).get("vp", 0)) < 0
            terr.append(_name(obs, c, locale) + ("（−3）" if locale == "ja" and negative else " (−3)" if negative else ""))
        units = [("◆" if u["sleeved"] else "") + _name(obs, u["card"], locale) + ("" if u["at_home"] else "↑")
                 for u in pl["units"]]
        artifacts = sep.join(_name(obs, a, locale) for a in pl["artifacts"]) or none
        table.add_row(who, _status(pl, locale), sep.join(terr) or none, sep.join(units) or none, artifacts,
                      str(pl["score"]))
    return table


def render(obs: dict[str, Any], locale: str) -> RenderableType:
    """The whole board for one viewer."""
    colon = "：" if locale == "ja" else ": "
    head = Text()
    head.append(_t("ui.round_of", locale, round=obs["round"]) + "  ")
    head.append(f"{_t('ui.phase', locale)}{colon}{_t('phase.' + obs['phase'], locale)}  ")
    head.append(f"{_t('ui.start', locale)}{colon}")
    head.append(_colour(obs, obs["start_player"], locale))
    head.append(f"  {_t('ui.decks', locale)}{colon}{' / '.join(str(n) for n in obs['deck_sizes'])}")
    parts: list[RenderableType] = [head, _areas(obs, locale)]
    sep = i18n.list_separator(locale)
    if obs["removed"]:
        removed = Text(sep).join(_unit_text(obs, u, locale) for u in obs["removed"])
        parts.append(Text(f"{_t('ui.removed', locale)}{colon}") + removed)
    if obs["trash"]:
        parts.append(Text(f"{_t('ui.trash', locale)}{colon}" + sep.join(_name(obs, c, locale) for c in obs["trash"])))
    parts.append(_players(obs, locale))
    if obs.get("draft"):
        parts.append(Text(f"{_t('ui.draft', locale)}{colon}" + sep.join(_name(obs, c, locale) for c in obs["draft"])))
    parts.append(Text(_t("ui.legend", locale), style="dim"))
    return Panel(Group(*parts), title=_t("ui.title", locale))
