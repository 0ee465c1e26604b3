"""Monslaught in Walpurgis: the game contract on top of the position (model.py).

Layers, each importing only those below it: cards, cardtext, faces → model (the position) →
effects → scoring → rules, estimate → setup, observe, invariants → describe → this module → bots.
Rulings are in docs/games/monslaught.md.
"""

from __future__ import annotations

from typing import Any

from sabbat.core import Action, Rng, codec

from . import describe, estimate, flow, observe, rules, scoring
from .invariants import problems
from .model import Position
from .setup import setup_game


@codec.serializable
class MonslaughtState(Position):
    """A full game position (all zones, the pending decision and the round track)."""

    def __init__(self, num_players: int, seed: int, options: dict[str, Any]) -> None:
        super().__init__(num_players, seed, options)
        setup_game(self)

    # Draft picks and a boss round's fogged summons (M-4): hidden from the others until all are made.
    secret_choices = (flow.DRAFT, flow.SUMMONS)
    # The rules' dispatchers are the hooks themselves: one call less on every decision.
    _legal_actions = rules.legal
    _apply = rules.apply

    def observation(self, player: int | None) -> dict[str, Any]:
        return observe.observe(self, player)

    def _determinize(self, player: int, rng: Rng) -> MonslaughtState:
        return observe.determinize(self, player, rng)

    def scores(self) -> list[float]:
        return scoring.scores(self)

    def visible_scores(self, viewer: int | None) -> list[float | None]:
        return scoring.visible_scores(self, viewer)

    def evaluate(self) -> list[float]:
        """Each seat's chance of winning: the result once over, else the fitted estimate (estimate.py)."""
        return self.returns() if self.is_terminal() else estimate.estimate(self)

    def tie_breaks(self) -> list[dict[str, int]]:
        return [{"monslaught.tiebreak.bosses": len(s.bosses)} for s in self.seats]

    def winners(self) -> list[int]:
        return scoring.winners(self) if self.is_terminal() else []

    def summary(self) -> dict[str, Any]:
        """Balance statistics: the cards each seat scouted, took or kept from a boss draft (`acquired`), the
        ones it could have (`offered`: dealt in a boss draft, or within reach when it scouted, ended a scout
        phase or took by an effect; round-1 picks count in neither), and how the game ended (`final_boss`:
        after the round-12 boss, the only ending; the game has no safety cap)."""
        ids = self.db.offer_ids
        offered = [[cid for i, cid in enumerate(ids) if mask >> i & 1] for mask in self.offered]
        return {"acquired": [list(a) for a in self.acquired], "offered": offered, "rounds": min(self.round, 12),
                "end": "final_boss" if self.is_terminal() else "unfinished"}

    def check_invariants(self) -> list[str]:
        return problems(self)

    def describe_action(self, action: Action, locale: str = "en") -> str:
        return describe.describe(self, action, locale)

    def notes(self, locale: str = "en") -> list[str]:
        """In the upkeep, each monster whose upkeep cannot be paid: its cost and the most that can be paid."""
        return describe.upkeep_notes(self, locale)
