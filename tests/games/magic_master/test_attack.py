"""Normal attacks, supports, responses, cleric, capture, one-shot characters and attack cards."""

from __future__ import annotations

from sabbat.core import Action
from sabbat.games.magic_master import flow
from sabbat.games.magic_master import groups as G
from sabbat.games.magic_master.model import Phase, RegroupKind
from tests.games.magic_master.mm_support import GAN, H6, TB, TR, TU, W, act, blank, dice, give, group, ids, kinds, reach


def test_normal_attack_needs_movement_at_least_the_targets():  # T-10
    s = blank()
    group(s, 0, W, TU)
    group(s, 1, H6, TB)
    assert Action("attack", (0, 1, 0)) not in s.legal_actions()
    group(s, 0, "sigurd")
    assert Action("attack", (1, 1, 0)) in s.legal_actions()


def test_terrain_pins_a_group_but_it_can_be_attacked():  # T-11
    s = blank()
    group(s, 0, W, TU)
    group(s, 1, H6, TB, "castle")
    assert Action("attack", (0, 1, 0)) in s.legal_actions()
    s.active = 1
    s._legal = None
    assert not any(a.kind == "attack" for a in s.legal_actions())


def test_hit_on_equality_removes_terrain_first():  # T-12
    s = blank()
    group(s, 0, W, TU)
    target = group(s, 1, H6, "fx_forest9")
    assert G.defence(s.t, target) == 12 and G.mov(s.t, target) == 0
    dice(s, 4, 3)
    act(s, "attack", 0, 1, 0)
    act(s, "no_support")
    assert target.terrain < 0 and G.mov(s.t, target) == 3


def test_a_miss_changes_nothing():  # T-13
    s = blank()
    attacker = group(s, 0, W, TU)
    target = group(s, 1, H6, "fx_forest9")
    dice(s, 3, 3)
    act(s, "attack", 0, 1, 0)
    act(s, "no_support")
    assert target.terrain >= 0 and len(attacker.troops) == 1 and s.phase is Phase.TAKE


def test_items_outermost_means_the_character_dies_and_items_are_captured():  # T-14
    s = blank()
    group(s, 0, W)
    group(s, 1, H6, "sword")
    dice(s, 6)
    act(s, "attack", 0, 1, 0)
    act(s, "no_support")
    assert s.phase is Phase.CLERIC and s.current_player == 1  # asked though holding no cleric
    act(s, "no_cleric")
    assert s.groups[1] == [] and s.phase is Phase.CAPTURE
    sword = s.captured[0]
    act(s, "give", sword, 0)
    assert ids(s, s.groups[0][0].items) == ["sword"]
    assert s.phase is Phase.REGROUP and s.regroup_kind is RegroupKind.POST_ATTACK


def test_cleric_revives_the_character_with_its_items():  # T-15
    s = blank()
    group(s, 0, W)
    g = group(s, 1, H6, "sword")
    (cl,) = give(s, 1, "cleric")
    dice(s, 6)
    act(s, "attack", 0, 1, 0)
    act(s, "no_support")
    assert s.phase is Phase.CLERIC and s.current_player == 1
    act(s, "cleric", cl)
    assert ids(s, g.char) == [H6] and ids(s, g.items) == ["sword"] and s.groups[1] == [g]
    assert s.phase is Phase.TAKE  # no capture, no post-attack regroup


def test_failed_shield_reopens_the_window_then_teleport_evades():  # T-16
    s = blank()
    group(s, 0, W, TU, TU)
    target = group(s, 1, GAN, TU)
    sh, tp = give(s, 1, "shield", "teleportation")
    dice(s, 6, 6, 5, 1, 3)
    act(s, "attack", 0, 1, 0)
    act(s, "no_support")
    assert s.phase is Phase.RESPONSE
    act(s, "respond", sh)
    assert s.phase is Phase.RESPONSE
    act(s, "respond", tp)
    assert len(target.troops) == 1 and target.char and sh in s.discard and tp in s.discard


def test_shield_needs_a_wizard_in_the_group():  # T-17
    s = blank()
    group(s, 0, "dean", TB, "royal_guard")
    target = group(s, 1, H6, TB)
    give(s, 1, "shield")
    dice(s, 6, 6, 6, 6)
    act(s, "attack", 0, 1, 0)
    act(s, "no_support")
    assert s.phase is not Phase.RESPONSE and target.troops == []


