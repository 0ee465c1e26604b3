"""The contract adapter: each hook hands over to the module that owns it."""

from __future__ import annotations

from typing import Any

from sabbat.core import Rng, codec

from . import observe, rules
from .model import Position


@codec.serializable
class HigherCardState(Position):
    _legal_actions = rules.legal
    _apply = rules.apply
    scores = rules.scores
    winners = rules.winners
    tie_breaks = rules.tie_breaks
    summary = rules.summary
    check_invariants = rules.check_invariants

    def observation(self, player: int | None) -> dict[str, Any]:
        return observe.observe(self, player)

    def _determinize(self, player: int, rng: Rng) -> HigherCardState:
        new = observe.determinize(self, player, rng)
        assert isinstance(new, HigherCardState)
        return new
