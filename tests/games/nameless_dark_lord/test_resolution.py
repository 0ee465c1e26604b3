"""Battle-area resolution: power totals, priority, passing, payment, trash."""

from __future__ import annotations

from sabbat.core import Action
from sabbat.games.nameless_dark_lord import model, rounds
from sabbat.games.nameless_dark_lord.board import cost
from sabbat.games.nameless_dark_lord.model import Phase
from tests.games.nameless_dark_lord.ndl_support import B, G, R, Y, act, add, board, new, resolve_from, to_round_start

NON_TERRITORY = ["skeleton_cursedman", "clay_golem", "goblin_delivery", "goblin_flagbearer", "junk_golem"]


def _unit(s, p, card_id):  # first home unit of that kind
    return next(u for u in s.owned[p] if s.cid[u] == card_id and u not in s.placed)


def battle_example(r_stone: int = 0):
    """AC-1: round 1 of a real game, placements of the p.18 figure, all initial units (P1/U1)."""
    s = new(4)
    s.targets = [add(s, -1, c) for c in NON_TERRITORY]
    s.areas = [[] for _ in s.targets]
    s.outcome = [model.PENDING] * 5
    to_round_start(s)
    s.stones = [r_stone, 0, 0, 0]  # the example ignores seats 3-4's stones
    sw, so, wo = "skeleton_swordman", "goblin_soldier", "wood_golem"
    plan = [(R, sw, 1), (B, sw, 0), (Y, sw, 0), (G, sw, 1),
            (R, so, 3), (B, so, 3), (Y, so, 2), (G, so, 4),
            (R, wo, 3), (B, None, 0), (Y, wo, 2), (G, None, 0), (R, None, 0), (Y, None, 0)]
    for p, cid, x in plan:
        assert s.actor == p
        if cid is None:
            act(s, "pass")
        else:
            act(s, "place", _unit(s, p, cid), x)
    return s


def test_battle_example_base_line_ac1():
    s = battle_example()
    assert [[s.owner[u] for u in a] for a in s.areas] == [[B, Y], [R, G], [Y, Y], [R, B, R], [G]]
    assert s.phase is Phase.ACQUIRE and s.area_i == 0 and s.prio == [B, Y]
    act(s, "acquire")
    assert s.coins[B] == 1
    assert s.prio == [R, G] and s.actor == R
    act(s, "decline")
    assert s.actor == G
    act(s, "acquire")
    assert s.coins[G] == 1
    assert s.prio == [Y]
    act(s, "acquire")  # both of Y's units are paid for: 2 coins
    assert s.coins[Y] == 0
    assert s.prio == [R, B]
    act(s, "acquire")
    assert s.coins[R] == 0
    targets = list(s.targets)
    assert s.actor == G and s.coins[G] == 1
    act(s, "acquire")  # the last area: the round ends, coins refresh for round 2
    assert [s.owner[u] for u in targets] == [B, G, Y, R, G] and s.trash == []
    paid = [e.params for e in s.events if ".event.paid" in e.key]
    assert [p["coins"] for p in paid] == [1, 1, 2, 2, 1]
    assert all(s.owner[s.bomber[p]] != p for p in range(4)), "nobody receives a Bomber"


def test_branch_r_takes_b_then_cannot_pay_d_ac1b():
    s = battle_example()
    act(s, "acquire")  # B takes A
    act(s, "acquire")  # R takes B, coins 1
    assert s.coins[R] == 1
    act(s, "acquire")  # Y takes C
    assert s.area_i == 3 and s.actor == B, "R cannot pay 2 and is skipped"
    act(s, "acquire")
    targets = list(s.targets)
    act(s, "acquire")  # G takes E
    assert [s.owner[u] for u in targets] == [B, R, Y, B, G]


def test_branch_with_magic_stone_ac1c():
    s = battle_example(r_stone=1)
    act(s, "acquire")
    act(s, "acquire")  # R takes B, choosing to pay with a coin
    act(s, "pay", 0)
    act(s, "acquire")  # Y takes C
    assert s.actor == R
    act(s, "acquire")
    # coins 1 + stone 1 is the only way to pay 2: applied at once
    assert s.coins[R] == 0 and s.stones[R] == 0 and s.outcome[3] == R
    act(s, "acquire")
    # next round: coins refresh, stones do not
    assert s.round == 2 and s.coins[R] == 2 and s.stones[R] == 0


def test_everybody_declines_target_goes_to_trash_ac1d():
    s = battle_example()
    act(s, "acquire")
    act(s, "decline")
    act(s, "decline")
    assert s.outcome[1] == -1 and s.targets[1] in s.trash
    assert s.area_i == 2


