"""Boss rounds: fogged summons, declarations in order, ranking and ties, rewards, penalties, game end (E13-E17, E20, E21)."""

from __future__ import annotations

import json

from sabbat.core import Action
from sabbat.games.monslaught.flow import next_round, reward
from sabbat.games.monslaught.model import Phase
from tests.games.monslaught.monslaught_helpers import blank, do, hand, ids, pass_turn, play, rejected


def declare(st, values: dict[int, int], cost: int, round_: int = 4) -> None:  # type: ignore[no-untyped-def]
    """Jump to the reward phase of a boss with scout cost `cost` after these declarations."""
    from sabbat.games.monslaught.cards import BossCard

    boss = BossCard(id="boss_x", name={"en": "X", "ja": "X"}, number=1, scout=cost, provenance={"default": "reconstructed"})
    st.db.bosses["boss_x"] = boss
    st.round = round_
    st.boss_revealed = {4: 1, 7: 2, 10: 3, 12: 4}[round_]
    st.boss_row[st.boss_revealed - 1] = "boss_x"
    for p, v in values.items():
        st.seats[p].declared = v
    reward(st)
    st._legal = None


def finish_draft(st) -> None:  # type: ignore[no-untyped-def]
    while st.phase is Phase.DRAFT:
        do(st, "pick", st.ids[st.seats[st.active].offer[0]])


def fresh_db(st) -> None:  # type: ignore[no-untyped-def]
    from sabbat.games.monslaught.cards import CardDB

    db = st.db
    st.db = CardDB(list(db.cards.values()), list(db.lands.values()), list(db.bosses.values()), db.path)


def test_e13_tie_goes_to_the_player_nearer_the_start_clockwise() -> None:
    st = blank(3, start=1)
    fresh_db(st)
    declare(st, {1: 7, 2: 9, 0: 9}, cost=8)
    assert st.ranking == [2, 0]
    assert st.seats[2].bosses == ["boss_x"]
    assert {p: len(st.seats[p].offer) for p in range(3)} == {0: 3, 1: 3, 2: 4}  # no 2nd-place card with 3
    finish_draft(st)
    assert st.start == 0  # left of P3


def test_e14_four_players_second_place_gets_an_extra_card() -> None:
    st = blank(4, start=0)
    fresh_db(st)
    declare(st, {0: 5, 1: 8, 2: 6, 3: 8}, cost=6)
    assert st.ranking == [1, 3, 2]
    assert [len(s.offer) for s in st.seats] == [3, 4, 3, 4]
    before = len(st.field)
    finish_draft(st)
    assert len(st.field) - before == 10 and st.start == 2


def test_e15_only_one_qualifier_no_second_place_card() -> None:
    st = blank(4, start=0)
    fresh_db(st)
    declare(st, {0: 9, 1: 3, 2: 0, 3: 2}, cost=8)
    assert [len(s.offer) for s in st.seats] == [4, 3, 3, 3]


def test_e16_nobody_qualifies() -> None:
    st = blank(3, start=0)
    fresh_db(st)
    declare(st, {0: 5, 1: 11, 2: 0}, cost=12)
    assert all(s.bosses == [] for s in st.seats)
    assert [len(s.offer) for s in st.seats] == [3, 3, 3]
    finish_draft(st)
    assert st.start == 0


def test_draft_picks_go_to_discard_and_leftovers_to_the_field() -> None:
    st = blank(3, start=0)
    fresh_db(st)
    declare(st, {0: 9, 1: 0, 2: 0}, cost=7)
    offers = [list(s.offer) for s in st.seats]
    do(st, "pick", st.ids[offers[0][0]])
    # the pick stays hidden from the others until everyone has chosen
    assert st.observation(1)["players"][0]["pick"] is None and st.observation(1)["players"][0]["picked"]
    assert st.seats[0].discard == []
    finish_draft(st)
    assert len(st.seats[0].discard) == 1 and len(st.field) == 7
    assert st.phase is Phase.UPKEEP and st.active == 1  # cleanup in the new start-player order


