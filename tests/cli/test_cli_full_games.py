"""A person can play every game to its end in the terminal against AI players."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from sabbat import games
from sabbat.cli.main import cli

pytestmark = pytest.mark.slow  # whole games through the terminal: minutes on two cores

REAL = [name for name in games.names() if not games.get(name).package.startswith("tests.")]  # not the toy games


@pytest.mark.parametrize("name", REAL)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_whole_game_in_the_terminal(name: str, lang: str, tmp_path: Path) -> None:
    info = games.get(name).info
    players = min(info.max_players, max(info.min_players, 3))
    result = CliRunner().invoke(
        cli,
        ["--lang", lang, "play", info.cli_name, "--players", str(players), "--seed", "11",
         "--ai", "heuristic", "--save", str(tmp_path / "g.json")],
        input="1\n" * 4000,
    )
    assert result.exit_code == 0, result.output[-2000:]
    assert ("Game over." if lang == "en" else "ゲーム終了。") in result.output
    assert "Traceback" not in result.output
