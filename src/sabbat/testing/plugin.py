"""The kit as a pytest plug-in: the `sabbat_check` fixture runs one check of the kit per test.

Installed with sabbat (the `pytest11` entry point), so a game's tests need only

    def test_my_game_keeps_the_contract(sabbat_check):
        sabbat_check("my_game")

and pytest makes one test of it per check (`...[hidden-events]`), each failing with what its
check found. `--sabbat-seeds N` sets how many random games each check plays.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from sabbat.core import Game

from . import NAMES, Settings, run_check


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--sabbat-seeds", type=int, default=Settings.seeds,
                     help="random games per player count for each check of sabbat.testing")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "sabbat_check" in metafunc.fixturenames:
        metafunc.parametrize("sabbat_check_name", NAMES, ids=NAMES)


@pytest.fixture
def sabbat_check(request: pytest.FixtureRequest, sabbat_check_name: str) -> Callable[..., None]:
    """Runs this test's check of the kit on a game: `sabbat_check(game, players=None)`."""
    seeds: int = request.config.getoption("--sabbat-seeds")

    def run(game: Game | str, **kwargs: Any) -> None:
        why = run_check(sabbat_check_name, game, seeds=kwargs.pop("seeds", seeds), **kwargs)
        if why is not None:
            pytest.skip(why)

    return run
