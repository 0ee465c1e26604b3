"""A game's own vector encoder: the layout's numbers written straight from the state.

Building the observation dict and reading the vector back out of it cost the environments 2-6
engine steps a decision. A game may ship `encode.py` beside its rules with

    def encoder(layout: Positions) -> Callable[[state, viewer, found, blocks], None]

where `layout` says where each named slice lies (`Positions` below). The returned function adds into `found` ({position: value}) and `blocks` ((start, numbers)) exactly
what the reference path (`ObservationEncoder.encode` of `observation(viewer)`) finds, and reads
only what `observation(viewer)` shows: tests compare both on random states of every game and
player count, and on a state's determinizations. A game without `encode.py` uses the reference.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from typing import Any

from .observe import Blocks, ObservationEncoder

DirectEncode = Callable[[Any, int, dict[int, float], Blocks], None]


class Positions:
    """Where each named slice of a layout lies: what a game's `encoder` is given."""

    def __init__(self, encoder: ObservationEncoder) -> None:
        self._slices = {s.name: s for s in encoder.slices}

    def at(self, name: str) -> int:
        return self._slices[name].start

    def find(self, name: str) -> int | None:
        """Where slice `name` starts, or None when the layout left it out (constant in every sample)."""
        s = self._slices.get(name)
        return None if s is None else s.start

    def words(self, name: str) -> tuple[dict[str, int], int]:
        """The position of each name of a `vocab`/`keyed` slice, and of its "other" slot."""
        s = self._slices[name]
        return {w: s.start + i for i, w in enumerate(s.words)}, s.start + s.size - 1

    def vocabulary(self, names: Iterable[str]) -> tuple[dict[str, int], int]:
        """The place of each name inside slices that all list the same names (card ids, say),
        and the place of their "other" slot; ValueError when the slices' names differ."""
        found = {tuple(self._slices[n].words) for n in names}
        if len(found) != 1:
            raise ValueError(f"the slices {sorted(names)} do not list the same names")
        words = found.pop()
        return {w: i for i, w in enumerate(words)}, len(words)


def load_direct(game: Any, encoder: ObservationEncoder) -> DirectEncode | None:
    """The encoder of `game`'s own `encode.py` (next to its state class), or None without one."""
    package = type(game).__module__
    try:
        module = importlib.import_module(f"{package}.encode")
    except ModuleNotFoundError as exc:
        if exc.name != f"{package}.encode":
            raise
        return None
    made: DirectEncode = module.encoder(Positions(encoder))
    return made
