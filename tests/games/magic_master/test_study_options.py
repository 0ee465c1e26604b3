"""The study variant `turn_order=lot`: the turn order is drawn by lot instead of the lowest heir
starting (setup step 10); the hands are still dealt by succession and the deck keeps its order."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest

from sabbat import agents
from sabbat.games.magic_master import GAME

SEEDS = range(20)


def _after_setup(seed: int, **options: Any) -> Any:
    """A 3-player game through its heir choices and initial regroups, played by heuristic bots."""
    s: Any = GAME.new(3, seed, options)
    bots = [agents.get("heuristic", "magic_master", seed * 31 + p) for p in range(3)]
    while s.start_player < 0:
        s.apply(bots[s.current_player].choose(s))
    return s


def _start_is_lowest_heir(s: Any) -> bool:
    """Is the turn order ascending in the revealed successions (the lowest heir starting)?"""
    suc = [s.t.inst[c].suc for c in s.heir_choice]
    return bool(s.start_player == s.order[0] and all(suc[a] <= suc[b] for a, b in pairwise(s.order)))


@pytest.mark.slow
def test_lowest_heir_starts_by_the_rulebook_and_the_order_is_drawn_by_lot_in_the_variant() -> None:
    assert all(_start_is_lowest_heir(_after_setup(seed)) for seed in SEEDS)
    games = [_after_setup(seed, turn_order="lot") for seed in SEEDS]
    drawn = [_start_is_lowest_heir(s) for s in games]
    assert not all(drawn) and any(drawn)
    assert [_start_is_lowest_heir(_after_setup(seed, turn_order="lot")) for seed in SEEDS] == drawn
    rulebook = [_after_setup(seed) for seed in SEEDS]
    assert [(s.hand, s.market, s.deck) for s in games] == [(s.hand, s.market, s.deck) for s in rulebook]
