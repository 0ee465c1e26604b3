"""Review findings, each named after the rulebook passage it enforces (rules Ver. 1.20)."""

from __future__ import annotations

from sabbat.core import Action
from sabbat.games.monslaught import GAME
from sabbat.games.monslaught.effects import monster_attack
from sabbat.games.monslaught.flow import begin_cleanup
from sabbat.games.monslaught.model import Phase
from sabbat.games.monslaught.state import MonslaughtState
from tests.games.monslaught.monslaught_helpers import begin, blank, discard, do, hand, land, legal, play, rejected


def _refilled_with_child(options: dict[str, str] | None = None) -> MonslaughtState:
    """P1 after upkeep with a ready Child in play, hand empty, 6 monsters in the discard pile."""
    st = blank(3)
    if options:
        st.options.update(options)
    begin(st)
    child = play(st, 0, "child")
    discard(st, 0, "vanilla_m", "vanilla_m", "vanilla_m", "big_cat", "big_cat", "frog")
    bonfire = land(st, 0, "farm", flipped=True)
    begin_cleanup(st, 0)
    st._legal = None
    do(st, "maintain", child, bonfire)
    do(st, "end_upkeep")
    return st


def test_itsudemo_the_childs_action_is_offered_after_a_four_card_refill_by_default() -> None:
    """「自分の手番中であれば、いつでも」: after taking 4 in the refill, the Child of the Old Mansion may
    still take back 「最大3枚まで」 monsters (the default, `refill_hand=uncapped`)."""
    st = _refilled_with_child()
    seat = st.seats[0]
    for c in ("vanilla_m", "vanilla_m", "vanilla_m", "big_cat"):
        do(st, "take", c)
    assert len(seat.hand) == 4
    assert legal(st, "use", seat.play[0])
    do(st, "use", seat.play[0])
    do(st, "recover", "big_cat")
    do(st, "recover", "frog")
    assert len(seat.hand) == 6 and st.phase is Phase.REFILL


def test_refill_hand_capped_an_action_after_the_refill_cannot_pass_the_limit() -> None:
    """`refill_hand=capped` reads 「4枚までカードを選び、自分の手札とします」 as a hand-size target that
    actions respect too: after taking 4, the Child's recovery action is no longer offered."""
    st = _refilled_with_child({"refill_hand": "capped"})
    seat = st.seats[0]
    for c in ("vanilla_m", "vanilla_m", "vanilla_m", "big_cat"):
        do(st, "take", c)
    assert len(seat.hand) == 4
    child = seat.play[0]
    assert not legal(st, "use", child)
    do(st, "end_refill")
    assert len(seat.hand) == 4


def test_refill_hand_capped_an_action_mid_refill_stops_at_the_limit() -> None:
    """Child's 「最大3枚まで」 with 2 cards already taken: it takes 2 more and then closes at 4."""
    st = _refilled_with_child({"refill_hand": "capped"})
    seat = st.seats[0]
    do(st, "take", "vanilla_m")
    do(st, "take", "vanilla_m")
    do(st, "use", seat.play[0])
    do(st, "recover", "big_cat")
    assert st.phase is Phase.EFFECT
    do(st, "recover", "big_cat")
    assert len(seat.hand) == 4 and st.phase is Phase.REFILL  # the third recovery is never offered
    assert not any(a.kind in ("take", "recover") for a in st.legal_actions())


def test_refill_hand_capped_fukurou_5_mai_ni_naru_yo_ni_hojuu_raises_the_limit_for_actions_too() -> None:
    """Owl: 「4枚ではなく5枚になるように補充します」 — with it, an action may fill a fifth card."""
    st = _refilled_with_child({"refill_hand": "capped"})
    seat = st.seats[0]
    seat.owl = True
    for c in ("vanilla_m", "vanilla_m", "vanilla_m", "big_cat"):
        do(st, "take", c)
    do(st, "use", seat.play[0])
    do(st, "recover", "big_cat")
    assert len(seat.hand) == 5 and st.phase is Phase.REFILL


def test_actions_outside_the_refill_have_no_hand_limit() -> None:
    """「手番中であれば、いつでも使用できます」: in the summon phase the Child may fill past 4."""
    st = blank(3)
    seat = begin(st)
    child = play(st, 0, "child")
    discard(st, 0, "big_cat", "big_cat", "frog")
    hand(st, 0, "vanilla_m", "vanilla_m", "vanilla_m", "vanilla_m")
    st._legal = None
    do(st, "use", child)
    for c in ("big_cat", "big_cat", "frog"):
        do(st, "recover", c)
    assert len(seat.hand) == 7


def test_refill_hand_option_is_declared_and_validated() -> None:
    assert GAME.info.options["refill_hand"].default == "uncapped"
    st = GAME.new(2, 0, {"refill_hand": "capped"})
    assert st.options["refill_hand"] == "capped"


