"""Step 1 (the active horde and the reroll loop), steps 2-3 (gathering, scouts), turn order."""

from __future__ import annotations

from sabbat.core import Action
from sabbat.games.bellum_magica.constants import Phase
from tests.games.bellum_magica.bellum_helpers import act, blank, give_creature, kinds, set_stack, start_day


def test_w1_active_row_selects_the_same_row_on_every_castle() -> None:
    s = blank(2, cap=0)
    s.boards[0] = "tb_w1"
    give_creature(s, 0, "ga", "L")
    give_creature(s, 0, "gb", "R")
    give_creature(s, 1, "gc", "L")
    give_creature(s, 1, "gd", "R")
    set_stack(s, "metal", [4])
    start_day(s, [2])
    # nobody has a barrel or a spell: both passes are automatic (E5), the day moves on
    assert s.die == 2
    assert (s.food[0], s.glyph[0]) == (1, 1)  # row-3 food ignored
    assert (s.food[1], s.glyph[1]) == (0, 0)
    assert len(s.chests[0]) == 0 and s.chest_counts(1) == [0, 1, 0]  # P1 had the only map
    assert s.attack(0, 2) == (2, 0, 1)
    assert s.attack(1, 2) == (0, 0, 0)


def test_e2_reroll_loop_restarts_at_the_captain_after_every_reroll() -> None:
    s = blank(3, cap=1)
    s.barrels[2] = 1
    s.barrels[0] = 1
    s.conf_up[1] = 1
    start_day(s, [4, 6, 1, 3])
    asked = []
    # spec order: P1 Pass, P2 BuyRound, P1 Pass, P2 Pass, P0 BuyRound, P1 Confusion, P1/P2/P0 Pass.
    # Players whose only option is Pass are passed automatically (E5 allows it), so P2's second
    # pass (no barrel left) and the three final passes need no prompt.
    for who, answer in [(1, "pass_roll"), (2, "buy_round"), (1, "pass_roll"), (0, "buy_round"), (1, "confusion")]:
        asked.append(s.current_player)
        assert s.current_player == who
        assert s.phase is Phase.ROLL
        act(s, answer)
    assert s.die == 3
    assert s.barrels[0] == s.barrels[2] == 0
    assert (s.conf_up[1], s.conf_down[1]) == (0, 1)
    assert s.phase is not Phase.ROLL
    assert asked == [1, 2, 1, 0, 1]
    assert s.rolls == 4


def test_e2_players_without_options_are_asked_when_they_hold_a_barrel() -> None:
    s = blank(3, cap=1)
    s.barrels = [1, 0, 1]
    start_day(s, [4, 6])
    assert s.current_player == 2  # the captain has no option and passes automatically
    act(s, "pass_roll")
    assert s.current_player == 0
    act(s, "buy_round")
    assert s.die == 6 and s.current_player == 2  # restart from the captain, skipping those without options


def test_e3_confusion_is_captain_only() -> None:
    s = blank(2, cap=0)
    s.conf_up[1] = 1
    s.barrels[0] = 1
    start_day(s, [5])
    s.turn = 1  # P1 asked (the engine would pass him automatically: his only option is Pass)
    s._legal = None
    assert s.current_player == 1
    assert s.legal_actions() == (Action("pass_roll"),)
    s.barrels[1] = 1
    s._legal = None
    assert "confusion" not in kinds(s) and "buy_round" in kinds(s)


def test_e4_confusion_spell_recovers_on_the_owners_next_captaincy() -> None:
    s = blank(2, cap=0)
    s.conf_up[0] = 1
    start_day(s, [1, 2])
    act(s, "confusion")
    assert (s.conf_up[0], s.conf_down[0]) == (0, 1) and s.die == 2
    # day 2: P1 is captain; P0's token stays face down
    s.phase = Phase.RECRUIT
    s.turn = 2
    from sabbat.games.bellum_magica import flow
    flow._end_day(s)
    assert s.captain == 1 and (s.conf_up[0], s.conf_down[0]) == (0, 1)
    s.phase = Phase.RECRUIT
    flow._end_day(s)
    s._legal = None
    # day 3: P0 captain again, token face up and Confusion legal when asked
    assert s.captain == 0 and (s.conf_up[0], s.conf_down[0]) == (1, 0)
    assert s.current_player == 0 and "confusion" in kinds(s)


