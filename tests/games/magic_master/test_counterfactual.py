"""benchmarks/counterfactual.py's Magic Master patch: with the rule "the lowest heir starts"
switched off the turn order is drawn by lot, and the game is itself again on leaving."""

from __future__ import annotations

from itertools import pairwise

import pytest

from sabbat import agents
from sabbat.games.magic_master import GAME, flow
from tests.support.scripts import load_script


def _start_is_lowest_heir(seed: int) -> bool:
    """Play the heir choices and initial regroups of a 3-player game; is the turn order ascending
    in the revealed successions (the lowest heir starting)?"""
    s = GAME.new(3, seed)
    bots = [agents.get("heuristic", "magic_master", seed * 31 + p) for p in range(3)]
    while s.start_player < 0:
        s.apply(bots[s.current_player].choose(s))
    suc = [s.t.inst[c].suc for c in s.heir_choice]
    return s.start_player == s.order[0] and all(suc[a] <= suc[b] for a, b in pairwise(s.order))


@pytest.mark.slow
def test_lowest_heir_starts_by_the_rulebook_and_by_lot_when_switched_off() -> None:
    cf = load_script("benchmarks/counterfactual.py")
    original = flow.finish_setup
    assert all(_start_is_lowest_heir(seed) for seed in range(20))
    with cf.switched_off("magic_master", ["lowest-heir-starts"]):
        assert flow.finish_setup is not original
        drawn = [_start_is_lowest_heir(seed) for seed in range(20)]
        assert not all(drawn) and any(drawn)
        assert [_start_is_lowest_heir(seed) for seed in range(20)] == drawn  # a pure function of the seed
    assert flow.finish_setup is original
    assert all(_start_is_lowest_heir(seed) for seed in range(20))
