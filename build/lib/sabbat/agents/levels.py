"""The difficulty levels people pick (`easy`, `normal`, `hard`): the same names in every game.

Three players of clearly different strength, each step measured (docs/ai.md, "Levels"):

- `easy`: the game's heuristic player, which plays a uniformly random legal move a quarter of the
  time, so a newcomer sees sensible play with mistakes to punish;
- `normal`: the game's heuristic player, instant;
- `hard`: the game's search with the budget a tenth of a second buys on a free core, fixed in
  samples or iterations so it plays the same on a loaded machine (and a seeded game replays).

Why not two budgets of one search: six times the budget (3 s against 0.5 s a move) did not show a
measurable edge (Bellum Magica, 16.5 of 39 games for the larger), while a search beats the
heuristic clearly in every game even at a tenth of a second.
"""

from __future__ import annotations

from typing import Any

from sabbat.core.actions import Action
from sabbat.core.rng import Rng
from sabbat.core.state import GameState

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

HARD_SECONDS = 0.1
"""The time `hard` is calibrated to: a reply that feels immediate in the browser."""

HARD_BUDGET: dict[str, int] = {
    # Samples (rollout) or iterations (tree search) a second on a free core (`sabbat bench
    # --search`, docs/ai.md), times HARD_SECONDS.
    "bellum_magica": 67,
    "magic_master": 74,
    "monslaught": 100,
    "mystic_vale": 158,
    "nameless_dark_lord": 30,
}
"""Game id -> `hard`'s budget a move; a game not named searches HARD_SECONDS of time instead."""

EASY_MISTAKES = 0.25
"""Share of `easy`'s moves that are uniformly random."""


def _has_budget(param: str) -> bool:
    """Whether the settings name their own budget (`300` or `2s`), which then replaces the level's."""
    tokens = (t.strip() for t in param.replace(":", ",").split(","))
    return any(t and "=" not in t and (t[0].isdigit() or t[0] == ".") for t in tokens)


def hard_factory(game: str, seed: int, param: str) -> Any:
    """The `hard` level: the game's search at its calibrated budget; settings after ':' override."""
    from sabbat import games  # agents sit above the game registry; import late to stay light

    label = f"hard:{param}" if param else "hard"
    budget = HARD_BUDGET.get(game)
    if budget is not None and not _has_budget(param):
        param = f"{budget}:{param}" if param else str(budget)
    agent: Any
    if SEARCH.get(game, "ismcts") == "rollout":
        agent = rollout.from_param(game, seed, param, HARD_SECONDS)
    else:
        heuristic = ismcts.TUNING.get(game, ismcts.SearchConfig()).policy_rollouts
        has_policy = games.get(game).heuristic_agent(0) is not None
        agent = ismcts.from_param(game, seed, param, HARD_SECONDS, heuristic and has_policy)
    agent.name = label  # the level's name, as the player chose it, not the budget behind it
    return agent


class ErrantAgent:
    """A policy that plays a uniformly random legal move a given share of the time."""

    def __init__(self, policy: Any, mistakes: float, seed: int, name: str) -> None:
        self.policy, self.mistakes, self.name = policy, mistakes, name
        self.rng = Rng(seed ^ 0x5EED)

    def choose(self, state: GameState) -> Action:
        if self.rng.random() < self.mistakes:
            return self.rng.choice(state.legal_actions())
        return self.policy.choose(state)


def _heuristic_or_random(game: str, seed: int) -> Any:
    from sabbat import games

    from .random_agent import RandomAgent

    agent = games.get(game).heuristic_agent(seed)
    return agent if agent is not None else RandomAgent(seed)


def normal_factory(game: str, seed: int, param: str) -> Any:
    """The `normal` level: the game's own heuristic player (the random one where it has none)."""
    if param:
        from sabbat.core.errors import UnknownAgent

        raise UnknownAgent(f"normal takes no settings (got normal:{param}); for a search, name hard or ismcts")
    return _heuristic_or_random(game, seed)


def easy_factory(game: str, seed: int, param: str) -> Any:
    """The `easy` level: the heuristic with a share of random moves (`easy:0.5` for half)."""
    from sabbat.core.errors import UnknownAgent

    mistakes = EASY_MISTAKES
    if param:
        try:
            mistakes = float(param)
        except ValueError:
            mistakes = -1.0
        if not 0.0 <= mistakes <= 1.0:
            raise UnknownAgent(f"easy:{param} needs a share of random moves from 0 to 1, e.g. easy:0.25")
    return ErrantAgent(_heuristic_or_random(game, seed), mistakes, seed, name="easy")
