"""Reinforcement-learning environments for every sabbat game (docs/rl.md).

    >>> from sabbat import rl
    >>> env = rl.env(GAME, num_players=3)            # PettingZoo AEC
    >>> single = rl.gym_env(GAME, 2, opponents=["heuristic"])  # Gymnasium

Importing this package registers every game with Gymnasium as `sabbat/<GameId>-v0` (a game
`some_game` as `sabbat/SomeGame-v0`).
Only numpy, gymnasium and pettingzoo are needed; training examples need the `rl-train` extra.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sabbat import games
from sabbat.core.extras import needs

with needs("rl"):  # numpy, gymnasium and pettingzoo: one line naming the extra where one is missing
    import gymnasium

    from .actions import ActionSpace, NotInLayout, action_space
    from .aec import SabbatAEC
    from .codec import GameCodec
    from .single import SabbatGymEnv


def gym_id(game_id: str) -> str:
    """The Gymnasium id of a game: `sabbat/` and its id in CamelCase, version 0."""
    return "sabbat/" + "".join(word.capitalize() for word in game_id.split("_")) + "-v0"


GYM_IDS: dict[str, str] = {name: gym_id(name) for name in games.names()}
"""Game id -> Gymnasium id, for every registered game (entry points included)."""


def env(game: str, num_players: int | None = None, **kwargs: Any) -> SabbatAEC:
    """The PettingZoo AEC environment of `game` (options, reward, render_mode, locale).

    `num_players` defaults to the game's smallest count.
    """
    return SabbatAEC(game, num_players, **kwargs)


def gym_env(
    game: str, num_players: int | None = None, opponents: Sequence[str] = ("heuristic",), **kwargs: Any
) -> SabbatGymEnv:
    """The Gymnasium environment of `game`: one learning seat against `opponents`."""
    return SabbatGymEnv(game, num_players, opponents, **kwargs)


def actions(game: str, options: Mapping[str, Any] | None = None) -> ActionSpace:
    """The id layout of `game`: `to_id(action)`, `to_action(id)`, `mask(legal_actions)`."""
    g = games.get(game)
    return action_space(g.info.id, g.card_ids(options))


def _register() -> None:
    """Registers the ids without loading any game: a game is imported when its env is made."""
    for game_id, gym_id in GYM_IDS.items():
        if gym_id not in gymnasium.registry:
            gymnasium.register(id=gym_id, entry_point="sabbat.rl.single:SabbatGymEnv", kwargs={"game": game_id})


_register()

__all__ = ["GYM_IDS", "ActionSpace", "GameCodec", "NotInLayout", "SabbatAEC", "SabbatGymEnv", "actions", "env", "gym_env"]
