"""Agents added through the `sabbat.agents` entry points: sabbat's own `policy:FILE` is one, so the
agents package never imports the RL stack that sits above it."""

from __future__ import annotations

from importlib.metadata import EntryPoint
from typing import Any

import pytest

from sabbat import agents
from sabbat.agents.random_agent import RandomAgent
from sabbat.core.errors import UnknownAgent

ASKED: list[tuple[str, int, str]] = []


def echo(game: str, seed: int, param: str) -> RandomAgent:
    ASKED.append((game, seed, param))
    return RandomAgent(seed)


@pytest.fixture
def installed(monkeypatch: pytest.MonkeyPatch) -> Any:
    """An `echo` agent installed by some distribution (and nothing else in the group)."""
    found = [EntryPoint("echo", f"{__name__}:echo", agents.GROUP)]
    monkeypatch.setattr("sabbat.core.registry.entry_points", lambda group: found if group == agents.GROUP else [])
    agents._installed.cache_clear()
    yield
    agents._installed.cache_clear()


def test_the_policy_agent_comes_from_sabbats_own_entry_point() -> None:
    assert "policy" in agents.names()
    with pytest.raises(UnknownAgent, match="needs a saved policy file"):
        agents.get("policy:/no/such/File.zip", game="toy")


def test_an_installed_agent_is_listed_and_made_with_its_parameter_as_written(installed: None) -> None:
    ASKED.clear()
    assert agents.names()[-1] == "echo" and "random" in agents.names()
    assert isinstance(agents.get("Echo:Some/File.ZIP", game="toy", seed=3), RandomAgent)
    assert ASKED == [("toy", 3, "Some/File.ZIP")]


def test_an_unknown_agent_names_the_installed_ones_too(installed: None) -> None:
    with pytest.raises(UnknownAgent, match="rollout.*echo"):
        agents.get("nobody", game="toy")
