"""Exact values pinned for the mutation run: supports, ally choices, the jester's numbers, the dice
a fireball support adds, event parameters as the board numbers groups."""

from __future__ import annotations

from sabbat.core import Action
from sabbat.games.magic_master.model import Phase
from tests.games.magic_master.mm_support import GAN, H6, TB, TU, W, act, blank, dice, give, group


def test_support_cards_offered_only_where_they_can_help():
    s = blank()
    group(s, 0, W)
    group(s, 0, GAN)
    group(s, 1, H6, TB)  # no terrain
    sh, tp, fb = give(s, 0, "shield", "teleportation", "fireball")
    act(s, "attack", 0, 1, 0)
    assert list(s.legal_actions()) == [Action("no_support"), Action("support", (fb, 1))]
    s2 = blank()
    group(s2, 0, W)
    group(s2, 0, GAN)
    group(s2, 1, H6, TB, "forest")
    sh2, tp2 = give(s2, 0, "shield", "teleportation")
    act(s2, "attack", 0, 1, 0)
    assert list(s2.legal_actions()) == [Action("no_support"), Action("support", (tp2, 1))]


def test_messenger_offers_only_other_groups_that_could_attack():
    s = blank(3)
    group(s, 0, W)  # movement 3: the first group
    group(s, 0, "sigurd")  # movement 3: may join
    group(s, 0, "brenda", TU)  # movement 1: cannot reach a movement-3 group
    group(s, 1, H6)  # movement 3
    group(s, 2, "iona")
    group(s, 2, "borg")  # movement 1
    (m,) = give(s, 0, "messenger")
    act(s, "attack", 0, 1, 0)
    act(s, "support", m, -1)
    assert s.phase is Phase.ALLY
    assert list(s.legal_actions()) == [Action("ally", (0, 1)), Action("ally", (2, 0))]


def test_jester_declares_one_to_six():
    s = blank()
    group(s, 0, W)
    group(s, 1, H6)
    (j,) = give(s, 0, "jester")
    act(s, "card_attack", j, 1, 0)
    assert list(s.legal_actions()) == [Action("declare", (n,)) for n in range(1, 7)]


def test_fireball_support_adds_its_dice_and_the_casters_magic():
    s = blank()
    group(s, 0, GAN)  # the caster is group #1 (index 0)
    group(s, 0, "galus")
    target = group(s, 1, "fx_wiz6", TB)  # DEF 6 + 10 = 16
    (fb,) = give(s, 0, "fireball")
    dice(s, 3, 4, 4)  # galus 1D+3 = 6; fireball 2D + MAG 1 = 9: 15 < 16
    act(s, "attack", 1, 1, 0)
    assert Action("support", (fb, 0)) in s.legal_actions()
    act(s, "support", fb, 0)
    roll = s.events[-1]
    assert roll.key == "magic_master.event.attack_roll"
    assert (roll.params["dice"], roll.params["bonus"], roll.params["total"], roll.params["defence"]) == ([3, 4, 4], 4, 15, 16)
    assert s.phase is not Phase.RESPONSE and len(target.troops) == 1
    s2 = blank()
    group(s2, 0, GAN)
    group(s2, 0, "galus")
    t2 = group(s2, 1, "fx_wiz6", TB)
    (fb2,) = give(s2, 0, "fireball")
    dice(s2, 3, 4, 5)  # 6 + 4 + 5 + 1 = 16: a hit only with the caster's MAG
    act(s2, "attack", 1, 1, 0)
    act(s2, "support", fb2, 0)
    assert s2.events[-1].params["total"] == 16 and s2.attack is not None and s2.attack.fire_part == 10
    act(s2, "no_response")
    assert t2.troops == []


def test_attack_events_number_groups_as_the_board_does():
    s = blank()
    group(s, 0, W)
    group(s, 1, "sigurd")
    group(s, 1, H6, TB)
    (asn,) = give(s, 0, "assassin")
    act(s, "card_attack", asn, 1, 1)
    ev = next(e for e in s.events if e.key == "magic_master.event.card_attack")
    assert (ev.params["target"], ev.params["group"]) == (1, 2)
    s2 = blank()
    group(s2, 0, "sigurd")
    group(s2, 0, W)
    group(s2, 1, H6, TB)
    dice(s2, 1)
    act(s2, "attack", 1, 1, 0)
    act(s2, "no_support")
    roll = next(e for e in s2.events if e.key == "magic_master.event.attack_roll")
    assert roll.params["attackers"] == {"en": "P1#2", "ja": "P1#2"} and roll.params["group"] == 1