def test_shield_and_dispel_do_not_stop_an_assassin():  # T-18
    s = blank()
    group(s, 0, W)
    group(s, 1, GAN, TU)
    (asn,) = give(s, 0, "assassin")
    give(s, 1, "shield", "dispel_magic")
    (tp,) = give(s, 1, "teleportation")
    dice(s, 6, 6)
    act(s, "card_attack", asn, 1, 0)
    assert s.phase is Phase.RESPONSE
    assert {a for a in s.legal_actions()} == {Action("no_response"), Action("respond", (tp,))}


def test_assassin_ignores_troops_and_terrain():  # T-19
    s = blank()
    group(s, 0, W)
    target = group(s, 1, H6, "fx_armour2", TB, "castle")
    (asn,) = give(s, 0, "assassin")
    need = G.package_def(s.t, target) - s.t.types["assassin"].atk_bonus  # two dice must reach this
    dice(s, need - 1, 1)  # a hit on equality
    act(s, "card_attack", asn, 1, 0)
    act(s, "no_cleric")
    assert target.char == [] and len(target.troops) == 1 and target.terrain >= 0
    assert ids(s, s.captured) == ["fx_armour2"]
    s2 = blank()
    group(s2, 0, W)
    t2 = group(s2, 1, H6, "fx_armour2", TB, "castle")
    (asn2,) = give(s2, 0, "assassin")
    dice(s2, need - 2, 1)  # one short
    act(s2, "card_attack", asn2, 1, 0)
    assert t2.char and len(t2.items) == 1


def test_jester_takes_the_group_without_regroup_and_the_limit_waits():  # T-24
    s = blank()
    group(s, 0, W)
    group(s, 0, "sigurd")
    group(s, 0, "iona")
    taken = group(s, 1, H6, TB)
    (j,) = give(s, 0, "jester")
    act(s, "card_attack", j, 1, 0)
    dice(s, 3)
    act(s, "declare", 3)
    assert s.groups[0][-1] is taken and len(s.groups[0]) == 4 and s.groups[1] == []
    assert s.phase is Phase.TAKE
    flow.start_regroup(s, 0, RegroupKind.TURN)
    s._legal = None
    assert "end_regroup" not in kinds(s)
    reach(s, "scrap", taken.char[0])  # its troops, leaderless now, go at the end
    assert "end_regroup" in kinds(s)


def test_romance_takes_an_opposite_sex_group_as_a_couple():  # T-25
    s = blank()
    old = group(s, 0, W, TU)
    target = group(s, 1, H6, TB)
    (rom,) = give(s, 0, "romance")
    dice(s, 5)
    act(s, "card_attack", rom, 1, 0)
    assert ids(s, target.char) == [H6, W] and s.groups[0] == [old, target]
    assert old.char == [] and s.phase is Phase.REGROUP and s.regroup_kind is RegroupKind.POST_ATTACK
    act(s, "end_regroup")
    assert s.groups[0] == [target] and TU in ids(s, s.discard)


def test_romance_fails_on_four_and_is_not_offered_for_the_same_sex():  # T-25
    s = blank()
    group(s, 0, W)
    target = group(s, 1, H6, TB)
    (rom,) = give(s, 0, "romance")
    dice(s, 4)
    act(s, "card_attack", rom, 1, 0)
    assert s.groups[1] == [target] and len(target.char) == 1
    s2 = blank()
    group(s2, 0, W)
    group(s2, 1, "sigurd")
    give(s2, 0, "romance")
    assert "card_attack" not in kinds(s2)


def test_couple_uses_the_better_partners_values():
    s = blank()
    g = group(s, 0, H6, W)
    assert G.atk(s.t, g) == (1, 3) and G.defence(s.t, g) == 8 and G.suc(s.t, g) == 6
    assert not G.problems(s.t, group(s, 0, "margaret", "sigurd", TU, TB))


def test_thief_steals_an_item_and_the_thief_regroups():
    s = blank()
    group(s, 0, W)
    target = group(s, 1, H6, "crown", "sword")
    (th,) = give(s, 0, "thief")
    act(s, "card_attack", th, 1, 0)
    crown = target.items[0]
    dice(s, 4)
    act(s, "steal", crown)
    act(s, "give", crown, 0)
    assert crown in s.groups[0][0].items and crown not in target.items
    assert s.phase is Phase.REGROUP and s.regroup_kind is RegroupKind.POST_ATTACK


