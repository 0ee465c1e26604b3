"""Rules pinned by the mutation run (`tools/mutation/`): each test here kills a mutant
that survived the first run, with a hand-built position whose answer is known from the rules, never
recomputed the way the code does."""

from __future__ import annotations

import tempfile
from pathlib import Path

from sabbat.games.monslaught import GAME
from sabbat.games.monslaught.flow import begin_cleanup, next_round
from sabbat.games.monslaught.model import Phase
from sabbat.games.monslaught.state import MonslaughtState
from tests.games.monslaught.monslaught_helpers import (
    FIXTURE,
    begin,
    blank,
    discard,
    do,
    field,
    hand,
    land,
    legal,
    new,
    play,
    to,
)

from .test_boss import declare, fresh_db


def real(n: int = 2):  # type: ignore[no-untyped-def]
    return blank(n, fixture=False)


def test_the_boss_bonus_does_not_help_to_scout_a_field_card() -> None:
    st = real()
    hound = play(st, 0, "hellhound")  # attack 8, +3 only against a boss
    field(st, "banshee")  # scout cost 10
    field(st, "vampire")  # scout cost 9
    begin(st)
    to(st, Phase.SCOUT)
    assert not legal(st, "scout_card", "banshee") and not legal(st, "scout_card", "vampire")
    assert hound in st.seats[0].play


def _weak_fuyure_file() -> str:
    """The test card file with a Fuyure of attack 1 (its group penalty stays 2)."""
    text = Path(FIXTURE).read_text(encoding="utf-8")
    text = text.replace("cost: 2, attack: 5, scout: 4, vp: 1,\n     ability: group_penalty",
                        "cost: 2, attack: 1, scout: 4, vp: 1,\n     ability: group_penalty")
    assert "attack: 1, scout: 4, vp: 1,\n     ability: group_penalty" in text
    path = Path(tempfile.mkdtemp(prefix="monslaught_weak_")) / "cards.yaml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_a_group_attack_never_drops_below_zero() -> None:
    st = GAME.new(2, 0, {"cards": _weak_fuyure_file()})
    assert isinstance(st, MonslaughtState)
    for s in st.seats:  # as `blank`: empty hands, a scout turn of seat 0 in round 2
        st.lower.extend(s.hand + s.offer)
        s.hand, s.offer = [], []
    st.start, st.round, st.active = 0, 2, 0
    fuyure = play(st, 0, "fuyure")  # attack 1, -2 in a group
    bed = play(st, 0, "myconid_bed")  # attack 1
    seat = begin(st, 0)
    to(st, Phase.DECLARE)
    st.order, st.pos = [0, 1], 0
    do(st, "send", fuyure)
    do(st, "send", bed)
    do(st, "declare")
    assert seat.declared == 0


def test_the_four_bosses_come_in_rounds_4_7_10_and_12() -> None:
    for before, boss in ((3, 1), (6, 2), (9, 3), (11, 4)):
        st = blank(3, round_=before)
        next_round(st)
        assert st.round == before + 1 and st.boss_round and st.boss_revealed == boss
        assert st.phase is Phase.SUMMON and st.fog is not None  # the hidden boss summons
        assert [e.params["boss"] for e in st.events if e.key == "monslaught.event.round"][-1] is True
    for before in (1, 4, 7, 10):
        st = blank(3, round_=before)
        next_round(st)
        assert not st.boss_round and st.fog is None, before + 1
        assert [e.params["boss"] for e in st.events if e.key == "monslaught.event.round"][-1] is False


def test_nobody_has_summon_credit_or_a_scout_bonus_during_the_first_draft() -> None:
    st = new(3, 0)
    assert st.round == 1 and st.phase is Phase.DRAFT
    for seat in st.observation(None)["players"]:
        assert seat["credit"] == 0 and seat["scout_bonus"] == 0 and seat["declared"] == -1


def test_a13_a_hidden_boss_round_summon_is_told_to_the_summoner_only() -> None:
    st = blank(3, start=0, round_=3)
    hand(st, 0, "frog", "owl")
    next_round(st)
    start = len(st.events)
    do(st, "summon", "frog")
    do(st, "pay_hand", "owl")
    (event,) = [e for e in st.events[start:] if e.key == "monslaught.event.summon"]
    assert event.audience == frozenset({0}) and "Frog" in event.render("en")
    assert not [e for e in st.events_for(1) if "Frog" in e.render("en")]


def test_a_summon_in_a_scout_round_is_public() -> None:
    st = blank(3, start=0, round_=2)
    hand(st, 0, "frog", "owl")
    begin(st)
    start = len(st.events)
    do(st, "summon", "frog")
    do(st, "pay_hand", "owl")
    (event,) = [e for e in st.events[start:] if e.key == "monslaught.event.summon"]
    assert event.audience is None
    assert st.observation(None)["players"][0]["declared"] == -1  # nothing declared in a scout round


