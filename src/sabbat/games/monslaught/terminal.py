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


def _t(key: str, locale: str, **params: Any) -> str:
    return i18n.render(f"{NS}.{key}", locale, params)


def _name(obs: dict[str, Any], card_id: str, locale: str) -> str:
    entry = obs["catalog"].get(card_id)
    return str(i18n.localize(entry["name"], locale)) if entry else card_id


def _track(obs: dict[str, Any], locale: str) -> Text:
    text = Text()
    for r in range(1, 13):
        label = (_t("track.final", locale) if r == 12 else
                 _t("track.boss", locale, n=BOSS_ROUNDS[r]) if r in BOSS_ROUNDS else
                 _t("track.draft", locale) if r == 1 else str(r))
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
    for col in ("card", "count", "scout", "attack", "cost", "points"):
        table.add_column(_t("col." + col, locale))
    cat = obs["catalog"]
    for cid, count in obs["field"].items():
        c = cat[cid]
        table.add_row(_name(obs, cid, locale), str(count), str(c["scout"]),
                      str(c["attack"]) if c["type"] == "monster" else _t("view.item", locale), str(c["cost"]),
                      str(c["vp"]))
    for land in ("farm", "mountain"):
        c = cat[land]
        table.add_row(Text(_name(obs, land, locale), style="green"), str(obs["stacks"][land]), str(c["scout"]),
                      _t("view.land", locale), _t("view.land", locale), str(c["vp"]))
    decks = obs["decks"]
    table.caption = _t("view.decks", locale, lower=decks["lower"], middle=decks["middle"], upper=decks["upper"])
    return table


def _player(obs: dict[str, Any], p: int, locale: str) -> Panel:
    pl = obs["players"][p]
    lines: list[RenderableType] = []
    if pl["hand"] is not None:
        hand = i18n.list_separator(locale).join(_name(obs, c, locale) for c in pl["hand"]) or _t("view.none", locale)
    else:
        tiers = i18n.list_separator(locale).join(_t("tier." + t, locale) for t in pl["hand_tiers"])
        hand = f"{_t('view.hidden', locale)} ({pl['hand_size']}: {tiers})"
    lines.append(Text(f"{_t('view.hand', locale)}: {hand}"))
    lands = {ld["uid"]: ld for ld in pl["lands"]}

    def land_name(ld: dict[str, Any]) -> str:
        return _name(obs, ld["kind"] + ("_back" if ld["flipped"] else ""), locale) + (f" {ld['copy']}" if ld["copy"] else "")

    play = Text(f"{_t('view.play', locale)}: ")
    if not pl["play"]:
        play.append(_t("view.none", locale))
    for i, e in enumerate(pl["play"]):
        c = obs["catalog"][e["card"]]
        state = _t("view.used", locale) if e["used"] else _t("view.ready", locale)
        atk = f" ⚔{c['attack']}" if c["type"] == "monster" else ""
        where = _t("view.on", locale, land=land_name(lands[e["land"]])) if e["land"] in lands else ""
        copy = f" {e['copy']}" if e["copy"] else ""
        play.append(("" if i == 0 else i18n.list_separator(locale)) + f"{_name(obs, e['card'], locale)}{copy}{atk} [{state}]{where}",
                    style="grey50" if e["used"] else "bold")
    lines.append(play)
    land_text = i18n.list_separator(locale).join(land_name(ld) for ld in pl["lands"]) or _t("view.none", locale)
    lines.append(Text(f"{_t('view.lands', locale)} ({len(pl['lands'])}/5): {land_text}", style="green"))
    discard = i18n.list_separator(locale).join(_name(obs, c, locale) for c in pl["discard"]) or _t("view.none", locale)
    lines.append(Text(f"{_t('view.discard', locale)} ({len(pl['discard'])}): {discard}"))
    if pl["bosses"]:
        lines.append(Text(f"{_t('view.bosses_won', locale)}: " + i18n.list_separator(locale).join(_name(obs, b, locale) for b in pl["bosses"]),
                          style="magenta"))
    if obs["boss_round"] and pl["declared"] >= 0:
        lines.append(Text(f"{_t('view.declared', locale)}: {pl['declared']}"))
    if pl["offer"]:
        lines.append(Text(f"{_t('view.offer', locale)}: " + i18n.list_separator(locale).join(_name(obs, c, locale) for c in pl["offer"])))
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
    phase = Text(f"{_t('view.phase', locale)}: {_t('phase.' + obs['phase'], locale)}")
    pending = _pending(obs, locale)
    if pending:
        phase.append(f" — {pending}")
    parts += [phase, _legend(locale)]
    return Group(*parts)


def _labels(obs: dict[str, Any], locale: str) -> dict[int, str]:
    """uid -> the label the board shows for the active player's play-area cards and lands."""
    if obs["active"] is None:
        return {}
    pl = obs["players"][obs["active"]]
    out = {e["uid"]: _name(obs, e["card"], locale) + (f" {e['copy']}" if e["copy"] else "") for e in pl["play"]}
    for ld in pl["lands"]:
        name = _name(obs, ld["kind"] + ("_back" if ld["flipped"] else ""), locale)
        out[ld["uid"]] = name + (f" {ld['copy']}" if ld["copy"] else "")
    return out


def _pending(obs: dict[str, Any], locale: str) -> str:
    """The decision in progress in words: what is being paid or scouted, how much is still needed."""
    pend = obs.get("pending")
    if not pend:
        return ""
    phase = obs["phase"]
    labels = _labels(obs, locale)
    group = i18n.list_separator(locale).join(labels.get(u, "?") for u in pend["group"])
    if phase in ("pay", "upkeep_pay") and pend["card"]:
        return _t("pending." + phase, locale, card=_name(obs, pend["card"], locale), need=pend["need"])
    if phase == "pick":
        arg = pend["arg"]
        target = labels.get(int(arg), arg) if pend["kind"] == "flip" else _name(obs, arg, locale)
        key = "pending.pick_group" if group else "pending.pick"
        return _t(key, locale, target=target, need=pend["need"], group=group)
    if phase == "effect" and pend["kind"]:
        return _t("effect." + pend["kind"], locale, n=pend["left"])
    if phase == "penalty" and pend["kind"]:
        return _t("penalty." + pend["kind"], locale, n=pend["left"])
    if phase == "declare" and group:
        return _t("pending.declare", locale, group=group)
    return ""


def _legend(locale: str) -> Text:
    """One line naming every icon and abbreviation the board uses."""
    return Text(_t("view.legend", locale, draft=_t("track.draft", locale), boss=_t("track.boss", locale, n=1),
                   final=_t("track.final", locale)), style="grey50")
