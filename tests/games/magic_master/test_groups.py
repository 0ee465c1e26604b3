"""Groups: order, sums, movement, leadership, castles, regrouping and the three-group limit."""

from __future__ import annotations

from sabbat.core import Action
from sabbat.games.magic_master import groups as G
from sabbat.games.magic_master.model import Phase, RegroupKind
from tests.games.magic_master.mm_support import GAN, H6, TB, TR, TU, W, act, bare, blank, give, group, ids, kinds, reach


def test_group_sums_and_movement_is_the_minimum():  # rules 4-6
    s = blank()
    cards = ("dean", "sword", TB, "royal_guard", "castle")
    g = group(s, 0, *cards)
    v = [s.t.types[c] for c in cards]
    assert G.atk(s.t, g) == (sum(c.atk_dice for c in v), sum(c.atk_bonus for c in v))
    assert G.defence(s.t, g) == sum(c.defence for c in v)
    assert G.mov(s.t, g) == 0
    assert G.suc(s.t, g) == sum(c.suc for c in v)
    assert G.mov(s.t, group(s, 0, "galus", TU)) == 1


def test_leadership_rules_at_the_end_of_regroup():  # T-26
    s = blank()
    t = s.t
    assert G.problems(t, group(s, 0, W, TR)) == ["red"]
    assert not G.problems(t, group(s, 0, "sigurd", "charm_staff", TR))
    assert "mix" in G.problems(t, group(s, 0, GAN, TU, TR))
    assert not G.problems(t, group(s, 0, "sylphia", "goblins", "troll"))
    assert G.problems(t, group(s, 0, "iona", TB)) == ["black"]
    assert G.problems(t, group(s, 0, "oswald", "sword")) == ["wizard_item"]
    assert G.problems(t, group(s, 0, "brenda", "castle")) == ["castle"]
    castle = group(s, 0, "harold", "castle")
    assert not G.problems(t, castle) and G.suc(t, castle) == 8


def test_heir_with_attack_and_sword_counts_as_warrior():  # T-27
    s = blank()
    assert not G.problems(s.t, group(s, 0, "fx_heir_atk1", "sword", TU))
    assert G.problems(s.t, group(s, 0, H6, "sword", TU)) == ["blue"]


def test_regroup_end_rejected_while_a_group_is_illegal():
    s = blank()
    s.phase, s.regroup_kind = Phase.REGROUP, RegroupKind.TURN
    (tr,) = give(s, 0, TR)
    g = group(s, 0, W)
    g.troops.append(tr)  # red troops under a warrior: only a wizard or the Charm Staff may lead them
    s.hand[0].remove(tr)
    s._legal = None
    assert "end_regroup" not in kinds(s)
    reach(s, "scrap", tr)
    assert "end_regroup" in kinds(s)


def test_regroup_plays_moves_reorders_and_never_plays_one_shots():  # regroup 2-3
    s = bare()
    s.phase, s.regroup_kind = Phase.REGROUP, RegroupKind.TURN
    g = group(s, 0, "dean", TB, "knights")
    (fb, kn) = give(s, 0, "fireball", "royal_guard")
    (ar,) = give(s, 0, "arthur")
    assert not any(a.args and a.args[0] == fb for a in s.legal_actions())
    act(s, "play", ar, 1)  # a character from hand: in the characters' stage
    assert not any(a.kind == "move" and a.args[0] == g.char[0] for a in s.legal_actions())  # leaders stay
    soldiers, knights = g.troops
    reach(s, "troop", soldiers, 1, 0)  # the Soldiers go to Arthur
    act(s, "troop", kn, 0, 0)  # the Royal Guard from hand, inside the Knights (not decided yet)
    assert ids(s, g.troops) == ["royal_guard", "knights"]
    act(s, "troop", knights, 0, 0)  # the Knights innermost: placed inside the Royal Guard
    assert ids(s, g.troops) == ["knights", "royal_guard"] and ids(s, s.groups[0][1].troops) == [TB]
    assert not any(a.args and a.args[0] == fb for a in s.legal_actions())


def test_at_most_three_groups_at_the_end_of_regroup():  # rule 7
    s = blank()
    s.phase, s.regroup_kind = Phase.REGROUP, RegroupKind.TURN
    for tid in (W, "sigurd", "iona"):
        group(s, 0, tid)
    (b,) = give(s, 0, "brenda")
    act(s, "play", b, 3)  # a fourth leader while the others are not decided yet
    assert len(s.groups[0]) == 4 and "end_regroup" not in kinds(s)
    act(s, "keep", s.groups[0][0].char[0])
    act(s, "keep", s.groups[0][1].char[0])
    assert Action("keep", (s.groups[0][2].char[0],)) not in s.legal_actions()  # a fourth group cannot stay
    act(s, "scrap", s.groups[0][2].char[0])
    assert "end_regroup" in kinds(s)


def test_leaderless_groups_are_discarded_at_regroup_end():  # rule 1
    s = blank()
    s.phase, s.regroup_kind = Phase.REGROUP, RegroupKind.TURN
    group(s, 0, W)
    orphan = group(s, 0, TU)
    orphan.char = []
    act(s, "end_regroup")
    assert len(s.groups[0]) == 1 and "dwarves" in ids(s, s.discard)
    assert s.phase is Phase.ATTACK
