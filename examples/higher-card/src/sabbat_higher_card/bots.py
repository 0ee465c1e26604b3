"""The heuristic player: win a trick as cheaply as it can, else throw the lowest card.

It reads only its own observation and the legal actions.
"""

from __future__ import annotations

from sabbat.core import Action, GameState, Rng


class HeuristicAgent:
    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: GameState) -> Action:
        seat = state.current_player
        assert seat is not None
        trick = state.observation(seat)["trick"]
        legal = sorted(state.legal_actions(), key=lambda a: int(a.args[0]))
        if trick:
            beating = [a for a in legal if int(a.args[0]) > int(trick[-1]["card"])]
            return beating[0] if beating else legal[0]
        return legal[-1] if self.rng.random() < 0.5 else legal[0]  # lead high or save it
