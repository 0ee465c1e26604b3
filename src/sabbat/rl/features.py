"""Extra policy inputs for games whose frozen vector loses what a good move depends on.

A game ships them as its `features` part: `features(observation) -> np.ndarray` of `SIZE`
numbers, read from the same `observation(seat)` dict (so nothing hidden). A policy trained with
them has a wider input than the layout; `policy:FILE` recognises it by that width.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from sabbat import games

Features = Callable[[dict[str, Any]], np.ndarray]


def extra_inputs(game_id: str) -> tuple[Features, int] | None:
    """The game's extra inputs and their width, or None where its vector is enough."""
    part = games.get(game_id).part("features")
    return None if part is None else (part.features, int(part.SIZE))
