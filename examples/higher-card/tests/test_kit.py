"""Higher Card against sabbat's author's kit (`sabbat.testing`): every check sabbat runs on its own
games, run from the installed sabbat. `pytest --sabbat-seeds 200` looks harder."""

from __future__ import annotations

from collections.abc import Callable

from sabbat.testing import check_game


def test_higher_card_keeps_the_contract(sabbat_check: Callable[..., None]) -> None:
    """One test per check of the kit (the `sabbat_check` fixture, a pytest plug-in of sabbat)."""
    sabbat_check("higher_card")


def test_check_game_runs_without_pytest_machinery() -> None:
    """The same kit as one call, as a script or another test runner would use it."""
    report = check_game("higher_card", seeds=10, checks=["playouts", "hidden-spectator", "hidden-events"])
    assert report.passed == ["playouts", "hidden-spectator", "hidden-events"]
