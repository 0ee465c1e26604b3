"""The Magic Master state: the game contract on top of the position (model.py).

Layers, each importing only those below it: actions, cards, groups, text → model (the position)
→ flow (the turn's automatic steps) → setup, effects → combat, regroup → rules (the pending
decision); hidden, describe, evaluate, invariants → this module.
"""

from __future__ import annotations

from typing import Any

from sabbat.core import Action, Rng, codec

from . import hidden, rules
from .describe import describe
from .evaluate import estimate
from .invariants import problems
from .model import OVER_PHASE, Position
from .setup import HEIRS, deal

VICTORY_LABEL = {"survivor": "last_survivor", "regalia": "regalia", "timeout": "time_out"}


@codec.serializable
class MagicMasterState(Position):
    """One position of Magic Master, dealt and ready for the heirs' secret choice."""

    secret_choices = (HEIRS,)
    """Heirs are chosen face down; the others see them only when all have chosen."""

    def __init__(self, num_players: int, seed: int, options: dict[str, Any]) -> None:
        super().__init__(num_players, seed, options)
        deal(self)

    # The rules' dispatchers are the hooks themselves: one call less on every decision.
    _legal_actions = rules.legal
    _apply = rules.apply

    def observation(self, player: int | None) -> dict[str, Any]:
        return hidden.observation(self, player)

    def _determinize(self, player: int, rng: Rng) -> MagicMasterState:
        return hidden.determinize(self, player, rng)

    def summary(self) -> dict[str, Any]:
        """For simulation reports: which victory ended the game, turns played, players still standing,
        the seat of the first turn (turn order follows the heirs, not the seats), per seat the ids
        of the cards it took from the market and of those it could have taken (for exact take rates),
        and the runaway margin: per seat the characters it holds, None once it holds none (the game
        has no points; a seat without a character is out, or will be at the end of its next regroup:
        docs/games/magic_master.md, "Balance")."""
        victory = VICTORY_LABEL.get(self.win_reason, self.win_reason or "none")
        ids = self.t.inst
        return {
            "end": victory,
            "victory": victory,
            "turns": self.turn_no,
            "survivors": self.eliminated.count(False),
            "start_player": self.start_player if self.start_player >= 0 else None,
            "acquired": [[ids[c].id for c in took] for took in self.took],
            "offered": [sorted({ids[c].id for c in cards}) for cards in self.offered],
            "margin": [sum(len(g.char) for g in gs) + len(hand) or None for gs, hand in zip(self.groups, self.chars, strict=True)],
        }

    # ----- results ----------------------------------------------------------------------
    def scores(self) -> list[float]:
        """1 for the single winner, 0 for everyone else (the game has no points and no second place)."""
        return [1 if p == self.winner else 0 for p in range(self.num_players)]

    def winners(self) -> list[int]:
        return [self.winner] if self.phase is OVER_PHASE and self.winner >= 0 else []

    def evaluate(self) -> list[float]:
        return estimate(self)

    def check_invariants(self) -> list[str]:
        """Every card in exactly one place and where its kind may be; no negative counter."""
        return problems(self)

    def describe_action(self, action: Action, locale: str = "en") -> str:
        return describe(self, action, locale)
