"""Scout phase: scouting Field cards and lands, leftover attack, the land limit, flipping (W1, E1, E5, E6, E12)."""

from __future__ import annotations

from sabbat.games.monslaught.model import Phase
from tests.games.monslaught.monslaught_helpers import (
    begin,
    blank,
    do,
    field,
    ids,
    land,
    legal,
    play,
    rejected,
    scout,
    to,
)


def scouting(n: int = 3):  # type: ignore[no-untyped-def]
    st = blank(n)
    to(st, Phase.SCOUT)
    return st


def test_w1_scout_with_several_monsters_and_leftover_attack_is_wasted() -> None:
    st = scouting()
    frog, owl = play(st, 0, "frog"), play(st, 0, "owl")
    field(st, "blue_wisp", "fallen_angel", "vanilla_l")
    begin(st)
    assert not legal(st, "scout_card", "fallen_angel")  # 5 < 8
    do(st, "scout_card", "blue_wisp")
    do(st, "add", owl)
    rejected(st, "confirm")  # 2 < 4
    do(st, "add", frog)
    do(st, "confirm")
    seat = st.seats[0]
    assert ids(st, seat.discard) == ["blue_wisp"]
    assert seat.used == {frog, owl}
    assert ids(st, st.field) == ["fallen_angel", "vanilla_l"]
    rejected(st, "scout_card", "vanilla_l")  # no ready monster left: the leftover 1 is gone
    rejected(st, "add", frog)


def test_e5_one_target_per_scout_and_used_monsters_cannot_scout_again() -> None:
    st = scouting()
    a, b = play(st, 0, "vanilla_m"), play(st, 0, "fallen_angel")
    field(st, "fallen_angel", "vanilla_l")
    begin(st)
    do(st, "scout_card", "fallen_angel")
    rejected(st, "scout_card", "vanilla_l")  # a second target inside one scout
    do(st, "add", a)
    do(st, "add", b)
    do(st, "confirm")
    rejected(st, "scout_card", "vanilla_l")


def test_e6_one_monster_cannot_take_two_cards() -> None:
    st = scouting()
    angel = play(st, 0, "fallen_angel")
    field(st, "vanilla_l", "lantern")
    begin(st)
    scout(st, "scout_card", "vanilla_l", [angel])
    rejected(st, "scout_card", "lantern")


def test_land_scouted_goes_directly_to_play_area() -> None:
    st = scouting()
    m = play(st, 0, "fuyure")
    begin(st)
    scout(st, "scout_land", "mountain", [m])
    seat = st.seats[0]
    assert [st.ids[u] for u in seat.lands] == ["mountain"] and seat.discard == []
    assert len(st.mountain_stack) == 7


def test_e1_land_limit_five() -> None:
    st = scouting()
    farms = [land(st, 0, "farm") for _ in range(3)]
    for _ in range(2):
        land(st, 0, "mountain")
    for c in ("vanilla_u", "vanilla_u", "vanilla_u", "vanilla_u"):
        play(st, 0, c)
    digger = play(st, 0, "digger")
    begin(st)
    assert not legal(st, "scout_land", "farm") and not legal(st, "scout_land", "mountain")
    assert not legal(st, "use", digger)  # an action that takes a land (A24)
    big = st.seats[0].play[:2]
    scout(st, "flip", farms[0], big)
    assert farms[0] in st.flipped and len(st.seats[0].lands) == 5


def test_take_land_action_below_the_limit() -> None:
    st = blank()
    digger = play(st, 0, "digger")
    begin(st)
    do(st, "use", digger)
    do(st, "take_land", "farm")
    assert [st.ids[u] for u in st.seats[0].lands] == ["farm"]
    assert st.phase is Phase.SUMMON


def test_e12_mountain_bonus_and_flipping() -> None:
    st = scouting()
    mountain = land(st, 0, "mountain")
    farm = land(st, 0, "farm")
    fuyure = play(st, 0, "fuyure", land=mountain)
    a = play(st, 0, "vanilla_m")
    b = play(st, 0, "vanilla_l")
    c = play(st, 0, "frog")
    begin(st)
    scout(st, "flip", mountain, [fuyure])  # 5 + 1 = 6
    assert mountain in st.flipped and st.seats[0].on_land == {fuyure: mountain}
    assert {a, b, c} <= set(st.seats[0].play)
    rejected(st, "flip", farm)  # the remaining monsters reach only 3 + 1 + 3 = 7


def test_e12_flip_needs_eight_for_a_farm_and_bonfire_cannot_flip() -> None:
    st = scouting()
    farm = land(st, 0, "farm")
    bonfire = land(st, 0, "farm", flipped=True)
    a, b = play(st, 0, "vanilla_u"), play(st, 0, "frog")
    begin(st)
    assert not legal(st, "flip", bonfire)
    scout(st, "flip", farm, [a, b])  # 5 + 3 = 8
    assert farm in st.flipped


def test_items_cannot_scout() -> None:
    st = scouting()
    lantern = play(st, 0, "lantern")
    field(st, "vanilla_l")
    begin(st)
    assert not legal(st, "scout_card", "vanilla_l")
    assert all(a.args != (lantern,) for a in st.legal_actions())


def test_e10_blue_wisp_gets_plus_one_with_an_item() -> None:
    from sabbat.games.monslaught.effects import monster_attack

    st = scouting()
    wisp = play(st, 0, "blue_wisp")
    assert monster_attack(st, st.seats[0], wisp) == 3
    play(st, 0, "lantern")
    assert monster_attack(st, st.seats[0], wisp) == 4
