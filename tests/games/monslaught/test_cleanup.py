"""Cleanup: upkeep payments, lands under monsters, items, refill from the discard pile (W2, E3, E7, E10, E11, E22)."""

from __future__ import annotations

from sabbat.core import Action
from sabbat.games.monslaught.flow import begin_cleanup
from sabbat.games.monslaught.model import Phase
from tests.games.monslaught.monslaught_helpers import (
    begin,
    blank,
    discard,
    do,
    hand,
    ids,
    land,
    legal,
    play,
    rejected,
    to,
)


def cleanup(n: int = 3):  # type: ignore[no-untyped-def]
    st = blank(n)
    begin(st)
    return st


def start_cleanup(st) -> None:  # type: ignore[no-untyped-def]
    begin_cleanup(st, st.active)
    st._legal = None


def test_w2_upkeep_paid_with_a_play_area_card_then_choose_four() -> None:
    st = cleanup()
    frog, owl = play(st, 0, "frog", used=True), play(st, 0, "owl", used=True)
    hand(st, 0, "vanilla_l")
    discard(st, 0, "big_cat", "vanilla_m", "lantern", "child", "fuyure")
    start_cleanup(st)
    do(st, "maintain", frog, -1)
    do(st, "pay_play", owl)
    do(st, "end_upkeep")
    seat = st.seats[0]
    assert seat.play == [frog] and frog not in seat.used and seat.hand == [] and len(seat.discard) == 7
    for c in ("owl", "big_cat", "child", "fuyure"):
        do(st, "take", c)
    rejected(st, "take", "vanilla_m")  # a fifth card
    assert ids(st, seat.discard) == ["lantern", "vanilla_l", "vanilla_m"]
    do(st, "end_refill")


def test_w2_variant_paid_from_hand() -> None:
    st = cleanup()
    frog, owl = play(st, 0, "frog", used=True), play(st, 0, "owl", used=True)
    hand(st, 0, "vanilla_l")
    start_cleanup(st)
    do(st, "maintain", frog, -1)
    do(st, "pay_hand", "vanilla_l")
    assert not legal(st, "maintain", owl, -1)  # nothing left to pay with but the frog itself
    do(st, "end_upkeep")
    assert st.seats[0].play == [frog] and ids(st, st.seats[0].discard) == ["owl", "vanilla_l"]


def test_refill_fewer_than_four_is_legal_from_a_large_pile() -> None:
    st = cleanup()
    discard(st, 0, *(["vanilla_l"] * 6))
    start_cleanup(st)
    do(st, "end_upkeep")
    do(st, "take", "vanilla_l")
    do(st, "take", "vanilla_l")
    do(st, "end_refill")
    assert len(st.seats[0].hand) == 2


def test_e7_pile_of_three_or_fewer_must_be_taken_whole() -> None:
    st = cleanup()
    discard(st, 0, "vanilla_l", "lantern")
    start_cleanup(st)
    do(st, "end_upkeep")
    do(st, "take", "lantern")
    rejected(st, "end_refill")
    do(st, "take", "vanilla_l")
    do(st, "end_refill")
    assert ids(st, st.seats[0].hand) == ["lantern", "vanilla_l"]


def test_e3_land_used_for_summon_also_pays_upkeep() -> None:
    st = cleanup()
    farm = land(st, 0, "farm")
    hand(st, 0, "owl")
    begin(st)
    do(st, "summon", "owl")
    do(st, "pay_land", farm)
    do(st, "end_summon")
    do(st, "end_scout")
    owl = st.seats[0].play[0]
    do(st, "maintain", owl, farm)
    do(st, "end_upkeep")
    seat = st.seats[0]
    assert seat.play == [owl] and seat.on_land == {owl: farm} and owl not in seat.used


def test_e10_items_are_kept_free_and_may_pay_upkeep() -> None:
    st = cleanup()
    lantern = play(st, 0, "lantern", used=False)
    wisp = play(st, 0, "blue_wisp", used=True)
    farm = land(st, 0, "farm")
    start_cleanup(st)
    assert not legal(st, "maintain", lantern, farm)  # items never sit on lands
    assert not legal(st, "maintain", wisp, -1)  # upkeep 2, only the lantern could pay
    do(st, "maintain", wisp, farm)
    assert st.phase is Phase.UPKEEP_PAY
    rejected(st, "end_upkeep")
    do(st, "pay_play", lantern)
    do(st, "end_upkeep")
    assert st.seats[0].play == [wisp] and ids(st, st.seats[0].discard) == ["lantern"]


def test_e10_item_kept_without_payment() -> None:
    st = cleanup()
    lantern = play(st, 0, "lantern", used=True)
    start_cleanup(st)
    do(st, "end_upkeep")
    assert st.seats[0].play == [lantern] and lantern not in st.seats[0].used


def test_e11_discarded_play_cards_need_no_upkeep_and_one_land_per_monster() -> None:
    st = cleanup()
    frog = play(st, 0, "frog", used=True)
    owl = play(st, 0, "owl")
    fuyure = play(st, 0, "fuyure", used=True)
    farm, mountain = land(st, 0, "farm"), land(st, 0, "mountain")
    start_cleanup(st)
    do(st, "maintain", fuyure, farm)
    assert st.phase is Phase.UPKEEP_PAY
    rejected(st, "pay_land", mountain)  # a second land for the same monster
    do(st, "pay_play", frog)
    assert fuyure in st.seats[0].maintained
    assert not legal(st, "maintain", owl, farm)  # the farm is taken
    do(st, "maintain", owl, mountain)
    do(st, "end_upkeep")
    seat = st.seats[0]
    assert seat.play == [owl, fuyure] and seat.on_land == {fuyure: farm, owl: mountain}