def test_power_total_and_earliest_unit_tie_break_ac2():
    s = new(4)
    board(s, {0: [(R, "fx_1_1"), (Y, "fx_1_1"), (G, "fx_1_1"), (Y, "fx_1_1"), (R, "fx_1_1")]}, targets=["clay_golem"])
    resolve_from(s)
    assert s.prio == [R, Y, G]
    act(s, "decline")
    act(s, "decline")
    assert s.actor == G, "G may acquire with power 1"


def test_zero_power_still_eligible_ac2():
    s = new(4)
    board(s, {0: [(R, "fx_1_1"), (G, "fx_0_1")]}, targets=["clay_golem"])
    resolve_from(s)
    assert s.prio == [R, G]


def test_same_name_territory_loses_priority_e2():
    s = new(4)
    add(s, R, "watchtower")
    board(s, {0: [(R, "fx_3_1"), (R, "fx_2_1"), (B, "fx_1_1")]}, targets=["watchtower"])
    resolve_from(s)
    assert s.prio == [B]
    act(s, "acquire")
    assert s.coins[B] == 1


def test_same_name_territory_without_others_goes_to_trash_e2():
    s = new(4)
    add(s, R, "watchtower")
    board(s, {0: [(R, "fx_3_1"), (R, "fx_2_1")]}, targets=["watchtower"])
    resolve_from(s)
    assert s.outcome[0] == -1 and s.targets[0] in s.trash


def test_unaffordable_players_are_skipped_to_trash_e5():
    s = new(4)
    board(s, {0: [(R, "fx_2_2"), (B, "fx_1_3")]}, targets=["clay_golem"], coins=[1, 2, 2, 2], stones=[0] * 4)
    resolve_from(s)
    assert s.outcome[0] == -1
    assert s.coins == [1, 2, 2, 2]


def test_payment_covers_every_unit_no_partial_payment():
    s = new(4)
    board(s, {0: [(Y, "fx_1_1"), (Y, "fx_1_1")]}, targets=["clay_golem"], coins=[2, 2, 2, 2], stones=[0] * 4)
    resolve_from(s)
    act(s, "acquire")
    assert s.coins[Y] == 0


def test_stone_choice_is_a_decision_and_stones_are_single_use_e6():
    s = new(4)
    board(s, {0: [(Y, "fx_1_2")], 3: [(Y, "fx_1_1")]}, targets=["clay_golem"] * 5, coins=[2, 2, 2, 2],
          stones=[0, 0, 1, 0])
    resolve_from(s)
    act(s, "acquire")
    assert s.phase is Phase.PAY and {a.args[0] for a in s.legal_actions()} == {0, 1}
    act(s, "pay", 0)
    assert s.coins[Y] == 0 and s.stones[Y] == 1
    act(s, "acquire")  # area D: only the stone can pay
    assert s.stones[Y] == 0 and s.coins[Y] == 0


def test_income_is_capped_at_five_e6():
    s = new(4)
    for cid in ("farming_village", "fishing_village", "watchtower", "desolate_farm"):
        add(s, R, cid)
    rounds.begin_round(s, 2)
    assert s.income[R] == 6 and s.coins[R] == 5 and s.sleeves[R] == 5


def test_removed_unit_no_longer_counts_e12():
    s = new(4)
    board(s, {0: [(R, "fx_1_1"), (B, "fx_1_1")]}, targets=["clay_golem"], coins=[2, 2, 2, 2])
    s.actor = Y
    a = add(s, Y, "fx_spear_1_1")
    s.sleeved[Y].append(a)
    r_unit = s.areas[0][0]
    act(s, "place", a, 0)
    act(s, "target", r_unit)
    assert s.coins[Y] == 1
    assert [s.owner[u] for u in s.areas[0]] == [B, Y]
    resolve_from(s)
    assert s.prio == [B, Y]


def test_tie_break_uses_current_positions_after_compaction_e13():
    s = new(4)
    board(s, {0: [(R, "fx_1_1"), (Y, "fx_1_1"), (R, "fx_1_1"), (Y, "fx_0_1")]}, targets=["clay_golem"],
          coins=[2, 2, 2, 2])
    s.actor = B
    a = add(s, B, "fx_spear_0_1")
    s.sleeved[B].append(a)
    act(s, "place", a, 0)
    act(s, "target", s.areas[0][0])
    resolve_from(s)
    assert s.prio == [Y, R, B]


