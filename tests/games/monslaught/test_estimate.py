"""The position estimate a search uses at the end of a cut-short playout (estimate.py)."""

from __future__ import annotations

import pytest

from sabbat.core import Rng
from sabbat.games.monslaught import GAME
from sabbat.games.monslaught.model import Phase
from tests.games.monslaught.monslaught_helpers import blank, land


def played(n: int, seed: int, decisions: int):  # type: ignore[no-untyped-def]
    st = GAME.new(n, seed, {})
    chooser = Rng(seed)
    for _ in range(decisions):
        if st.is_terminal():
            break
        st.apply(chooser.choice(st.legal_actions()))
    return st


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("decisions", [0, 60, 150, 250])
def test_chances_are_probabilities_summing_to_one(n: int, decisions: int) -> None:
    chances = played(n, 5 + n, decisions).evaluate()
    assert chances is not None and len(chances) == n
    assert sum(chances) == pytest.approx(1.0)
    assert all(0.0 <= c <= 1.0 for c in chances)


def test_a_finished_game_is_judged_by_its_result() -> None:
    for seed in range(4):
        st = played(3, seed, 10_000)
        assert st.is_terminal()
        assert st.evaluate() == st.returns()


def test_equal_seats_are_a_fair_share() -> None:
    for n in (2, 3, 4):
        assert GAME.new(n, 1, {}).evaluate() == pytest.approx([1.0 / n] * n)


def test_a_boss_more_favours_its_holder_and_the_others_lose_alike() -> None:
    st = blank(3, round_=5)
    st.seats[1].bosses.append(st.boss_row[0])
    chances = st.evaluate()
    assert chances[1] > 0.5 > chances[0]
    assert chances[0] == pytest.approx(chances[2])


def test_more_points_or_more_lands_never_lowers_a_seat_s_chance() -> None:
    st = blank(2, round_=3)
    before = st.evaluate()[0]
    land(st, 0, "farm")
    with_land = st.evaluate()[0]
    st.seats[0].bosses.append(st.boss_row[0])
    with_boss = st.evaluate()[0]
    assert before == pytest.approx(0.5) and before < with_land < with_boss


def test_the_same_lead_counts_more_the_fewer_rounds_are_left() -> None:
    chances = []
    for round_ in (2, 6, 11):
        st = blank(2, round_=round_)
        st.seats[0].bosses.append(st.boss_row[0])
        chances.append(st.evaluate()[0])
    assert chances[0] < chances[1] < chances[2]


def test_a_land_counts_more_early_than_late() -> None:
    early, late = blank(2, round_=2), blank(2, round_=11)
    land(early, 0, "mountain")
    land(late, 0, "mountain")
    assert early.evaluate()[0] > late.evaluate()[0] > 0.5


def test_evaluate_leaves_the_position_alone() -> None:
    st = played(3, 2, 300)
    before = st.to_json()
    legal = st.legal_actions()
    st.evaluate()
    assert st.to_json() == before and st.legal_actions() == legal and st.phase is not Phase.OVER