def test_upper_deck_after_round_10() -> None:
    st = blank(2, start=0)
    fresh_db(st)
    declare(st, {0: 20, 1: 0}, cost=14, round_=10)
    assert all(st.db.cards[st.ids[u]].tier.value == "upper" for s in st.seats for u in s.offer)
    assert [len(s.offer) for s in st.seats] == [4, 3]


def test_e20_round_12_ends_after_the_reward_phase() -> None:
    st = blank(2, start=0)
    fresh_db(st)
    play(st, 0, "fallen_angel", used=True)
    declare(st, {0: 20, 1: 0}, cost=18, round_=12)
    assert st.is_terminal() and st.seats[0].play  # used monsters still count, no cleanup
    assert st.scores()[0] == 13 and type(st.scores()[0]) is int and st.winners() == [0]
    assert st.tie_breaks()[0] == {"monslaught.tiebreak.bosses": 1}


def test_e20_tie_break_more_bosses_then_shared() -> None:
    st = blank(2, start=0)
    fresh_db(st)
    st.seats[0].bosses = ["boss_1", "boss_2"]
    st.seats[1].bosses = ["boss_3"]
    hand(st, 1, *(["vanilla_m"] * 5))
    st.phase = Phase.OVER
    from sabbat.games.monslaught.scoring import points

    assert points(st, 0) == points(st, 1) == 20
    assert st.scores() == [20, 20] and st.winners() == [0]  # whole points; bosses break the tie
    assert [t["monslaught.tiebreak.bosses"] for t in st.tie_breaks()] == [2, 1]
    st.seats[0].bosses = ["boss_1"]
    hand(st, 0, *(["vanilla_m"] * 5))
    assert points(st, 0) == points(st, 1) == 20 and st.winners() == [0, 1]


def test_boss_round_summons_are_hidden_until_all_have_summoned() -> None:
    st = blank(3, start=0, round_=3)
    hand(st, 0, "frog", "owl")
    st.round = 3
    next_round(st)
    st._legal = None
    assert st.round == 4 and st.phase is Phase.SUMMON and st.fog is not None
    do(st, "summon", "frog")
    do(st, "pay_hand", "owl")
    assert st.observation(1)["players"][0]["play"] == []
    assert st.observation(0)["players"][0]["play"][0]["card"] == "frog"
    assert "frog" not in json.dumps([e.to_json() for e in st.events_for(1)])
    d = st.determinize(1, __import__("sabbat.core", fromlist=["Rng"]).Rng(3))
    assert d.seats[0].play == []
    do(st, "end_summon")
    do(st, "end_summon")
    do(st, "end_summon")
    assert st.fog is None and st.observation(1)["players"][0]["play"][0]["card"] == "frog"


def test_e17_boss_round_only_the_boss_and_empty_declaration() -> None:
    st = blank(3, start=0, round_=3)
    st.field.append(next(u for u in st.lower if st.ids[u] == "vanilla_l"))
    st.lower.remove(st.field[0])
    play(st, 0, "frog")
    next_round(st)
    st._legal = None
    for _ in range(3):
        do(st, "end_summon")
    assert st.phase is Phase.DECLARE
    kinds = {a.kind for a in st.legal_actions()}
    assert kinds <= {"send", "declare", "use", "use_oneshot"}
    rejected(st, "scout_card", "vanilla_l")
    do(st, "declare")
    assert st.seats[0].declared == 0


def test_declarations_follow_the_start_player_order() -> None:
    st = blank(3, start=2, round_=3)
    next_round(st)
    st._legal = None
    seen = []
    for _ in range(3):
        do(st, "end_summon")
    for _ in range(3):
        seen.append(st.active)
        do(st, "declare")
    assert seen == [2, 0, 1]


def test_e21_after_boss_won_by_p1_order_starts_with_p2() -> None:
    st = blank(3, start=2)
    fresh_db(st)
    declare(st, {0: 9, 1: 0, 2: 0}, cost=7)
    finish_draft(st)
    while st.phase is not Phase.SUMMON:
        from tests.games.monslaught.monslaught_helpers import pass_cleanup

        pass_cleanup(st)
    assert st.round == 5
    order = []
    for _ in range(3):
        order.append(st.active)
        pass_turn(st)
    assert order == [1, 2, 0]


