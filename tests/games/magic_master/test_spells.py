"""Spells: ice storm (both worked examples), petrify/dispel, void, open gate, spirits, teleport."""

from __future__ import annotations

from sabbat.games.magic_master import groups as G
from sabbat.games.magic_master.model import Phase
from tests.games.magic_master.mm_support import GAN, H6, TB, TR, act, blank, dice, give, group, ids, kinds


def _ice_position(*rolls: int):
    s = blank()
    group(s, 0, GAN)
    target = group(s, 1, "fx_heir5", "fx_s6", "fx_s8", "fx_s7")
    (ice,) = give(s, 0, "ice_storm")
    dice(s, *rolls)
    act(s, "card_attack", ice, 1, 0)
    return s, target, ice


def test_ice_storm_power_20_removes_s1_and_s2_only():  # T-01
    s, target, ice = _ice_position(4, 6, 5, 3, 2, 2, 1)
    assert ids(s, target.troops) == ["fx_s6"] and ids(s, target.char) == ["fx_heir5"]
    assert s.phase is Phase.TAKE  # no capture, no post-attack regroup
    assert ice in s.discard


def test_ice_storm_power_21_removes_all_troops_but_not_the_heir():  # T-02
    s, target, _ = _ice_position(4, 6, 5, 3, 2, 2, 2)
    assert target.troops == [] and ids(s, target.char) == ["fx_heir5"]


def test_ice_storm_failed_success_roll_rolls_no_damage():  # T-03
    s, target, ice = _ice_position(3, 6, 6, 6, 6, 6, 6)
    assert len(target.troops) == 3 and ice in s.discard
    assert s.rng.script == [6, 6, 6, 6, 6, 6]  # damage dice never rolled


def test_ice_storm_counts_terrain_first():  # T-07
    s = blank()
    group(s, 0, GAN)
    target = group(s, 1, "fx_wiz0", TR, "fx_forest4")
    (ice,) = give(s, 0, "ice_storm")
    dice(s, 4, 3, 2, 2, 2, 2, 2)  # 13 + MAG 1 = 14
    act(s, "card_attack", ice, 1, 0)
    act(s, "no_response")
    assert target.terrain < 0 and ids(s, target.troops) == [TR]


def test_magic_attack_needs_a_wizard_on_the_attackers_table():  # T-20
    s = blank()
    group(s, 0, "galus")
    give(s, 0, GAN)
    (pet,) = give(s, 0, "petrify")
    group(s, 1, H6, TB)
    assert not any(a.kind == "card_attack" and a.args[0] == pet for a in s.legal_actions())


def test_petrify_cancelled_by_dispel_magic():  # T-21
    s = blank()
    group(s, 0, GAN)
    target = group(s, 1, "fx_wiz0", TR, "cave")
    (pet,) = give(s, 0, "petrify")
    (dis,) = give(s, 1, "dispel_magic")
    dice(s, 3, 3)
    act(s, "card_attack", pet, 1, 0)
    assert s.phase is Phase.RESPONSE and s.current_player == 1
    act(s, "respond", dis)
    assert ids(s, target.troops) == [TR] and target.terrain >= 0
    assert dis in s.discard and s.phase is Phase.TAKE


def test_void_success_removes_the_whole_group_and_items_are_captured():  # T-22
    s = blank()
    group(s, 0, GAN)
    group(s, 1, H6, "fx_crown", TB)
    (void,) = give(s, 0, "void")
    dice(s, 4)
    act(s, "card_attack", void, 1, 0)
    act(s, "no_cleric")
    assert s.groups[1] == []
    assert s.phase is Phase.CAPTURE
    crown = s.captured[0]
    act(s, "give", crown, 0)
    assert crown in s.groups[0][0].items
    assert s.phase is Phase.REGROUP  # post-attack regroup after a capture


def test_void_success_with_cleric_revives_the_character_and_nothing_is_captured():  # T-22
    s = blank()
    group(s, 0, GAN)
    g = group(s, 1, H6, "fx_crown", TB)
    (void,) = give(s, 0, "void")
    (cl,) = give(s, 1, "cleric")
    dice(s, 4)
    act(s, "card_attack", void, 1, 0)
    assert s.phase is Phase.CLERIC and s.current_player == 1
    act(s, "cleric", cl)
    assert ids(s, g.char) == [H6] and len(g.items) == 1 and g.troops == []
    assert s.phase is Phase.TAKE


