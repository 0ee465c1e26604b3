"""Each game's own encoder (its encode.py) writes exactly the vector the observation dict gives."""

from __future__ import annotations

import random

import numpy as np
import pytest

from sabbat import games
from sabbat.rl.codec import GameCodec
from sabbat.rl.direct import Positions
from tests.rl.conftest import GAMES

SHIPPED = [g for g in GAMES if games.get(g).package.startswith("sabbat.games.")]
DIRECT = [g for g in GAMES if GameCodec(g)._direct is not None]
"""A direct encoder is optional (docs/adding-a-game.md): a plug-in without one is encoded from its
observation, and only the games that have one are compared."""
ALL_COUNTS = [(g, n) for g in DIRECT for n in games.get(g).info.player_counts]


def states_along(game: str, players: int, seeds: int, every: int) -> list:
    """Positions of random games, every `every`-th decision and the last one."""
    g = games.get(game)
    out = []
    for seed in range(seeds):
        state, r, step = g.new(players, seed=seed), random.Random(seed), 0
        while not state.is_terminal():
            if step % every == seed % every:
                out.append(state.clone())
            state.apply(r.choice(state.legal_actions()))
            step += 1
        out.append(state)
    return out


def where_they_differ(codec: GameCodec, a: np.ndarray, b: np.ndarray) -> list[tuple[str, float, float]]:
    return [(name, float(a[i]), float(b[i])) for i in np.flatnonzero(a != b)[:5]
            for name, lo, hi in codec.encoder.layout() if lo <= i < hi]


@pytest.mark.parametrize("game", SHIPPED)
def test_every_shipped_game_ships_its_own_encoder(game: str) -> None:
    assert GameCodec(game)._direct is not None


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players"), ALL_COUNTS)
def test_direct_vector_equals_the_observation_dicts_vector(game: str, players: int) -> None:
    codec = GameCodec(game)
    checked = 0
    for state in states_along(game, players, seeds=3, every=5):
        for seat in range(players):
            reference = codec.encoder.encode(state.observation(seat), seat)
            direct = codec.vector(state, seat)
            assert direct.dtype == np.float32 and direct.shape == reference.shape
            assert np.array_equal(direct, reference), where_they_differ(codec, reference, direct)
            checked += 1
    assert checked > 20


def test_a_broken_encoder_is_caught() -> None:
    """The comparison above fails when one number is off (here: the seat count doubled)."""
    codec = GameCodec("magic_master")
    state = games.get("magic_master").new(2, seed=0)
    direct = codec._direct
    assert direct is not None

    def off_by_one(s: object, seat: int, found: dict[int, float], blocks: list) -> None:
        direct(s, seat, found, blocks)
        found[Positions(codec.encoder).at("num_players")] *= 2

    codec._direct = off_by_one
    assert not np.array_equal(codec.vector(state, 0), codec.encoder.encode(state.observation(0), 0))


def test_slices_with_different_names_are_refused() -> None:
    layout = Positions(GameCodec("magic_master").encoder)
    assert layout.vocabulary(["market[*].card", "discard"])[1] == 67
    with pytest.raises(ValueError, match="same names"):
        layout.vocabulary(["market[*].card", "phase"])
    assert layout.find("no.such.slice") is None
