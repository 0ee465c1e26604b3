"""名もなき魔王 Revised Edition (The Nameless Dark Lord), 3–4 players.

Rules: rulebook Ver. 2.00 (seed 000_b61a13ebe17481b6.txt) through the spec
/work/shared/rules/nameless_dark_lord.md; rulings in docs/games/nameless_dark_lord.md.
An expanding-reproduction auction: units are bids, won cards become next round's units.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from sabbat.core import Game, GameInfo, GameState, Option, i18n

from . import cards as carddata
from .state import GAME_ID, NdlState

i18n.register_file(GAME_ID, Path(__file__).with_name("messages.toml"))

OPTIONS = {
    "event_mode": Option("per_type (default) or per_level: who receives the negative territories",
                         default="per_type", choices=("per_type", "per_level")),
    "bomber_return": Option("after_area (default) or end_phase_b: when a placed Goblin Bomber returns to the stock",
                            default="after_area", choices=("after_area", "end_phase_b")),
    "k_threshold": Option("power that Ultimate Golem's ②E1 removes (default 1)",
                          kind="int", default=1, minimum=0, maximum=20),
    "sleeve_mode": Option("secret (default: hidden until all have committed) or open (each commit public at once)",
                          default="secret", choices=("secret", "open")),
}


class NamelessDarkLord(Game):
    info = GameInfo(
        id=GAME_ID,
        title={"en": "The Nameless Dark Lord (Revised Edition)", "ja": "名もなき魔王 Revised Edition"},
        min_players=3,
        max_players=4,
        rules_version="1",
        max_decisions=1500,
        summary={
            "en": "Bid units on target cards; won cards become your next units, territories and artifacts.",
            "ja": "ユニットをターゲットに配置して競り、獲得したカードが次のラウンドの戦力・領地・財宝になる。",
        },
        options=OPTIONS,
    )
    state_class = NdlState

    def _new(self, num_players: int, seed: int, options: dict[str, Any]) -> GameState:
        carddata.load(options)
        return NdlState(num_players, seed, options)

    def card_ids(self, options: Mapping[str, Any] | None = None) -> list[str]:
        return list(carddata.load(options).order)

    def describe_card(self, card_id: str, locale: str = "en", options: Mapping[str, Any] | None = None) -> str:
        card = carddata.load(options)[card_id]
        lab = {k: i18n.render(f"{GAME_ID}.ui.{k}", locale) for k in ("power", "upkeep", "vp", "income", "circles")}
        parts = [card.name.get(locale) or card.name["en"]]
        if card.type == "unit":
            parts.append(f"{lab['power']} {card.power} / {lab['upkeep']} {card.upkeep} / {lab['vp']} {card.vp}")
        elif card.type == "territory":
            parts.append(f"{lab['income']} {card.income} / {lab['circles']} {card.circles} / {lab['vp']} {card.vp}")
        if card.autorun:
            parts.append(f"AUTORUN {card.autorun}")
        text = card.text.get(locale) or card.text.get("en")
        if text:
            parts.append(text)
        return " — ".join(parts)

    def heuristic_agent(self, seed: int = 0) -> Any:
        from .bots import HeuristicAgent

        return HeuristicAgent(seed)


GAME = NamelessDarkLord()
