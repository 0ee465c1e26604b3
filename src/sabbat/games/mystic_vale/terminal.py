"""Terminal view of a Mystic Vale observation: own field and on-deck card, opponents, the commons.

Reads only the observation dict (its `catalog` carries the public card facts).
"""

from __future__ import annotations

from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from sabbat.core import i18n

NS = "mystic_vale"
_SYM = ("mana", "s1", "s2", "s3", "wild", "decay", "growth", "hvp", "evp", "guard")
_STYLE = {"mana": "blue", "s1": "yellow", "s2": "cyan", "s3": "bright_blue", "wild": "magenta", "decay": "red",
          "growth": "green", "hvp": "bold blue", "evp": "grey70", "guard": "white"}
# Icons are messages (`icon.*`), so each language gets letters its readers cannot misread
# (the three spirit kinds are 地/空/水 in Japanese, Ea/Sk/Wa in English; wild is always ✶).


def _t(key: str, locale: str, **params: Any) -> str:
    return i18n.render(f"{NS}.{key}", locale, params)


def _name(value: Any, locale: str) -> str:
    return str(i18n.localize(value, locale))


def _icon(key: str, locale: str) -> str:
    return _t("icon." + key, locale)


def _symbols(stats: list[int], locale: str) -> Text:
    text = Text()
    for k, n in zip(_SYM, stats, strict=False):
        if n:
            text.append(f"{_icon(k, locale)}{n if n > 1 else ''} ", style=_STYLE[k])
    return text


def _legend(locale: str) -> Text:
    """One line naming every icon the board uses."""
    text = Text(_t("ui.legend", locale) + " ", style="grey50")
    for k in _SYM:
        text.append(_icon(k, locale), style=_STYLE[k])
        text.append(f" {_t('legend.' + k, locale)}  ", style="grey50")
    return text


def _card_row(obs: dict[str, Any], seat: int, s: int, locale: str) -> tuple[str, Text, str]:
    """(number, symbols, part names) of one of `seat`'s cards."""
    cat = obs["catalog"]["parts"]
    pl = obs["players"][seat]
    base = 3 * (s - 20 * seat)
    tot = [0] * 10
    names = []
    for pos, pid in enumerate(pl["slots"][base: base + 3]):
        if pid >= 0:
            part = cat[pid]
            for k, v in enumerate(part["stats"]):
                tot[k] += v
            label = _name(part["name"], locale)
            ab = part["ability"]
            if ab and (not ab[3] or pl["banners"][s - 20 * seat] == pid):
                label += f" [{_t('timing.' + ab[0], locale)}: {_t('effect.' + ab[1], locale, n=ab[2])}]"
            names.append(_t("ui.at_pos", locale, pos=_t("pos." + ("top", "middle", "bottom")[pos], locale), card=label))
    return f"#{s % 20 + 1}", _symbols(tot, locale), _t("ui.sep", locale).join(names) or _t("ui.blank", locale)


def _cards_table(obs: dict[str, Any], seat: int, cards: list[int], title: str, locale: str) -> Table:
    table = Table(title=title, show_header=False, expand=False, box=None, padding=(0, 1))
    for s in cards:
        table.add_row(*_card_row(obs, seat, s, locale))
    if not cards:
        table.add_row("-", Text(""), _t("ui.empty", locale))
    return table


def _player_panel(obs: dict[str, Any], seat: int, locale: str) -> Panel:
    pl = obs["players"][seat]
    you = obs.get("viewer") == seat
    vale_cat = obs["catalog"]["vale"]
    head = Text()
    head.append(f"{_t('ui.vp', locale)} {pl['vp']}  ", style="bold")
    token = _t("ui.active" if pl["token_active"] else "ui.inactive", locale)
    head.append(f"{_t('ui.token', locale)}: {token}  ", style="blue" if pl["token_active"] else "grey50")
    head.append(f"{_t('ui.deck', locale)} {pl['deck_size']}  {_t('ui.discard', locale)} {len(pl['discard'])}  ")
    head.append(f"{_t('ui.decay', locale)} {pl['effective_decay']}", style="red")
    parts: list[RenderableType] = [head]
    parts.append(_cards_table(obs, seat, pl["field"], _t("ui.field", locale), locale))
    od = [pl["on_deck"]] if pl["on_deck"] >= 0 else []
    parts.append(_cards_table(obs, seat, od, _t("ui.on_deck", locale), locale))
    if pl["vale"]:
        spent = set(pl.get("spent_vale", []))
        vale = ", ".join(
            f"{_name(vale_cat[v]['name'], locale)} ({vale_cat[v]['vp']}"
            + (f", {_t('ui.spent', locale)})" if v in spent else ")")
            for v in pl["vale"]
        )
        parts.append(Text(f"{_t('ui.vale', locale)}: {vale}", style="green"))
    title = _t("ui.seat", locale, seat=seat) + (f" ({_t('ui.you', locale)})" if you else "")
    if obs.get("active") == seat:
        title = "▶ " + title
    return Panel(Group(*parts), title=title, border_style="bold green" if you else "white")


