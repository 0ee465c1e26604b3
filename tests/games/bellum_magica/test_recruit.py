"""Step 5: recruiting creatures one at a time, costs, payment options, sides, bonus tokens, refill."""

from __future__ import annotations

from sabbat.core import Action
from sabbat.games.bellum_magica.constants import Phase
from tests.games.bellum_magica.bellum_helpers import act, blank, give_creature, kinds, to_attack, to_recruit


def recruit_position(food: list[int], glyph: list[int]) -> object:
    s = blank(len(food), cap=0)
    s.food = list(food)
    s.glyph = list(glyph)
    s.cdisplay = {"evil": ["e1", "e2"], "most_evil": ["m1", "m2"]}
    s.cdeck = {"evil": ["e4", "e3"], "most_evil": ["m6", "m5", "m4", "m3"]}
    return s


def test_e20_evil_costs_two_food_and_glyphs_cannot_pay_it() -> None:
    s = recruit_position([3, 0], [0, 3])
    to_recruit(s)
    assert {a.args[0] for a in s.legal_actions() if a.kind == "recruit"} == {"evil"}
    act(s, "recruit", "evil", 0)
    assert s.phase is Phase.PLACE
    act(s, "place_creature", "L")
    assert s.food[0] == 1 and s.left[0] == ["e1"]
    assert s.current_player == 1  # P0 can afford nothing more; P1 (3 glyphs) may recruit most evil only
    assert {a.args[0] for a in s.legal_actions() if a.kind == "recruit"} == {"most_evil"}


def test_e20_most_evil_costs_glyph_and_four_food_or_three_glyphs() -> None:
    s = recruit_position([4, 0, 4, 4, 0], [1, 3, 2, 3, 0])
    for p, options, after in ((0, ["glyph_food"], (0, 0)), (1, ["glyphs"], (0, 0)), (2, ["glyph_food"], (0, 1)),
                              (3, ["glyph_food", "glyphs"], None)):
        to_recruit(s, turn=p)
        assert Action("recruit", ("most_evil", 0)) in s.legal_actions()
        act(s, "recruit", "most_evil", 0)
        if after is None:
            assert s.phase is Phase.PAY
            assert [a.args[0] for a in s.legal_actions()] == options
            act(s, "pay", "glyphs")
            assert (s.food[p], s.glyph[p]) == (4, 0)
        else:
            assert s.phase is Phase.PLACE
            assert (s.food[p], s.glyph[p]) == after
        act(s, "place_creature", "R")
    to_recruit(s, turn=4)
    assert "recruit" not in kinds(s)


def test_e21_display_refills_at_once_and_the_new_card_can_be_recruited() -> None:
    s = recruit_position([4, 0], [0, 0])
    to_recruit(s)
    act(s, "recruit", "evil", 0)
    act(s, "place_creature", "L")
    assert s.cdisplay["evil"] == ["e3", "e2"]
    assert s.current_player == 0 and Action("recruit", ("evil", 0)) in s.legal_actions()
    act(s, "recruit", "evil", 0)
    act(s, "place_creature", "R")
    assert s.cdisplay["evil"] == ["e4", "e2"]
    assert s.left[0] == ["e1"] and s.right[0] == ["e3"]


def test_empty_creature_deck_leaves_the_slot_empty() -> None:
    s = recruit_position([6, 0], [0, 0])
    s.cdeck["evil"] = []
    to_recruit(s)
    act(s, "recruit", "evil", 0)
    act(s, "place_creature", "L")
    assert s.cdisplay["evil"] == ["", "e2"]
    assert Action("recruit", ("evil", 0)) not in s.legal_actions()


def test_e22_bonus_tokens_and_the_side_that_counts() -> None:
    s = recruit_position([2, 0], [0, 0])
    s.cdisplay["evil"] = ["cx", "e2"]
    to_recruit(s)
    act(s, "recruit", "evil", 0)
    act(s, "place_creature", "R")
    assert s.defence(0) == (3, 0)
    assert s.production(0, 4) == (0, 0, 0) and s.attack(0, 4) == (2, 0, 0)
    t = blank(2)
    give_creature(t, 0, "cx", "L")
    assert t.production(0, 4) == (2, 0, 0) and t.attack(0, 4) == (0, 0, 0)


