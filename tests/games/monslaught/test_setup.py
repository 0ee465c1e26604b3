"""Setup and the initial preparation round (E19): hands, decks, bosses, draft sizes, hidden picks."""

from __future__ import annotations

import pytest

from sabbat.core import Rng
from sabbat.games.monslaught.model import Phase
from tests.games.monslaught.monslaught_helpers import do, new


@pytest.mark.parametrize(("n", "draws", "returned", "field"), [(2, [4, 4], 6, 6), (3, [3, 4, 4], 3, 8),
                                                                (4, [3, 3, 4, 4], 0, 10)])
def test_e19_initial_draw_counts(n: int, draws: list[int], returned: int, field: int) -> None:
    st = new(n, seed=1, fixture=False)
    start = st.start
    order = [(start + i) % n for i in range(n)]
    assert [len(st.seats[p].offer) for p in order] == draws
    lower_in_box = [u for u in st.box if st.db.cards[st.ids[u]].tier.value == "lower"]
    assert len(lower_in_box) == returned and st.lower == []
    while st.phase is Phase.DRAFT:
        do(st, "pick", st.ids[st.seats[st.active].offer[0]])
    assert len(st.field) == field
    assert all(len(s.hand) == 4 for s in st.seats)
    assert st.round == 2 and st.active == start


def test_each_player_starts_with_big_cat_frog_owl() -> None:
    for n in (2, 3, 4):
        st = new(n, seed=n, fixture=False)
        for seat in st.seats:
            assert sorted(st.ids[u] for u in seat.hand) == ["big_cat", "frog", "owl"]
        assert len(st.box) - (14 - sum(len(s.offer) for s in st.seats)) == 12 - 3 * n


def test_bosses_one_of_each_number_others_back_unseen() -> None:
    st = new(3, seed=7, fixture=False)
    assert [st.db.bosses[b].number for b in st.boss_row] == [1, 2, 3, 4]
    assert sorted(st.db.bosses[b].number for b in st.boss_box) == [1, 3]
    obs = st.observation(0)
    assert all(b["id"] is None for b in obs["bosses"])


def test_boss_choice_is_random() -> None:
    seen = {new(2, seed=s, fixture=False).boss_row[0] for s in range(20)}
    assert len(seen) == 2


def test_decks_full_and_lands_stacked() -> None:
    st = new(4, seed=2, fixture=False)
    assert len(st.middle) == 30 and len(st.upper) == 16
    assert len(st.farm_stack) == 12 and len(st.mountain_stack) == 8


def test_initial_picks_are_secret_and_go_to_hand() -> None:
    st = new(3, seed=4, fixture=False)
    first = st.active
    other = (first + 1) % 3
    assert st.observation(other)["players"][first]["offer"] is None
    card = st.ids[st.seats[first].offer[0]]
    do(st, "pick", card)
    view = st.observation(other)["players"][first]
    assert view["picked"] and view["pick"] is None and view["hand_size"] == 3
    picks = {st.ids[st.determinize(other, Rng(s)).seats[first].pick] for s in range(30)}
    assert len(picks) > 1  # the opponent's pick is resampled for the others' searches
    assert st.observation(first)["players"][first]["pick"] == card


def test_hand_tiers_are_public_but_contents_hidden() -> None:
    st = new(2, seed=4, fixture=False)
    while st.phase is Phase.DRAFT:
        do(st, "pick", st.ids[st.seats[st.active].offer[0]])
    view = st.observation(0)["players"][1]
    assert view["hand"] is None and view["hand_tiers"] == ["initial", "initial", "initial", "lower"]
