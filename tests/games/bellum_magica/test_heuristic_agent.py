"""The heuristic agent plays legal moves only and beats random players clearly."""

from __future__ import annotations

from sabbat.agents.random_agent import RandomAgent
from sabbat.games.bellum_magica import GAME


def test_heuristic_agent_beats_random_players() -> None:
    share = 0.0
    games = 40
    for g in range(games):
        n = 2 + g % 4
        seat = g % n
        s = GAME.new(n, 500 + g)
        bots = [GAME.heuristic_agent(g) if p == seat else RandomAgent(g * 7 + p) for p in range(n)]
        while not s.is_terminal():
            action = bots[s.current_player].choose(s)
            assert action in s.legal_actions()
            s.apply(action)
        share += s.returns()[seat]
    assert share / games > 0.7  # chance would be about 0.32


def test_heuristic_agent_is_named_and_deterministic() -> None:
    a, b = GAME.heuristic_agent(3), GAME.heuristic_agent(3)
    assert a.name == "heuristic"
    s1, s2 = GAME.new(3, 4), GAME.new(3, 4)
    while not s1.is_terminal():
        x, y = a.choose(s1), b.choose(s2)
        assert x == y
        s1.apply(x)
        s2.apply(y)