def test_void_backfire_discards_the_caster_and_its_items():  # T-23
    s = blank()
    caster = group(s, 0, GAN, "fx_crown", TR)
    target = group(s, 1, H6, TB)
    (void,) = give(s, 0, "void")
    give(s, 0, "cleric")
    dice(s, 3)
    act(s, "card_attack", void, 1, 0)
    assert caster.char == [] and caster.items == [] and ids(s, caster.troops) == [TR]
    assert s.groups[0] == [caster]  # characterless group persists until the regroup ends
    assert len(target.troops) == 1 and s.phase is Phase.TAKE


def test_open_gate_only_against_castles_and_removes_the_castle():  # T-38
    s = blank()
    group(s, 0, GAN)
    group(s, 1, H6, TB)
    (og,) = give(s, 0, "open_gate")
    assert "card_attack" not in kinds(s)
    castled = group(s, 1, "margaret", TB, "castle")
    assert G.suc(s.t, castled) == 7 and G.mov(s.t, castled) == 0
    dice(s, 2)
    act(s, "card_attack", og, 1, 1)
    assert castled.terrain < 0 and G.mov(s.t, castled) == 2 and G.suc(s.t, castled) == 5


def test_tree_spirit_escaped_by_teleportation():  # T-39
    s = blank()
    group(s, 0, GAN)
    group(s, 1, H6, TB)
    (ts,) = give(s, 0, "tree_spirit")
    assert "card_attack" not in kinds(s)
    target = group(s, 1, "sylphia", "forest")
    (tp,) = give(s, 1, "teleportation")
    dice(s, 3, 3)
    act(s, "card_attack", ts, 1, 1)
    act(s, "respond", tp)
    assert target.char and target.terrain >= 0


def test_tree_spirit_success_annihilates_the_group():  # spirits
    s = blank()
    group(s, 0, GAN)
    group(s, 1, "galus", "forest")
    (ts,) = give(s, 0, "tree_spirit")
    dice(s, 3)
    act(s, "card_attack", ts, 1, 0)
    act(s, "no_cleric")
    assert s.groups[1] == []


def test_dragon_ignores_terrain_lightning_bolt_does_not():  # T-40
    s = blank()
    group(s, 0, GAN)
    target = group(s, 1, H6, TB, "castle")
    (dr,) = give(s, 0, "dragon")
    dice(s, 6, 6)
    act(s, "card_attack", dr, 1, 0)
    assert target.troops == [] and target.terrain >= 0
    s2 = blank()
    group(s2, 0, GAN)
    t2 = group(s2, 1, H6, TB, "castle")
    (lb,) = give(s2, 0, "lightning_bolt")
    dice(s2, 4, 4)  # 8 + 2 + MAG 1 = 11 >= castle 10
    act(s2, "card_attack", lb, 1, 0)
    assert t2.terrain < 0 and len(t2.troops) == 1


def test_fireball_alone_hits_a_chosen_card():  # fireball
    s = blank()
    group(s, 0, GAN)
    target = group(s, 1, H6, TB, "dwarves")
    (fb,) = give(s, 0, "fireball")
    act(s, "card_attack", fb, 1, 0)
    tb = target.troops[0]
    assert s.phase is Phase.PARAM
    dice(s, 5, 4)  # 9 + MAG 1 = 10 >= soldiers 10
    act(s, "aim", tb)
    assert ids(s, target.troops) == ["dwarves"]


def test_dispel_magic_against_fireball_support_rechecks_the_hit():  # A-19 dispel of a support
    s = blank()
    group(s, 0, "galus")
    group(s, 0, GAN)
    target = group(s, 1, "fx_wiz6", TB)  # DEF 6 + 10 = 16
    (fb,) = give(s, 0, "fireball")
    (dis,) = give(s, 1, "dispel_magic")
    dice(s, 3, 4, 4, 2)  # galus 3+3 = 6, fireball 4+4+1 = 9 -> 15? no: 6 + 9 = 15 < 16
    act(s, "attack", 0, 1, 0)
    act(s, "support", fb, 1)
    assert s.phase is Phase.TAKE and len(target.troops) == 1  # a miss
    s2 = blank()
    group(s2, 0, "galus")
    group(s2, 0, GAN)
    t2 = group(s2, 1, "fx_wiz6", TB)
    (fb2,) = give(s2, 0, "fireball")
    (dis2,) = give(s2, 1, "dispel_magic")
    dice(s2, 6, 5, 5, 2)  # 9 + 11 = 20 >= 16; dispel roll 2 + 1 = 3 succeeds
    act(s2, "attack", 0, 1, 0)
    act(s2, "support", fb2, 1)
    assert s2.phase is Phase.RESPONSE
    act(s2, "respond", dis2)
    assert len(t2.troops) == 1 and s2.phase is Phase.TAKE  # 9 < 16 after the dispel
    assert dis not in s.discard
