"""End phase: Goblin Bomber, unit return, tokens, start player."""

from __future__ import annotations

from sabbat.games.nameless_dark_lord import rounds
from sabbat.games.nameless_dark_lord.board import give, remove_unit
from tests.games.nameless_dark_lord.ndl_support import B, G, R, Y, act, add, board, new, resolve_from


def _end_round_with(s, stacks, targets=None, bomber_for=None, **kw):
    board(s, stacks, targets=targets, sentinel=False, **kw)
    resolve_from(s)
    while s.phase.value == "acquire":
        act(s, "acquire")


def test_player_who_won_nothing_receives_the_bomber_e7():
    s = new(4)
    _end_round_with(s, {0: [(R, "fx_1_1")], 1: [(B, "fx_1_1")], 2: [(Y, "fx_1_1")]},
                    targets=["clay_golem"] * 5)
    assert s.owner[s.bomber[G]] == G
    assert all(s.owner[s.bomber[p]] != p for p in (R, B, Y))


def test_bomber_is_single_use_and_can_be_received_again_e7():
    s = new(4)
    b = s.bomber[G]
    give(s, G, b)
    board(s, {0: [(R, "fx_3_1")]}, targets=["clay_golem"] * 5, sentinel=False)
    s.actor = G
    s._legal = None
    act(s, "place", b, 0)
    resolve_from(s)
    act(s, "acquire")  # R wins A; G's bomber returns to the stock after area A
    assert s.round == 2
    assert s.owner[b] == G, "G acquired nothing again and receives the Bomber again (after_area)"
    assert sum(1 for u in s.owned[G] if s.card(u).role == "bomber") == 1


def test_bomber_end_phase_b_option_e7():
    s = new(4, bomber_return="end_phase_b")
    b = s.bomber[G]
    give(s, G, b)
    board(s, {0: [(R, "fx_3_1")]}, targets=["clay_golem"] * 5, sentinel=False)
    s.actor = G
    s._legal = None
    act(s, "place", b, 0)
    resolve_from(s)
    act(s, "acquire")
    assert s.owner[b] != G, "with end_phase_b the Bomber is still out at the bomber check"


def test_no_second_bomber_while_owning_one_e7():
    s = new(4)
    give(s, G, s.bomber[G])
    _end_round_with(s, {0: [(R, "fx_1_1")]}, targets=["clay_golem"] * 5)
    assert [u for u in s.owned[G] if s.card(u).role == "bomber"] == [s.bomber[G]]


def test_units_and_removed_units_return_home_and_tokens_clear():
    s = new(4)
    made = board(s, {0: [(R, "fx_1_1"), (B, "fx_1_1")]}, targets=["clay_golem"] * 5, sentinel=False)
    s.tokens[made[0][0]] = 1
    remove_unit(s, made[0][1])
    resolve_from(s)
    act(s, "acquire")
    assert s.round == 2 and s.placed == set() and s.removed == [] and s.tokens == {}
    assert all(a == [] for a in s.areas)
    assert made[0][1] in s.owned[B]


def test_territory_income_counts_from_next_round_e19_ac13():
    s = new(4)
    for p in range(4):
        add(s, p, "fx_1_1")
        add(s, p, "fx_1_1")
    rounds.begin_round(s, 4)
    while s.phase.value == "sleeve":
        s.apply(s.legal_actions()[0])
    assert len(s.sleeved[B]) == 4 and len(s.owned[B]) == 6
    fifth = next(u for u in s.owned[B] if s.card(u).type == "unit" and u not in s.sleeved[B])
    assert all(a.args[0] != fifth for a in s.legal_actions() if a.kind == "place")
    board(s, {0: [(B, "fx_1_1")]}, targets=["watchtower"] * 5, coins=[2, 2, 2, 2], sentinel=False)
    resolve_from(s)
    act(s, "acquire")
    assert s.round == 5 and s.sleeves[B] == 5 and s.coins[B] == 3
