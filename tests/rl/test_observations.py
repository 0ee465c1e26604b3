"""Observation vectors come from `observation(player)` alone: hidden cards never show."""

from __future__ import annotations

import random

import numpy as np
import pytest

from sabbat import games
from sabbat.core.rng import Rng
from sabbat.rl.codec import GameCodec
from tests.rl.conftest import CASES


def positions(game: str, players: int, count: int = 6) -> list:
    """States along a few random games (every ~7th decision)."""
    g = games.get(game)
    out = []
    for seed in range(count):
        state = g.new(players, seed=seed)
        r = random.Random(seed)
        step = 0
        while not state.is_terminal():
            if step % 7 == 3:
                out.append(state.clone())
            state.apply(r.choice(state.legal_actions()))
            step += 1
    return out


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players"), CASES)
def test_determinizations_look_the_same_to_the_observer(game: str, players: int) -> None:
    codec = GameCodec(game)
    for k, state in enumerate(positions(game, players)):
        seat = k % players
        mine = codec.observe(state, seat)
        for salt in range(2):
            world = state.determinize(seat, Rng(1000 * k + salt))
            theirs = codec.observe(world, seat)
            assert np.array_equal(mine["observation"], theirs["observation"])
            assert np.array_equal(mine["action_mask"], theirs["action_mask"])


@pytest.mark.parametrize(("game", "players"), CASES)
def test_vector_fits_its_space_and_layout(game: str, players: int) -> None:
    codec = GameCodec(game)
    layout = codec.encoder.layout()
    assert layout[0][1] == 0 and layout[-1][2] == codec.encoder.size
    assert all(a[2] == b[1] for a, b in zip(layout, layout[1:], strict=False)), "slices must tile the vector"
    assert len({name for name, _, _ in layout}) == len(layout), "slice names must be unique"
    for state in positions(game, players, 2):
        seat = state.current_player
        obs = codec.observe(state, seat)
        assert codec.observation_space.contains(obs)
        assert obs["observation"][seat] == 1.0  # the seat one-hot


def test_others_mask_is_empty() -> None:
    codec = GameCodec("mystic_vale")
    state = games.get("mystic_vale").new(3, seed=4)
    waiting = (state.current_player + 1) % 3
    assert not codec.observe(state, waiting)["action_mask"].any()
