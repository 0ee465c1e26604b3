"""Players that choose actions through the game contract only.

    >>> from sabbat import agents
    >>> bot = agents.get("random", game="mystic_vale", seed=1)
"""

from __future__ import annotations

from collections.abc import Callable

from sabbat import games
from sabbat.core.errors import UnknownAgent

from .base import Agent
from .random_agent import RandomAgent

Factory = Callable[[str, int], Agent]


def _heuristic(game: str, seed: int) -> Agent:
    agent = games.get(game).heuristic_agent(seed)
    if agent is None:
        raise UnknownAgent(f"{game.replace('_', '-')} has no heuristic agent yet; try 'random'")
    return agent  # type: ignore[no-any-return]


_factories: dict[str, Factory] = {
    "random": lambda game, seed: RandomAgent(seed),
    "heuristic": _heuristic,
}


def register(name: str, factory: Factory) -> None:
    _factories[name] = factory


def names() -> list[str]:
    return list(_factories)


def get(name: str, game: str, seed: int = 0) -> Agent:
    """A fresh agent named `name` for `game`, seeded for reproducibility."""
    factory = _factories.get(name.strip().lower())
    if factory is None:
        raise UnknownAgent(f"unknown agent {name!r}; choose one of: {', '.join(_factories)}")
    return factory(game, seed)


__all__ = ["Agent", "RandomAgent", "get", "names", "register"]
