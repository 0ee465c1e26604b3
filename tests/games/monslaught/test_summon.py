"""Summon phase: paying costs with hand cards, lands and effects; actions (E2, E4, E8, E9, E18)."""

from __future__ import annotations

from sabbat.games.monslaught.model import Phase
from tests.games.monslaught.monslaught_helpers import begin, blank, do, ids, land, legal, play, rejected, to


def test_e18_summon_paid_by_discarding_hand_cards_only() -> None:
    st = blank()
    play(st, 0, "owl")
    begin(st)
    from tests.games.monslaught.monslaught_helpers import hand

    hand(st, 0, "fuyure")
    st._legal = None
    assert not legal(st, "summon", "fuyure")  # play-area cards cannot pay (A6); fuyure cannot pay itself
    hand(st, 0, "vanilla_l", "lantern")
    st._legal = None
    do(st, "summon", "fuyure")
    rejected(st, "pay_hand", "fuyure")
    do(st, "pay_hand", "vanilla_l")
    do(st, "pay_hand", "lantern")
    seat = st.seats[0]
    assert st.phase is Phase.SUMMON and ids(st, seat.discard) == ["lantern", "vanilla_l"]
    assert "fuyure" in ids(st, seat.play)


def test_e18_no_overpaying() -> None:
    from tests.games.monslaught.monslaught_helpers import hand

    st = blank()
    hand(st, 0, "fuyure", "vanilla_l", "vanilla_l", "frog")
    begin(st)
    do(st, "summon", "fuyure")
    do(st, "pay_hand", "vanilla_l")
    do(st, "pay_hand", "vanilla_l")
    assert st.phase is Phase.SUMMON
    assert ids(st, st.seats[0].hand) == ["frog"]


def test_e2_bonfire_three_split_over_summons() -> None:
    from tests.games.monslaught.monslaught_helpers import hand

    st = blank()
    bonfire = land(st, 0, "farm", flipped=True)
    hand(st, 0, "fuyure", "owl", "vanilla_l")
    begin(st)
    do(st, "summon", "fuyure")
    do(st, "pay_land", bonfire)
    do(st, "pay_land", bonfire)
    do(st, "summon", "owl")
    do(st, "pay_land", bonfire)
    assert not legal(st, "summon", "vanilla_l")
    # cleanup: fuyure on the bonfire (3 for an upkeep of 2: the rest is wasted), owl paid by the hand card
    do(st, "end_summon")
    do(st, "end_scout")
    seat = st.seats[0]
    fuyure, owl = seat.play
    do(st, "maintain", fuyure, bonfire)
    assert fuyure in seat.maintained
    assert not legal(st, "maintain", owl, bonfire)
    do(st, "maintain", owl, -1)
    rejected(st, "pay_play", fuyure)
    do(st, "pay_hand", "vanilla_l")
    do(st, "end_upkeep")
    assert seat.play == [fuyure, owl]


def test_e4_occupied_land_cannot_pay_summon_costs() -> None:
    from tests.games.monslaught.monslaught_helpers import hand

    st = blank()
    mountain = land(st, 0, "mountain")
    play(st, 0, "fuyure", land=mountain)
    hand(st, 0, "owl")
    begin(st)
    assert not legal(st, "summon", "owl")


def test_summoned_cards_can_scout_the_same_turn() -> None:
    from tests.games.monslaught.monslaught_helpers import field, hand, scout

    st = blank()
    hand(st, 0, "frog", "owl")
    field(st, "vanilla_l")
    begin(st)
    do(st, "summon", "frog")
    do(st, "pay_hand", "owl")
    do(st, "end_summon")
    scout(st, "scout_card", "vanilla_l", [st.seats[0].play[0]])
    assert ids(st, st.seats[0].discard) == ["owl", "vanilla_l"]


def test_myconid_action_pays_one_and_makes_its_upkeep_zero() -> None:
    from tests.games.monslaught.monslaught_helpers import hand

    st = blank()
    myconid = play(st, 0, "myconid_bed")
    hand(st, 0, "owl")
    begin(st)
    do(st, "use", myconid)
    do(st, "summon", "owl")
    do(st, "pay_credit")
    rejected(st, "use", myconid)
    do(st, "end_summon")
    do(st, "end_scout")
    seat = st.seats[0]
    owl = seat.play[-1]
    do(st, "end_upkeep")
    assert myconid in seat.play and owl not in seat.play and not seat.used


def test_e8_owl_one_shot_refills_to_five() -> None:
    st = blank()
    owl = play(st, 0, "owl")
    from tests.games.monslaught.monslaught_helpers import discard

    discard(st, 0, *(["vanilla_l"] * 6))
    begin(st)
    do(st, "use_oneshot", owl)
    seat = st.seats[0]
    assert owl in seat.discard and owl not in seat.play
    do(st, "end_summon")
    do(st, "end_scout")
    do(st, "end_upkeep")
    for _ in range(5):
        do(st, "take", "vanilla_l")
    rejected(st, "take", "vanilla_l")
    assert len(seat.hand) == 5


def test_e8_owl_used_for_scouting_cannot_fire_its_one_shot() -> None:
    from tests.games.monslaught.monslaught_helpers import field, scout

    st = blank()
    owl, frog = play(st, 0, "owl"), play(st, 0, "frog")
    field(st, "blue_wisp")
    begin(st)
    do(st, "end_summon")
    scout(st, "scout_card", "blue_wisp", [owl, frog])
    rejected(st, "use_oneshot", owl)


def test_e9_no_reuse_after_untap() -> None:
    from tests.games.monslaught.monslaught_helpers import discard, hand

    st = blank()
    child = play(st, 0, "child")
    discard(st, 0, "frog")
    hand(st, 0, "vanilla_l", "vanilla_l")
    begin(st)
    do(st, "use", child)
    do(st, "recover", "frog")
    assert st.phase is Phase.SUMMON
    do(st, "end_summon")
    do(st, "end_scout")
    do(st, "maintain", child, -1)
    do(st, "pay_hand", "vanilla_l")
    do(st, "pay_hand", "vanilla_l")
    seat = st.seats[0]
    assert child in seat.maintained
    rejected(st, "use", child)
    do(st, "end_upkeep")
    assert child not in seat.used
    rejected(st, "use", child)


def test_actions_usable_in_any_phase_of_own_turn() -> None:
    st = blank()
    child = play(st, 0, "child")
    begin(st)
    to(st, Phase.SCOUT)
    assert legal(st, "use", child)
    to(st, Phase.UPKEEP)
    assert legal(st, "use", child)
