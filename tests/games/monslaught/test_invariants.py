"""check_invariants(): a sound position reports nothing; each hand-broken resource is named."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from sabbat.core import Rng
from sabbat.games.monslaught import GAME
from sabbat.games.monslaught.model import Phase
from sabbat.games.monslaught.state import MonslaughtState
from tests.games.monslaught.monslaught_helpers import begin, blank, land, play


def test_random_games_keep_every_invariant() -> None:
    for seed in range(3):
        st = GAME.new(2 + seed, seed)
        rng = Rng(seed)
        while not st.is_terminal():
            assert st.check_invariants() == []
            st.apply(rng.choice(st.legal_actions()))
        assert st.check_invariants() == []


def test_a_card_being_summoned_is_held_by_the_payment() -> None:
    st = GAME.new(2, 1)
    rng = Rng(1)
    seen = False
    while not st.is_terminal() and not seen:
        st.apply(rng.choice(st.legal_actions()))
        seen = st.phase is Phase.PAY  # type: ignore[attr-defined]
        assert st.check_invariants() == []
    assert seen


def _lose(st: MonslaughtState) -> None:
    st.middle.pop()


def _copy(st: MonslaughtState) -> None:
    st.seats[0].discard.append(st.upper[0])


def _negative_credit(st: MonslaughtState) -> None:
    st.seats[1].credit = -1


def _negative_budget(st: MonslaughtState) -> None:
    st.seats[0].budget[st.seats[0].lands[0]] = -2


def _negative_need(st: MonslaughtState) -> None:
    st.pend_need = -1


def _sixth_land(st: MonslaughtState) -> None:
    for _ in range(5):
        st.seats[0].lands.append(st.farm_stack.pop())


def _boss_twice(st: MonslaughtState) -> None:
    st.boss_revealed = 1
    st.seats[0].bosses.append(st.boss_row[0])
    st.seats[1].bosses.append(st.boss_row[0])


def _boss_lost(st: MonslaughtState) -> None:
    st.boss_box.pop()


def _stale_placement(st: MonslaughtState) -> None:
    st.seats[0].on_land[st.seats[0].play[0]] = st.farm_stack[0]


@pytest.mark.parametrize("breaker", [_lose, _copy, _negative_credit, _negative_budget, _negative_need, _sixth_land,
                                     _boss_twice, _boss_lost, _stale_placement])
def test_each_broken_invariant_is_reported(breaker: Callable[[MonslaughtState], None]) -> None:
    st = blank(2, fixture=False)
    begin(st)
    land(st, 0, "farm")
    play(st, 0, "frog")
    begin(st)
    assert st.check_invariants() == []
    breaker(st)
    assert len(st.check_invariants()) == 1
