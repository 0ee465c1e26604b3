"""A regroup is free: any card may be moved between groups any number of times, and the regroup
ends when the player says so with legal groups.

「組み替えは何枚でも自由に行える」「1度場に出してから、カードのグループ間の移動は自由です。」
What keeps a regroup finite is only that a move which brings back a layout already seen in this
regroup is not offered; every layout stays reachable.
"""

from __future__ import annotations

from collections import deque

import pytest

from sabbat import games
from sabbat.core import Action, Rng
from sabbat.games.magic_master import groups as G
from sabbat.games.magic_master.model import Phase
from sabbat.games.magic_master.state import MagicMasterState
from tests.games.magic_master.mm_support import GAN, TB, TU, act, bare, give, group, ids, kinds, regroup


def where(s: MagicMasterState, c: int, p: int = 0) -> str:
    """The character id leading the group that holds table card c."""
    g = next(g for g in s.groups[p] if c in g.cards())
    return ids(s, g.char)[0]


def index_of(s: MagicMasterState, leader: str, p: int = 0) -> int:
    return next(i for i, g in enumerate(s.groups[p]) if ids(s, g.char) == [leader])


def test_a_royal_guard_played_under_dean_moves_to_harold_once_harold_is_played():
    s = bare()
    group(s, 1, "sigurd")
    group(s, 0, "dean")
    guard, harold = give(s, 0, "royal_guard", "harold")
    regroup(s)
    act(s, "play", guard, 0)
    act(s, "play", harold, 1)
    act(s, "move", guard, index_of(s, "harold"))
    assert where(s, guard) == "harold"
    act(s, "end_regroup")
    assert s.phase is Phase.ATTACK


def test_soldiers_moved_from_dean_to_arthur_go_on_to_edgar():
    s = bare()
    group(s, 1, "sigurd")
    dean = group(s, 0, "dean", TB)
    group(s, 0, "arthur")
    group(s, 0, "edgar")
    regroup(s)
    soldiers = dean.troops[0]
    act(s, "move", soldiers, index_of(s, "arthur"))
    act(s, "move", soldiers, index_of(s, "edgar"))
    assert where(s, soldiers) == "edgar"
    act(s, "end_regroup")
    assert s.phase is Phase.ATTACK


def test_a_black_troop_played_under_a_warrior_can_be_moved_out_and_the_regroup_ended():
    s = bare()
    group(s, 1, "sigurd")
    group(s, 0, "galus")
    group(s, 0, "arthur")
    (soldiers,) = give(s, 0, TB)
    regroup(s)
    act(s, "play", soldiers, index_of(s, "galus"))  # a warrior (succession 0) cannot lead black troops
    assert G.problems(s.t, s.groups[0][index_of(s, "galus")]) == ["black"]
    assert "end_regroup" not in kinds(s)
    act(s, "move", soldiers, index_of(s, "arthur"))
    assert where(s, soldiers) == "arthur" and "end_regroup" in kinds(s)
    act(s, "end_regroup")
    assert s.phase is Phase.ATTACK


def test_a_move_back_to_a_layout_seen_in_this_regroup_is_not_offered():
    s = bare()
    group(s, 1, "sigurd")
    dean = group(s, 0, "dean", TB)
    group(s, 0, "arthur")
    group(s, 0, "edgar")
    regroup(s)
    soldiers = dean.troops[0]
    act(s, "move", soldiers, index_of(s, "arthur"))
    back = Action("move", (soldiers, index_of(s, "dean")))
    assert back not in s.legal_actions()  # the layout the regroup began with
    act(s, "move", soldiers, index_of(s, "edgar"))
    assert Action("move", (soldiers, index_of(s, "dean"))) not in s.legal_actions()
    assert Action("move", (soldiers, index_of(s, "arthur"))) not in s.legal_actions()
    assert {a.kind for a in s.legal_actions()} >= {"move", "scrap", "end_regroup"}  # other cards still move


def test_troop_order_is_free_but_never_returns_to_an_order_seen():
    s = bare()
    group(s, 1, "sigurd")
    g = group(s, 0, "dean", TB, "royal_guard", "knights")
    regroup(s)
    tb, rg, kn = g.troops
    act(s, "outer", tb)  # inner -> outer: guard, knights, soldiers
    act(s, "outer", rg)  # knights, soldiers, guard
    act(s, "outer", tb)  # knights, guard, soldiers: the soldiers put outermost a second time
    assert ids(s, g.troops) == ["knights", "royal_guard", TB]
    act(s, "outer", kn)  # guard, soldiers, knights
    assert Action("outer", (tb,)) not in s.legal_actions()  # guard, knights, soldiers: seen
    assert Action("outer", (rg,)) in s.legal_actions()  # soldiers, knights, guard: new


def test_a_play_or_a_scrap_clears_the_layouts_to_avoid():
    """Cards played or discarded never come back to where they were, so no earlier layout can
    return: what the regroup remembers starts again from there."""
    s = bare()
    group(s, 1, "sigurd")
    dean = group(s, 0, "dean", TB)
    group(s, 0, "arthur")
    (knights,) = give(s, 0, "knights")
    regroup(s)
    soldiers = dean.troops[0]
    act(s, "move", soldiers, index_of(s, "arthur"))
    assert len(s.seen) == 1
    act(s, "play", knights, index_of(s, "dean"))
    assert s.seen == set()
    act(s, "move", soldiers, index_of(s, "dean"))  # not the layout seen before: the knights are out
    assert ids(s, s.groups[0][index_of(s, "dean")].troops) == ["knights", TB]


