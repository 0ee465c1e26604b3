"""Terminal views: a game's `terminal` part renders its observation as a Rich renderable.

A view reads only the observation dict a game publishes (the contract), never a game's
internals. Games without a `terminal.py` are shown by the generic view.
"""

from __future__ import annotations

from typing import Any

from rich.console import RenderableType

from sabbat import games

from . import generic


def render(game_id: str, obs: dict[str, Any], locale: str) -> RenderableType:
    """The game's own board view of `obs` in `locale`, or the generic tree where it has none."""
    module: Any = games.get(game_id).part("terminal") or generic
    result: RenderableType = module.render(obs, locale)
    return result
