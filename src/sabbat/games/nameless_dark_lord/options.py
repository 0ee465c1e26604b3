"""The game's options and their defaults, in one place for the declaration and the rules.

Why: `Game.new()` checks the options a player gives but does not fill in the ones left
out, so the rules read every option through `option()`, which falls back to the default
declared here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sabbat.core import Option

OPTIONS: dict[str, Option] = {
    "event_mode": Option(
        "per_level (default: a player who acquired no territory during the Level receives one negative "
        "territory) or per_type (one per territory name the player owns none of)",
        default="per_level", choices=("per_level", "per_type"),
        help_ja="per_level（既定：そのLevelでテリトリーを獲得できなかったプレイヤーがマイナスのテリトリーを1枚受け取る）"
                "または per_type（所有していないテリトリー名ごとに1枚）"),
    "bomber_return": Option(
        "after_area (default) or end_phase_b: when a placed Goblin Bomber returns to the stock",
        default="after_area", choices=("after_area", "end_phase_b"),
        help_ja="配置したゴブリンボマーがストックに戻る時：after_area（既定：そのエリアの解決後）または end_phase_b（終了フェイズb）"),
    "k_threshold": Option(
        "power that Ultimate Golem's ②E1 removes (default 1)", kind="int", default=1, minimum=0, maximum=20,
        help_ja="アルティメットゴーレムの②E1でリムーブするパワー（既定1）"),
    "sleeve_mode": Option(
        "open (default: each player's sleeve choices are public once made, in turn order) or secret "
        "(hidden until all have chosen)",
        default="open", choices=("open", "secret"),
        help_ja="open（既定：スリーブの装着は手番順に決め、決めた時点で公開）または secret（全員が決めるまで非公開）"),
}


def option(options: Mapping[str, Any], name: str) -> Any:
    """The value of option `name`, or its declared default when the game was started without it."""
    value = options.get(name)
    return OPTIONS[name].default if value is None else value
