"""Exact values pinned for the mutation run: supports, ally choices, the jester's numbers, the dice
a fireball support adds, event parameters as the board numbers groups."""

from __future__ import annotations

from mm_support import GAN, H6, TB, TU, W, act, blank, dice, give, group

from sabbat.core import Action
from sabbat.games.magic_master.model import Phase


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
    target = group(s, 1, "sylphia", TB)  # DEF 6 + 10 = 16
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
    t2 = group(s2, 1, "sylphia", TB)
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
