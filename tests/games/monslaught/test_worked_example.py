"""Worked example W3: the rulebook's play example, rounds 1-4, replayed with the fixture cards."""

from __future__ import annotations

from sabbat.core import Action
from sabbat.games.monslaught.model import Phase
from sabbat.games.monslaught.scoring import points
from tests.games.monslaught.monslaught_helpers import do, ids, new, pass_cleanup, pass_turn, rejected, scout


def rig_offers(st, offers: dict[int, list[str]]) -> None:  # type: ignore[no-untyped-def]
    """Replace the dealt offers by the named cards (taken from the same deck / box)."""
    pool = st.box + st.lower + st.middle + [u for s in st.seats for u in s.offer]
    for seat in st.seats:
        seat.offer = []
    for p, cards in offers.items():
        for c in cards:
            u = next(u for u in pool if st.ids[u] == c)
            pool.remove(u)
            st.seats[p].offer.append(u)
    tier = st.db.cards[st.ids[st.seats[0].offer[0]]].tier.value
    st.box = [u for u in pool if st.db.cards[st.ids[u]].tier.value == "lower"] if tier == "lower" else st.box
    if tier == "middle":
        st.middle = [u for u in pool if st.db.cards[st.ids[u]].tier.value == "middle"]
    st._legal = None


def test_play_example_rounds_1_to_4() -> None:
    st = new(3, seed=5, start=0)
    st.boss_row[0] = "boss_1"
    st.order, st.active = [0, 1, 2], 0
    rig_offers(st, {0: ["fuyure", "myconid_bed", "blue_wisp"], 1: ["vanilla_l"] * 4, 2: ["vanilla_l"] * 4})
    assert len(st.box) == 3 + 0  # three lower cards back to the box
    # ---- round 1: initial preparation
    do(st, "pick", "fuyure")
    do(st, "pick", "vanilla_l")
    do(st, "pick", "vanilla_l")
    p1 = st.seats[0]
    assert ids(st, p1.hand) == ["big_cat", "frog", "fuyure", "owl"]
    assert ids(st, st.field) == sorted(["myconid_bed", "blue_wisp"] + ["vanilla_l"] * 6)
    assert st.round == 2 and st.active == 0 and st.phase is Phase.SUMMON
    # ---- round 2
    do(st, "summon", "owl")
    do(st, "pay_hand", "fuyure")
    do(st, "summon", "frog")
    do(st, "pay_hand", "big_cat")
    owl, frog = p1.play
    do(st, "end_summon")
    scout(st, "scout_card", "myconid_bed", [owl, frog])
    do(st, "end_scout")
    do(st, "maintain", frog, -1)
    do(st, "pay_play", owl)
    do(st, "end_upkeep")
    assert ids(st, p1.discard) == ["big_cat", "fuyure", "myconid_bed", "owl"]
    for c in ["fuyure", "big_cat", "myconid_bed", "owl"]:
        do(st, "take", c)
    do(st, "end_refill")
    assert p1.play == [frog] and not p1.used and p1.discard == []
    assert "myconid_bed" not in ids(st, st.field)
    pass_turn(st)
    pass_turn(st)
    assert [len(s.hand) for s in st.seats] == [4, 4, 4]
    assert st.round == 3
    # ---- round 3
    do(st, "summon", "myconid_bed")
    do(st, "pay_hand", "owl")
    myconid = p1.play[-1]
    do(st, "use", myconid)
    do(st, "summon", "fuyure")
    do(st, "pay_credit")
    do(st, "pay_hand", "big_cat")
    fuyure = p1.play[-1]
    do(st, "end_summon")
    scout(st, "scout_land", "mountain", [fuyure])
    mountain = p1.lands[0]
    assert st.ids[mountain] == "mountain" and frog not in p1.used
    do(st, "end_scout")
    rejected(st, "scout_card", "blue_wisp")  # the scout phase is over
    do(st, "maintain", fuyure, mountain)
    do(st, "pay_play", frog)
    do(st, "end_upkeep")
    assert Action("end_refill") not in st.legal_actions()  # 3 cards: take them all
    for c in ["owl", "big_cat", "frog"]:
        do(st, "take", c)
    do(st, "end_refill")
    assert p1.play == [myconid, fuyure] and p1.on_land == {fuyure: mountain} and not p1.used
    assert ids(st, p1.hand) == ["big_cat", "frog", "owl"] and p1.discard == []
    assert len(st.mountain_stack) == 7
    pass_turn(st)
    pass_turn(st)
    # ---- round 4: boss round
    assert st.round == 4 and st.current_boss == "boss_1"
    trial = st.clone()
    do(trial, "summon", "owl")
    rejected(trial, "pay_land", mountain)  # occupied by Fuyure
    do(st, "summon", "frog")
    do(st, "pay_hand", "big_cat")
    frog = p1.play[-1]
    do(st, "use", myconid)
    do(st, "summon", "owl")
    do(st, "pay_credit")
    owl = p1.play[-1]
    assert p1.hand == []
    do(st, "end_summon")
    do(st, "end_summon")
    do(st, "end_summon")
    assert st.phase is Phase.DECLARE and st.active == 0
    rejected(st, "scout_card", "blue_wisp")
    rejected(st, "scout_land", "farm")
    for m in (fuyure, owl, frog):
        do(st, "send", m)
    do(st, "declare")
    assert p1.declared == 9  # (5+1) + 2 + 3 - 2
    do(st, "declare")
    do(st, "declare")
    assert p1.bosses == ["boss_1"] and st.phase is Phase.DRAFT
    assert [len(s.offer) for s in st.seats] == [4, 3, 3]
    rig_offers(st, {0: ["fallen_angel", "vanilla_m", "vanilla_m", "vanilla_m"], 1: ["vanilla_m"] * 3,
                    2: ["vanilla_m"] * 3})
    do(st, "pick", "fallen_angel")
    do(st, "pick", "vanilla_m")
    do(st, "pick", "vanilla_m")
    assert st.start == 1 and st.active == 1 and st.phase is Phase.UPKEEP
    pass_cleanup(st)
    pass_cleanup(st)
    do(st, "maintain", frog, mountain)
    do(st, "maintain", owl, -1)
    do(st, "pay_play", fuyure)
    do(st, "end_upkeep")
    for c in ["big_cat", "fallen_angel", "fuyure"]:
        do(st, "take", c)
    do(st, "end_refill")
    assert p1.play == [myconid, frog, owl] and p1.on_land == {frog: mountain} and not p1.used
    assert ids(st, p1.hand) == ["big_cat", "fallen_angel", "fuyure"] and p1.discard == []
    assert st.round == 5 and st.start == 1 and st.active == 1
    field = ids(st, st.field)
    assert field == sorted(["blue_wisp"] + ["vanilla_l"] * 6 + ["vanilla_m"] * 7)
    assert len(st.middle) == 20
    assert points(st, 0) == 16
