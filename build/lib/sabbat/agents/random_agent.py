"""The uniformly random player: the baseline every other agent must beat."""

from __future__ import annotations

from sabbat.core.actions import Action
from sabbat.core.rng import Rng
from sabbat.core.state import GameState


class RandomAgent:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: GameState) -> Action:
        return self.rng.choice(state.legal_actions())
