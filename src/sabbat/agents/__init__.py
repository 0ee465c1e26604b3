"""Players that choose actions through the game contract only.

    >>> from sabbat import agents, games
    >>> bot = agents.get("random", game=games.names()[0], seed=1)

Agents that need more than this package are added by their distribution's entry points in the
`sabbat.agents` group: sabbat's own `policy:FILE` is one, so this package never imports the RL
stack above it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from sabbat import games
from sabbat.core.errors import UnknownAgent
from sabbat.core.registry import Registry

from .base import Agent
from .ismcts import ismcts_factory
from .levels import easy_factory, hard_factory, normal_factory
from .random_agent import RandomAgent
from .rollout import rollout_factory

Factory = Callable[[str, int, str], Agent]
"""(game id, seed, parameter text after ':' in the agent's name) -> agent."""


def _heuristic(game: str, seed: int, param: str = "") -> Agent:
    agent = games.get(game).heuristic_agent(seed)
    if agent is None:
        raise UnknownAgent(f"{game.replace('_', '-')} has no heuristic agent yet; try 'random'")
    return agent


GROUP = "sabbat.agents"
"""The entry-point group other distributions add agents in: name -> a Factory."""

_factories: dict[str, Factory] = {
    "random": lambda game, seed, param: RandomAgent(seed),
    "heuristic": _heuristic,
    "ismcts": ismcts_factory,
    "rollout": rollout_factory,
    "easy": easy_factory,
    "normal": normal_factory,
    "hard": hard_factory,
}


@cache
def _installed() -> Registry[Factory]:
    """The agents of the `sabbat.agents` entry points, each imported only when asked for."""
    registry: Registry[Factory] = Registry("agent", UnknownAgent)
    registry.add_entry_points(GROUP)
    return registry


def register(name: str, factory: Factory) -> None:
    _factories[name] = factory


def names() -> list[str]:
    return [*_factories, *(n for n in _installed().names() if n not in _factories)]


def get(name: str, game: str, seed: int = 0) -> Agent:
    """A fresh agent for `game`, seeded for reproducibility.

    `name` may carry a parameter after a colon, e.g. `ismcts:2s` or `ismcts:500`; an installed
    agent's parameter keeps its case (a file name: `policy:FILE`).
    """
    base, _, param = name.strip().partition(":")
    base = base.lower()
    factory = _factories.get(base)
    if factory is not None:
        param = param.lower()
    elif base in _installed():
        factory = _installed().get(base)
    else:
        raise UnknownAgent(f"unknown agent {name!r}; choose one of: {', '.join(names())}")
    return factory(games.get(game).info.id, seed, param)


__all__ = ["GROUP", "Agent", "RandomAgent", "get", "names", "register"]
