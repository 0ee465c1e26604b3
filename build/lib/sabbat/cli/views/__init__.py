"""Per-game terminal views: `views.<game_id>.render(observation, locale)` returns a Rich renderable.

A view reads only the observation dict a game publishes (the contract), never a
game's internals. Games without a view are shown by the generic one.
"""

from __future__ import annotations

import importlib
from typing import Any

from rich.console import RenderableType

from . import generic


def render(game_id: str, obs: dict[str, Any], locale: str) -> RenderableType:
    try:
        module = importlib.import_module(f"{__name__}.{game_id}")
    except ModuleNotFoundError as exc:
        if exc.name != f"{__name__}.{game_id}":
            raise
        module = generic
    result: RenderableType = module.render(obs, locale)
    return result
