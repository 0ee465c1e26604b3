"""`cards` (a replacement card file) is an option only of games that ship a card file: a game
without one refuses it, and nothing offers it for such a game."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from sabbat import games
from sabbat.cli.main import cli
from sabbat.core import BadOption


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["--lang", "en", *args])
    return result.exit_code, result.output


def test_a_game_without_a_card_file_refuses_a_card_file_and_changes_nothing() -> None:
    toy = games.get("toy")
    assert not toy.has_card_file
    with pytest.raises(BadOption, match="toy has no card file"):
        toy.new(2, 0, {"cards": "/etc/passwd"})


def test_a_game_with_a_card_file_takes_one() -> None:
    game = games.get("mystic_vale")
    assert game.has_card_file and game.card_digest() is not None
    shipped = Path(str(game.resource("cards.yaml")))
    assert game.new(2, 0, {"cards": str(shipped)}).options["cards"] == str(shipped)


def test_the_option_list_offers_cards_only_where_there_is_a_card_file() -> None:
    code, toy = run("games", "toy")
    assert code == 0 and "card file" not in toy and "shipped cards" not in toy
    code, vale = run("games", "mystic-vale")
    assert code == 0 and "shipped cards" in vale


def test_compare_refuses_a_game_without_a_card_file(tmp_path: Path) -> None:
    code, out = run("compare", "toy", "--cards", "shipped", "--cards", "shipped", "-n", "2")
    assert code == 2 and "toy has no card file" in out


def test_play_refuses_cards_for_a_game_without_a_card_file(tmp_path: Path) -> None:
    cards = tmp_path / "c.yaml"
    cards.write_text("cards: []\n")
    code, out = run("simulate", "toy", "-n", "2", "--cards", str(cards))
    assert code != 0 and "no card file" in out and "Traceback" not in out
