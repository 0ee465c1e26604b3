"""Terminal view of a Monslaught in Walpurgis observation: round track, bosses, the Field and
every player's hand, play area, lands and discard pile.

Reads only the observation dict (its `catalog` carries the public card facts).
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from sabbat.core import i18n

NS = "monslaught"
BOSS_ROUNDS = {4: 1, 7: 2, 10: 3, 12: 4}


def _ensure_messages() -> None:
    if not i18n.has(f"{NS}.view.round", "en"):
        from sabbat import games

        games.get(NS)


def _t(key: str, locale: str, **params: Any) -> str:
    _ensure_messages()
    return i18n.render(f"{NS}.{key}", locale, params)


def _name(obs: dict[str, Any], card_id: str, locale: str) -> str:
    entry = obs["catalog"].get(card_id)
    return str(i18n.localize(entry["name"], locale)) if entry else card_id


def _track(obs: dict[str, Any], locale: str) -> Text:
    text = Text()
    for r in range(1, 13):
        label = "FB" if r == 12 else (f"B{BOSS_ROUNDS[r]}" if r in BOSS_ROUNDS else ("D" if r == 1 else str(r)))
        style = "bold reverse yellow" if r == obs["round"] else ("red" if r in BOSS_ROUNDS else "grey62")
        text.append(f" {label} ", style=style)
    kind = "draft_round" if obs["round"] == 1 else ("boss_round" if obs["boss_round"] else "scout_round")
    text.append(f"  {_t('view.round', locale)} {obs['round']} {_t('view.of', locale)} 12 — {_t('view.' + kind, locale)}")
    return text


def _bosses(obs: dict[str, Any], locale: str) -> Table:
    table = Table(title=_t("view.bosses", locale), show_header=False, expand=False)
    owners = {b: p for p, pl in enumerate(obs["players"]) for b in pl["bosses"]}
    row = []
    for b in obs["bosses"]:
        if b["id"] is None:
            row.append(Text(f"{b['number']}: {_t('view.face_down', locale)}", style="grey62"))
        else:
            owner = owners.get(b["id"])
            tail = f" → P{owner + 1}" if owner is not None else ""
            row.append(Text(f"{b['number']}: {_name(obs, b['id'], locale)} ⛨{b['cost']}{tail}", style="magenta"))
    table.add_row(*row)
    return table


def _field(obs: dict[str, Any], locale: str) -> Table:
    table = Table(title=_t("view.field", locale), expand=False)
    for col in ("", "×", "⛨", "⚔", _t("view.cost", locale), "VP"):
        table.add_column(col)
    cat = obs["catalog"]
    for cid, count in obs["field"].items():
        c = cat[cid]
        table.add_row(_name(obs, cid, locale), str(count), str(c["scout"]),
                      str(c["attack"]) if c["type"] == "monster" else "-", str(c["cost"]), str(c["vp"]))
    for land in ("farm", "mountain"):
        c = cat[land]
        table.add_row(Text(_name(obs, land, locale), style="green"), str(obs["stacks"][land]), str(c["scout"]),
                      "-", "-", str(c["vp"]))
    decks = obs["decks"]
    table.caption = f"{_t('view.decks', locale)}: {decks['lower']} / {decks['middle']} / {decks['upper']}"
    return table


def _player(obs: dict[str, Any], p: int, locale: str) -> Panel:
    pl = obs["players"][p]
    lines: list[RenderableType] = []
    if pl["hand"] is not None:
        hand = ", ".join(_name(obs, c, locale) for c in pl["hand"]) or _t("view.none", locale)
    else:
        tiers = ", ".join(_t("tier." + t, locale) for t in pl["hand_tiers"])
        hand = f"{_t('view.hidden', locale)} ({pl['hand_size']}: {tiers})"
    lines.append(Text(f"{_t('view.hand', locale)}: {hand}"))
    lands = {ld["uid"]: ld for ld in pl["lands"]}

    def land_name(ld: dict[str, Any]) -> str:
        return _name(obs, ld["kind"] + ("_back" if ld["flipped"] else ""), locale)

    play = Text(f"{_t('view.play', locale)}: ")
    if not pl["play"]:
        play.append(_t("view.none", locale))
    for i, e in enumerate(pl["play"]):
        c = obs["catalog"][e["card"]]
        state = _t("view.used", locale) if e["used"] else _t("view.ready", locale)
        atk = f" ⚔{c['attack']}" if c["type"] == "monster" else ""
        where = f" {_t('view.on', locale)}{land_name(lands[e['land']])}" if e["land"] in lands else ""
        play.append(("" if i == 0 else ", ") + f"{_name(obs, e['card'], locale)}#{e['uid']}{atk} [{state}]{where}",
                    style="grey50" if e["used"] else "bold")
    lines.append(play)
    land_text = ", ".join(f"{land_name(ld)}#{ld['uid']}" for ld in pl["lands"]) or _t("view.none", locale)
    lines.append(Text(f"{_t('view.lands', locale)} ({len(pl['lands'])}/5): {land_text}", style="green"))
    discard = ", ".join(_name(obs, c, locale) for c in pl["discard"])
    lines.append(Text(f"{_t('view.discard', locale)} ({len(pl['discard'])}): {discard}"))
    if pl["bosses"]:
        lines.append(Text(f"{_t('view.bosses_won', locale)}: " + ", ".join(_name(obs, b, locale) for b in pl["bosses"]),
                          style="magenta"))
    if obs["boss_round"] and pl["declared"] >= 0:
        lines.append(Text(f"{_t('view.declared', locale)}: {pl['declared']}"))
    if pl["offer"]:
        lines.append(Text(f"{_t('view.offer', locale)}: " + ", ".join(_name(obs, c, locale) for c in pl["offer"])))
    if pl["picked"]:
        picked = _name(obs, pl["pick"], locale) if pl["pick"] else ""
        lines.append(Text(f"{_t('view.picked', locale)} {picked}".strip()))
    if obs["points"] is not None:
        lines.append(Text(f"{_t('view.points', locale)}: {obs['points'][p]}", style="bold yellow"))
    title = f"P{p + 1}"
    if p == obs["viewer"]:
        title += f" ({_t('view.you', locale)})"
    if p == obs["start"]:
        title += f" ★{_t('view.start', locale)}"
    if p == obs["active"]:
        title += f" ▶{_t('view.active', locale)}"
    return Panel(Group(*lines), title=title, border_style="cyan" if p == obs["active"] else "white")


def render(obs: dict[str, Any], locale: str = "en") -> RenderableType:
    """The whole table as one Rich renderable."""
    parts: list[RenderableType] = [_track(obs, locale), _bosses(obs, locale), _field(obs, locale)]
    parts += [_player(obs, p, locale) for p in range(len(obs["players"]))]
    pend = obs.get("pending")
    phase = Text(f"{_t('view.phase', locale)}: {_t('phase.' + obs['phase'], locale)}")
    if pend and (pend["card"] or pend["kind"] or pend["group"]):
        extra = []
        if pend["card"]:
            extra.append(_name(obs, pend["card"], locale))
        if pend["kind"]:
            extra.append(pend["kind"] + (f" {pend['arg']}" if pend["arg"] else ""))
        if pend["need"]:
            extra.append(f"need {pend['need']}")
        if pend["group"]:
            extra.append("#" + " #".join(str(u) for u in pend["group"]))
        phase.append(f" — {_t('view.pending', locale)}: {' / '.join(extra)}")
    parts.append(phase)
    return Group(*parts)
