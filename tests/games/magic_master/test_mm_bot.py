"""The heuristic agent: legal choices, only public reads, and clearly better than random."""

from __future__ import annotations

from sabbat import games
from sabbat.agents.random_agent import RandomAgent


def test_heuristic_beats_random_players():  # requirement 8
    game = games.get("magic_master")
    wins = 0
    for k in range(20):
        state = game.new(3, 300 + k)
        seat = k % 3
        agents = [game.heuristic_agent(k) if p == seat else RandomAgent(k * 5 + p) for p in range(3)]
        while not state.is_terminal():
            p = state.current_player
            action = agents[p].choose(state)
            assert action in state.legal_actions()
            state.apply(action)
        wins += state.winners() == [seat]
    assert wins >= 16


def test_heuristic_plays_a_full_game_against_itself():  # all phases reachable by the bot
    game = games.get("magic_master")
    state = game.new(4, 12)
    agent = game.heuristic_agent(3)
    kinds = set()
    while not state.is_terminal():
        action = agent.choose(state)
        kinds.add(action.kind)
        state.apply(action)
    assert state.winners() and {"choose_heir", "end_regroup", "take"} <= kinds
