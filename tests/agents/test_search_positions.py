"""The positions search benchmarks time: real choices, at the seat count asked for."""

from __future__ import annotations

import pytest

from sabbat import games
from sabbat.core import Action, GameState
from sabbat.sim.search_bench import opening, positions


@pytest.mark.parametrize("name", games.names())
def test_opening_is_the_first_real_choice_of_a_new_deal(name: str) -> None:
    players = max(games.get(name).info.player_counts)
    state = opening(name, players, 1)
    assert state.num_players == players and len(state.legal_actions()) >= 2
    fresh = games.get(name).new(players, 1)
    forced = list(state.history)
    assert all(len(legal) == 1 for legal in _legal_along(fresh, forced))


def test_positions_take_the_seat_count_asked_for() -> None:
    found = positions("bellum_magica", count=2, players=4)
    assert len(found) == 2
    assert all(s.num_players == 4 and len(s.legal_actions()) >= 2 for s in found)
    assert all(s.num_players == 2 for s in positions("bellum_magica", count=1))


def _legal_along(state: GameState, moves: list[Action]) -> list[tuple[Action, ...]]:
    seen = []
    for move in moves:
        seen.append(state.legal_actions())
        state.apply(move)
    return seen
