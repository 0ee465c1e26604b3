"""Shared cases: every game at its smallest and largest player count."""

from __future__ import annotations

import warnings

import pytest

from sabbat import games

GAMES = [g for g in games.names() if hasattr(games.get(g).part("encode"), "LAYOUT")]
CASES = [(g, n) for g in GAMES for n in sorted({games.get(g).info.min_players, games.get(g).info.max_players})]


@pytest.fixture(autouse=True)
def _quiet_checkers() -> None:
    """The checkers warn about style choices (a Dict observation space); the asserts are what count."""
    warnings.simplefilter("ignore", UserWarning)
