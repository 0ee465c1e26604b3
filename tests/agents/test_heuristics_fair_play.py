"""Every game's heuristic agent sees only what its player may see.

With the same seed it must pick the same action in the real state and in two
determinizations for its player, which differ only in what that player cannot see.
"""

from __future__ import annotations

import pytest

from sabbat import agents, games
from sabbat.core import Rng

GAMES = [name for name in games.names() if games.get(name).heuristic_agent(0) is not None]


@pytest.mark.parametrize("name", GAMES)
def test_heuristic_is_blind_to_hidden_information(name: str) -> None:
    game = games.get(name)
    for n in game.info.player_counts:
        for seed in range(3):
            state = game.new(n, seed)
            chooser = Rng(seed)
            step = 0
            while not state.is_terminal():
                if step % 17 == 0 and len(state.legal_actions()) > 1:
                    p = state.current_player
                    assert p is not None
                    picks = {
                        agents.get("heuristic", name, 5).choose(s)
                        for s in (state, state.determinize(p, Rng(1)), state.determinize(p, Rng(2)))
                    }
                    assert len(picks) == 1, f"{name} {n}p seed {seed} step {step}: choice depends on hidden cards"
                state.apply(chooser.choice(state.legal_actions()))
                step += 1