def test_confusion_and_magic_shield_bonus_tokens() -> None:
    s = recruit_position([0, 0], [3, 0])
    s.cdisplay["most_evil"] = ["mc", "m2"]
    to_recruit(s)
    act(s, "recruit", "most_evil", 0)
    act(s, "place_creature", "L")
    assert s.conf_up[0] == 1 and s.defence(0) == (2, 1)


def test_done_recruiting_passes_to_the_next_player_in_turn_order() -> None:
    s = recruit_position([2, 2], [0, 0])
    to_recruit(s)
    act(s, "done_recruiting")
    assert s.current_player == 1 and s.phase is Phase.RECRUIT


def test_e20_most_evil_3_food_with_1_or_2_glyphs_is_not_enough() -> None:
    """「グリフ1個+食料4個またはグリフ3個」: three food never stands in for four."""
    for glyphs in (1, 2):
        s = recruit_position([3, 0], [glyphs, 0])
        to_recruit(s)
        recruitable = {a.args[0] for a in s.legal_actions() if a.kind == "recruit"}
        assert recruitable == {"evil"}, glyphs  # 3 food buys an evil creature, never a most evil one
    s = recruit_position([3, 0], [3, 0])
    to_recruit(s)
    act(s, "recruit", "most_evil", 0)  # only the 3-glyph payment: taken at once, food untouched
    assert s.phase is Phase.PLACE and (s.food[0], s.glyph[0]) == (3, 0)
    s = recruit_position([4, 0], [1, 0])
    to_recruit(s)
    act(s, "recruit", "most_evil", 1)
    assert (s.food[0], s.glyph[0]) == (0, 0)


def test_e20_payment_boundaries() -> None:
    from sabbat.games.bellum_magica.constants import affordable_options, cost_of

    assert affordable_options(1, 9, "evil") == [] and affordable_options(2, 0, "evil") == ["evil"]
    assert affordable_options(3, 2, "most_evil") == [] and affordable_options(4, 0, "most_evil") == []
    assert affordable_options(4, 1, "most_evil") == ["glyph_food"]
    assert affordable_options(0, 3, "most_evil") == ["glyphs"]
    assert affordable_options(4, 3, "most_evil") == ["glyph_food", "glyphs"]
    assert (cost_of("evil"), cost_of("glyph_food"), cost_of("glyphs")) == ((2, 0), (4, 1), (0, 3))


def test_summary_offers_each_seat_only_the_face_up_creatures_it_could_pay_for() -> None:
    """Take rates count a seat as offered a creature only on a day it could have recruited it."""
    s = recruit_position([3, 0], [0, 3])
    to_attack(s, row=1)
    act(s, "no_attack")
    act(s, "no_attack")  # on to recruiting, P0 first
    assert s.current_player == 0
    act(s, "recruit", "evil", 0)
    act(s, "place_creature", "L")  # e3 refills the slot, but P0 (1 food left) can no longer pay
    assert s.current_player == 1  # 3 glyphs: the most-evil creatures only
    summary = s.summary()
    assert summary["offered"] == [["e1", "e2"], ["m1", "m2"]]
    assert summary["acquired"] == [["e1"], []]


def test_every_recruited_creature_was_offered_to_its_recruiter() -> None:
    """A creature is recruited only at a decision where it was face up and affordable: always offered."""
    from sabbat.core import Rng
    from sabbat.games.bellum_magica import GAME

    for n in (2, 5):
        s = GAME.new(n, 11)
        r = Rng(n)
        while not s.is_terminal():
            s.apply(r.choice(s.legal_actions()))
        summary = s.summary()
        assert any(summary["acquired"])
        for took, offered in zip(summary["acquired"], summary["offered"], strict=True):
            assert set(took) <= set(offered)
