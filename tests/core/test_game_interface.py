"""How front ends find games and their parts: entry points, clear refusals, parts by name."""

from __future__ import annotations

import io
import tomllib
from pathlib import Path

import pytest

from sabbat import games
from sabbat.core import AiTuning, Game, UnknownGame
from sabbat.core.registry import Registry

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = sorted(p.name for p in (ROOT / "src" / "sabbat" / "games").iterdir() if (p / "__init__.py").is_file())


def test_every_shipped_game_is_declared_in_the_entry_point_group() -> None:
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["entry-points"][games.GROUP]
    assert declared == {name: f"sabbat.games.{name}:GAME" for name in PACKAGES}
    assert set(PACKAGES) <= set(games.names())


def test_an_unknown_game_is_refused_with_the_known_ones_listed() -> None:
    with pytest.raises(UnknownGame) as err:
        games.get("chess")
    assert "'chess'" in str(err.value) and all(name.replace("_", "-") in str(err.value) for name in PACKAGES)


def test_a_plugin_that_cannot_be_loaded_is_named_with_its_target() -> None:
    registry: Registry[Game] = Registry("game", UnknownGame)
    registry.add("broken", "no_such_package_here:GAME")
    registry.add("wrong_name", "sabbat.core:NoSuchGame")
    with pytest.raises(UnknownGame, match="'broken' is registered as no_such_package_here:GAME but cannot be loaded"):
        registry.get("broken")
    with pytest.raises(UnknownGame, match="sabbat.core:NoSuchGame"):
        registry.get("wrong-name")


def test_an_entry_point_that_names_no_game_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(games._registry._targets, "not_a_game", "sabbat.core:AiTuning")
    with pytest.raises(UnknownGame, match="names type, not a Game"):
        games.get("not-a-game")


def test_entry_points_of_the_group_are_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    from importlib.metadata import EntryPoint

    found = [EntryPoint("extra_game", "tests.support.toy_game:GAME", games.GROUP)]
    monkeypatch.setattr("sabbat.core.registry.entry_points", lambda group: found if group == games.GROUP else [])
    registry: Registry[Game] = Registry("game", UnknownGame)
    assert registry.add_entry_points(games.GROUP) == ["tests.support.toy_game:GAME"]
    assert registry.names() == ["extra_game"] and registry.get("extra-game").info.id == "toy"


def test_the_terminal_view_is_the_games_own_or_the_observation_as_a_tree() -> None:
    from rich.console import Console
    from rich.pretty import Pretty

    toy = games.get("toy")
    state = toy.new(2, 1)
    assert isinstance(toy.terminal_view(state.observation(0), "en"), Pretty)
    shipped = games.get(PACKAGES[0])
    obs = shipped.new(shipped.info.min_players, 1).observation(0)
    view = shipped.terminal_view(obs, "en")
    console = Console(width=120, record=True, file=io.StringIO())
    console.print(view)
    assert not isinstance(view, Pretty) and console.export_text().strip()


def test_parts_are_found_by_name_and_a_missing_one_is_none() -> None:
    toy = games.get("toy")
    assert toy.part("terminal") is None and toy.part("encode") is None and toy.ai == AiTuning()
    shipped = games.get(PACKAGES[0])
    assert shipped.part("terminal") is not None and hasattr(shipped.part("encode"), "LAYOUT")
    assert shipped.resource("rules.en.md").is_file()
    with pytest.raises(ValueError, match="not a game part"):
        shipped.part("rules")


def test_ai_tuning_refuses_an_unknown_search_or_a_budget_that_is_no_count() -> None:
    with pytest.raises(ValueError, match="one of ismcts, rollout, not mcts"):
        AiTuning(search="mcts")
    for budget in (0, -5, 1.5, True):
        with pytest.raises(ValueError, match="positive whole number"):
            AiTuning(hard_budget=budget)  # type: ignore[arg-type]


def test_a_games_tuning_with_unknown_settings_is_refused_when_its_agents_are_made(monkeypatch: pytest.MonkeyPatch) -> None:
    from sabbat import agents
    from sabbat.core import UnknownAgent

    toy = games.get("toy")
    monkeypatch.setattr(toy, "ai", AiTuning(ismcts={"depht": 3}, rollout={"deep": 2}))
    with pytest.raises(UnknownAgent, match="toy's tree-search tuning names unknown settings: depht"):
        agents.get("ismcts:10", "toy")
    with pytest.raises(UnknownAgent, match="toy's rollout tuning names unknown knobs: deep"):
        agents.get("rollout:10", "toy")
