"""Two sentences of the rulebook that read two ways, each with its option.

「魔術士は、青い数字の戦闘部隊でも赤い数字の戦闘部隊でもリーダーになる事が出来ますが、赤と青の数字の
混成部隊を編成は出来ません。」 — the ban on red and blue together is stated for wizards, and the Charm Staff
lets a warrior lead red troops *too* (「赤い数字の部隊のリーダーにもなる事が出来ます」): by default the ban
binds wizards only (`mixing_ban=wizards`), `mixing_ban=any_leader` holds every leader to it.

「2番目に王位継承権が高いプレイヤーに9枚のカードを、3番目に王位継承権が高いプレイヤーに8枚を」「もし、
王位継承権の値が同じプレイヤーがいた場合は、カードの枚数は同じ枚数を配り」 — the third place counts
succession values by default (`hand_sizes=by_value`: 6/6/1 deals 10/10/9), players with
`hand_sizes=by_place` (10/10/8).
"""

from __future__ import annotations

import pytest

from sabbat import games
from sabbat.core import BadOption
from sabbat.games.magic_master import groups as G
from sabbat.games.magic_master.cards import load
from sabbat.games.magic_master.model import Phase, RegroupKind
from sabbat.games.magic_master.state import MagicMasterState
from tests.games.magic_master.mm_support import GAN, TR, TU, act, blank, give, group, reach

GAME = games.get("magic_master")


def _regroup_with(options: dict[str, str], *cards: str) -> MagicMasterState:
    s = blank()
    s.options.update(options)
    group(s, 1, "harold")
    group(s, 0, *cards)
    s.phase, s.regroup_kind, s.active = Phase.REGROUP, RegroupKind.TURN, 0
    s._legal = None
    return s


def test_mixing_ban_any_leader_binds_a_warrior_with_the_charm_staff():
    s = _regroup_with({"mixing_ban": "any_leader"}, "sigurd", "charm_staff", TU, TR)
    assert G.problems(s.t, s.groups[0][0], G.mix_ban_any_leader(s.options)) == ["mix"]
    assert "end_regroup" not in {a.kind for a in s.legal_actions()}


@pytest.mark.parametrize("options", [{}, {"mixing_ban": "wizards"}])
def test_by_default_a_warrior_with_the_charm_staff_may_lead_red_and_blue(options: dict[str, str]):
    s = _regroup_with(options, "sigurd", "charm_staff", TU, TR)
    assert G.problems(s.t, s.groups[0][0], G.mix_ban_any_leader(s.options)) == []
    act(s, "end_regroup")
    assert s.phase is Phase.ATTACK and len(s.groups[0][0].troops) == 2


@pytest.mark.parametrize("options", [{}, {"mixing_ban": "any_leader"}])
def test_the_mixing_ban_always_binds_a_wizard(options: dict[str, str]):
    s = _regroup_with(options, GAN, TU, TR)
    assert G.problems(s.t, s.groups[0][0], G.mix_ban_any_leader(s.options)) == ["mix"]
    assert "end_regroup" not in {a.kind for a in s.legal_actions()}


def test_the_heuristic_follows_the_mixing_ban_option():
    """Playing red troops into a staff-holding warrior's blue group is fine by default (`wizards`),
    a fault with `mixing_ban=any_leader`."""
    chosen = {}
    for ban in ("any_leader", "wizards"):
        s = blank()
        s.options["mixing_ban"] = ban
        group(s, 1, "harold")
        tu = group(s, 0, "sigurd", "charm_staff", TU).troops[0]
        give(s, 0, TR)
        s.phase, s.regroup_kind, s.active = Phase.REGROUP, RegroupKind.TURN, 0
        s._legal = None
        reach(s, "keep", tu)  # the troops' step: the red troops may be played now
        chosen[ban] = GAME.heuristic_agent(0).choose(s)
    assert chosen["any_leader"].kind != "troop" and chosen["wizards"].kind == "troop"


def _dealt(heirs: tuple[str, ...], options: dict[str, str]) -> list[int]:
    """Hand sizes by seat once each seat has revealed the heir named for it."""
    first = {c.id: i for i, c in reversed(list(enumerate(load({}).inst)))}
    s = GAME.new(len(heirs), 0, options)
    for p, tid in enumerate(heirs):
        s.chars[p] = [first[tid]]
        s.wiz_hidden[p] = 0
    s._legal = None
    for tid in heirs:
        act(s, "choose_heir", first[tid])
    return [len(s.hand[p]) for p in range(len(heirs))]


@pytest.mark.parametrize(("rule", "sizes"), [({}, [10, 10, 9]), ({"hand_sizes": "by_value"}, [10, 10, 9]),
                                             ({"hand_sizes": "by_place"}, [10, 10, 8])])
def test_hand_sizes_when_the_two_highest_heirs_tie(rule: dict[str, str], sizes: list[int]):
    assert _dealt(("elaine", "harold", "william"), rule) == sizes  # succession 6, 6, 1


def test_hand_sizes_by_place_with_four_players():
    assert _dealt(("elaine", "harold", "mcneil", "edgar"), {"hand_sizes": "by_place"}) == [10, 10, 8, 7]
    assert _dealt(("elaine", "harold", "mcneil", "edgar"), {}) == [10, 10, 9, 8]


def test_the_two_options_are_declared_with_help_in_both_languages_and_checked():
    options = GAME.info.options
    assert options["mixing_ban"].default == "wizards" and options["mixing_ban"].choices == ("wizards", "any_leader")
    assert options["hand_sizes"].default == "by_value" and options["hand_sizes"].choices == ("by_value", "by_place")
    assert all(options[k].help and options[k].help_ja for k in ("mixing_ban", "hand_sizes"))
    with pytest.raises(BadOption):
        GAME.new(3, 0, {"hand_sizes": "by_seat"})
