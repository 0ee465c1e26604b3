"""The registered games: every entry point of the `sabbat.games` group, imported on first use.

    >>> from sabbat import games
    >>> game = games.get(games.names()[0])
    >>> state = game.new(num_players=game.info.min_players, seed=1)

A game is a package (the shipped ones live here) whose distribution declares it in its
pyproject: `[project.entry-points."sabbat.games"] some_game = "some_package:GAME"`.
"""

from __future__ import annotations

import pkgutil

from sabbat.core.errors import UnknownGame
from sabbat.core.game import Game
from sabbat.core.registry import Registry, normalize

GROUP = "sabbat.games"
"""The entry-point group games register in."""

_registry: Registry[Game] = Registry("game", UnknownGame)


def _discover() -> None:
    """Entry points first; a source tree run without installing (no entry-point metadata for this
    package) registers the games packaged here instead, so it plays the same games."""
    targets = _registry.add_entry_points(GROUP)
    if not any(t.startswith(f"{__name__}.") for t in targets):
        for module in pkgutil.iter_modules(__path__):
            if module.ispkg:
                _registry.add(module.name, f"{__name__}.{module.name}:GAME")


_discover()


def get(name: str) -> Game:
    """The game called `name` (`some-game` or `some_game`); UnknownGame otherwise."""
    game = _registry.get(name)
    if not isinstance(game, Game):
        raise UnknownGame(f"the game {name!r} is registered, but its entry point names {type(game).__name__}, not a Game")
    return game


def names() -> list[str]:
    """The ids of every registered game, sorted."""
    return _registry.names()


__all__ = ["GROUP", "get", "names", "normalize"]