def _cost(v: dict[str, Any], obs: dict[str, Any], locale: str) -> str:
    names = obs["catalog"]["spirit_names"]
    return " ".join(f"{_name(names[k], locale)}×{n}" for k, n in enumerate(v["cost"]) if n)


def _commons(obs: dict[str, Any], locale: str) -> Panel:
    cm = obs["commons"]
    cat = obs["catalog"]
    adv = Table(title=_t("ui.advancements", locale), expand=False)
    adv.add_column(_t("ui.level", locale))
    adv.add_column(_t("ui.cost", locale))
    adv.add_column(_t("ui.symbols", locale))
    adv.add_column(_t("ui.card", locale))
    for lv, disp in enumerate(cm["adv_display"]):
        for pid in disp:
            if pid < 0:
                adv.add_row(str(lv + 1), "", Text(_t("ui.empty", locale)), "")
                continue
            part = cat["parts"][pid]
            ab = part["ability"]
            label = _t("ui.card_pos", locale, card=_name(part["name"], locale),
                       pos=_t("pos." + ("top", "middle", "bottom")[part["pos"]], locale))
            if ab:
                label += f" [{_t('timing.' + ab[0], locale)}: {_t('effect.' + ab[1], locale, n=ab[2])}]"
            adv.add_row(f"{lv + 1}", f"{_icon('mana', locale)}{part['cost']}", _symbols(part["stats"], locale), label)
        adv.add_row("", "", Text(_t("ui.deck_left", locale, n=cm["adv_deck"][lv]), style="grey50"), "")
    vale = Table(title=_t("ui.vale_cards", locale), expand=False)
    vale.add_column(_t("ui.level", locale))
    vale.add_column(_t("ui.vale_cost", locale))
    vale.add_column(_t("ui.vp", locale))
    for lv, disp in enumerate(cm["vale_display"]):
        for vid in disp:
            if vid < 0:
                vale.add_row(str(lv + 1), _t("ui.empty", locale), "")
                continue
            v = cat["vale"][vid]
            label = f"{_name(v['name'], locale)} — {_cost(v, obs, locale)}"
            if v["ability"]:
                ab = v["ability"]
                once = f" ({_t('ui.once', locale)})" if len(ab) > 4 and ab[4] else ""
                label += f" [{_t('timing.' + ab[0], locale)}: {_t('effect.' + ab[1], locale, n=ab[2])}{once}]"
            vale.add_row(str(lv + 1), label, str(v["vp"]))
        vale.add_row("", Text(_t("ui.deck_left", locale, n=cm["vale_deck"][lv]), style="grey50"), "")
    soil = " / ".join(
        f"{_t('pos.' + p, locale)} {n}" for p, n in zip(("top", "middle", "bottom"), cm["soil"], strict=False)
    )
    info = Text()
    info.append(f"{_t('ui.pool', locale)}: {obs['pool']}", style="bold blue")
    if obs["end_triggered"]:
        info.append(f"  ({_t('ui.last_round', locale)})", style="bold red")
    info.append(f"\n{_t('ui.soil', locale)}: {soil}\n{_t('ui.box', locale, n=cm['box'])}")
    return Panel(Group(info, Columns([adv, vale])), title=_t("ui.commons", locale))


def _turn_panel(obs: dict[str, Any], locale: str) -> Text:
    tr = obs["turn"]
    text = Text()
    text.append(f"{_t('ui.phase', locale)}: {_t('phase.' + obs['phase'], locale)}   ", style="bold")
    text.append(f"{_t('ui.round', locale)} {obs['round']}   ")
    if obs["phase"] in ("harvest", "sleeve"):
        sp = tr["spirit"]
        spirit = " ".join(f"{_icon(k, locale)}{n}" for k, n in zip(("s1", "s2", "s3", "wild"), sp, strict=True) if n)
        spirit = spirit or _t("ui.none", locale)
        text.append(f"{_t('ui.turn', locale)}: {_t('ui.mana', locale)} {tr['mana']}, {_t('ui.spirit', locale)} {spirit}")
        if tr["pending"]:
            names = ", ".join(_name(obs["catalog"]["parts"][pid]["name"], locale) for pid in tr["pending"])
            text.append(f"; {_t('ui.pending', locale)}: {names}")
    return text


def render(obs: dict[str, Any], locale: str) -> RenderableType:
    viewer = obs.get("viewer")
    n = len(obs["players"])
    order = list(range(n))
    if isinstance(viewer, int):
        order = [viewer] + [q for q in order if q != viewer]
    panels = [_player_panel(obs, q, locale) for q in order]
    return Group(_turn_panel(obs, locale), *panels, _commons(obs, locale), _legend(locale))