def test_cleric_removes_undead_and_turns_away_the_ghost():
    s = blank()
    group(s, 0, W)
    target = group(s, 1, GAN, "skeletons", TR)
    (cl,) = give(s, 0, "cleric")
    act(s, "card_attack", cl, 1, 0)
    act(s, "no_response")  # a wizard's group: the defender is asked
    assert ids(s, target.troops) == [TR]
    s2 = blank()
    group(s2, 0, W)
    t2 = group(s2, 1, H6, TB, "castle")
    (gh,) = give(s2, 0, "ghost")
    (cl2,) = give(s2, 1, "cleric")
    dice(s2, 6, 6)
    act(s2, "card_attack", gh, 1, 0)
    act(s2, "respond", cl2)
    assert len(t2.troops) == 1


def test_messenger_attacks_with_an_allys_group():  # T-36
    s = blank(3)
    group(s, 0, W)
    target = group(s, 1, H6, TB)
    group(s, 2, "iona")
    (m,) = give(s, 0, "messenger")
    dice(s, 4, 3)
    act(s, "attack", 0, 1, 0)
    act(s, "support", m, -1)
    act(s, "ally", 2, 0)
    assert s.phase is Phase.CONSENT and s.current_player == 2
    act(s, "accept")
    assert target.troops == []


def test_messenger_ally_declines_and_nothing_is_spent():  # T-36, A-16
    s = blank(3)
    group(s, 0, W)
    group(s, 1, H6, TB)
    group(s, 2, "iona")
    (m,) = give(s, 0, "messenger")
    act(s, "attack", 0, 1, 0)
    act(s, "support", m, -1)
    act(s, "ally", 2, 0)
    act(s, "decline")
    assert s.phase is Phase.ATTACK and m in s.hand[0] and m not in s.discard


def test_battering_ram_only_against_castles_adds_its_attack():  # T-37
    s = blank()
    group(s, 0, W)
    group(s, 1, H6, TB)
    (ram,) = give(s, 0, "battering_ram")
    act(s, "attack", 0, 1, 0)
    assert Action("support", (ram, -1)) not in s.legal_actions()
    s2 = blank()
    group(s2, 0, W)
    target = group(s2, 1, H6, "castle")  # DEF 13
    (ram2,) = give(s2, 0, "battering_ram")
    dice(s2, 4, 6)  # 4+3 + 6 = 13
    act(s2, "attack", 0, 1, 0)
    act(s2, "support", ram2, -1)
    assert target.terrain < 0


def test_offensive_teleport_ignores_the_castle():  # T-41
    for rolls, removed in (((3, 2, 3), False), ((3, 5, 3), True)):
        s = blank()
        group(s, 0, W, TU)
        group(s, 0, GAN)
        target = group(s, 1, H6, TB, "castle")
        assert G.defence(s.t, target) == 23
        (tp,) = give(s, 0, "teleportation")
        dice(s, *rolls)
        act(s, "attack", 0, 1, 0)
        act(s, "support", tp, 1)
        assert target.terrain >= 0
        assert (target.troops == []) is removed


def test_characterless_group_can_be_attacked_until_its_owners_regroup_ends():  # T-28
    s = blank(3)
    group(s, 0, W)
    g = group(s, 1, GAN, TU)
    group(s, 2, "sigurd")
    (asn,) = give(s, 0, "assassin")
    dice(s, 6, 6)
    act(s, "card_attack", asn, 1, 0)
    act(s, "no_response")
    act(s, "no_cleric")
    assert g.char == [] and s.groups[1] == [g]
    assert G.defence(s.t, g) == 13 and G.mov(s.t, g) == 1
    s.active, s.phase = 2, Phase.ATTACK
    s._legal = None
    assert Action("attack", (0, 1, 0)) in s.legal_actions()
    flow.start_regroup(s, 1, RegroupKind.TURN)
    s._legal = None
    act(s, "end_regroup")
    assert s.eliminated[1] and TU in ids(s, s.discard)


def test_beasts_only_against_their_printed_terrain():  # 5.2 ghost / wolf / cave bear
    s = blank()
    group(s, 0, W)
    group(s, 1, H6, TB, "castle")
    group(s, 1, "sigurd", TU, "forest")
    wolf, bear = give(s, 0, "wolf", "cave_bear")
    legal = s.legal_actions()
    assert Action("card_attack", (wolf, 1, 1)) in legal and Action("card_attack", (wolf, 1, 0)) not in legal
    assert not any(a.kind == "card_attack" and a.args[0] == bear for a in legal)


def test_captured_item_nobody_can_hold_is_discarded():
    s = blank()
    group(s, 0, GAN)
    group(s, 1, H6, "sword")
    (asn,) = give(s, 0, "assassin")
    dice(s, 6, 6)
    act(s, "card_attack", asn, 1, 0)
    act(s, "no_cleric")
    assert "sword" in ids(s, s.discard) and s.phase is Phase.TAKE