def test_a_failed_spell_opens_no_window_even_against_a_wizard():
    for card, extra, rolls in (("open_gate", ("castle",), (1,)), ("petrify", (TB,), (1,)),
                               ("tree_spirit", (TB, "forest"), (1,)), ("void", (TB,), (1,)),
                               ("ice_storm", (TB,), (1,)), ("ice_storm", (TB,), (5, 1, 1, 1, 1, 1, 1))):
        s = blank()
        group(s, 0, GAN)
        target = group(s, 1, "fx_wiz6", *extra)
        (c,) = give(s, 0, card)
        give(s, 1, "shield")
        dice(s, *rolls)
        act(s, "card_attack", c, 1, 0)
        assert s.phase is Phase.TAKE, (card, rolls)  # nothing happened: the defender is not asked
        assert target.char and len(target.cards()) == 1 + len(extra)


def test_petrify_skips_the_terrain_and_takes_the_outermost_troop():
    s = blank()
    group(s, 0, GAN)
    target = group(s, 1, "fx_wiz6", TB, "castle")
    (pet,) = give(s, 0, "petrify")
    dice(s, 3)  # 3 + MAG 1 = 4
    act(s, "card_attack", pet, 1, 0)
    act(s, "no_response")
    assert target.troops == [] and target.terrain >= 0


def test_a_successful_shield_cancels_the_normal_attack():
    s = blank()
    group(s, 0, W, TU, TU)  # 3D+7
    target = group(s, 1, GAN, TU)  # 7 + 13 = 20
    (sh,) = give(s, 1, "shield")
    dice(s, 5, 4, 4, 2)  # 20 >= 20: a hit; shield 2 + MAG 1 = 3 succeeds
    act(s, "attack", 0, 1, 0)
    act(s, "no_support")
    act(s, "respond", sh)
    assert s.phase is Phase.TAKE and len(target.troops) == 1
    assert s.events[-1].key == "magic_master.event.attack_cancelled"


def test_dispelled_teleport_support_counts_the_castle_again_and_equality_still_hits():
    s = blank()
    group(s, 0, W, TU, TU, TU)  # 4D+9, movement 1
    group(s, 0, GAN)
    target = group(s, 1, "fx_wiz6", TB, "castle")  # 6 + 10 + 10 = 26; 16 without the castle
    (tp,) = give(s, 0, "teleportation")
    (dis,) = give(s, 1, "dispel_magic")
    dice(s, 3, 5, 4, 4, 4, 2)  # teleport 3 + 1; attack 17 + 9 = 26; dispel 2 + 1
    act(s, "attack", 0, 1, 0)
    act(s, "support", tp, 1)
    assert s.phase is Phase.RESPONSE and s.observation(0)["attack"]["teleported"] is True
    act(s, "respond", dis)
    assert s.events[-1].key == "magic_master.event.still_hit"  # 26 against 26 with the castle
    assert s.phase is Phase.RESPONSE and s.observation(0)["attack"]["teleported"] is False
    act(s, "no_response")
    assert target.terrain < 0 and len(target.troops) == 1  # the castle, outermost, is the card lost


def test_card_and_ice_storm_events_carry_their_numbers_and_names():
    s = blank()
    group(s, 0, GAN)
    group(s, 1, "fx_wiz6", TB)
    (lb,) = give(s, 0, "lightning_bolt")
    dice(s, 4, 4)  # 2D+2 + MAG 1 = 11 >= 10
    act(s, "card_attack", lb, 1, 0)
    roll = next(e for e in s.events if e.key == "magic_master.event.card_roll")
    assert (roll.params["bonus"], roll.params["total"], roll.params["defence"]) == (3, 11, 10)
    s2 = blank()
    group(s2, 0, GAN)
    group(s2, 1, "fx_wiz6", TB)
    (ice,) = give(s2, 0, "ice_storm")
    dice(s2, 5, 2, 2, 2, 2, 1, 1)  # 10 + MAG 1 = 11: the soldiers (10) go, not the wizard too
    act(s2, "card_attack", ice, 1, 0)
    storm = next(e for e in s2.events if e.key == "magic_master.event.ice_storm")
    assert storm.params["removed"] == [{"en": "Soldiers", "ja": "兵士"}]


