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
    # Measured against each game's heuristic (docs/ai.md): the rollout search wins more than the
    # tree search at a fraction of the budget in these games. Magic Master: the tree search kept
    # the heuristic's move and drew level (53 % of 200 games at 300 iterations), the rollout search
    # won 23 of 26 at 200 samples. Mystic Vale 36/40 (tree search 73.5 %), the Nameless Dark Lord
    # 42/42 three-player games (52 %, par 33 %), Bellum Magica 31/40 (62.3 %). Monslaught stays
    # with the tree search: the rollout search lost judged by its scores (2/40) and still loses
    # with the game's position estimate (rollout:100, 9/40 = 22.5 %, 95 % interval 12-38 %).
    "magic_master": "rollout",
    "mystic_vale": "rollout",
    "nameless_dark_lord": "rollout",
    "bellum_magica": "rollout",
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