def test_clone_and_save_keep_the_layouts_to_avoid():
    game = games.get("magic_master")
    s = game.new(3, 5)
    rng = Rng(5)
    while len(s.seen) < 2:  # random play until a regroup has passed through two layouts
        moves = [a for a in s.legal_actions() if a.kind == "move"]
        s.apply(rng.choice(moves or s.legal_actions()))
    twin = s.clone()
    assert twin.seen == s.seen and twin.seen is not s.seen
    loaded = game.from_json(s.to_json())
    assert isinstance(loaded, MagicMasterState)
    assert loaded.seen == s.seen and loaded.legal_actions() == twin.legal_actions() == s.legal_actions()


@pytest.mark.slow
def test_random_regroups_end_and_never_repeat_a_layout():
    """A player who mostly moves cards around (four decisions in five) still ends soon, and never
    passes through the same layout twice."""
    longest = 0
    for seed in range(40):
        s = bare()
        group(s, 1, "sigurd")
        group(s, 0, "dean", TB, "castle")
        group(s, 0, "galus", TU, "forest")
        give(s, 0, "arthur", GAN, "knights", "orcs", "crown", "cave", "sword", "royal_guard", "elves")
        regroup(s)
        rng = Rng(seed)
        been = set()
        steps = 0
        while s.phase is Phase.REGROUP:
            now = (G.layout(s.groups[0]), tuple(sorted(s.chars[0])), tuple(sorted(s.hand[0])))
            assert now not in been, "a layout came back"
            been.add(now)
            legal = s.legal_actions()
            placements = [a for a in legal if a.kind in ("play", "move", "outer")]
            s.apply(rng.choice(placements if placements and rng.random() < 0.8 else legal))
            steps += 1
        longest = max(longest, steps)
    assert 20 < longest < 2_000


@pytest.mark.slow
def test_random_games_end_with_every_invariant_kept():
    game = games.get("magic_master")
    for seed in range(30):
        s = game.new(2 + seed % 5, seed)
        rng = Rng(seed)
        while not s.is_terminal():
            s.apply(rng.choice(s.legal_actions()))
            assert s.check_invariants() == []
        assert len(s.history) < game.info.max_decisions


@pytest.mark.slow
def test_the_moves_withheld_are_exactly_those_back_to_a_layout_seen():
    """At every regroup decision of random games, the legal list is the list with nothing remembered
    less the moves whose result, applied, is a layout the regroup has passed through."""
    game = games.get("magic_master")
    checked = 0
    for seed in range(8):
        s = game.new(2 + seed % 3, seed)
        rng = Rng(seed)
        while not s.is_terminal():
            legal = s.legal_actions()
            if s.phase is Phase.REGROUP and s.seen:
                free = s.clone()
                free.seen = set()
                free._legal = None
                expected = []
                for a in free.legal_actions():
                    after = s.clone()
                    after.seen = set()
                    after._legal = None
                    after.apply(a)
                    if a.kind not in ("move", "outer") or G.layout(after.groups[s.active]) not in s.seen:
                        expected.append(a)
                assert list(legal) == expected
                checked += 1
            placements = [a for a in legal if a.kind in ("move", "outer")]
            s.apply(rng.choice(placements if placements and rng.random() < 0.7 else legal))
    assert checked > 100


def _final_layouts(start: MagicMasterState, free: bool) -> set[tuple[object, ...]]:
    """Every layout a regroup can end in (led groups, troop order kept; what is discarded aside),
    exploring every sequence of placements and scraps breadth first. `free=True` forgets the
    layouts to avoid after each step, i.e. a regroup with nothing to keep it finite."""

    def final(s: MagicMasterState) -> tuple[object, ...]:
        return (G.layout([g for g in s.groups[0] if g.char]), tuple(sorted(s.chars[0])), tuple(sorted(s.hand[0])))

    def node(s: MagicMasterState) -> tuple[object, ...]:
        return (G.layout(s.groups[0]), tuple(sorted(s.chars[0])), tuple(sorted(s.hand[0])))

    reached = {node(start)}
    finals = set()
    todo = deque([start])
    while todo:
        s = todo.popleft()
        finals.add(final(s))
        for a in s.legal_actions():
            if a.kind == "end_regroup":
                continue
            nxt = s.clone()
            nxt.apply(a)
            if free:
                nxt.seen = set()
                nxt._legal = None
            k = node(nxt)
            if k not in reached:
                reached.add(k)
                todo.append(nxt)
        assert len(reached) < 200_000
    return finals


@pytest.mark.slow
def test_no_final_layout_is_lost_to_the_layouts_avoided():
    """Exhaustively, for a terrain swap, a three-way terrain rotation and a group with hand cards:
    the layouts a regroup can end in are those of a regroup with no rule at all."""
    for build in (
        lambda s: (group(s, 0, "dean", TB, "castle"), group(s, 0, "galus", "forest")),
        lambda s: (group(s, 0, "dean", "castle"), group(s, 0, "galus", "forest"), group(s, 0, "arthur", "cave")),
        lambda s: (group(s, 0, "dean", TB, TU), give(s, 0, "orcs"), give(s, 0, GAN)),
    ):
        s = bare()
        group(s, 1, "sigurd")
        build(s)
        regroup(s)
        assert _final_layouts(s, free=False) == _final_layouts(s, free=True)
