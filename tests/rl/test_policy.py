"""A trained policy plays as the agent `policy:FILE` wherever agent names are taken."""

from __future__ import annotations

from pathlib import Path

import pytest

from sabbat import agents, games, rl
from sabbat.core.errors import UnknownAgent


def test_missing_policy_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(UnknownAgent, match="policy"):
        agents.get(f"policy:{tmp_path / 'none.zip'}", "mystic_vale")


def test_saved_policy_plays_legal_moves(tmp_path: Path) -> None:
    pytest.importorskip("sb3_contrib")
    from sb3_contrib import MaskablePPO

    from sabbat.rl.policy import VectorObservation

    env = VectorObservation(rl.gym_env("mystic_vale", 2, opponents=["random"]))
    model = MaskablePPO("MlpPolicy", env, n_steps=64, batch_size=32, n_epochs=1, policy_kwargs={"net_arch": [16]}, seed=0, device="cpu")
    model.learn(64)
    path = tmp_path / "Trained" / "MV.zip"  # upper case: a file name keeps its case
    path.parent.mkdir()
    model.policy.save(str(path))
    bot = agents.get(f"policy:{path}", "mystic_vale", seed=1)
    state = games.get("mystic_vale").new(2, seed=3)
    for _ in range(30):
        if state.is_terminal():
            break
        state.apply(bot.choose(state))  # apply() refuses anything illegal
    with pytest.raises(UnknownAgent, match="spaces"):
        agents.get(f"policy:{path}", "bellum_magica")
