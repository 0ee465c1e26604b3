"""The search profile splits time at the search/game boundary; the OpenSpiel comparison times both sides."""

from __future__ import annotations

import cProfile

import pytest

from sabbat.agents.ismcts import ISMCTSAgent, SearchConfig
from sabbat.sim.search_bench import opening
from tests.support.scripts import load_script


@pytest.mark.slow
def test_profile_charges_calls_into_the_game_to_the_game_and_the_rest_to_the_search() -> None:
    profile = load_script("benchmarks/search_profile.py")
    state = opening("bellum_magica", 2, 3)
    prof = cProfile.Profile()
    prof.runcall(ISMCTSAgent(1, iterations=30, config=profile.FULL_RANDOM).analyse, state)
    split = profile.split(prof)
    categories = split["by_category_s"]
    assert {"apply", "legal actions", "determinize", "random numbers"} <= set(categories)
    game = sum(v for k, v in categories.items() if k not in profile.SEARCH_SIDE)
    assert split["game_s"] == pytest.approx(game, abs=1e-3)
    assert 0 < split["game_s"] < split["total_s"]
    assert split["search_share"] == pytest.approx(1 - split["game_s"] / split["total_s"])
    assert "_iterate" in split["search_functions_s"]


def test_openspiel_comparison_times_every_search_on_the_opening_and_mid_game() -> None:
    pytest.importorskip("pyspiel")
    bench = load_script("benchmarks/search_openspiel.py")
    data = bench.measure(players=3, iterations=3, rounds=1)
    rows = {(r["framework"], r["game"]): r for r in data["results"]}
    assert ("openspiel", "hearts") in rows and ("sabbat", "bellum_magica") in rows
    assert rows["openspiel", "hearts"]["players"] == 4 and rows["sabbat", "mystic_vale"]["players"] == 3
    for row in rows.values():
        assert row["iterations_per_s_start"] > 0 and len(row["iterations_per_s_mid"]) == bench.MID_GAMES
        assert all(d > 0 for d in row["rollout_decisions"])
    assert "hearts" in bench.format_table(data)


def test_full_random_search_plays_rollouts_to_the_end() -> None:
    profile = load_script("benchmarks/search_profile.py")
    config: SearchConfig = profile.FULL_RANDOM
    assert config.rollout_depth > 10**6 and not config.early_stop and not config.reuse_tree
