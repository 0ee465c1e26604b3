"""Step 4: attacking locations and castles, theft, shield tokens, the barrel cap, the end check."""

from __future__ import annotations

import pytest

from sabbat.core import Action, IllegalAction
from sabbat.games.bellum_magica.constants import Phase, can_beat
from sabbat.games.bellum_magica.state import BellumState
from tests.games.bellum_magica.bellum_helpers import act, blank, give, kinds, set_display, set_stack, to_attack


def fixed_attack(s: BellumState, p: int, swords: int, magic: int, thieves: int) -> None:
    """Give seat p exactly this attack on every row (test-only override)."""
    values = (swords, magic, thieves)
    orig = s.attack

    def attack(q: int, row: int) -> tuple[int, int, int]:
        return values if q == p else orig(q, row)

    s.attack = attack  # type: ignore[method-assign]
    s._legal = None


@pytest.mark.parametrize(("s", "g", "ok"), [(6, 1, True), (5, 2, True), (0, 7, True), (7, 0, False),
                                            (5, 1, False), (6, 0, False)])
def test_w2_magic_shield_needs_a_magic_sword_and_spares_count_as_swords(s: int, g: int, ok: bool) -> None:
    st = blank(2, cap=0)
    set_display(st, ["town6m1", "loc3"])
    to_attack(st, 1)
    fixed_attack(st, 0, s, g, 0)
    assert (Action("attack_location", ("town6m1",)) in st.legal_actions()) is ok
    assert can_beat(s, g, 6, 1) is ok


def test_w2_loot_a_gold_chest_and_discard_the_location() -> None:
    st = blank(2, cap=0)
    set_display(st, ["town6m1", "loc3"])
    set_stack(st, "gold", [5])
    to_attack(st, 1)
    fixed_attack(st, 0, 6, 1, 0)
    act(st, "attack_location", "town6m1")
    assert st.chest_counts(0) == [0, 0, 1] and st.total_value(0) == 5
    assert st.discard == ["town6m1"] and st.display == ["loc3"]
    assert st.observation(0)["my_chests"] == [{"type": "gold", "value": 5}]
    assert st.observation(1)["my_chests"] == [] and st.observation(1)["known_chests"] == []


def test_w2_three_sword_location() -> None:
    st = blank(2, cap=0)
    set_display(st, ["loc3"])
    to_attack(st, 1)
    fixed_attack(st, 0, 3, 0, 0)
    assert Action("attack_location", ("loc3",)) in st.legal_actions()
    fixed_attack(st, 0, 2, 0, 0)
    assert Action("attack_location", ("loc3",)) not in st.legal_actions()


def test_w3_castle_attack_with_one_thief_steals_one_chest_and_gives_a_shield_token() -> None:
    st = blank(2, cap=0)
    give(st, 1, "wood", [1])
    give(st, 1, "metal", [3, 4])
    to_attack(st, 2)
    fixed_attack(st, 0, 2, 0, 1)
    act(st, "attack_castle", 1)
    act(st, "steal", "metal")  # k = 1: stealing ends by itself
    assert st.chest_counts(0) == [0, 1, 0] and st.total_value(0) in (3, 4)
    assert st.chest_counts(1) == [1, 1, 0]
    assert st.shields[1] == 1 and st.defence(1) == (3, 0)
    assert st.observation(0)["my_chests"][0]["value"] == st.total_value(0)


def test_w3_castle_needs_enough_swords_and_a_thief() -> None:
    st = blank(2, cap=0)
    give(st, 1, "wood", [1])
    to_attack(st, 2)
    fixed_attack(st, 0, 1, 0, 1)
    assert "attack_castle" not in kinds(st)
    fixed_attack(st, 0, 2, 0, 0)
    assert "attack_castle" not in kinds(st)
    assert "attack_location" in kinds(st)


def test_e1_barrel_cap_refuses_only_the_extra_barrels() -> None:
    st = blank(2, cap=0)
    set_display(st, ["locb", "locbf"])
    st.barrels[0] = 1
    to_attack(st, 1)
    act(st, "attack_location", "locb")
    assert st.barrels[0] == 2
    st2 = blank(2, cap=0)
    set_display(st2, ["locb", "locbf"])
    st2.barrels[0] = 2
    to_attack(st2, 1)
    act(st2, "attack_location", "locbf")
    assert st2.barrels[0] == 2 and st2.food[0] == 1
    assert any(e.key.endswith("barrels_refused") and e.params["count"] == 2 for e in st2.events)


def test_e8_stealing_hidden_chests_by_type() -> None:
    st = blank(3, cap=0)
    give(st, 1, "wood", [1])
    give(st, 1, "gold", [5, 6])
    to_attack(st, 1)
    fixed_attack(st, 0, 9, 0, 3)
    act(st, "attack_castle", 1)
    act(st, "steal", "gold")
    act(st, "steal", "wood")
    assert st.phase is Phase.STEAL and st.observation(0)["my_chests"] == []  # values unseen before resolution
    assert "steal" in kinds(st)
    act(st, "stop_stealing")
    assert st.chest_counts(0) == [1, 0, 1] and st.chest_counts(1) == [0, 0, 1]
    assert len(st.observation(0)["my_chests"]) == 2
    assert st.shields[1] == 1
    o1 = st.observation(1)
    assert {(c["holder"], c["type"]) for c in o1["known_chests"]} == {(0, "wood"), (0, "gold")}
    o2 = st.observation(2)
    assert o2["known_chests"] == [] and o2["castles"][0]["chest_counts"] == [1, 0, 1]
    public = [e for e in st.events if e.key.endswith("theft_public")]
    assert public and public[0].visible_to(2) and public[0].visible_to(None) and "values" not in public[0].params
    assert not public[0].visible_to(0) and not public[0].visible_to(1)


