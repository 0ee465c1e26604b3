"""The author's kit (`sabbat.testing`) on every registered game (plug-ins installed beside sabbat
included): each check at each player count is a test of its own.

SABBAT_SEEDS sets the number of random games per player count (default 200); the costlier checks
play a tenth of them, the option variants and secret choices a twentieth.
"""

from __future__ import annotations

import os

import pytest

from sabbat import games
from sabbat.core import BadOption
from sabbat.testing import CHECKS, run_check

SEEDS = int(os.environ.get("SABBAT_SEEDS", "200"))
GAMES = games.names()
CHEAP = {"player-counts", "same-seed", "options"}
"""Checks quick enough for `scripts/test --fast`."""

PER_COUNT = [(name, n, c.name) for name in GAMES for c in CHECKS if c.per_count
             for n in games.get(name).info.player_counts]
PER_GAME = [(name, c.name) for name in GAMES for c in CHECKS if not c.per_count]


def _marks(check: str) -> list[pytest.MarkDecorator]:
    return [] if check in CHEAP else [pytest.mark.slow]


@pytest.mark.parametrize(("name", "n", "check"),
                         [pytest.param(*case, marks=_marks(case[2]), id=f"{case[0]}-{case[1]}p-{case[2]}")
                          for case in PER_COUNT])
def test_each_check_at_each_player_count(name: str, n: int, check: str) -> None:
    why = run_check(check, name, seeds=SEEDS, players=[n])
    if why is not None:
        pytest.skip(why)


@pytest.mark.parametrize(("name", "check"),
                         [pytest.param(*case, marks=_marks(case[1]), id=f"{case[0]}-{case[1]}") for case in PER_GAME])
def test_each_check_of_a_whole_game(name: str, check: str) -> None:
    why = run_check(check, name, seeds=SEEDS)
    if why is not None:
        pytest.skip(why)


def test_a_false_spirit_trade_stays_off_and_a_misspelling_is_refused() -> None:
    game = games.get("mystic_vale")
    assert game.new(2, 0, {"german_spirit_trade": "false"}).options["german_spirit_trade"] is False
    assert game.new(2, 0, {"german_spirit_trade": "False"}).options["german_spirit_trade"] is False
    with pytest.raises(BadOption, match="german_sprit_trade"):
        game.new(2, 0, {"german_sprit_trade": "true"})
