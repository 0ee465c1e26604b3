"""PettingZoo's and Gymnasium's own conformance checks on every game."""

from __future__ import annotations

import gymnasium
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from sabbat import rl
from sabbat.rl.actions import NotInLayout
from tests.rl.conftest import CASES, GAMES


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


@pytest.mark.parametrize("game", GAMES)
def test_registered_with_gymnasium(game: str) -> None:
    env = gymnasium.make(rl.GYM_IDS[game], opponents=["random"])
    obs, info = env.reset(seed=1)
    assert obs["action_mask"].any()
    assert info["seat"] in range(env.unwrapped.num_players)


def test_a_game_without_an_encoder_is_registered_and_refused_with_what_it_lacks() -> None:
    """Registration loads no game, so every game gets an id; making one that declares no action
    layout says what its package needs."""
    assert "toy" in rl.GYM_IDS and "toy" not in GAMES
    with pytest.raises(NotInLayout, match="encode.py with LAYOUT"):
        gymnasium.make(rl.GYM_IDS["toy"], opponents=["random"])
