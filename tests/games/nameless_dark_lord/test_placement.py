"""Placement phase: turns, passing, the 5-unit limit, placement abilities and AUTORUN."""

from __future__ import annotations

import pytest

from sabbat.core import Action, IllegalAction
from sabbat.games.nameless_dark_lord import bidding
from sabbat.games.nameless_dark_lord.board import cost, player_power
from sabbat.games.nameless_dark_lord.model import Phase
from tests.games.nameless_dark_lord.ndl_support import B, G, R, Y, act, add, board, new, owners, resolve_from


def _home(s, p, cid):
    u = add(s, p, cid)
    s.sleeved[p].append(u)
    return u


FULL = [(B, "fx_1_1"), (Y, "fx_1_1"), (G, "fx_1_1"), (B, "fx_1_1"), (R, "fx_1_1")]


@pytest.mark.parametrize("cid", ["fx_1_1", "fx_dragon_4_3", "fx_spear_1_1", "fx_scout_1_1", "fx_delivery_1_1"])
def test_no_placement_into_a_full_area_e1(cid):
    s = new(4)
    board(s, {0: FULL})
    u = _home(s, R, cid)
    assert Action("place", (u, 0)) not in s.legal_actions()
    with pytest.raises(IllegalAction):
        act(s, "place", u, 0)


def test_placement_ends_before_autorun_frees_a_slot_e1():
    s = new(4)
    board(s, {0: [(R, "fx_clay_1_1"), *FULL[:4]]})
    resolve_from(s)
    assert len(s.areas[0]) == 4 and s.phase is Phase.ACQUIRE


def test_passed_player_is_skipped_until_all_pass_e3():
    s = new(4)
    board(s, {})
    for p in range(4):
        for _ in range(3):
            _home(s, p, "fx_1_1")
    act(s, "pass")  # R
    seen = []
    while s.phase is Phase.PLACE:
        seen.append(s.actor)
        acts = s.legal_actions()
        place = [a for a in acts if a.kind == "place"]
        act(s, *((place[0].kind, *place[0].args) if place else ("pass",)))
    assert R not in seen and set(seen) == {B, Y, G}
    assert s.coins[R] == 2


def test_forced_pass_when_nothing_is_placeable_e4():
    s = new(4)
    board(s, {})
    s.sleeved[R] = []
    assert s.legal_actions() == (Action("pass"),)


def test_unsleeved_unit_cannot_be_placed_e14():
    s = new(4)
    board(s, {})
    extra = add(s, R, "fx_1_1")
    assert all(a.args[0] != extra for a in s.legal_actions() if a.kind == "place")


def test_clay_removes_fifth_unit_ac4():
    s = new(4)
    made = board(s, {0: [(R, "fx_clay_1_1"), (B, "fx_1_1"), (Y, "fx_1_1"), (G, "fx_1_1"), (B, "fx_2_1")]})
    fifth = made[0][4]
    resolve_from(s)
    assert fifth in s.removed and len(s.areas[0]) == 4
    assert player_power(s, B, 0) == 1 and cost(s, B, 0) == 1


def test_clay_with_four_units_does_nothing_ac4():
    s = new(4)
    board(s, {0: [(R, "fx_clay_1_1"), (B, "fx_1_1"), (Y, "fx_1_1"), (G, "fx_1_1")]})
    resolve_from(s)
    assert s.removed == [] and len(s.areas[0]) == 4


def test_fifth_unit_may_be_placed_next_to_clay_ac4():
    s = new(4)
    board(s, {0: [(R, "fx_clay_1_1"), (B, "fx_1_1"), (Y, "fx_1_1"), (G, "fx_1_1")]})
    u = _home(s, R, "fx_2_1")
    assert Action("place", (u, 0)) in s.legal_actions()


def test_ultimate_e1_resolves_before_clay_e2_ac5():
    s = new(4)
    made = board(s, {0: [(R, "fx_k_3_1"), (B, "fx_1_1"), (Y, "fx_2_1"), (G, "fx_clay_2_1"), (Y, "fx_2_1")]})
    resolve_from(s)
    assert s.removed == [made[0][1]]
    assert owners(s, 0) == [R, Y, G, Y]
    assert [player_power(s, p, 0) for p in (R, Y, G)] == [3, 4, 2]
    assert B not in bidding.eligible(s, 0)


def test_power_token_dodges_ultimate_then_clay_removes_fifth_ac5():
    s = new(4)
    made = board(s, {0: [(R, "fx_k_3_1"), (B, "fx_1_1"), (Y, "fx_2_1"), (G, "fx_clay_2_1")]})
    s.actor = B
    d = _home(s, B, "fx_delivery_2_1")
    act(s, "place", d, 0)
    act(s, "target", made[0][1])
    assert s.tokens[made[0][1]] == 1
    resolve_from(s)
    assert s.removed == [d]
    assert [player_power(s, p, 0) for p in (R, B, Y, G)] == [3, 2, 2, 2]


def test_skull_dragon_removes_own_unit_ac6():
    s = new(4)
    made = board(s, {0: [(R, "fx_1_1"), (Y, "fx_1_1")]})
    dragon = _home(s, R, "fx_dragon_4_3")
    act(s, "place", dragon, 0)
    assert s.phase is Phase.ABILITY and s.legal_actions() == (Action("target", (made[0][0],)),)
    act(s, "target", made[0][0])
    assert made[0][0] in s.removed and s.areas[0] == [made[0][1], dragon]
    assert player_power(s, R, 0) == 4 and cost(s, R, 0) == 3


