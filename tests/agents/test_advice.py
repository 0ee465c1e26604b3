"""The advice behind `hint` in the terminal and the browser."""

from __future__ import annotations

from sabbat import games
from sabbat.agents.advice import advise
from sabbat.core import GameState


def _position_with_a_choice(game_id: str, players: int) -> GameState:
    state = games.get(game_id).new(players, seed=11)
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    return state


def test_a_searching_level_suggests_a_legal_move_with_its_winning_chance() -> None:
    state = _position_with_a_choice("mystic_vale", 2)
    action, estimate = advise(state, "ismcts:60", seed=1)
    assert action in state.legal_actions()
    assert estimate is not None and 0.0 <= estimate <= 1.0


def test_a_heuristic_gives_a_move_but_no_estimate() -> None:
    state = _position_with_a_choice("mystic_vale", 2)
    action, estimate = advise(state, "heuristic", seed=1)
    assert action in state.legal_actions()
    assert estimate is None


def test_an_unknown_level_falls_back_to_the_heuristic() -> None:
    state = _position_with_a_choice("bellum_magica", 2)
    action, estimate = advise(state, "no-such-level", seed=1)
    assert action in state.legal_actions()
    assert estimate is None
