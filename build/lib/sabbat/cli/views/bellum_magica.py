"""Terminal view of Bellum Magica: castles (six rows, active row marked), stocks, kingdom, creatures.

Reads only the observation dict. Zero counts and empty lists are left out, every icon is in
the legend line, and Japanese screens use only the game's Japanese terms.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from sabbat.core import i18n

NS = "bellum_magica"
LEFT_ICONS = ("🍖", "✦", "🗺")
RIGHT_ICONS = ("⚔", "✧", "🎭")
CHESTS = ("wood", "metal", "gold")


def _t(key: str, locale: str, **params: Any) -> str:
    return i18n.render(f"{NS}.view.{key}", locale, params)


def _name(value: Any, locale: str) -> str:
    return str(i18n.localize(value, locale)) if value else "-"


def _amounts(counts: dict[str, int], locale: str) -> str:
    """"2 food, 1 glyph" / 「食料2、グリフ1」, zero counts left out; "" when all are zero."""
    parts = []
    for key, n in counts.items():
        if n:
            what = i18n.render(f"{NS}.term.{key}" + ("" if n == 1 else "_n"), locale)
            parts.append(i18n.render(f"{NS}.text.amount", locale, {"n": n, "what": what}))
    return i18n.list_separator(locale).join(parts)


def _icons(counts: list[int], icons: tuple[str, ...]) -> str:
    parts = [f"{n}{icon}" for n, icon in zip(counts, icons, strict=True) if n]
    return " ".join(parts) or "·"


def _stock_lines(c: dict[str, Any], obs: dict[str, Any], locale: str) -> list[str]:
    sep = i18n.list_separator(locale)
    lines = []
    stock = _amounts({"food": c["food"], "glyph": c["glyph"], "barrel": c["barrels"]}, locale)
    if stock:
        lines.append(f"{_t('stock', locale)}: {stock}")
    d = c["defence"]
    line = f"{_t('defence', locale)}: {d[0]}🛡" + (f" + {d[1]}✧🛡" if d[1] else "")
    if c["confusion_up"]:
        line += f"  {_t('confusion', locale)} {c['confusion_up']}"
    if c["confusion_down"]:
        line += f"  {_t('confusion_down', locale)} {c['confusion_down']}"
    lines.append(line)
    held = _amounts(dict(zip(CHESTS, c["chest_counts"], strict=True)), locale) or _t("no_chests", locale)
    lines.append(f"{_t('chests', locale)}: {held}")
    for side in ("left", "right"):
        if c[side]:
            lines.append(f"{_t('cards_' + side, locale)}: {sep.join(_name(x['name'], locale) for x in c[side])}")
    seat = c["seat"]
    if seat == obs.get("viewer"):
        mine = obs.get("my_chests") or []
        if mine:
            vals = sep.join(f"{i18n.render(f'{NS}.term.' + x['type'], locale)} {x['value']}" for x in mine)
            lines.append(f"{_t('my_chests', locale)}: {vals}")
        known = obs.get("known_chests") or []
        if known:
            vals = sep.join(i18n.render(f"{NS}.text.known", locale, {
                "holder": x["holder"], "type": i18n.render(f"{NS}.term.{x['type']}", locale), "value": x["value"]})
                for x in known)
            lines.append(f"{_t('known_chests', locale)}: {vals}")
    return lines


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
    seat = c["seat"]
    title = f"{_t('seat', locale, seat=seat)} {_name(c['board_name'], locale)}"
    if seat == obs.get("captain"):
        title += " 🎲"
    if seat == obs.get("current_player"):
        title = "➤ " + title
    return Panel(Group(table, Text("\n".join(_stock_lines(c, obs, locale)))), title=title, expand=False)


def _kingdom(obs: dict[str, Any], locale: str) -> Panel:
    k = obs["kingdom"]
    table = Table(box=None, header_style="bold")
    table.add_column(_t("location", locale))
    table.add_column(_t("shields", locale), justify="center")
    table.add_column(_t("loot", locale))
    for loc in [k["tavern"], *k["display"]]:
        shields = f"{loc['shields']}🛡" + (f" + {loc['magic_shields']}✧🛡" if loc["magic_shields"] else "")
        label = _name(loc["name"], locale)
        if loc["kind"] != "tavern":
            kind = i18n.render(f"{NS}.term.{loc['kind']}", locale)
            label += f"({kind})" if locale == "ja" else f" ({kind})"
        table.add_row(label, shields, _amounts(loc["loot"], locale))
    kinds = i18n.list_separator(locale).join(
        i18n.render(f"{NS}.text.defence_part", locale, {"what": i18n.render(f"{NS}.term.{kind}", locale), "n": n})
        for kind, n in k["deck_kinds"].items() if n)
    foot = f"{_t('deck', locale)}: {k['deck_size']}" + (f" ({kinds})" if kinds else "")
    stacks = _amounts(dict(zip(CHESTS, obs["chest_stacks"], strict=True)), locale) or "-"
    foot += f"   {_t('stacks', locale)}: {stacks}"
    return Panel(Group(table, Text(foot)), title=_t("kingdom", locale), expand=False)


def _creatures(obs: dict[str, Any], locale: str) -> Panel:
    table = Table(box=None, header_style="bold")
    table.add_column("")
    for r in range(1, 7):
        table.add_column(str(r), justify="center")
    table.add_column(_t("bonus", locale))
    left, right = _t("side_L", locale), _t("side_R", locale)
    for deck, data in obs["creatures"].items():
        table.add_row(Text(f"{_t(deck, locale)} [{_t('deck', locale)} {data['deck_size']}]", style="bold"))
        for slot, card in enumerate(data["display"], 1):
            label = _t("slot", locale, slot=slot)
            if card is None:
                table.add_row(f"{label} {_t('empty_slot', locale)}")
                continue
            bonus = i18n.list_separator(locale).join(i18n.render(f"{NS}.term.{b}", locale) + (f"×{k}" if k > 1 else "")
                                      for b, k in Counter(card["bonus"]).items())
            table.add_row(f"{label} {_name(card['name'], locale)} {left}",
                          *[_icons(r, LEFT_ICONS) for r in card["left"]], bonus)
            table.add_row(f"    {right}", *[_icons(r, RIGHT_ICONS) for r in card["right"]], "")
    return Panel(table, title=_t("creatures", locale), expand=False)


def _final(obs: dict[str, Any], locale: str) -> Text:
    f = obs["final"]
    sep = i18n.list_separator(locale)
    parts = [i18n.render(f"{NS}.standing" if n else f"{NS}.standing_none", locale,
                         {"player": p, "value": v, "count": n})
             for p, (v, n) in enumerate(zip(f["totals"], f["chest_counts"], strict=True))]
    won = sep.join(_t("seat", locale, seat=w) for w in f["winners"])
    return Text(f"{_t('final', locale)}: {sep.join(parts)}  → {_t('winners', locale)}: {won}", style="bold green")


def render(obs: dict[str, Any], locale: str = "en") -> RenderableType:
    """The whole table as one Rich renderable."""
    head = _t("day", locale, day=obs["day"], captain=obs["captain"])
    if obs["die"]:
        head += " - " + _t("die", locale, die=obs["die"])
    parts: list[RenderableType] = [Text(head, style="bold"), Text(_t("legend", locale), style="dim")]
    for c in obs["castles"]:
        parts.append(_castle(c, obs, locale))
    parts.append(_kingdom(obs, locale))
    parts.append(_creatures(obs, locale))
    if obs.get("final"):
        parts.append(_final(obs, locale))
    return Group(*parts)
