"""Red and blue troops never share a group, whoever leads it.

The rulebook says it of wizards (「赤と青の数字の混成部隊を編成は出来ません」); a warrior who may
lead red troops through the Charm Staff is held to the same ban, or the staff would be a way round it.
"""

from __future__ import annotations

from sabbat.games.magic_master import groups as G
from tests.games.magic_master.mm_support import TR, TU, blank, group


def test_a_warrior_with_the_charm_staff_may_lead_red_or_blue_troops_but_not_both() -> None:
    for troops, problems in (((TR,), []), ((TU,), []), ((TU, TR), ["mix"])):
        s = blank()
        assert G.problems(s.t, group(s, 0, "sigurd", "charm_staff", *troops)) == problems
