"""What a failed check raises, and how a check finds its game."""

from __future__ import annotations

from sabbat.core import Game


class Problem(AssertionError):
    """Something a check found wrong with a game; `check_game` names the check it came from.

    An AssertionError, so pytest shows it as a failed test rather than an error.
    """


class CheckFailed(AssertionError):
    """A check of `check_game` failed: `check` names it (see `sabbat.testing.CHECKS`), the
    message says what was found and where (player count, seed, decision)."""

    def __init__(self, check: str, message: str) -> None:
        super().__init__(f"[{check}] {message}")
        self.check = check
        self.message = message


def resolve(game: Game | str) -> Game:
    """`game` itself, or the registered game of that id."""
    if isinstance(game, Game):
        return game
    from sabbat import games

    return games.get(game)