def test_goblin_king_surcharge_e16():
    s = new(4)
    board(s, {0: [(R, "fx_king_2_1"), (B, "fx_2_1"), (B, "fx_3_1"), (B, "fx_1_1")]}, targets=["clay_golem"],
          coins=[2, 4, 2, 2], stones=[0] * 4)
    resolve_from(s)
    assert cost(s, B, 0) == 5 and cost(s, R, 0) == 1
    assert s.actor == R, "B cannot pay 3 + 2 and is skipped"
    act(s, "acquire")
    assert s.coins[R] == 1


def test_goblin_king_no_surcharge_for_its_owner_e16():
    s = new(4)
    board(s, {0: [(R, "fx_king_2_1"), (R, "fx_2_1")]}, targets=["clay_golem"])
    assert cost(s, R, 0) == 2


def test_flagbearer_wins_ties_ac10():
    s = new(4)
    board(s, {0: [(Y, "fx_2_1"), (R, "fx_flag_1_1"), (R, "fx_1_1")]}, targets=["clay_golem"])
    resolve_from(s)
    assert s.prio == [R, Y]


def test_two_flagbearers_fall_back_to_order_ac10():
    s = new(4)
    board(s, {0: [(Y, "fx_flag_1_1"), (Y, "fx_1_1"), (R, "fx_flag_1_1"), (R, "fx_1_1")]}, targets=["clay_golem"])
    resolve_from(s)
    assert s.prio == [Y, R]


def test_junk_golem_stone_only_for_later_areas_ac14():
    s = new(4)
    board(s, {1: [(R, "fx_2_2")], 3: [(R, "fx_2_2")]},
          targets=["clay_golem", "junk_golem", "clay_golem", "clay_golem", "clay_golem"],
          coins=[3, 2, 2, 2], stones=[0] * 4)
    resolve_from(s)
    act(s, "acquire")
    assert s.coins[R] == 1 and s.stones[R] == 1
    act(s, "acquire")
    assert s.coins[R] == 0 and s.stones[R] == 0 and s.outcome[3] == R


def test_junk_golem_stone_cannot_pay_for_itself_ac14():
    s = new(4)
    board(s, {1: [(R, "fx_2_2")]}, targets=["clay_golem", "junk_golem"], coins=[1, 2, 2, 2], stones=[0] * 4)
    resolve_from(s)
    assert s.outcome[1] == -1 and s.stones[R] == 0


def test_cursedman_gives_curses_up_to_five_per_game_ac11():
    s = new(4)
    gifts = [B, B, Y, G, B, Y]
    for i, q in enumerate(gifts):
        board(s, {0: [(R, "fx_cursed_1_1")]}, targets=["clay_golem"], coins=[2, 2, 2, 2])
        resolve_from(s)
        act(s, "acquire")
        if i < 5:
            assert s.phase is Phase.TRIGGER and Action("curse", (R,)) in s.legal_actions()
            act(s, "curse", q)
        else:
            assert s.phase is not Phase.TRIGGER
    assert s.curses == [0, 3, 1, 1] and s.curses_given == 5
    from sabbat.games.nameless_dark_lord.scoring import ARTIFACTS

    census = add(s, R, "curse_census")
    assert ARTIFACTS["curse_census"](s, R, census) == 5


def test_guardian_gives_own_curse_or_gains_vp_ac12():
    s = new(4)
    s.curses = [0, 0, 2, 0]
    board(s, {0: [(G, "fx_guardian_1_1")], 1: [(Y, "fx_guardian_1_1")]}, targets=["clay_golem", "clay_golem"])
    resolve_from(s)
    act(s, "acquire")
    assert s.phase is Phase.TRIGGER and set(s.legal_actions()) == {Action("vp"), Action("skip")}
    act(s, "vp")
    assert s.throne_vp[G] == 1 and s.income[G] == 2
    act(s, "acquire")
    assert Action("curse", (Y,)) not in s.legal_actions()
    act(s, "curse", R)
    assert s.curses == [1, 0, 1, 0] and s.throne_vp[Y] == 0 and s.curses_given == 0


def test_unaffordable_acquire_is_not_offered():
    s = new(4)
    board(s, {0: [(R, "fx_2_3")]}, targets=["clay_golem"], coins=[2, 2, 2, 2], stones=[0] * 4)
    resolve_from(s)
    assert s.area_i == 1 and s.actor == G, "R was skipped without being asked"
    assert any(e.key.endswith("cannot_pay") for e in s.events)
    assert s.coins[R] == 2
