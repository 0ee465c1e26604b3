"""The training example with a search expert, the extra inputs it feeds, and the shipped policy."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from sabbat import agents, games
from sabbat.core.rng import Rng
from sabbat.games.mystic_vale.features import SIZE as MYSTIC_VALE_SIZE
from sabbat.rl.features import extra_inputs
from tests.support.scripts import load_script

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ROOT / "examples" / "policies" / "mystic_vale_ppo.zip"


def heuristic_positions(count: int = 3) -> list[Any]:
    """States along a few heuristic games of Mystic Vale for two (every 5th decision)."""
    out = []
    for seed in range(count):
        state = games.get("mystic_vale").new(2, seed=seed)
        bots = [agents.get("heuristic", "mystic_vale", seed + p) for p in range(2)]
        step = 0
        while not state.is_terminal():
            if step % 5 == 2:
                out.append(state.clone())
            state.apply(bots[state.current_player].choose(state))
            step += 1
    return out


def test_extra_inputs_show_nothing_hidden() -> None:
    features, size = extra_inputs("mystic_vale") or pytest.fail("Mystic Vale has extra inputs")
    assert size == MYSTIC_VALE_SIZE
    for k, state in enumerate(heuristic_positions()):
        seat = k % 2
        mine = features(state.observation(seat))
        assert mine.shape == (size,)
        for salt in range(2):  # deck orders and the boxed advancements resampled
            world = state.determinize(seat, Rng(100 * k + salt))
            assert np.array_equal(features(world.observation(seat)), mine)


def test_extra_inputs_read_the_display_and_the_push_risk() -> None:
    features, _ = extra_inputs("mystic_vale") or pytest.fail("Mystic Vale has extra inputs")
    state = games.get("mystic_vale").new(2, seed=4)
    obs = state.observation(0)
    parts = obs["catalog"]["parts"]
    row = features(obs)
    me = obs["players"][0]
    net = {s: sum(parts[p]["stats"][5] - parts[p]["stats"][6] for p in me["slots"][3 * s: 3 * s + 3] if p >= 0)
           for s in range(20)}
    raw = sum(net[s] for s in me["field"]) + (net[me["on_deck"]] if me["on_deck"] >= 0 else 0)
    pool = me["deck"] or me["discard"]
    assert row[0] == raw
    assert row[1] == pytest.approx(sum(raw + net[s] >= 4 for s in pool) / len(pool))
    # the first advancement of the level-1 display: its cost sits after the seats' and the own cards' blocks
    first = obs["commons"]["adv_display"][0][0]
    display_at = 7 + 4 * 46 + 20 * 17
    assert row[display_at] == 1 and row[display_at + 1] == parts[first]["cost"]


def test_search_expert_labels_saves_resumes_and_trains(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("sb3_contrib")
    example = load_script("examples/train_maskable_ppo.py")
    dataset, policy = tmp_path / "labels.npz", tmp_path / "mv.zip"
    argv = ["train", "--game", "mystic_vale", "--expert", "rollout:4", "--extra-inputs", "--imitate", "2",
            "--dagger", "1", "--dagger-games", "1", "--imitate-epochs", "1", "--minutes", "0", "--eval-games", "2",
            "--dataset", str(dataset), "--policy", str(policy), "--out", str(tmp_path)]
    monkeypatch.setattr(sys, "argv", argv)
    example.main()
    data, rounds, cpu = example.load_dataset(dataset, {"game": "mystic_vale", "players": 2, "expert": "rollout:4",
                                                       "imitate": 2, "extra_inputs": True, "seed": 0})
    assert rounds == 1 and cpu > 0
    assert len(data["legal"]) == len(data["actions"]) > 0
    assert all(a in legal and len(legal) > 1 for a, legal in zip(data["actions"], data["legal"], strict=True))
    record = json.loads((tmp_path / "rl_train_mystic_vale.json").read_text(encoding="utf-8"))
    assert "cpu_minutes" in record["curve"][0] and (tmp_path / "rl_train_mystic_vale.png").is_file()
    capsys.readouterr()
    example.main()  # the same run again reads the labels instead of searching anew
    assert '"dataset"' in capsys.readouterr().out
    other = [*argv[:4], "rollout:5", *argv[5:]]
    monkeypatch.setattr(sys, "argv", other)
    with pytest.raises(SystemExit, match="labelled with"):
        example.main()
    play_a_game(f"policy:{policy}")


def play_a_game(name: str) -> None:
    """A whole game of Mystic Vale for two, the policy against the heuristic; apply() refuses any illegal move."""
    state = games.get("mystic_vale").new(2, seed=11)
    seats = [agents.get(name, "mystic_vale", seed=1), agents.get("heuristic", "mystic_vale", seed=2)]
    while not state.is_terminal():
        state.apply(seats[state.current_player].choose(state))
    assert len(state.scores()) == 2


def test_shipped_policy_plays_a_legal_game() -> None:
    pytest.importorskip("sb3_contrib")
    assert SHIPPED.is_file() and SHIPPED.stat().st_size < 8_000_000
    play_a_game(f"policy:{SHIPPED}")
