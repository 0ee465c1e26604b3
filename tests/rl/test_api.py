"""PettingZoo's and Gymnasium's own conformance checks on every game."""

from __future__ import annotations

import gymnasium
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from conftest import CASES
from sabbat import rl


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players"), CASES)
def test_pettingzoo_api(game: str, players: int) -> None:
    api_test(rl.env(game, players), num_cycles=300)


@pytest.mark.parametrize(("game", "players"), CASES)
def test_pettingzoo_seeds(game: str, players: int) -> None:
    seed_test(lambda: rl.env(game, players), num_cycles=150)


@pytest.mark.parametrize(("game", "players"), CASES)
def test_gymnasium_check_env(game: str, players: int) -> None:
    check_env(rl.gym_env(game, players, opponents=["random"]), skip_render_check=True)


@pytest.mark.parametrize("game", sorted(rl.GYM_IDS))
def test_registered_with_gymnasium(game: str) -> None:
    env = gymnasium.make(rl.GYM_IDS[game], opponents=["random"])
    obs, info = env.reset(seed=1)
    assert obs["action_mask"].any()
    assert info["seat"] in range(env.unwrapped.num_players)