def test_boss_penalty_discard_from_play_area() -> None:
    st = blank(2, start=0)
    fresh_db(st)
    from sabbat.games.monslaught.cards import BossCard

    st.db.bosses["boss_p"] = BossCard(id="boss_p", name={"en": "P", "ja": "P"}, number=1, scout=5,
                                      penalty="discard_play", penalty_value=1, provenance={"default": "reconstructed"})
    frog = play(st, 0, "frog", used=True)
    st.round, st.boss_revealed = 4, 1
    st.boss_row[0] = "boss_p"
    st.seats[0].declared = 6
    reward(st)
    st._legal = None
    assert st.phase is Phase.PENALTY and st.active == 0
    assert st.legal_actions() == (Action("penalty_card", (frog,)),)
    do(st, "penalty_card", frog)
    assert ids(st, st.seats[0].discard) == ["frog"] and st.phase is Phase.DRAFT


def test_a11_option_second_place_need_not_qualify() -> None:
    from sabbat.games.monslaught import GAME
    from tests.games.monslaught.monslaught_helpers import FIXTURE

    st = GAME.new(4, 0, {"cards": FIXTURE, "second_place": "any"})
    st.start = 0
    fresh_db(st)
    from sabbat.games.monslaught.flow import turn_order

    st.order = turn_order(0, 4)
    for seat in st.seats:
        seat.offer = []
    declare(st, {0: 9, 1: 3, 2: 0, 3: 2}, cost=8)
    assert [len(s.offer) for s in st.seats] == [4, 4, 3, 3]


def test_bad_option_is_refused() -> None:
    import pytest

    from sabbat.core import BadOption
    from sabbat.games.monslaught import GAME

    with pytest.raises(BadOption):
        GAME.new(4, 0, {"second_place": "third"})


def test_field_and_land_taking_effects_wait_for_the_boss_scout_phase() -> None:
    """Ruling M-15: while summons are simultaneous and hidden, nobody takes from the shared Field or
    land stacks (that would show through the Field, the stack sizes and the others' options); the
    rulebook's 「カードの効果でフィールドのカードを取ることはできます」 is used in the boss scout phase."""
    from sabbat.core import Rng
    from tests.games.monslaught.monslaught_helpers import field, legal

    st = blank(3, start=0, round_=3, fixture=False)
    banshee = play(st, 0, "banshee")
    digger = play(st, 0, "gnome_digger")
    field(st, "imp")
    st.round = 3
    next_round(st)
    st._legal = None
    assert st.fog is not None
    assert not legal(st, "use_oneshot", banshee) and not legal(st, "use_oneshot", digger)
    for _ in range(3):
        do(st, "end_summon")
    assert st.fog is None and st.phase is Phase.DECLARE and st.active == 0
    assert legal(st, "use_oneshot", banshee) and legal(st, "use_oneshot", digger)
    for p in range(3):
        assert st.determinize(p, Rng(p)).check_invariants() == []


def test_a_seat_dealt_nothing_has_nothing_to_pick_and_the_draft_ends_with_the_last_pick() -> None:
    st = blank(3, start=0)
    fresh_db(st)
    st.box.extend(st.middle[2:])
    del st.middle[2:]  # two cards left: the winner's deal takes both, the others get none
    declare(st, {0: 9, 1: 0, 2: 0}, cost=7)
    assert [len(s.offer) for s in st.seats] == [2, 0, 0]
    assert st.phase is Phase.DRAFT and st.active == 0
    do(st, "pick", st.ids[st.seats[0].offer[0]])
    assert st.phase is Phase.UPKEEP and len(st.seats[0].discard) == 1 and len(st.field) == 1


def test_a_draft_with_nothing_dealt_is_over_at_once() -> None:
    st = blank(3, start=0)
    fresh_db(st)
    st.box.extend(st.middle)
    st.middle = []
    declare(st, {0: 9, 1: 0, 2: 0}, cost=7)
    assert st.phase is Phase.UPKEEP and st.active == 1 and not st.secret_choice()
    assert [e.key for e in st.events[-2:]] == ["monslaught.event.draft_reveal", "monslaught.event.start_player"]
