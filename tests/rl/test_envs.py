"""Behaviour of the two environments beyond the standard checks."""

from __future__ import annotations

import numpy as np
import pytest

from sabbat import rl
from sabbat.core.errors import BadPlayerCount, UnknownAgent


def play_out(env: rl.SabbatGymEnv, seed: int) -> tuple[list[int], float]:
    obs, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    chosen, done, reward = [], False, 0.0
    while not done:
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        chosen.append(action)
        obs, reward, done, _, _ = env.step(action)
    return chosen, reward


def test_reset_seed_reproduces_a_game() -> None:
    env = rl.gym_env("bellum_magica", 3, opponents=["heuristic", "random"])
    first = play_out(env, 7)
    assert play_out(env, 7) == first
    assert play_out(rl.gym_env("bellum_magica", 3, opponents=["heuristic", "random"]), 7) == first


def test_reward_is_the_games_returns_at_the_end() -> None:
    env = rl.gym_env("magic_master", 2, opponents=["random"], seat=1)
    _, reward = play_out(env, 3)
    assert env.state is not None and env.state.is_terminal()
    assert reward == env.state.returns()[1]


def test_margin_reward() -> None:
    env = rl.gym_env("mystic_vale", 2, opponents=["random"], seat=0, reward="margin")
    _, reward = play_out(env, 5)
    scores = env.state.scores()
    assert reward == scores[0] - scores[1]


def test_seat_rotates_and_opponents_move_inside_step() -> None:
    env = rl.gym_env("mystic_vale", 3, opponents=["random"], seat="rotate")
    seats = []
    for i in range(4):
        obs, info = env.reset(seed=i)
        seats.append(info["seat"])
        assert env.state.current_player == info["seat"]
    assert seats == [0, 1, 2, 0]


def test_illegal_id_ends_the_game_and_is_never_replaced() -> None:
    env = rl.gym_env("mystic_vale", 2, opponents=["random"])
    obs, _ = env.reset(seed=2)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    history = len(env.state.history)
    state = env.state
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)
    assert len(state.history) == history


def test_aec_illegal_action_penalises_only_the_sender() -> None:
    env = rl.env("monslaught", 2)
    env.reset(seed=0)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    env.step(int(np.flatnonzero(mask == 0)[0]))
    assert env.rewards[agent] == -1.0 and sum(env.rewards.values()) == -1.0
    assert all(env.terminations.values()) and env.infos[agent]["illegal_action"]


def test_bad_arguments_are_refused_up_front() -> None:
    with pytest.raises(BadPlayerCount):
        rl.env("nameless_dark_lord", 2)
    with pytest.raises(UnknownAgent):
        rl.gym_env("mystic_vale", 2, opponents=["nobody"])
    with pytest.raises(ValueError, match="opponent"):
        rl.gym_env("mystic_vale", 4, opponents=["random", "random"])
    with pytest.raises(ValueError, match="reward"):
        rl.env("mystic_vale", 2, reward="points")


def test_ansi_render_is_the_terminal_view() -> None:
    env = rl.gym_env("magic_master", 2, opponents=["random"], render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    assert isinstance(text, str) and "\x1b[" not in text and len(text.splitlines()) > 3
    aec = rl.env("mystic_vale", 2, render_mode="ansi")
    aec.reset(seed=0)
    assert isinstance(aec.render(), str)


def test_raw_observation_is_the_games_own_dict() -> None:
    env = rl.gym_env("monslaught", 2, opponents=["random"])
    env.reset(seed=1)
    assert env.raw_observation() == env.state.observation(env.seat)
    aec = rl.env("monslaught", 2)
    aec.reset(seed=1)
    assert aec.raw_observation("player_1") == aec.state.observation(1)
