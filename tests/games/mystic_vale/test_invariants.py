"""check_invariants(): a sound position reports nothing; each hand-broken resource is named."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from sabbat.core import Rng
from sabbat.games.mystic_vale import GAME
from sabbat.games.mystic_vale.state import MysticValeState
from tests.games.mystic_vale.mv_helpers import new


def test_random_games_keep_every_invariant() -> None:
    for seed in range(3):
        st = GAME.new(2 + seed, seed)
        rng = Rng(seed)
        while not st.is_terminal():
            assert st.check_invariants() == []
            st.apply(rng.choice(st.legal_actions()))
        assert st.check_invariants() == []


def _lose_a_card(st: MysticValeState) -> None:
    st.deck[0].pop()


def _copy_a_card(st: MysticValeState) -> None:
    st.discard[0].append(st.deck[0][0])


def _lose_an_advancement(st: MysticValeState) -> None:
    st.adv_deck[1].pop()


def _extra_soil(st: MysticValeState) -> None:
    st.soil[0] += 1


def _duplicate_vale(st: MysticValeState) -> None:
    st.vale[1].append(st.vale_disp[0][0])


def _negative_pool(st: MysticValeState) -> None:
    st.pool = -1


def _negative_spirit(st: MysticValeState) -> None:
    st.spirit[2] = -1


def _third_purchase(st: MysticValeState) -> None:
    st.adv_bought = 3


def _spent_unowned(st: MysticValeState) -> None:
    st.spent.append(st.vale_deck[0][0])


def _field_decay_drift(st: MysticValeState) -> None:
    st.fdecay[0] += 1


@pytest.mark.parametrize("breaker", [_lose_a_card, _copy_a_card, _lose_an_advancement, _extra_soil, _duplicate_vale,
                                     _negative_pool, _negative_spirit, _third_purchase, _spent_unowned,
                                     _field_decay_drift])
def test_each_broken_invariant_is_reported(breaker: Callable[[MysticValeState], None]) -> None:
    st = new()
    assert st.check_invariants() == []
    breaker(st)
    assert len(st.check_invariants()) == 1