def test_skull_dragon_needs_own_unit_in_area_ac6():
    s = new(4)
    board(s, {0: [(Y, "fx_1_1")], 1: FULL[:4] + [(R, "fx_1_1")]})
    dragon = _home(s, R, "fx_dragon_4_3")
    places = {a.args[1] for a in s.legal_actions() if a.kind == "place" and a.args[0] == dragon}
    assert places == set()


def test_spearman_pays_power_and_removes_any_unit_ac7():
    s = new(4)
    made = board(s, {0: [(B, "fx_2_1"), (Y, "fx_0_1")]}, coins=[2, 2, 2, 2])
    a = _home(s, R, "fx_spear_1_1")
    act(s, "place", a, 0)
    assert {x.args[0] for x in s.legal_actions()} == set(made[0])
    act(s, "target", made[0][0])
    assert s.coins[R] == 0 and s.areas[0] == [made[0][1], a]


def test_spearman_power_zero_target_is_free_ac7():
    s = new(4)
    made = board(s, {0: [(B, "fx_2_1"), (Y, "fx_0_1")]}, coins=[2, 2, 2, 2])
    a = _home(s, R, "fx_spear_1_1")
    act(s, "place", a, 0)
    act(s, "target", made[0][1])
    assert s.coins[R] == 2 and made[0][1] in s.removed


def test_spearman_illegal_cases_ac7():
    s = new(4)
    made = board(s, {0: [(B, "fx_2_1")], 2: FULL}, coins=[1, 2, 2, 2], sentinel=False)
    a = _home(s, R, "fx_spear_1_1")
    areas = {x.args[1] for x in s.legal_actions() if x.kind == "place" and x.args[0] == a}
    assert areas == set(), "empty area, unaffordable target and full area are all refused"
    s.stones[R] = 1
    s._legal = None
    act(s, "place", a, 0)
    act(s, "target", made[0][0])
    assert s.coins[R] == 0 and s.stones[R] == 0


def test_scout_returns_own_unit_sleeved_and_token_to_stock_ac8():
    s = new(4)
    made = board(s, {0: [(R, "fx_1_1"), (B, "fx_1_1")]})
    x = made[0][0]
    s.tokens[x] = 1
    scout = _home(s, R, "fx_scout_1_1")
    act(s, "place", scout, 0)
    assert Action("skip") in s.legal_actions()
    act(s, "target", x)
    assert s.areas[0] == [made[0][1], scout] and x not in s.tokens
    for p in (B, Y, G):
        assert s.actor == p
        act(s, "pass")
    assert Action("place", (x, 1)) in s.legal_actions()


def test_scout_returned_delivery_does_not_fire_twice_ac8():
    s = new(4)
    made = board(s, {0: [(R, "fx_1_1")]})
    d = _home(s, R, "fx_delivery_1_1")
    act(s, "place", d, 0)
    act(s, "target", made[0][0])
    s.actor = R
    scout = _home(s, R, "fx_scout_1_1")
    act(s, "place", scout, 0)
    act(s, "target", d)
    s.actor = R
    s._legal = None
    act(s, "place", d, 0)
    assert s.phase is Phase.PLACE, "no second token this round"


def test_delivery_token_on_other_own_unit_ac9():
    s = new(4)
    made = board(s, {0: [(R, "fx_1_1")]})
    d = _home(s, R, "fx_delivery_1_1")
    act(s, "place", d, 0)
    assert Action("target", (d,)) not in s.legal_actions()
    act(s, "target", made[0][0])
    assert s.power(made[0][0]) == 2


def test_delivery_may_decline_or_go_to_empty_area_ac9():
    s = new(4)
    board(s, {0: [(R, "fx_1_1")]})
    d = _home(s, R, "fx_delivery_1_1")
    act(s, "place", d, 1)
    assert s.phase is Phase.PLACE and s.areas[1] == [d]
    s.actor = R
    d2 = _home(s, R, "fx_delivery_1_1")
    act(s, "place", d2, 0)
    act(s, "skip")
    assert s.tokens == {}


def test_goblin_bomber_needs_no_sleeve_e7():
    s = new(4)
    board(s, {})
    s.owner[s.bomber[R]] = R
    s.owned[R].append(s.bomber[R])
    s._legal = None
    assert s.bomber[R] not in s.sleeved[R]
    assert Action("place", (s.bomber[R], 0)) in s.legal_actions()


def test_acquired_unit_cannot_be_placed_this_round_e19():
    s = new(4)
    board(s, {0: [(R, "fx_1_1")]}, targets=["clay_golem"])
    target = s.targets[0]
    resolve_from(s)
    act(s, "acquire")
    assert s.owner[target] == R and target not in s.sleeved[R]


def test_only_units_with_unmet_conditions_means_pass_only_e4():
    s = new(4)
    board(s, {0: [(B, "fx_1_1")]}, coins=[0, 2, 2, 2], sentinel=False)
    s.sleeved[R] = []
    _home(s, R, "fx_dragon_4_3")  # no own unit anywhere
    _home(s, R, "fx_spear_1_1")  # the only unit costs 1, R has 0 coins and no stone
    assert s.legal_actions() == (Action("pass"),)
