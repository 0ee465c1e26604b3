"""Mystic Vale (AEG, 2016; John D. Clair), base game, 2-4 players.

Rules: the English rulebook by default; the German edition's 3-for-1 spirit trade is an option
(`german_spirit_trade`). Rulings and sources are in docs/games/mystic_vale.md; card designs
beyond the public facts are reconstructed (see cards.yaml).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from sabbat.core import AiTuning, Game, GameInfo, GameState, Option, i18n

from .cards import DECK_SIZE, POSITIONS, AdvancementCard, StartingCard, ValeCard, load
from .constants import DECISION_CAP, Phase
from .state import MysticValeState

i18n.register_file("mystic_vale", Path(__file__).with_name("messages.toml"))

# Per turn at most: 21 pushes + pass, 60 part + 36 vale abilities, collect, token, 4 buys, end, 2 sleeves,
# and with the German trade option 4 decisions per trade (each trade removes 2 of at most ~120 spirit).
_PER_TURN = 22 + 96 + 1 + 1 + 4 + 1 + 2 + 4 * 60


class MysticValeGame(Game):
    web_package = f"{__name__}.web"
    info = GameInfo(
        id="mystic_vale",
        title={"en": "Mystic Vale", "ja": "ミスティック・ベール"},
        min_players=2,
        max_players=4,
        rules_version="1",
        max_decisions=DECISION_CAP + 4 * _PER_TURN,
        options={
            "german_spirit_trade": Option(
                "German edition: in harvest, trade any 3 spirit symbols for 1 of a chosen kind (default off)",
                kind="bool", default=False,
                help_ja="ドイツ語版ルール: 収穫時に任意のスピリット3つを選んだ種類1つと交換（既定: なし）",
                label={"en": "Spirit trade (German edition)", "ja": "スピリットの交換（ドイツ語版ルール）"},
                explain={"en": "In the harvest, 3 spirit symbols of any kinds may buy 1 of the kind you need.",
                         "ja": "収穫のとき、種類を問わずスピリット3つを、必要な種類1つと交換できます。"},
                values={"false": {"en": "Off", "ja": "なし"},
                        "true": {"en": "On: trade 3 spirits for 1", "ja": "あり：スピリット3つを1つと交換"}},
            ),
        },
        summary={
            "en": "Druids craft their cards by sleeving transparent advancements; push your luck against decay.",
            "ja": "透明な進化カードをスリーブに差し込んでカードを育てる、腐敗との運試しのデッキ構築。",
        },
    )
    state_class = MysticValeState
    ai = AiTuning(
        # Measured against the heuristic (docs/ai.md): the rollout search won 36 of 40 games, the
        # tree search 73.5 %. `hard`: the samples a tenth of a second buys on a free core.
        search="rollout", hard_budget=158,
        ismcts={"rollout_depth": 15, "prior_share": 0.1},
    )

    def _new(self, num_players: int, seed: int, options: dict[str, Any]) -> GameState:
        return MysticValeState(num_players, seed, options)

    def card_ids(self, options: Mapping[str, Any] | None = None) -> list[str]:
        return list(load(dict(options or {})).entries)

    def describe_card(self, card_id: str, locale: str = "en", options: Mapping[str, Any] | None = None) -> str:
        from .cardtext import card_text

        return card_text(load(dict(options or {})), card_id, locale)

    def card_faces(self, locale: str = "en", options: Mapping[str, Any] | None = None) -> dict[str, dict[str, Any]]:
        """Name and text in `locale` plus positions, symbols, cost, VP and ability of every card."""
        from .faces import faces

        return faces(load(dict(options or {})), locale)

    def heuristic_agent(self, seed: int = 0) -> Any:
        from .bots import HeuristicAgent

        return HeuristicAgent(seed)


GAME = MysticValeGame()

__all__ = ["GAME", "DECK_SIZE", "POSITIONS", "AdvancementCard", "MysticValeGame", "MysticValeState", "Phase",
           "StartingCard", "ValeCard"]
