"""The decision profile (benchmarks/decisions.py) counts the searcher's own decisions by kind."""

from __future__ import annotations

import pytest

from tests.support.scripts import load_script


@pytest.mark.slow
def test_every_real_decision_of_the_searcher_is_counted_once_under_the_move_it_played() -> None:
    decisions = load_script("benchmarks/decisions.py")
    kinds, returns = decisions.profile("bellum_magica", "rollout:6", 2, games_played=2, seed=3)
    assert len(returns) == 2 and all(0.0 <= r <= 1.0 for r in returns)
    assert kinds and all(record.seconds for record in kinds.values())
    assert all(0 <= record.departures <= len(record.seconds) for record in kinds.values())
    # the heuristic itself never departs from the heuristic
    same, _ = decisions.profile("bellum_magica", "heuristic", 2, games_played=1, seed=3)
    assert sum(len(r.seconds) for r in same.values()) > 0 and all(r.departures == 0 for r in same.values())


def test_a_kind_line_reads_per_game_counts_and_the_departure_share() -> None:
    decisions = load_script("benchmarks/decisions.py")
    line = decisions.Kind([0.5, 0.25, 1.0, 0.25], departures=1).line("move", 2)
    assert line == "| move | 2.0 | 0.375 | 2.0 | 1 (25%) |"
