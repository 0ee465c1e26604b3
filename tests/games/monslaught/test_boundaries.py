"""Boundary positions that pin rules code the mutation run found unguarded: payments and
bonuses that add up, limits taken exactly, the boss bonus in a declaration, penalties that return
the right land, and the points of a flipped land."""

from __future__ import annotations

from sabbat.games.monslaught.effects import monster_attack
from sabbat.games.monslaught.model import Phase
from sabbat.games.monslaught.scoring import points
from tests.games.monslaught.monslaught_helpers import begin, blank, discard, do, field, hand, ids, land, legal, play, to


def real(n: int = 2):  # type: ignore[no-untyped-def]
    return blank(n, fixture=False)


def test_two_summon_payments_add_up_and_each_pay_credit_spends_one() -> None:
    st = real()
    beds = [play(st, 0, "myconid_bed"), play(st, 0, "myconid_bed")]
    tome = play(st, 0, "witch_broom")
    hand(st, 0, "vampire")  # cost 4
    seat = begin(st)
    for b in beds:
        do(st, "use", b)
    assert seat.credit == 2 and seat.zero_upkeep == set(beds) and seat.acted >= set(beds)
    do(st, "use_oneshot", tome)  # +2
    assert seat.credit == 4 and tome in seat.acted and tome in seat.discard
    do(st, "summon", "vampire")
    do(st, "pay_credit")
    assert seat.credit == 3
    for _ in range(3):
        do(st, "pay_credit")
    assert seat.credit == 0 and "vampire" in ids(st, seat.play)


def test_two_scout_bonuses_add_up() -> None:
    st = real()
    wisps = [play(st, 0, "will_o_wisp"), play(st, 0, "will_o_wisp")]
    seat = begin(st)
    for w in wisps:
        do(st, "use_oneshot", w)
    assert seat.scout_bonus == 6


def test_two_boosts_on_one_monster_add_up_and_close_the_effect() -> None:
    st = real()
    drums = [play(st, 0, "skeleton"), play(st, 0, "skeleton")]
    frog = play(st, 0, "frog")
    seat = begin(st)
    for d in drums:
        do(st, "use", d)
        do(st, "target", frog)
        assert st.phase is Phase.SUMMON and st.pend_kind == "" and st.pend_card == -1 and st.pend_left == 0
    assert seat.boost[frog] == 4 and monster_attack(st, seat, frog) == 3 + 4


def test_take_field_reaches_a_card_whose_scout_cost_equals_the_value() -> None:
    st = real()
    banshee = play(st, 0, "banshee")  # take a Field card with scout cost 7 or less
    field(st, "ghost_knight")  # scout cost 7
    begin(st)
    assert legal(st, "use_oneshot", banshee)
    do(st, "use_oneshot", banshee)
    do(st, "take_field", "ghost_knight")
    assert "ghost_knight" in ids(st, st.seats[0].discard) and "ghost_knight" in st.acquired[0]


def test_take_land_works_with_only_one_stack_left() -> None:
    st = real()
    digger = play(st, 0, "gnome_digger")
    st.box.extend(st.farm_stack)
    st.farm_stack = []
    begin(st)
    assert legal(st, "use_oneshot", digger)
    do(st, "use_oneshot", digger)
    do(st, "take_land", "mountain")
    seat = st.seats[0]
    assert len(seat.lands) == 1 and st.acquired[0] == ["mountain"] and seat.budget[seat.lands[0]] == 1


def test_a_declaration_counts_the_boss_bonus_and_spends_the_scout_bonus() -> None:
    st = real()
    hound = play(st, 0, "hellhound")  # attack 8, +3 against a boss
    seat = begin(st)
    seat.scout_bonus = 2
    to(st, Phase.DECLARE)
    st.order, st.pos, st.active = [0, 1], 0, 0
    do(st, "send", hound)
    do(st, "declare")
    assert seat.declared == 8 + 3 + 2 and seat.scout_bonus == 0 and hound in seat.acted


def test_losing_a_mountain_returns_it_to_the_mountain_stack_and_forgets_its_budget() -> None:
    st = real()
    mountain = land(st, 0, "mountain")
    frog = play(st, 0, "frog", land=mountain)
    seat = begin(st)
    st.pend_kind, st.pend_left, st.phase = "lose_land", 1, Phase.PENALTY
    st.round = 12
    before = len(st.mountain_stack)
    do(st, "penalty_land", mountain)
    assert st.mountain_stack[-1] == mountain and len(st.mountain_stack) == before + 1
    assert mountain not in seat.budget and frog not in seat.on_land


def test_a_flipped_land_scores_its_back() -> None:
    st = real()
    before = points(st, 0)
    farm = land(st, 0, "farm")
    assert points(st, 0) == before + 1
    st.flipped.add(farm)
    assert points(st, 0) == before + 2


def test_recovering_stops_after_the_action_value() -> None:
    st = real()
    cat = play(st, 0, "big_cat")  # take up to 1 card
    discard(st, 0, "frog", "owl")
    begin(st)
    do(st, "use", cat)
    assert st.pend_left == 1 and st.pend_card == cat
    do(st, "recover", "frog")
    assert st.phase is Phase.SUMMON and ids(st, st.seats[0].hand) == ["frog"]
