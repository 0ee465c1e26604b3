"""Red and blue troops together (ruling M-19).

The rulebook says it of wizards (「魔術士は…赤と青の数字の混成部隊を編成は出来ません」), and the Charm
Staff lets a warrior lead red troops *too* (「赤い数字の部隊のリーダーにもなる事が出来ます」): by default
(`mixing_ban=wizards`) such a warrior may lead red and blue troops together; `mixing_ban=any_leader`
holds every leader to the ban.
"""

from __future__ import annotations

from sabbat.games.magic_master import groups as G
from tests.games.magic_master.mm_support import GAN, TR, TU, blank, group


def test_a_warrior_with_the_charm_staff_may_lead_red_and_blue_troops_by_default() -> None:
    for troops in ((TR,), (TU,), (TU, TR)):
        s = blank()
        g = group(s, 0, "sigurd", "charm_staff", *troops)
        assert G.problems(s.t, g, G.mix_ban_any_leader(s.options)) == []


def test_with_any_leader_a_warrior_with_the_charm_staff_may_lead_red_or_blue_but_not_both() -> None:
    for troops, problems in (((TR,), []), ((TU,), []), ((TU, TR), ["mix"])):
        s = blank()
        assert G.problems(s.t, group(s, 0, "sigurd", "charm_staff", *troops), True) == problems


def test_a_wizard_never_leads_red_and_blue_together_under_either_reading() -> None:
    for any_leader in (False, True):
        s = blank()
        assert G.problems(s.t, group(s, 0, GAN, TU, TR), any_leader) == ["mix"]
