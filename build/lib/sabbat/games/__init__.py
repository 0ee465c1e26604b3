"""The registered games. Each entry is imported only when first used.

    >>> from sabbat import games
    >>> game = games.get("mystic-vale")
    >>> state = game.new(num_players=2, seed=1)
"""

from __future__ import annotations

from sabbat.core.errors import UnknownGame
from sabbat.core.game import Game
from sabbat.core.registry import Registry, normalize

_registry: Registry[Game] = Registry("game", UnknownGame)
_registry.add("nameless_dark_lord", "sabbat.games.nameless_dark_lord:GAME")
_registry.add("bellum_magica", "sabbat.games.bellum_magica:GAME")
_registry.add("mystic_vale", "sabbat.games.mystic_vale:GAME")
_registry.add("monslaught", "sabbat.games.monslaught:GAME")
_registry.add("magic_master", "sabbat.games.magic_master:GAME")


def get(name: str) -> Game:
    """The game called `name` (`mystic-vale` or `mystic_vale`); UnknownGame otherwise."""
    return _registry.get(name)


def names() -> list[str]:
    return _registry.names()


__all__ = ["get", "names", "normalize"]
