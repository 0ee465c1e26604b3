"""Every search the server runs is capped in time, whatever budget its agent names."""

from __future__ import annotations

import time
from typing import Any

import pytest

from sabbat import agents, games
from sabbat.core import GameState
from sabbat.web import ai


class _Endless:
    """An agent that would think forever."""

    name = "endless"

    def choose(self, state: GameState) -> Any:
        while True:
            time.sleep(0.01)


def test_an_endless_agent_is_stopped_at_the_cap_and_the_heuristic_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(agents._factories, "endless", lambda game, seed, param: _Endless())
    state = games.get("monslaught").new(2, 7)
    started = time.monotonic()
    chosen = ai.choose("monslaught", state.to_json(), "endless", 1, limit_s=0.3)
    assert time.monotonic() - started < 2.0
    assert games.get("monslaught").action_from_json(chosen) in state.legal_actions()


def test_a_hint_is_capped_too(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(agents._factories, "endless", lambda game, seed, param: _Endless())
    state = games.get("monslaught").new(2, 7)
    started = time.monotonic()
    chosen, _ = ai.advise("monslaught", state.to_json(), "endless", 1, limit_s=0.3)
    assert time.monotonic() - started < 2.0
    assert games.get("monslaught").action_from_json(chosen) in state.legal_actions()
