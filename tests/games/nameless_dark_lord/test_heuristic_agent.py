"""The heuristic agent plays legal moves to the end and beats random play."""

from __future__ import annotations

import pytest

from sabbat.agents import RandomAgent
from sabbat.games.nameless_dark_lord import GAME


@pytest.mark.parametrize("n", [3, 4])
def test_heuristic_agents_finish_a_game_with_legal_moves(n):
    s = GAME.new(n, 7)
    bots = [GAME.heuristic_agent(i) for i in range(n)]
    while not s.is_terminal():
        action = bots[s.current_player].choose(s)
        assert action in s.legal_actions()
        s.apply(action)
    assert len(s.winners()) == 1


@pytest.mark.slow
def test_heuristic_beats_random_players():
    wins = 0
    for g in range(12):
        seat = g % 4
        s = GAME.new(4, 500 + g)
        bots = [GAME.heuristic_agent(g) if i == seat else RandomAgent(g * 4 + i) for i in range(4)]
        while not s.is_terminal():
            s.apply(bots[s.current_player].choose(s))
        wins += seat in s.winners()
    assert wins >= 9