def test_land_count_bonus_rounds_down_with_an_odd_number_of_lands() -> None:
    """Gargoyle: +1 per two lands — 1 land gives 0, 3 lands give 1, 5 lands give 2."""
    st = blank(3, fixture=False)
    seat = begin(st)
    gargoyle = play(st, 0, "gargoyle")
    base = st.db.cards["gargoyle"].attack
    expected = {1: 0, 2: 1, 3: 1, 4: 2, 5: 2}
    for n in range(1, 6):
        land(st, 0, "farm")
        assert monster_attack(st, seat, gargoyle) == base + expected[n], n


def test_ijii_cost_land_pays_its_number_only_for_the_monster_on_it() -> None:
    """「畑」「山」「落雷」は「1」、焚火は「3」まで: with three lands, a cost-4 monster on a Farm still owes 3."""
    st = blank(3, fixture=False)
    begin(st)
    farm = land(st, 0, "farm")
    land(st, 0, "farm")
    land(st, 0, "mountain")
    vamp = play(st, 0, "vampire")  # upkeep 4
    hand(st, 0, "frog", "frog", "frog")
    begin_cleanup(st, 0)
    st._legal = None
    do(st, "maintain", vamp, farm)
    assert st.phase is Phase.UPKEEP_PAY and st.pend_need == 3
    assert Action("end_upkeep") not in st.legal_actions()


# 「自分の捨て山にあるカードから4枚までカードを選び、自分の手札とします。」「注意：捨て山が3枚以下の場合、捨て山の
# すべてのカードを手札にします。」 — by default (`refill_hand=uncapped`) the refill gives up to 4 cards of
# its own, whatever the Child of the Old Mansion added to the hand before or during it (ruling M-3).
def _refill_with_child_and(*extra: str) -> MonslaughtState:
    """P1 at the start of the refill: hand empty, a ready Child in play, a discard pile of 3
    monsters (Big Cat, Big Cat, Frog) plus `extra`."""
    st = blank(3)
    begin(st)
    child = play(st, 0, "child")
    discard(st, 0, "big_cat", "big_cat", "frog", *extra)
    bonfire = land(st, 0, "farm", flipped=True)
    begin_cleanup(st, 0)
    st._legal = None
    do(st, "maintain", child, bonfire)
    do(st, "end_upkeep")
    return st


def _child_takes_back_three(st: MonslaughtState) -> None:
    do(st, "use", st.seats[0].play[0])
    for c in ("big_cat", "big_cat", "frog"):
        do(st, "recover", c)


def test_child_before_the_refill_a_pile_of_six_still_gives_four() -> None:
    st = _refill_with_child_and("vanilla_m", "vanilla_m", "vanilla_m", "lantern", "vanilla_l", "vanilla_l")
    _child_takes_back_three(st)
    seat = st.seats[0]
    assert len(seat.hand) == 3 and len(seat.discard) == 6
    for c in ("vanilla_m", "vanilla_m", "lantern", "vanilla_l"):
        do(st, "take", c)
    rejected(st, "take", "vanilla_m")  # a fifth card of the refill's own
    do(st, "end_refill")
    assert len(seat.hand) == 7 and len(seat.discard) == 2


def test_child_before_the_refill_a_pile_of_three_goes_to_the_hand_whole() -> None:
    st = _refill_with_child_and("vanilla_m", "lantern", "vanilla_l")
    _child_takes_back_three(st)
    seat = st.seats[0]
    do(st, "take", "lantern")
    rejected(st, "end_refill")  # no stopping after 1: all 3 are taken
    do(st, "take", "vanilla_m")
    rejected(st, "end_refill")
    do(st, "take", "vanilla_l")
    do(st, "end_refill")
    assert len(seat.hand) == 6 and seat.discard == []


def test_child_after_part_of_the_refill_from_a_pile_of_six_the_refill_still_gives_four() -> None:
    st = _refill_with_child_and("vanilla_m", "vanilla_m", "lantern", "vanilla_l", "vanilla_l", "vanilla_l")
    seat = st.seats[0]
    do(st, "take", "vanilla_m")
    do(st, "take", "lantern")
    _child_takes_back_three(st)
    assert len(seat.hand) == 5
    do(st, "take", "vanilla_m")
    do(st, "take", "vanilla_l")
    rejected(st, "take", "vanilla_l")
    do(st, "end_refill")
    assert len(seat.hand) == 7
    line = next(e for e in reversed(st.events) if e.key == "monslaught.event.refill")
    assert line.params["count"] == 4 and len(line.params["cards"]) == 4  # its own cards, not the Child's


def test_child_after_part_of_the_refill_a_pile_of_three_left_goes_to_the_hand_whole() -> None:
    """A pile of 6 of which the Child takes 3 monsters back leaves 3: the refill takes them all."""
    st = _refill_with_child_and("lantern", "vanilla_m", "vanilla_m")
    seat = st.seats[0]
    do(st, "take", "lantern")
    _child_takes_back_three(st)
    assert len(seat.hand) == 4 and len(seat.discard) == 2
    rejected(st, "end_refill")
    do(st, "take", "vanilla_m")
    do(st, "take", "vanilla_m")
    do(st, "end_refill")
    assert len(seat.hand) == 6 and seat.discard == []
