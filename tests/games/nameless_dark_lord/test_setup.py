"""Setup: 4P-card removal, thrones and the red start player, initial units, magic stones."""

from __future__ import annotations

from collections import Counter

import pytest

from sabbat.core import Action
from sabbat.games.nameless_dark_lord import GAME
from sabbat.games.nameless_dark_lord.model import Phase, seat
from tests.games.nameless_dark_lord.ndl_support import new, to_round_start


@pytest.mark.parametrize("seed", range(5))
def test_red_throne_holder_starts_round_one(seed):
    s = GAME.new(4, seed)
    assert s.colour[s.red] == "red"
    assert s.current_player == s.red
    assert sorted(s.colour) == ["blue", "green", "red", "yellow"]


@pytest.mark.parametrize("seed", range(5))
def test_three_players_remove_the_twelve_4p_cards_e18(seed):
    four, three = GAME.new(4, seed), GAME.new(3, seed)
    assert len(four.cid) == 60 and len(three.cid) == 48
    assert "green" not in three.colour and "red" in three.colour
    deck_sizes = [len(d) + (len(s.targets) if i == 0 else 0) for s in (three,) for i, d in enumerate(s.decks)]
    assert deck_sizes == [12, 8, 8]
    assert len(three.targets) == 4 and len(four.targets) == 5


def test_level_decks_run_out_at_rounds_three_and_seven_e18():
    s = GAME.new(3, 1)
    seen_levels = []
    while not s.is_terminal():
        if s.phase is Phase.SLEEVE and (not seen_levels or seen_levels[-1][0] != s.round):
            seen_levels.append((s.round, [len(d) for d in s.decks]))
        s.apply(s.legal_actions()[-1])
    assert seen_levels[2][1][0] == 0 and seen_levels[3][1][1] == 4
    assert seen_levels[6][1] == [0, 0, 0]


def test_initial_units_and_no_coins_before_round_one():
    s = GAME.new(4, 3)
    for p in range(4):
        units = Counter(s.cid[u] for u in s.owned[p] if s.card(u).type == "unit")
        assert units == Counter({"skeleton_swordman": 1, "goblin_soldier": 1, "wood_golem": 1})
        assert s.coins[p] == 2 and s.sleeves[p] == 4


@pytest.mark.parametrize(("n", "stones"), [(4, [0, 0, 1, 1]), (3, [0, 0, 1])])
def test_magic_stones_for_seats_three_and_four_e15(n, stones):
    for seed in range(4):
        s = GAME.new(n, seed)
        assert [s.stones[seat(s, k)] for k in range(n)] == stones


@pytest.mark.parametrize(("n", "order"), [(4, [0, 1, 2, 3, 0, 1, 2]), (3, [0, 1, 2, 0, 1, 2, 0])])
def test_start_player_passes_clockwise_each_round_e15(n, order):
    s = new(n)
    starts = []
    while not s.is_terminal():
        if s.phase is Phase.SLEEVE and len(starts) < s.round:
            starts.append(s.turn)
        s.apply(Action("pass") if Action("pass") in s.legal_actions() else s.legal_actions()[0])
    assert starts == order


def test_sleeve_round_one_has_three_units_e19():
    s = new(4)
    to_round_start(s)
    assert all(len(s.sleeved[p]) == 3 for p in range(4))
