"""The agent protocol shared by front ends, simulation, tournaments and the server."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from sabbat.core.actions import Action
from sabbat.core.state import GameState


@runtime_checkable
class Agent(Protocol):
    """Chooses a legal action for `state.current_player`.

    An agent may read only `state.observation(player)`, `state.legal_actions()`
    and `state.determinize(player, rng)`: never the state's hidden parts.
    """

    name: str

    def choose(self, state: GameState) -> Action: ...


@dataclass(frozen=True)
class ActionStat:
    """What a search learnt about one root action (for hints and analysis)."""

    action: Action
    visits: int
    """How much the search looked at it (tree visits, or samples judged)."""
    value: float
    """Mean return for the player to move (0..1, about their chance of winning)."""


class Searcher:
    """An agent that ranks the legal actions (`analyse`) and plays the first.

    Why shared: every search plays a forced move at once, and hints call `analyse` whichever
    search a level uses.
    """

    def choose(self, state: GameState) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return self.analyse(state)[0].action

    def analyse(self, state: GameState) -> list[ActionStat]:
        raise NotImplementedError

    @staticmethod
    def mover(state: GameState) -> int:
        """The player to move, or an error: a finished game has nothing to analyse."""
        player = state.current_player
        if player is None:
            raise ValueError("the game is over: there is nothing to analyse")
        return player
