"""The agent protocol shared by front ends, simulation, tournaments and the server."""

from __future__ import annotations

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
