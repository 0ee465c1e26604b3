"""The reconstructed card effects (named handlers) and the boss penalties, on the shipped card set."""

from __future__ import annotations

from sabbat.games.monslaught.effects import group_total, monster_attack, refill_limit
from sabbat.games.monslaught.model import Phase
from tests.games.monslaught.monslaught_helpers import (
    begin,
    blank,
    discard,
    do,
    field,
    hand,
    ids,
    land,
    legal,
    play,
    rejected,
    to,
)


def real(n: int = 2):  # type: ignore[no-untyped-def]
    return blank(n, fixture=False)


def test_pack_adds_to_the_group_total() -> None:
    st = real()
    imp, frog = play(st, 0, "imp"), play(st, 0, "frog")
    seat = st.seats[0]
    assert group_total(st, seat, [imp]) == 2
    assert group_total(st, seat, [imp, frog]) == 2 + 3 + 1


def test_fuyure_group_penalty_only_in_a_group() -> None:
    st = real()
    fuyure, owl = play(st, 0, "fuyure"), play(st, 0, "owl")
    seat = st.seats[0]
    assert group_total(st, seat, [fuyure]) == 5
    assert group_total(st, seat, [fuyure, owl]) == 5


def test_land_bonus_land_count_and_boss_bonus() -> None:
    st = real()
    m = land(st, 0, "mountain")
    land(st, 0, "farm")
    wolf = play(st, 0, "werewolf", land=m)
    gargoyle = play(st, 0, "gargoyle")
    hound = play(st, 0, "hellhound")
    seat = st.seats[0]
    assert monster_attack(st, seat, wolf) == 4 + 1 + 2
    assert monster_attack(st, seat, gargoyle) == 4 + 1  # two lands
    assert monster_attack(st, seat, hound) == 8 and monster_attack(st, seat, hound, vs_boss=True) == 11


def test_lightning_gives_its_bonus() -> None:
    st = real()
    lightning = land(st, 0, "mountain", flipped=True)
    frog = play(st, 0, "frog", land=lightning)
    assert monster_attack(st, st.seats[0], frog) == 3 + 2


def test_crystal_ball_refill_limit_five() -> None:
    st = real()
    seat = st.seats[0]
    assert refill_limit(st, seat) == 4
    play(st, 0, "crystal_ball")
    assert refill_limit(st, seat) == 5


def test_boost_targets_a_monster_for_the_turn() -> None:
    st = real()
    drummer = play(st, 0, "skeleton")
    frog = play(st, 0, "frog")
    begin(st)
    do(st, "use", drummer)
    assert st.phase is Phase.EFFECT
    do(st, "target", frog)
    assert monster_attack(st, st.seats[0], frog) == 5 and st.phase is Phase.SUMMON
    begin(st)  # a new turn forgets the boost
    assert monster_attack(st, st.seats[0], frog) == 3


def test_scout_bonus_one_shot_feeds_the_next_scout_only() -> None:
    st = real()
    wisp = play(st, 0, "will_o_wisp")
    frog = play(st, 0, "frog")
    field(st, "werewolf")
    begin(st)
    do(st, "use_oneshot", wisp)
    assert ids(st, st.seats[0].discard) == ["will_o_wisp"]
    do(st, "end_summon")
    do(st, "scout_card", "werewolf")  # 3 + 3 = 6
    do(st, "add", frog)
    do(st, "confirm")
    assert st.seats[0].scout_bonus == 0 and "werewolf" in ids(st, st.seats[0].discard)


def test_summon_credit_one_shot() -> None:
    st = real()
    broom = play(st, 0, "witch_broom")
    hand(st, 0, "werewolf")
    begin(st)
    assert not legal(st, "summon", "werewolf")
    do(st, "use_oneshot", broom)
    do(st, "summon", "werewolf")
    do(st, "pay_credit")
    do(st, "pay_credit")
    assert "werewolf" in ids(st, st.seats[0].play)


def test_take_field_one_shot_respects_its_limit_and_works_in_boss_rounds() -> None:
    st = real()
    banshee = play(st, 0, "banshee")  # take a Field card with scout cost 7 or less
    field(st, "imp", "vampire")  # scout 3 and 9
    begin(st)
    to(st, Phase.DECLARE)
    st.pend_group = []
    do(st, "use_oneshot", banshee)
    assert not legal(st, "take_field", "vampire")
    do(st, "take_field", "imp")
    assert ids(st, st.seats[0].discard) == ["banshee", "imp"] and ids(st, st.field) == ["vampire"]
    assert st.phase is Phase.DECLARE


def test_draw_discard_takes_any_card() -> None:
    st = real()
    cauldron = play(st, 0, "cauldron")
    discard(st, 0, "jack_lantern", "frog")
    begin(st)
    do(st, "use", cauldron)
    do(st, "recover", "jack_lantern")
    assert ids(st, st.seats[0].hand) == ["jack_lantern"] and st.phase is Phase.SUMMON


def test_recover_monsters_offers_monsters_only() -> None:
    st = real()
    child = play(st, 0, "child")
    discard(st, 0, "jack_lantern", "frog")
    begin(st)
    do(st, "use", child)
    rejected(st, "recover", "jack_lantern")
    do(st, "recover", "frog")
    assert st.phase is Phase.SUMMON  # nothing else to take


def test_penalty_lose_land_returns_it_front_side_up() -> None:
    from sabbat.games.monslaught.flow import reward

    st = real()
    bonfire = land(st, 0, "farm", flipped=True)
    frog = play(st, 0, "frog", land=bonfire)
    st.round, st.boss_revealed = 4, 1
    st.boss_row[0] = "mist_witch"
    st.seats[0].declared = st.db.bosses["mist_witch"].scout  # just enough (a reconstructed value)
    reward(st)
    st._legal = None
    do(st, "penalty_land", bonfire)
    seat = st.seats[0]
    assert seat.lands == [] and bonfire not in st.flipped and st.farm_stack[-1] == bonfire
    assert frog in seat.play and seat.on_land == {}


def test_penalty_bury_removes_cards_from_the_game() -> None:
    from sabbat.games.monslaught.flow import reward
    from sabbat.games.monslaught.scoring import points

    st = real()
    discard(st, 0, "werewolf", "frog", "imp")
    st.round, st.boss_revealed = 7, 2
    st.seats[0].declared = 12
    reward(st)
    st._legal = None
    before = points(st, 0)
    do(st, "penalty_bury", "werewolf")
    do(st, "penalty_bury", "frog")
    assert ids(st, st.seats[0].discard) == ["imp"] and points(st, 0) == before - 2
    assert ids(st, st.removed) == ["frog", "werewolf"] and st.phase is Phase.DRAFT
