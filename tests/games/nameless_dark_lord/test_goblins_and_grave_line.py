"""Rules the review found wrong: the single-use Goblin Bomber (pp.29–30), the second Goblin
Delivery (p.28) and the Grave Number line in 3-player games (p.34)."""

from __future__ import annotations

from sabbat.core import Action
from sabbat.games.nameless_dark_lord import rounds
from sabbat.games.nameless_dark_lord.board import give, remove_unit
from sabbat.games.nameless_dark_lord.model import NO_ONE, Phase
from tests.games.nameless_dark_lord.ndl_support import G, R, Y, act, add, board, new, resolve_from


def _home(s, p, cid):
    u = add(s, p, cid)
    s.sleeved[p].append(u)
    return u


def _bomber_at_home(s, p):
    b = s.bomber[p]
    give(s, p, b)
    s._legal = None
    return b


# ----------------------------------------------------------------------------- pp.29–30 Goblin Bomber
def test_pp29_30_bomber_taken_home_by_scout_returns_to_the_stock():
    """「一度バトルエリアに配置してしまうと…ストックへ戻ってしまいます」: a Scout cannot save it."""
    s = new(4)
    board(s, {1: [(Y, "fx_1_1")]})
    b = _bomber_at_home(s, R)
    act(s, "place", b, 0)
    s.actor = R
    scout = _home(s, R, "fx_scout_1_1")
    s._legal = None
    act(s, "place", scout, 0)
    act(s, "target", b)
    assert s.owner[b] == NO_ONE and b not in s.owned[R] and b not in s.areas[0]
    s.actor = R
    s._legal = None
    assert all(a.args[0] != b for a in s.legal_actions() if a.kind == "place")
    assert any(e.key.endswith("bomber_back") for e in s.events)


def test_pp29_30_bomber_moved_to_the_remove_area_returns_to_the_stock():
    s = new(4)
    board(s, {1: [(Y, "fx_1_1")]}, coins=[5, 5, 5, 5])
    b = _bomber_at_home(s, R)
    act(s, "place", b, 0)
    s.actor = G
    spear = _home(s, G, "fx_spear_1_1")
    s._legal = None
    act(s, "place", spear, 0)
    act(s, "target", b)  # G pays the Bomber's power 2 in coins and removes it
    assert s.owner[b] == NO_ONE and b not in s.removed and s.areas[0] == [spear]


def test_pp29_30_removed_bomber_owner_who_acquired_nothing_receives_it_again():
    """End phase a): the spent Bomber is back in the stock, so its owner may receive it again."""
    s = new(4)
    board(s, {0: [(Y, "fx_3_1")]}, targets=["clay_golem"] * 5, sentinel=False)
    b = _bomber_at_home(s, R)
    act(s, "place", b, 0)
    remove_unit(s, b)
    resolve_from(s)
    act(s, "acquire")
    assert s.round == 2 and s.owner[b] == R


def test_pp29_30_end_phase_b_option_keeps_a_scouted_bomber_spent_until_end_phase():
    s = new(4, bomber_return="end_phase_b")
    board(s, {1: [(Y, "fx_1_1")]})
    b = _bomber_at_home(s, R)
    act(s, "place", b, 0)
    s.actor = R
    scout = _home(s, R, "fx_scout_1_1")
    s._legal = None
    act(s, "place", scout, 0)
    act(s, "target", b)
    assert s.owner[b] == R and b in s.placed
    s.actor = R
    s._legal = None
    assert all(a.args[0] != b for a in s.legal_actions() if a.kind == "place"), "spent: not placeable again"
    s.acquired = [1, 1, 1, 1]
    rounds.end_phase(s)
    assert s.owner[b] == NO_ONE and b not in s.owned[R]


def test_pp29_30_end_phase_b_option_removed_bomber_waits_in_the_remove_area():
    s = new(4, bomber_return="end_phase_b")
    board(s, {1: [(Y, "fx_1_1")]})
    b = _bomber_at_home(s, R)
    act(s, "place", b, 0)
    remove_unit(s, b)
    assert b in s.removed and s.owner[b] == R
    s.acquired = [1, 1, 1, 1]
    rounds.end_phase(s)
    assert s.owner[b] == NO_ONE and s.removed == []


# ----------------------------------------------------------------------------- p.28 Goblin Delivery
def test_p28_second_unused_delivery_is_offered_beside_the_used_one_brought_home():
    """The first Delivery used its once-a-round token and came home with a Scout: the second,
    unused copy must be choosable (identical copies are otherwise offered once)."""
    s = new(4)
    made = board(s, {0: [(R, "fx_1_1")]})
    d1 = _home(s, R, "fx_delivery_1_1")
    d2 = _home(s, R, "fx_delivery_1_1")
    act(s, "place", d1, 0)
    act(s, "target", made[0][0])
    s.actor = R
    scout = _home(s, R, "fx_scout_1_1")
    s._legal = None
    act(s, "place", scout, 0)
    act(s, "target", d1)
    s.actor = R
    s._legal = None
    offered = {a.args[0] for a in s.legal_actions() if a.kind == "place"}
    assert {d1, d2} <= offered
    for locale in ("en", "ja"):
        text = {s.describe_action(Action("place", (u, 0)), locale) for u in (d1, d2)}
        assert len(text) == 2, "the two Deliveries read differently"
    act(s, "place", d2, 0)
    assert s.phase is Phase.ABILITY, "the unused copy still has its token to give"
    act(s, "target", made[0][0])
    assert s.power(made[0][0]) == 3


def test_p28_two_unused_deliveries_are_offered_once():
    s = new(4)
    board(s, {0: [(R, "fx_1_1")]})
    d1 = _home(s, R, "fx_delivery_1_1")
    _home(s, R, "fx_delivery_1_1")
    offered = [a.args[0] for a in s.legal_actions() if a.kind == "place" and a.args[1] == 0]
    assert offered.count(d1) == 1 and sum(1 for u in offered if s.cid[u] == "fx_delivery_1_1") == 1


# ----------------------------------------------------------------------------- p.34 Grave Number
def _play_out(s):
    while not s.is_terminal():
        s.apply(s.legal_actions()[-1])


def test_p34_grave_number_line_absent_in_three_player_games():
    """Grave Number carries the 4P mark: a 3-player game never deals it, so nothing is counted."""
    s = new(3)
    assert not any(s.cid[u] == "grave_number" for u in range(len(s.cid)))
    _play_out(s)
    assert not any(".event.grave" in e.key for e in s.events)


def test_p34_grave_number_line_present_in_four_player_games():
    s = new(4)
    _play_out(s)
    assert sum(1 for e in s.events if ".event.grave" in e.key) == 1
