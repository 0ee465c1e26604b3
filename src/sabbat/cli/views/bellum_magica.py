"""Terminal view of Bellum Magica: castles (six rows, active row marked), stocks, kingdom, creatures.

Reads only the observation dict.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from sabbat.core import i18n

NS = "bellum_magica"
LEFT_ICONS = ("🍖", "✦", "🗺")
RIGHT_ICONS = ("⚔", "✧", "🎭")


def _t(key: str, locale: str, **params: Any) -> str:
    return i18n.render(f"{NS}.view.{key}", locale, params)


def _name(value: Any, locale: str) -> str:
    return str(i18n.localize(value, locale)) if value else "-"


def _icons(counts: list[int], icons: tuple[str, ...]) -> str:
    parts = [f"{n}{icon}" for n, icon in zip(counts, icons, strict=True) if n]
    return " ".join(parts) or "·"


def _castle(c: dict[str, Any], obs: dict[str, Any], locale: str) -> Panel:
    active = obs.get("active_row")
    candidate = obs.get("die") if obs.get("phase") == "roll" else None
    table = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    table.add_column(_t("row", locale), justify="center")
    table.add_column(_t("left", locale))
    table.add_column(_t("right", locale))
    for r in c["rows"]:
        style = "bold reverse" if r["row"] == active else ""
        mark = f"▶{r['row']}" if r["row"] == active else str(r["row"])
        if r["row"] == candidate:
            mark, style = f"?{r['row']}", "italic"
        table.add_row(mark, _icons(r["left"], LEFT_ICONS), _icons(r["right"], RIGHT_ICONS), style=style)
    d = c["defence"]
    lines = [
        f"{_t('food', locale)} {c['food']}  {_t('glyph', locale)} {c['glyph']}  {_t('barrels', locale)} {c['barrels']}",
        f"{_t('defence', locale)} {d[0]}🛡" + (f" + {d[1]}✧🛡" if d[1] else "")
        + f"  {_t('confusion', locale)} {c['confusion_up']}/{c['confusion_down']}",
        f"{_t('chests', locale)} {'/'.join(str(x) for x in c['chest_counts'])} = {c['chests']}",
        f"{_t('cards', locale)} L: {', '.join(_name(x['name'], locale) for x in c['left']) or '-'}",
        f"{_t('cards', locale)} R: {', '.join(_name(x['name'], locale) for x in c['right']) or '-'}",
    ]
    seat = c["seat"]
    if seat == obs.get("viewer") and obs.get("my_chests") is not None:
        vals = ", ".join(f"{_t('term.' + x['type'], locale)} {x['value']}" for x in obs["my_chests"]) or "-"
        lines.append(f"{_t('my_chests', locale)}: {vals}")
    title = f"{_t('seat', locale, seat=seat)} {_name(c['board_name'], locale)}"
    if seat == obs.get("captain"):
        title += " 🎲"
    if seat == obs.get("current_player"):
        title = "➤ " + title
    return Panel(Group(table, Text("\n".join(lines))), title=title, expand=False)


def _kingdom(obs: dict[str, Any], locale: str) -> Panel:
    k = obs["kingdom"]
    table = Table(box=None, header_style="bold")
    table.add_column("")
    table.add_column(_t("shields", locale), justify="center")
    table.add_column(_t("loot", locale))
    for loc in [k["tavern"], *k["display"]]:
        shields = f"{loc['shields']}" + (f"+{loc['magic_shields']}✧" if loc["magic_shields"] else "")
        loot = ", ".join(f"{v}×{_t('term.' + key, locale)}" for key, v in loc["loot"].items())
        table.add_row(f"{_name(loc['name'], locale)} ({_t('term.' + loc['kind'], locale)})", shields, loot)
    kinds = k["deck_kinds"]
    foot = (f"{_t('deck', locale)}: {k['deck_size']} (F{kinds['farm']}/V{kinds['village']}/T{kinds['town']})"
            f"   {_t('stacks', locale)}: {'/'.join(str(x) for x in obs['chest_stacks'])}")
    return Panel(Group(table, Text(foot)), title=_t("kingdom", locale), expand=False)


def _creatures(obs: dict[str, Any], locale: str) -> Panel:
    table = Table(box=None, header_style="bold")
    table.add_column("")
    for r in range(1, 7):
        table.add_column(str(r), justify="center")
    table.add_column(_t("bonus", locale))
    for deck, data in obs["creatures"].items():
        table.add_row(Text(f"{_t(deck, locale)} [{data['deck_size']}]", style="bold"))
        for card in data["display"]:
            if card is None:
                table.add_row("-")
                continue
            table.add_row(f"{_name(card['name'], locale)} L",
                          *[_icons(r, LEFT_ICONS) for r in card["left"]],
                          ", ".join(_t("term." + b, locale) for b in card["bonus"]))
            table.add_row("    R", *[_icons(r, RIGHT_ICONS) for r in card["right"]], "")
    return Panel(table, title=_t("creatures", locale), expand=False)


def render(obs: dict[str, Any], locale: str = "en") -> RenderableType:
    """The whole table as one Rich renderable."""
    parts: list[RenderableType] = [
        Text(_t("day", locale, day=obs["day"], captain=obs["captain"], die=obs["die"] or "-"), style="bold")
    ]
    for c in obs["castles"]:
        parts.append(_castle(c, obs, locale))
    parts.append(_kingdom(obs, locale))
    parts.append(_creatures(obs, locale))
    if obs.get("final"):
        f = obs["final"]
        sep = "、" if locale == "ja" else ", "
        totals = sep.join(f"{_t('seat', locale, seat=p)} {v}" for p, v in enumerate(f["totals"]))
        won = sep.join(_t("seat", locale, seat=w) for w in f["winners"])
        parts.append(Text(f"{_t('final', locale)}: {totals}  → {won}", style="bold green"))
    return Group(*parts)
