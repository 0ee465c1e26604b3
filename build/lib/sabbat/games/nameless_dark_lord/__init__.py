"""名もなき魔王 Revised Edition (The Nameless Dark Lord), 3–4 players.

Rules: the Japanese rulebook Ver. 2.00; rulings in docs/games/nameless_dark_lord.md.
An expanding-reproduction auction: units are bids, won cards become next round's units.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from sabbat.core import Game, GameInfo, GameState, i18n

from . import cards as carddata
from .options import OPTIONS
from .state import NdlState
from .texts import GAME_ID

i18n.register_file(GAME_ID, Path(__file__).with_name("messages.toml"))


class NamelessDarkLord(Game):
    info = GameInfo(
        id=GAME_ID,
        title={"en": "The Nameless Dark Lord (Revised Edition)", "ja": "名もなき魔王（改訂版）"},
        min_players=3,
        max_players=4,
        rules_version="2",
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
        text = card.text.get(locale) or card.text.get("en") or ""
        if card.autorun and card.autorun not in text:
            parts.append(f"{i18n.render(f'{GAME_ID}.ui.autorun', locale)} {card.autorun}")
        if text:
            parts.append(text)
        return " — ".join(parts)

    def card_faces(self, locale: str = "en", options: Mapping[str, Any] | None = None) -> dict[str, dict[str, Any]]:
        """Name and text in `locale` plus what the printed face shows: type, Level, family,
        power/upkeep/VP for units, income/magic circles/VP for territories, AUTORUN timing."""
        from .faces import faces

        return faces(carddata.load(options), locale)

    def heuristic_agent(self, seed: int = 0) -> Any:
        from .bots import HeuristicAgent

        return HeuristicAgent(seed)


GAME = NamelessDarkLord()
