"""Mystic Vale (AEG, 2016; John D. Clair), base game: the game contract on top of the position.

Turn: Planting (push/pass) -> Harvest (abilities, VP, purchases in any order) -> Discard
(sleeve, discard field, refill) -> Prep (automatic). Everything is public except deck orders
and the boxed level-1 advancements. Rules in docs/games/mystic_vale.md.
"""

from __future__ import annotations

from typing import Any

from sabbat.core import Action, Rng, codec

from . import describe, evaluate, observe, rules, scoring
from .invariants import problems
from .model import Position
from .setup import setup


@codec.serializable
class MysticValeState(Position):
    """One position of Mystic Vale, with each contract hook handed to the module that owns it.

    Layers, each importing only those below it: cards, rules → model (the position) → actions,
    effects → scoring → turn, legal → setup, views, evaluate, invariants → this module.
    """

    def __init__(self, num_players: int, seed: int, options: dict[str, Any]) -> None:
        super().__init__(num_players, seed, options)
        setup(self)

    # The rules' dispatchers are the hooks themselves: one call less on every decision.
    _legal_actions = rules.legal
    _apply = rules.apply

    def observation(self, player: int | None) -> dict[str, Any]:
        """Everything but deck orders and the boxed level-1 advancements."""
        return observe.observe(self, player)

    def _determinize(self, player: int, rng: Rng) -> MysticValeState:
        return observe.determinize(self, rng)

    def check_invariants(self) -> list[str]:
        return problems(self)

    def describe_action(self, action: Action, locale: str = "en") -> str:
        return describe.describe(self, action, locale)

    # ----- results -----------------------------------------------------------------
    points = scoring.points
    tiebreak = scoring.tiebreak

    def scores(self) -> list[float]:
        """The score sheet's whole VP; the tie-break is shown by `tie_breaks` and applied by `winners`."""
        return scoring.scores(self)

    def tie_breaks(self) -> list[dict[str, int]]:
        """「同点の場合、レベル3進化パートとレベル2谷間カードの枚数の合計が多いプレイヤーの勝ち」."""
        return scoring.tie_breaks(self)

    def winners(self) -> list[int]:
        return scoring.winners(self)

    def summary(self) -> dict[str, Any]:
        """What each seat acquired and was offered, rounds played and how the game ended (scoring.summary)."""
        return scoring.summary(self)

    def evaluate(self) -> list[float]:
        """Each seat's chance of winning from here, judged by the decks built (see `evaluate.py`).

        Why: a search cuts its playouts short, and a Mystic Vale position is decided less by
        the points on the table than by what each deck will still harvest before the pool empties.
        """
        return evaluate.estimate(self)

    def projected_scores(self) -> list[float]:
        """Each seat's points now plus what its deck should still harvest (see `evaluate.py`)."""
        return evaluate.projected_points(self)[0]
