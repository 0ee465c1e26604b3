"""`summary()["offered"]`: per seat, every card or land it could have taken.

Why: a card's take rate is "taken / offered"; counting a card as offered to every seat of a game in
which it came into play undercounts the games nobody wanted it. A seat could take a card when a boss
draft dealt it, when it was within reach of the seat's ready monsters as the seat scouted or ended a
scout phase, or when an effect let the seat take it. Round-1 picks are secret and count in neither
`acquired` nor `offered`.
"""

from __future__ import annotations

from sabbat.core import Rng
from sabbat.games.monslaught import GAME
from sabbat.games.monslaught.flow import after_reward
from sabbat.games.monslaught.model import Phase
from tests.games.monslaught.monslaught_helpers import begin, blank, do, field, new, old_save, play, scout, to


def _offered(st, p: int) -> list[str]:  # type: ignore[no-untyped-def]
    return sorted(st.summary()["offered"][p])


def test_ending_a_scout_phase_offers_what_the_ready_monsters_reach_and_nothing_beyond() -> None:
    st = blank()
    to(st, Phase.SCOUT)
    play(st, 0, "frog"), play(st, 0, "owl")  # attack 5 together
    field(st, "blue_wisp", "fallen_angel", "vanilla_l")  # scout 4, 8, 3
    begin(st)
    do(st, "end_scout")
    # Farm (scout 3) and Mountain (4) are within reach too; Fallen Angel (8) is not.
    assert _offered(st, 0) == ["blue_wisp", "farm", "mountain", "vanilla_l"]
    assert _offered(st, 1) == [] and _offered(st, 2) == []


def test_a_scout_offers_what_was_in_reach_before_its_monsters_were_used() -> None:
    st = blank()
    to(st, Phase.SCOUT)
    frog, owl = play(st, 0, "frog"), play(st, 0, "owl")
    field(st, "blue_wisp", "vanilla_l")
    begin(st)
    scout(st, "scout_card", "blue_wisp", [frog, owl])  # both monsters used: nothing in reach after
    do(st, "end_scout")
    assert _offered(st, 0) == ["blue_wisp", "farm", "mountain", "vanilla_l"]
    assert st.summary()["acquired"][0] == ["blue_wisp"]


def test_a_seat_without_ready_monsters_is_offered_nothing_by_its_scout_phase() -> None:
    st = blank()
    to(st, Phase.SCOUT)
    play(st, 0, "frog", used=True)
    field(st, "vanilla_l")
    begin(st)
    do(st, "end_scout")
    assert _offered(st, 0) == []


def test_a_boss_draft_offers_every_card_dealt_and_the_first_draft_none() -> None:
    st = new(3, seed=4)
    assert st.round == 1 and all(seat.offer for seat in st.seats)
    assert st.summary()["offered"] == [[], [], []]
    st.round = 4
    st.ranking = []
    after_reward(st)  # deals 3 middle-deck cards to each seat
    for p, seat in enumerate(st.seats):
        assert len(seat.offer) == 3
        assert _offered(st, p) == sorted({st.ids[u] for u in seat.offer})


def test_a_take_effect_offers_each_card_it_could_take() -> None:
    st = blank(2, fixture=False)
    banshee = play(st, 0, "banshee")
    field(st, "imp", "vampire")
    begin(st)
    to(st, Phase.DECLARE)
    st.pend_group = []
    do(st, "use_oneshot", banshee)
    do(st, "take_field", "imp")
    assert _offered(st, 0) == ["imp"]  # the Vampire (scout 9) is beyond the Banshee's 7


def test_in_random_games_every_card_a_seat_acquired_had_been_offered_to_it() -> None:
    for n in (2, 3, 4):
        for seed in range(6):
            st = GAME.new(n, seed, {})
            chooser = Rng(seed)
            while not st.is_terminal():
                st.apply(chooser.choice(st.legal_actions()))
            summary = st.summary()
            for got, could in zip(summary["acquired"], summary["offered"], strict=True):
                assert set(got) <= set(could), (n, seed)
                assert len(could) == len(set(could))


def test_a_save_from_before_offered_existed_loads_with_nothing_offered() -> None:
    data = old_save()
    assert "offered" not in data["state"]["f"]
    st = GAME.from_json(data)
    assert st.summary()["offered"] == [[], [], []]
    assert st.clone().offered == [0, 0, 0]
