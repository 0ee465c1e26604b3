"""Players that choose actions through the game contract only.

    >>> from sabbat import agents
    >>> bot = agents.get("random", game="mystic_vale", seed=1)
"""

from __future__ import annotations

from collections.abc import Callable

from sabbat import games
from sabbat.core.errors import UnknownAgent

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


def _policy(game: str, seed: int, param: str) -> Agent:
    from sabbat.rl.policy import policy_agent  # torch and the RL stack load only for this agent

    return policy_agent(game, seed, param)


_factories: dict[str, Factory] = {
    "random": lambda game, seed, param: RandomAgent(seed),
    "heuristic": _heuristic,
    "ismcts": ismcts_factory,
    "rollout": rollout_factory,
    "easy": easy_factory,
    "normal": normal_factory,
    "hard": hard_factory,
    "policy": _policy,
}


def register(name: str, factory: Factory) -> None:
    _factories[name] = factory


def names() -> list[str]:
    return list(_factories)


def get(name: str, game: str, seed: int = 0) -> Agent:
    """A fresh agent for `game`, seeded for reproducibility.

    `name` may carry a parameter after a colon, e.g. `ismcts:2s` or `ismcts:500`; a file name
    (`policy:FILE`) keeps its case.
    """
    base, _, param = name.strip().partition(":")
    base = base.lower()
    if base != "policy":
        param = param.lower()
    factory = _factories.get(base)
    if factory is None:
        raise UnknownAgent(f"unknown agent {name!r}; choose one of: {', '.join(_factories)}")
    return factory(games.get(game).info.id, seed, param)


__all__ = ["Agent", "RandomAgent", "get", "names", "register"]
