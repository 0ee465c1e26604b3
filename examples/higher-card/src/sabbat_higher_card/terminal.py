"""The terminal board view: the trick on the table, tricks taken, the viewer's hand."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from sabbat.core import i18n

from .model import GAME_ID


def _t(key: str, locale: str, **params: Any) -> str:
    return i18n.render(f"{GAME_ID}.view.{key}", locale, params)


def render(obs: dict[str, Any], locale: str) -> RenderableType:
    lines = [Text(_t("trick", locale, cards=" ".join(f"P{t['seat'] + 1}:{t['card']}" for t in obs["trick"]) or "-"))]
    for q, p in enumerate(obs["players"]):
        lines.append(Text(_t("seat", locale, seat=q + 1, tricks=p["tricks"], cards=p["hand_size"])))
    hand = obs["viewer"] is not None and obs["players"][obs["viewer"]]["hand"]
    if hand:
        lines.append(Text(_t("hand", locale, cards=" ".join(hand)), style="bold"))
    return Group(*lines)
