"""The statistics behind reports and comparisons, checked against published values and hand counts."""

from __future__ import annotations

import math

import pytest

from sabbat.sim.analysis import study
from sabbat.sim.cards import availability, card_rates
from sabbat.sim.compare import changes
from sabbat.sim.runner import GameRecord
from sabbat.sim.stats import difference_interval, mean_difference, two_proportion_p


def rec(seed: int, winners: list[int], acquired: list[list[str]] | None = None, first: int | None = 0,
        n: int = 2, **stats: object) -> GameRecord:
    extra = dict(stats)
    if acquired is not None:
        extra["acquired"] = acquired
    return GameRecord("toy", n, seed, ["a", "b", "c"][:n], winners, [1.0 if s in winners else 0.0 for s in range(n)],
                      10 + seed, {}, extra, first)


def test_newcombe_interval_matches_the_published_example() -> None:
    # Newcombe (1998), Statistics in Medicine 17, table II, example (a): 56/70 against 48/80, method 10
    low, high = difference_interval(48, 80, 56, 70)
    assert (round(low, 4), round(high, 4)) == (0.0524, 0.3339)


def test_two_proportion_test_and_welch() -> None:
    assert two_proportion_p(50, 100, 50, 100) == 1.0
    p = two_proportion_p(60, 100, 40, 100)  # z = 0.2 / sqrt(0.25 * 0.02) = 2.828
    assert math.isclose(p, math.erfc(2.8284271 / math.sqrt(2)), rel_tol=1e-6)
    assert two_proportion_p(3, 0, 1, 5) == 1.0
    diff, (low, high), p = mean_difference([1.0, 2.0, 3.0], [2.0, 3.0, 4.0])
    assert diff == 1.0 and low < 1.0 < high and 0.1 < p < 0.3


def test_positions_count_from_the_start_player() -> None:
    records = [rec(0, [1], first=1), rec(1, [1], first=1), rec(2, [0], first=0), rec(3, [0, 1], first=0)]
    s = study(records)
    seats = {r.label: r.wins for r in s.seats[2]}
    starts = {r.label: r.wins for r in s.positions[2]}
    assert seats == {"P1": 1.5, "P2": 2.5}
    assert starts == {"start": 3.5, "+1": 0.5}
    assert s.first_player()[0][1].rate == 3.5 / 4 and s.par == 0.5


def test_a_published_start_player_is_no_figure_of_game_length() -> None:
    assert "start_player" not in study([rec(0, [0], start_player=1, rounds=3)]).figures


def test_unknown_start_player_leaves_positions_out() -> None:
    assert study([rec(0, [0], first=None)]).positions == {}


def test_card_take_and_win_rates_when_in_play() -> None:
    records = [rec(0, [0], [["x"], []]), rec(1, [1], [["x"], ["x", "x"]]), rec(2, [1], [[], ["y"]])]
    assert availability(records) == "in_play"
    x = {c.card: c for c in card_rates(records)}["x"]
    assert (x.taken, x.available, x.games_with, x.passed) == (4, 4, 3, 1)
    assert x.win_rate == pytest.approx(2 / 3) and x.without_rate == 0.0


def test_card_rates_use_what_each_seat_was_offered() -> None:
    records = [rec(0, [0], [["x"], []], offered=[["x", "z"], ["x"]]), rec(1, [1], [[], []], offered=[["z"], ["z"]])]
    assert availability(records) == "offered"
    rates = {c.card: c for c in card_rates(records)}
    assert (rates["x"].available, rates["x"].games_with, rates["x"].wins_without) == (2, 1, 0.0)
    assert (rates["z"].taken, rates["z"].available, rates["z"].take_rate) == (0, 3, 0.0)


def test_ends_and_figures() -> None:
    records = [rec(i, [i % 2], end="vp" if i < 3 else "cap", rounds=5 + i) for i in range(4)]
    s = study(records)
    assert [(r.label, r.wins, r.games) for r in s.ends] == [("vp", 3, 4), ("cap", 1, 4)]
    assert s.figures["rounds"] == [5.0, 6.0, 7.0, 8.0]


def test_identical_records_change_nothing() -> None:
    records = [rec(i, [i % 2], [["x"], ["y"]], end="vp") for i in range(20)]
    found = changes(records, records)
    assert found and all(c.p == 1.0 and not c.mark for c in found)
    assert all(c.diff in (0.0, None) for c in found)


def test_a_clear_change_is_marked() -> None:
    a = [rec(i, [0], [["x"], []]) for i in range(100)]
    b = [rec(i, [1], [["x"], []]) for i in range(100)]
    by_name = {c.figure: c for c in changes(a, b)}
    seat = by_name["win share P1 (2 players)"]
    assert seat.a == 1.0 and seat.b == 0.0 and seat.mark == "**" and seat.high is not None and seat.high < 0
    takers = by_name["card x: win share of takers"]
    assert takers.diff == -1.0 and takers.mark == "**"


def test_a_card_on_one_side_only_has_no_difference() -> None:
    a = [rec(i, [0], [["x"], []]) for i in range(5)]
    b = [rec(i, [0], [["y"], []]) for i in range(5)]
    x = {c.figure: c for c in changes(a, b)}["card x: take rate"]
    assert x.a == 0.5 and x.b is None and x.diff is None and x.mark == ""


def test_a_record_takes_the_start_player_the_game_publishes(monkeypatch: pytest.MonkeyPatch) -> None:
    from sabbat import games
    from sabbat.sim.runner import play_game

    cls = type(games.get("magic_master").new(3, 0, {}))
    record, state = play_game("magic_master", 3, 0, ["random"] * 3)
    assert record.first_player == state.summary()["start_player"]
    original = cls.summary
    # without a published start player, the seat of the first decision (the heir choice: seat 0)
    monkeypatch.setattr(cls, "summary", lambda self: {k: v for k, v in original(self).items() if k != "start_player"})
    assert play_game("magic_master", 3, 0, ["random"] * 3)[0].first_player == 0
    monkeypatch.setattr(cls, "summary", lambda self: {**original(self), "start_player": 1})
    assert play_game("magic_master", 3, 0, ["random"] * 3)[0].first_player == 1