def test_capture_event_names_the_receiving_group_as_numbered():
    s = blank()
    group(s, 0, "sigurd")
    group(s, 0, W)
    group(s, 1, H6, "sword")
    dice(s, 6)
    act(s, "attack", 1, 1, 0)
    act(s, "no_support")
    act(s, "no_cleric")
    act(s, "give", s.captured[0], 1)
    ev = next(e for e in s.events if e.key == "magic_master.event.capture")
    assert ev.params["group"] == 2


def test_sums_of_a_lone_character_and_of_a_leaderless_group():
    from sabbat.games.magic_master import groups as G

    s = blank()
    assert G.atk(s.t, group(s, 0, H6)) == (0, 0)
    assert G.atk(s.t, group(s, 0, GAN)) == (0, 0)
    assert G.atk(s.t, group(s, 0, "cecile")) == (0, 1)
    items = group(s, 0, "fx_crown", "fx_armour2")
    assert G.mov(s.t, items) == 0 and G.suc(s.t, items) == 1 and G.char_suc(s.t, items) == 1


def test_leadership_boundaries_castle_at_succession_one_and_mixed_troops_under_any_leader():
    from sabbat.games.magic_master import groups as G

    s = blank()
    assert G.problems(s.t, group(s, 0, "william", "castle")) == []  # succession exactly 1 holds a castle
    assert G.problems(s.t, group(s, 0, "iona", "castle")) == ["castle"]
    staffed = group(s, 0, "sigurd", "charm_staff", TU, "orcs")
    assert "mix" in G.problems(s.t, staffed, True)  # mixing_ban=any_leader
    assert "mix" not in G.problems(s.t, staffed)  # the default (mixing_ban=wizards)


def test_a_couple_uses_the_better_partners_attack_and_magic_in_either_order():
    from sabbat.games.magic_master import groups as G
    from sabbat.games.magic_master.groups import Group
    from tests.games.magic_master.mm_support import inst

    s = blank()
    card = {k: inst(s, k) for k in ("galus", "sigurd", "rolf", "zarbak", "melinda")}
    for a, b, want in (("galus", "sigurd", (1, 4)), ("rolf", "galus", (2, 0))):
        for pair in ((a, b), (b, a)):
            g = Group([card[pair[0]], card[pair[1]]])  # a couple
            assert G.unit_atk(s.t, g) == want, pair
    for pair in (("zarbak", "melinda"), ("melinda", "zarbak")):  # MAG 2 and 0
        assert G.wizard_mag(s.t, Group([card[pair[0]], card[pair[1]]])) == 2


def test_black_troops_follow_a_leader_of_succession_exactly_one():
    from sabbat.games.magic_master import groups as G

    s = blank()
    assert G.problems(s.t, group(s, 0, "william", TB)) == []
    assert G.problems(s.t, group(s, 0, "brenda", TB)) == ["black"]


def test_a_magic_zero_caster_adds_nothing_to_a_fireball_support():
    s = blank()
    group(s, 0, "melinda")  # MAG 0
    group(s, 0, "galus")
    group(s, 1, "fx_wiz6", TB)  # 16
    (fb,) = give(s, 0, "fireball")
    dice(s, 3, 4, 5)  # 6 + 9 = 15 < 16
    act(s, "attack", 1, 1, 0)
    act(s, "support", fb, 0)
    assert s.events[-1].params["total"] == 15 and s.phase is Phase.TAKE


# 「移動レベルが設定されていないカードは無視します」
def test_rulebook_cards_without_a_movement_value_are_ignored():
    from sabbat.games.magic_master import groups as G

    s = blank()
    assert G.mov(s.t, group(s, 0, "dean", "fx_banner")) == 3  # the banner has no movement value
    assert G.mov(s.t, group(s, 0, "sigurd", "fx_banner", TB)) == 2
    assert G.mov(s.t, group(s, 0, "arthur", "sword")) == 3  # items have none either