def test_e5_loop_without_barrels_or_spells_ends_at_once() -> None:
    s = blank(3, cap=2)
    start_day(s, [4])
    assert s.die == 4 and s.phase is not Phase.ROLL
    assert s.rolls == 1


def test_e6_scouting_tie_gives_each_tied_player_a_wooden_chest() -> None:
    s = blank(3, cap=0)
    s.boards = ["tb", "tb", "tb"]
    for p, maps in ((0, 3), (1, 3), (2, 1)):
        for _ in range(maps):
            give_creature(s, p, "gc", "L")  # one map on row 2
    set_stack(s, "wood", [1, 2])
    metal_before = len(s.stacks[1])
    start_day(s, [2])
    assert s.chest_counts(0) == [1, 0, 0] and s.chest_counts(1) == [1, 0, 0]
    assert s.chest_counts(2) == [0, 0, 0]
    assert len(s.stacks[1]) == metal_before
    assert s.total_value(0) == 1 and s.total_value(1) == 2  # turn order draws first


def test_e7_scouting_single_winner_gets_metal_and_nobody_without_maps() -> None:
    s = blank(2, cap=0)
    give_creature(s, 0, "gc", "L")
    give_creature(s, 0, "gc", "L")
    give_creature(s, 1, "gc", "L")
    start_day(s, [2])
    assert s.chest_counts(0) == [0, 1, 0] and s.chest_counts(1) == [0, 0, 0]
    t = blank(2, cap=0)
    start_day(t, [2])
    assert t.chests == [[], []]


def test_e23_turn_order_and_captain_rotation() -> None:
    s = blank(3, cap=0)
    for p in range(3):
        s.food[p] = 2
    start_day(s, [1])
    assert s.phase is Phase.ATTACK or s.phase is Phase.RECRUIT
    # tavern in the fixture has 0 shields, so everyone may attack: order P0, P1, P2
    order = []
    while s.phase is Phase.ATTACK:
        order.append(s.current_player)
        act(s, "no_attack")
    assert order == [0, 1, 2]
    rec = []
    while s.phase is Phase.RECRUIT and s.day == 1:
        rec.append(s.current_player)
        act(s, "done_recruiting")
    assert rec == [0, 1, 2]
    assert s.captain == 1 and s.day == 2
    s.barrels = [1, 1, 1]
    start_day(s, [5])
    assert s.current_player == 1
    act(s, "pass_roll")
    assert s.current_player == 2
    act(s, "pass_roll")
    act(s, "pass_roll")
    order = []
    while s.phase is Phase.ATTACK:
        order.append(s.current_player)
        act(s, "no_attack")
    assert order == [1, 2, 0]


def test_e24_empty_chest_stack_gives_nothing() -> None:
    s = blank(2, cap=0)
    give_creature(s, 0, "gc", "L")
    s.stacks[1] = []
    start_day(s, [2])
    assert s.chests[0] == [] and s.phase is Phase.ATTACK
    assert any(e.key.endswith("stack_empty") for e in s.events)


def test_resources_stay_in_the_stock_between_days() -> None:
    s = blank(2, cap=0)
    s.boards[0] = "tb_w1"
    start_day(s, [2])
    assert s.food[0] == 1
    while s.day == 1:
        act(s, s.legal_actions()[0].kind) if s.legal_actions()[0].kind != "recruit" else act(s, "done_recruiting")
    start_day(s, [3])
    assert s.food[0] >= 3  # 1 kept + 2 from row 3