def test_e11_pay_with_two_play_cards() -> None:
    st = cleanup()
    frog, owl = play(st, 0, "frog", used=True), play(st, 0, "owl")
    fuyure = play(st, 0, "fuyure", used=True)
    start_cleanup(st)
    do(st, "maintain", fuyure, -1)
    do(st, "pay_play", frog)
    do(st, "pay_play", owl)
    do(st, "end_upkeep")
    assert st.seats[0].play == [fuyure]


def test_unpaid_monsters_and_hand_go_to_discard() -> None:
    st = cleanup()
    play(st, 0, "fuyure", used=True)
    hand(st, 0, "frog")
    start_cleanup(st)
    do(st, "end_upkeep")
    seat = st.seats[0]
    assert seat.play == [] and seat.hand == [] and ids(st, seat.discard) == ["frog", "fuyure"]


def test_monsters_leave_lands_at_cleanup_and_are_placed_again() -> None:
    st = cleanup()
    mountain = land(st, 0, "mountain")
    fuyure = play(st, 0, "fuyure", land=mountain)
    frog = play(st, 0, "frog")
    start_cleanup(st)
    assert st.seats[0].on_land == {}
    do(st, "maintain", frog, mountain)
    assert not legal(st, "maintain", fuyure, mountain)
    assert st.seats[0].on_land == {frog: mountain}


def test_e22_action_in_cleanup_then_capped_refill() -> None:
    """`refill_hand=capped`: the cards the Child took back count toward the refill's limit."""
    st = cleanup()
    st.options["refill_hand"] = "capped"
    child = play(st, 0, "child")
    discard(st, 0, "vanilla_m", "vanilla_m", "vanilla_m", "lantern", "vanilla_l")
    bonfire = land(st, 0, "farm", flipped=True)
    start_cleanup(st)
    do(st, "maintain", child, bonfire)
    do(st, "end_upkeep")
    do(st, "use", child)
    for _ in range(3):
        do(st, "recover", "vanilla_m")
    seat = st.seats[0]
    assert len(seat.hand) == 3 and st.phase is Phase.REFILL
    rejected(st, "end_refill")  # 2 cards left: take-all applies, capped at 4 - 3 = 1
    do(st, "take", "lantern")
    assert Action("take", ("vanilla_l",)) not in st.legal_actions()
    do(st, "end_refill")
    assert len(seat.hand) == 4


def test_turn_passes_clockwise_and_marker_advances_after_last_player() -> None:
    from tests.games.monslaught.monslaught_helpers import pass_turn

    st = blank(3, start=1)
    begin(st)
    to(st, Phase.SUMMON)
    seen = []
    for _ in range(3):
        seen.append(st.active)
        pass_turn(st)
    assert seen == [1, 2, 0] and st.round == 3 and st.active == 1


def test_e7_at_most_four_from_a_pile_of_six() -> None:
    st = cleanup()
    discard(st, 0, *(["vanilla_l"] * 6))
    start_cleanup(st)
    do(st, "end_upkeep")
    for _ in range(4):
        do(st, "take", "vanilla_l")
    rejected(st, "take", "vanilla_l")
    do(st, "end_refill")


def test_e8_pile_of_four_may_be_taken_whole_or_partly() -> None:
    st = cleanup()
    discard(st, 0, *(["vanilla_l"] * 4))
    start_cleanup(st)
    do(st, "end_upkeep")
    assert legal(st, "end_refill")  # the forced take-all is for 3 or fewer
    do(st, "take", "vanilla_l")
    do(st, "end_refill")
    assert len(st.seats[0].hand) == 1


def test_e8_two_owls_still_limit_five() -> None:
    st = cleanup()
    owls = [play(st, 0, "owl"), play(st, 0, "owl")]
    discard(st, 0, *(["vanilla_l"] * 7))
    start_cleanup(st)
    for owl in owls:
        do(st, "use_oneshot", owl)
    do(st, "end_upkeep")
    for _ in range(5):
        do(st, "take", "vanilla_l")
    rejected(st, "take", "vanilla_l")


def test_a_monster_whose_upkeep_cannot_be_paid_is_named_with_the_reason() -> None:
    """No `maintain` is offered for it: the mover's notes say why, in both languages."""
    st = cleanup()
    owl = play(st, 0, "owl", used=True)
    start_cleanup(st)
    cost = st.db.cards["owl"].cost
    assert not legal(st, "maintain", owl, -1)
    en, ja = st.notes("en"), st.notes("ja")
    name = st.db.name("owl")
    assert len(en) == len(ja) == 1
    assert name["en"] in en[0] and f"upkeep is {cost}" in en[0] and "at most 0" in en[0] and "discard pile" in en[0]
    assert name["ja"] in ja[0] and f"維持コストは{cost}" in ja[0]


def test_a_monster_that_can_be_kept_has_no_note() -> None:
    st = cleanup()
    owl = play(st, 0, "owl", used=True)
    hand(st, 0, "vanilla_l")
    start_cleanup(st)
    assert legal(st, "maintain", owl, -1)
    assert st.notes("en") == []


def test_no_notes_outside_the_upkeep() -> None:
    st = cleanup()
    play(st, 0, "owl", used=True)
    assert st.notes("en") == []
