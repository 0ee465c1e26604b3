"""Options are declared once, defaults included: `check_options` fills in every option a player
left out, so the rules read `options[name]` and never repeat a default."""

from __future__ import annotations

import pytest

from sabbat import games
from sabbat.core import Option, SaveFileError
from sabbat.core.options import check_options

DECLARED = [(g, name, option) for g in games.names() for name, option in games.get(g).info.options.items()]


def test_check_options_converts_the_given_and_fills_in_the_rest() -> None:
    declared = {"fast": Option("fast?", kind="bool", default=False), "rounds": Option("how many", kind="int", default=3),
                "colour": Option("which", choices=("red", "blue"), default="red")}
    assert check_options("g", declared, {"rounds": "5"}) == {"rounds": 5, "fast": False, "colour": "red"}
    assert check_options("g", declared, {}) == {"fast": False, "rounds": 3, "colour": "red"}
    assert check_options("g", {}, {"cards": "x.yaml"}) == {"cards": "x.yaml"}


@pytest.mark.parametrize(("game", "name", "option"), DECLARED, ids=[f"{g}-{n}" for g, n, _ in DECLARED])
def test_a_new_game_has_every_declared_option_at_its_default(game: str, name: str, option: Option) -> None:
    g = games.get(game)
    assert g.new(g.info.min_players, 1).options[name] == option.default
    assert g.new(g.info.min_players, 1, {}).options == {k: o.default for k, o in g.info.options.items()}


def test_a_save_made_without_an_option_loads_with_its_default_and_a_bad_one_is_refused() -> None:
    game, name, option = DECLARED[0]
    g = games.get(game)
    state = g.new(g.info.min_players, 1)
    state.options = {k: v for k, v in state.options.items() if k != name}  # saved before defaults were kept
    assert g.from_json(state.to_json()).options[name] == option.default
    state.options = {**state.options, name: "no such value"}
    with pytest.raises(SaveFileError, match=name):
        g.from_json(state.to_json())