def test_an_upkeep_paid_from_hand_is_logged_and_a_summon_payment_is_not_logged_twice() -> None:
    st = blank(3)
    frog = play(st, 0, "frog", used=True)  # upkeep 1
    hand(st, 0, "vanilla_l", "owl", "big_cat")
    begin(st)
    start = len(st.events)
    do(st, "summon", "owl")  # cost 1, paid with a hand card
    do(st, "pay_hand", "big_cat")
    assert [e.key for e in st.events[start:]] == ["monslaught.event.summon"]
    begin_cleanup(st, 0)
    st._legal = None
    do(st, "maintain", frog, -1)
    start = len(st.events)
    do(st, "pay_hand", "vanilla_l")
    (event,) = [e for e in st.events[start:] if e.key == "monslaught.event.pay_hand"]
    assert "Vanilla L" in event.render("en")


def test_m4_the_next_hidden_summoner_sees_no_payment_left_pending() -> None:
    st = blank(3, start=0, round_=3)
    hand(st, 0, "frog", "owl")
    next_round(st)
    do(st, "summon", "frog")
    do(st, "pay_hand", "owl")
    do(st, "end_summon")
    assert st.active == 1
    pending = st.observation(1)["pending"]
    assert (pending["need"], pending["kind"], pending["arg"], pending["left"]) == (0, "", "", 0)


def test_e14_with_exactly_two_qualifiers_the_second_gets_the_extra_card() -> None:
    st = blank(4, start=0)
    fresh_db(st)
    declare(st, {0: 9, 1: 3, 2: 8, 3: 2}, cost=8)  # seats 0 and 2 reach the boss
    assert st.ranking == [0, 2]
    assert [len(s.offer) for s in st.seats] == [4, 3, 4, 3]


def test_a_summon_may_be_paid_by_a_land_together_with_hand_cards_or_credit() -> None:
    st = real()
    land(st, 0, "farm")  # pays 1
    hand(st, 0, "fuyure", "frog")  # Fuyure costs 2: the Frog and the Farm
    begin(st)
    assert legal(st, "summon", "fuyure")
    st = real()
    land(st, 0, "farm")
    hand(st, 0, "fuyure")  # nothing else in hand: 1 credit and the Farm
    seat = begin(st)
    seat.credit = 1
    st._legal = None
    assert legal(st, "summon", "fuyure")


def test_a_land_can_be_scouted_with_exactly_its_scout_cost() -> None:
    st = real()
    play(st, 0, "werewolf")  # attack 4; a Farm costs 4, a Mountain 5
    begin(st)
    to(st, Phase.SCOUT)
    assert legal(st, "scout_land", "farm") and not legal(st, "scout_land", "mountain")


def test_the_refill_line_names_the_cards_taken_back() -> None:
    st = blank(3)
    discard(st, 0, "frog", "owl", "big_cat", "vanilla_l", "vanilla_m")
    begin(st)
    begin_cleanup(st, 0)
    st._legal = None
    do(st, "end_upkeep")
    do(st, "take", "frog")
    do(st, "take", "owl")
    start = len(st.events)
    do(st, "end_refill")
    (mine,) = [e for e in st.events[start:] if e.key == "monslaught.event.refill"]
    assert mine.audience == frozenset({0}) and mine.params["count"] == 2
    assert [c["en"] for c in mine.params["cards"]] == ["Frog", "Owl"]
    assert not [e for e in st.events[start:] if e.key == "monslaught.event.refill_none"]


def test_the_first_draft_shows_no_effect_pending() -> None:
    st = new(3, 0)
    pending = st.observation(st.active)["pending"]
    assert (pending["card"], pending["need"], pending["kind"], pending["left"]) == (None, 0, "", 0)


def test_the_boss_of_a_round_is_named_only_in_boss_rounds() -> None:
    st = blank(3, round_=3)
    next_round(st)
    assert st.current_boss == st.boss_row[0]
    st = blank(3, round_=4)
    st.boss_revealed = 1  # boss 1 was fought in round 4
    next_round(st)
    assert st.round == 5 and st.current_boss is None


def test_draft_picks_and_hidden_summons_are_secret_choices_and_scouting_is_not() -> None:
    st = new(3, 0)
    assert st.phase is Phase.DRAFT and st.secret_choice()
    st = blank(3, round_=3)
    next_round(st)
    assert st.phase is Phase.SUMMON and st.secret_choice()
    st = blank(3, round_=2)
    begin(st)
    assert not st.secret_choice()


def test_a_flipped_farm_is_called_a_bonfire() -> None:
    st = real()
    farm = land(st, 0, "farm")
    assert st.uname(farm)["en"] == "Farm"
    st.flipped.add(farm)
    assert st.uname(farm) == {"en": "Bonfire", "ja": "焚火"}
    assert st.uname(play(st, 0, "frog"))["en"] == "Frog"


def test_a_recovery_with_nothing_to_take_asks_nothing() -> None:
    st = real()
    cat = play(st, 0, "big_cat")  # take up to 1 card back from the discard pile, which is empty
    begin(st)
    do(st, "use", cat)
    assert st.phase is Phase.SUMMON and st.pend_kind == ""