def test_e8_stop_stealing_needs_one_pick_and_types_must_be_held() -> None:
    st = blank(2, cap=0)
    give(st, 1, "wood", [1, 2])
    to_attack(st, 1)
    fixed_attack(st, 0, 9, 0, 3)
    act(st, "attack_castle", 1)
    assert kinds(st) == ["steal"] and st.legal_actions() == (Action("steal", ("wood",)),)
    with pytest.raises(IllegalAction):
        act(st, "stop_stealing")


def test_e9_one_shield_token_per_robbery_and_per_attacker() -> None:
    st = blank(3, cap=0)
    give(st, 2, "wood", [1, 2, 3, 4, 5])
    to_attack(st, 1)
    fixed_attack(st, 0, 2, 0, 3)
    act(st, "attack_castle", 2)
    for _ in range(3):
        act(st, "steal", "wood")
    assert st.defence(2) == (3, 0) and st.current_player == 1
    orig = st.attack
    st.attack = lambda q, row: (3, 0, 1) if q == 1 else orig(q, row)  # type: ignore[method-assign]
    st._legal = None
    act(st, "attack_castle", 2)
    act(st, "steal", "wood")
    assert st.defence(2) == (4, 0) and st.shields[2] == 2


def test_e10_more_thieves_than_chests_ends_after_the_last_chest() -> None:
    st = blank(2, cap=0)
    give(st, 1, "metal", [3])
    to_attack(st, 1)
    fixed_attack(st, 0, 5, 0, 3)
    act(st, "attack_castle", 1)
    act(st, "steal", "metal")
    assert st.phase is not Phase.STEAL and st.chests[1] == [] and st.shields[1] == 1


def test_e11_no_thief_or_no_chest_means_no_castle_attack() -> None:
    st = blank(2, cap=0)
    give(st, 1, "wood", [1])
    to_attack(st, 1)
    fixed_attack(st, 0, 10, 0, 0)
    assert "attack_castle" not in kinds(st)
    st2 = blank(2, cap=0)
    to_attack(st2, 1)
    fixed_attack(st2, 0, 10, 0, 1)
    assert "attack_castle" not in kinds(st2)
    give(st2, 0, "wood", [1])
    assert Action("attack_castle", (0,)) not in st2.legal_actions()


@pytest.mark.parametrize(("s", "g", "ok"), [(3, 0, False), (3, 1, True), (2, 1, False), (2, 2, True)])
def test_e12_magic_shield_token_on_a_castle(s: int, g: int, ok: bool) -> None:
    st = blank(2, cap=0)
    st.shields[1] = 1
    st.mshields[1] = 1
    give(st, 1, "wood", [1])
    assert st.defence(1) == (3, 1)
    to_attack(st, 1)
    fixed_attack(st, 0, s, g, 1)
    assert (Action("attack_castle", (1,)) in st.legal_actions()) is ok


def test_e13_tavern_is_never_discarded_and_shared() -> None:
    st = blank(3, cap=0)
    set_display(st, ["f1", "f2", "f3"])
    to_attack(st, 1)
    act(st, "attack_location", "tavern")
    assert st.current_player == 1
    act(st, "attack_location", "tavern")
    assert st.barrels[:2] == [1, 1]
    top = st.deck[-1]
    act(st, "attack_location", "f1")
    # nobody can recruit, so the day ends at once: step 6 refills to 3 non-tavern cards
    assert st.day == 2 and st.discard == ["f1"]
    assert st.display == ["f2", "f3", top] and "tavern" not in st.display
    assert st.observation(0)["kingdom"]["tavern"]["id"] == "tavern"


def test_e14_discarded_location_is_unavailable_until_refill() -> None:
    st = blank(2, cap=0)
    set_display(st, ["f1", "f2"])
    top = st.deck[-1]
    to_attack(st, 1)
    act(st, "attack_location", "f1")
    assert Action("attack_location", ("f1",)) not in st.legal_actions()
    act(st, "no_attack")
    while st.day == 1:
        act(st, "done_recruiting")
    assert st.display == ["f2", top]


def test_e17_end_check_only_after_the_attack_step() -> None:
    st = blank(3, cap=0)
    give(st, 0, "wood", [1, 1, 2, 2, 3, 3, 4, 4, 5, 5])
    to_attack(st, 1)
    act(st, "no_attack")
    fixed_attack(st, 1, 3, 0, 1)
    act(st, "attack_castle", 0)
    act(st, "steal", "wood")
    act(st, "no_attack")
    assert not st.is_terminal() and len(st.chests[0]) == 9
    assert st.phase in (Phase.RECRUIT, Phase.ROLL, Phase.ATTACK)


def test_e18_end_trigger_skips_recruiting() -> None:
    st = blank(3, cap=0)
    give(st, 2, "wood", [1, 1, 2, 2, 3, 3, 4, 4, 5])
    set_display(st, ["v1", "f1", "f2"])
    for p in range(3):
        st.food[p] = 5
    to_attack(st, 1)
    act(st, "no_attack")
    act(st, "no_attack")
    captain = st.captain
    fixed_attack(st, 2, 1, 0, 0)
    act(st, "attack_location", "v1")
    assert st.is_terminal() and st.current_player is None
    assert st.captain == captain and st.legal_actions() == ()
    assert st.winners() and st.observation(0)["final"] is not None


def test_e26_attacking_is_optional() -> None:
    st = blank(2, cap=0)
    to_attack(st, 1)
    assert "attack_location" in kinds(st)
    before = (list(st.barrels), list(st.display), list(st.food), [list(c) for c in st.chests])
    act(st, "no_attack")
    assert (st.barrels, st.display, st.food, st.chests) == before and st.current_player == 1
