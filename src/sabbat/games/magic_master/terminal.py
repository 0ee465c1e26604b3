"""Terminal view of Magic Master: every player's groups in order with their sums,
the market, hand sizes, countdown and the attack in progress. Reads only the
observation dict; labels come from the game's message catalogue (en/ja)."""

from __future__ import annotations

from typing import Any

from rich.console import Group as RGroup
from rich.console import RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from sabbat.core import i18n


def _l(key: str, locale: str, **params: Any) -> str:
    return i18n.render(f"magic_master.ui.{key}", locale, params)


def _seat(p: int, locale: str) -> str:
    """Seat 0 as P1, as everywhere in sabbat."""
    return _l("seat", locale, p=p)


def _join(names: list[str], locale: str) -> str:
    return i18n.list_separator(locale).join(names)


def _name(card: dict[str, Any] | None, locale: str) -> str:
    if not card:
        return ""
    return str(i18n.localize(card.get("name") or card.get("card", "?"), locale))


def _atk(pair: list[int]) -> str:
    d, b = pair
    if d == 0:
        return str(b)
    return f"{d}D" + (f"+{b}" if b > 0 else (str(b) if b < 0 else ""))


def _groups_table(pl: dict[str, Any], locale: str) -> Table:
    tab = Table(show_header=True, header_style="bold", expand=False, box=None, pad_edge=False)
    for key in ("group", "leader", "items", "troops", "terrain", "atk", "def", "mov", "suc", "mag"):
        tab.add_column(_l(key, locale), no_wrap=key not in ("items", "troops"))
    for i, g in enumerate(pl["groups"]):
        lead = " + ".join(_name(c, locale) for c in g["char"]) or _l("none", locale)
        items = _join([_name(c, locale) for c in g["items"]], locale)
        if g["regalia"]:
            items += f" ({_l('regalia', locale, n=g['regalia'])})" if locale != "ja" else f"（{_l('regalia', locale, n=g['regalia'])}）"
        troops = " < ".join(_name(c, locale) for c in g["troops"])  # inner < outer
        mag = "" if g["mag"] is None else str(g["mag"])
        tab.add_row(f"#{i + 1}", lead, items, troops, _name(g["terrain"], locale), _atk(g["atk"]),
                    str(g["def"]), str(g["mov"]), str(g["suc"]), mag)
    if not pl["groups"]:
        tab.add_row("", _l("group_none", locale), "", "", "", "", "", "", "", "")
    return tab


def _hand_counts(pl: dict[str, Any], locale: str) -> str:
    hand = _l("hand_n", locale, n=pl["hand"]) if pl["hand"] else _l("hand_zero", locale)
    chars = _l("chars_n", locale, n=pl["char_hand"]) if pl["char_hand"] else _l("chars_zero", locale)
    return f"{hand} / {chars}"


def render(obs: dict[str, Any], locale: str) -> RenderableType:
    parts: list[RenderableType] = []
    head = Text()
    phase = i18n.render(f"magic_master.phase.{obs['phase']}", locale)
    if obs["phase"] == "discard" and obs.get("active") is not None:
        phase += _l("discard_left", locale, n=obs["players"][obs["active"]]["hand"] - 4)
    head.append(f"{_l('phase', locale)}: {phase}  ")
    if obs.get("to_move") is not None:
        head.append(f"{_l('to_move', locale)}: {_seat(obs['to_move'], locale)}  ", style="bold")
    if obs.get("order"):
        head.append(f"{_l('turn_order', locale)}: " + " → ".join(_seat(p, locale) for p in obs["order"]))
    parts.append(head)
    step = obs.get("regroup_step")
    if step:
        stage = _l(f"stage_{step['stage']}", locale)
        ask = _l("deciding", locale, card=_name(step["card"], locale)) if step["card"] else _l("hand_step", locale)
        parts.append(Text(_l("regroup_step", locale, stage=stage, ask=ask), style="bold"))
    if obs.get("winner") is not None:
        reason = i18n.render(f"magic_master.reason.{obs['win_reason']}", locale)
        parts.append(Text(_l("winner", locale, p=obs["winner"], reason=reason), style="bold green"))
    for p, pl in enumerate(obs["players"]):
        title = f"{_seat(p, locale)}  " + _hand_counts(pl, locale)
        if pl["eliminated"]:
            title += f"  [{_l('eliminated', locale)}]"
        if pl["pending_regalia"]:
            title += f"  [{_l('pending', locale)}]"
        style = "bold cyan" if obs.get("active") == p else ""
        parts.append(Panel(_groups_table(pl, locale), title=title, title_align="left", border_style=style))
    market = _join([_name(c, locale) for c in obs["market"]], locale) or _l("none", locale)
    info = Text()
    info.append(f"{_l('market', locale)}: {market}\n")
    info.append(f"{_l('deck', locale)}: {_l('cards_n', locale, n=obs['deck'])}   "
                f"{_l('discard', locale)}: {_l('cards_n', locale, n=len(obs['discard']))}")
    if obs.get("discard_top"):
        top = _join([str(i18n.localize(n, locale)) for n in reversed(obs["discard_top"])], locale)
        info.append(f"（{_l('recent', locale)}: {top}）" if locale == "ja" else f" ({_l('recent', locale)}: {top})")
    cd = obs.get("countdown") or {}
    if cd.get("p0", -1) >= 0:
        info.append("\n" + _l("countdown", locale, p0=cd["p0"], round=max(1, cd["round"])))
    parts.append(info)
    att = obs.get("attack")
    if att:
        tp, tg = att["target"]
        what = str(i18n.localize(att["card_name"], locale)) if att.get("card_name") else _l("attack_normal", locale)
        parts.append(Text(f"{_l('attack', locale)}: {_seat(att['attacker'], locale)} {what} → "
                          + _l("target", locale, p=tp, n=tg + 1), style="bold red"))
    if obs.get("viewer") is not None:
        mine = Text()
        mine.append(f"{_l('chars', locale)}: " + (_join([_name(c, locale) for c in obs["my_chars"]], locale)
                                                   or _l("none", locale)) + "\n")
        mine.append(f"{_l('hand', locale)}: " + (_join([_name(c, locale) for c in obs["my_hand"]], locale)
                                                  or _l("none", locale)))
        parts.append(mine)
    parts.append(Text(_l("legend", locale), style="dim"))
    return RGroup(*parts)
