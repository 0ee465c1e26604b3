"""Ratings: multiplayer games become duels; Bradley-Terry recovers known strengths."""

from __future__ import annotations

import math

import pytest

from sabbat.sim.ratings import Duels, bradley_terry, duels, expected, rate
from sabbat.sim.runner import GameRecord


def record(agents: list[str], winners: list[int], scores: list[float]) -> GameRecord:
    return GameRecord("toy", len(agents), 0, agents, winners, scores, 1, {})


def test_expected_score_follows_the_elo_curve() -> None:
    assert expected(1500, 1500) == 0.5
    assert expected(1900, 1500) == pytest.approx(10 / 11)
    assert expected(1500, 1900) + expected(1900, 1500) == pytest.approx(1.0)


def test_a_four_player_game_splits_into_duels_by_finish() -> None:
    table = duels([record(["a", "b", "c", "d"], [2], [10, 30, 40, 10])])
    assert table[("a", "c")].a_points == 0.0
    assert table[("b", "c")].a_points == 0.0
    assert table[("a", "b")].a_points == 0.0
    assert table[("a", "d")].a_points == 0.5
    assert all(d.games == 1 for d in table.values()) and len(table) == 6


def test_seats_of_the_same_agent_do_not_duel_and_ties_share() -> None:
    table = duels([record(["x", "y", "x"], [0, 1], [5, 5, 1])])
    assert set(table) == {("x", "y")}
    assert table[("x", "y")].games == 2 and table[("x", "y")].a_points == 0.5 + 0.0


def test_three_to_one_is_worth_about_191_elo() -> None:
    ratings = {r.name: r for r in bradley_terry([Duels("a", "b", 30.0, 40)], prior=0.0)}
    assert ratings["a"].elo - ratings["b"].elo == pytest.approx(400 * math.log10(3), abs=0.01)
    assert ratings["a"].elo + ratings["b"].elo == pytest.approx(3000)
    assert ratings["a"].margin == ratings["b"].margin > 0


def test_transitive_strengths_are_recovered_and_the_prior_keeps_sweeps_finite() -> None:
    table = [Duels("a", "b", 50 * 2 / 3, 50), Duels("b", "c", 50 * 2 / 3, 50), Duels("a", "c", 40, 50)]
    elo = {r.name: r.elo for r in bradley_terry(table, prior=0.0)}
    assert elo["a"] > elo["b"] > elo["c"]
    assert elo["a"] - elo["b"] == pytest.approx(elo["b"] - elo["c"], abs=1.0)
    swept = bradley_terry([Duels("a", "b", 10.0, 10)], prior=1.0)
    assert swept[0].name == "a" and math.isfinite(swept[0].elo) and swept[0].elo - swept[1].elo > 200


def test_rate_orders_agents_by_strength() -> None:
    games = [record(["s", "w"], [0], [2, 1])] * 8 + [record(["w", "s"], [0], [2, 1])] * 2
    table = rate(games)
    assert [r.name for r in table] == ["s", "w"] and table[0].duels == 10
