"""The difficulty levels people pick (`easy`, `normal`, `hard`): the same names in every game.

`easy` is the game's heuristic player; `normal` and `hard` are a search at about 0.5 s and
3 s a move. Which search a game uses is measured, not assumed (docs/ai.md): the tree search
by default, the policy-rollout search where it plays that game better.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import ismcts, rollout

SEARCH: dict[str, str] = {
    # Magic Master: the tree search kept the heuristic's move and only drew level with it
    # (53 % of 200 games at 300 iterations); the rollout search departs where paired samples
    # show a better move and wins most games (docs/ai.md).
    "magic_master": "rollout",
}
"""Game id -> the search its levels use (`ismcts` or `rollout`); games not named use `ismcts`."""


def search_level(seconds: float, label: str) -> Callable[[str, int, str], Any]:
    """A level factory: the game's search at `seconds` a move; settings after ':' override."""

    def factory(game: str, seed: int, param: str) -> Any:
        from sabbat import games  # agents sit above the game registry; import late to stay light

        if SEARCH.get(game, "ismcts") == "rollout":
            return rollout.from_param(game, seed, param, seconds, name=label)
        heuristic = ismcts.TUNING.get(game, ismcts.SearchConfig()).policy_rollouts
        has_policy = games.get(game).heuristic_agent(0) is not None
        return ismcts.from_param(game, seed, param, seconds, heuristic and has_policy, name=label)

    factory.__doc__ = f"The {label!r} level: the game's search at {seconds} s a move."
    return factory


def easy_factory(game: str, seed: int, param: str) -> Any:
    """The `easy` level: the game's own heuristic player, or the random one where it has none."""
    from sabbat import games

    from .random_agent import RandomAgent

    agent = games.get(game).heuristic_agent(seed)
    return agent if agent is not None else RandomAgent(seed)


normal_factory = search_level(0.5, "normal")
hard_factory = search_level(3.0, "hard")
