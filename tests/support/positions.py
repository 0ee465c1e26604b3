"""Positions and play loops shared by the search agents' tests."""

from __future__ import annotations

from sabbat import games
from sabbat.agents.random_agent import RandomAgent
from sabbat.core import Action, GameState, Rng


def mid_game(name: str, n: int, seed: int, steps: int) -> GameState:
    """A random game stopped at the first decision with a real choice after `steps` moves."""
    state = games.get(name).new(n, seed)
    chooser = Rng(seed + 99)
    while not state.is_terminal() and (len(state.history) < steps or len(state.legal_actions()) < 2):
        state.apply(chooser.choice(state.legal_actions()))
    return state


def moves_against_random(searcher, name: str, n: int, searches: int) -> list[tuple[Action, list[Action]]]:  # type: ignore[no-untyped-def]
    """Seat 0 is `searcher`, the others random, until it has chosen `searches` times: each move
    played, with the legal actions it was chosen from."""
    state = games.get(name).new(n, seed=11)
    others = RandomAgent(5)
    played: list[tuple[Action, list[Action]]] = []
    searched = 0
    while not state.is_terminal() and searched < searches:
        legal = state.legal_actions()
        if state.current_player == 0:
            action = searcher.choose(state)
            searched += 1
        else:
            action = others.choose(state)
        played.append((action, list(legal)))
        state.apply(action)
    return played


def hidden_twins(name: str, n: int) -> list[tuple[GameState, GameState]]:
    """Pairs of positions that differ only in what the player to move cannot see: a fair
    searcher with one seed and budget must analyse both alike."""
    twins = []
    for seed, steps in ((1, 6), (2, 25)):
        state = mid_game(name, n, seed, steps)
        if state.is_terminal():
            continue
        player = state.current_player
        assert player is not None
        twins.append((state.determinize(player, Rng(1)), state.determinize(player, Rng(2))))
    return twins
