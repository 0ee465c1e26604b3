"""Higher Card, two players: the example of a sabbat game shipped as its own distribution.

Ten cards numbered 1-10 are shuffled; each player gets four hidden cards and two stay out of play
unseen. Four tricks: the leader plays a card face up, the other answers, and the higher card
takes both; the trick's winner leads the next. The most tricks win; a tie goes to the higher sum
of the cards taken, and a tie that remains is shared.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from sabbat.core import AiTuning, Game, GameInfo, GameState, i18n
from sabbat.core.errors import UnknownCard

from .model import CARDS, GAME_ID
from .state import HigherCardState

i18n.register_file(GAME_ID, Path(__file__).with_name("messages.toml"))


class HigherCardGame(Game):
    info = GameInfo(
        id=GAME_ID,
        title={"en": "Higher Card", "ja": "ハイヤーカード"},
        min_players=2,
        max_players=2,
        rules_version="1",
        max_decisions=8,
        summary={
            "en": "Four tricks with four hidden cards: the higher card takes the trick.",
            "ja": "隠された4枚の手札で4回のトリック。大きいカードがトリックを取る。",
        },
    )
    state_class = HigherCardState
    ai = AiTuning(search="rollout", hard_budget=50)
    """A game this small is searched well by a few dozen rollouts a move."""

    def _new(self, num_players: int, seed: int, options: dict[str, Any]) -> GameState:
        return HigherCardState(num_players, seed, options)

    def card_ids(self, options: Mapping[str, Any] | None = None) -> list[str]:
        return [str(c) for c in CARDS]

    def describe_card(self, card_id: str, locale: str = "en", options: Mapping[str, Any] | None = None) -> str:
        from .describe import card_text

        if card_id not in self.card_ids():
            raise UnknownCard(f"Higher Card has no card {card_id!r}; its cards are 1 to 10")
        return card_text(int(card_id), locale)

    def heuristic_agent(self, seed: int = 0) -> Any:
        from .bots import HeuristicAgent

        return HeuristicAgent(seed)


GAME = HigherCardGame()
