"""Bellum Magica (Blue Orange, 2021), after the Japanese edition of the rulebook; the rulings
where it is silent are in docs/games/bellum_magica.md.

A day: the captain rolls and everybody, from the captain clockwise, may buy a reroll with a
barrel (the captain also with a face-up confusion spell), restarting at the captain after
each reroll; every castle's row of that face gathers food and glyphs; the most maps wins a
metal chest (ties: wooden chests); each player in turn order may attack a face-up location
(swords against shields, magic shields need magic swords) or a castle (also needs a thief;
one chest per thief, the victim gets one +1 shield token); if anyone holds 10+ chests the
game ends; otherwise everybody recruits creatures and tucks them left or right, the kingdom
is refilled and the die passes left. The richest lord (hidden chest values) wins; ties go
to the one with more chests (`tie_breaks`), then are shared.
"""

from __future__ import annotations

from typing import Any

from sabbat.core import Action, Rng, codec

from . import flow, hidden, legal, scoring
from .describe import describe
from .goblins import GOBLINS
from .invariants import problems
from .model import Position
from .setup import setup_game
from .text import NS


@codec.serializable
class BellumState(Position):
    """One position of Bellum Magica: the game contract on top of the position (model.py).

    Layers, each importing only those below it: cards, rules, text → model (the position) →
    actions, scoring, goblins → legal → flow; setup, hidden, describe, invariants → this module.
    """

    secret_choices = (GOBLINS,)
    """Goblins are placed face down; the others see them only when all are placed."""

    def __init__(self, num_players: int, seed: int, options: dict[str, Any]) -> None:
        super().__init__(num_players, seed, options)
        setup_game(self)

    # The rules' dispatchers are the hooks themselves: one call less on every decision.
    _legal_actions = legal.legal
    _apply = flow.apply

    def observation(self, player: int | None) -> dict[str, Any]:
        return hidden.observation(self, player)

    def _determinize(self, player: int, rng: Rng) -> BellumState:
        return hidden.determinize(self, player, rng)

    def check_invariants(self) -> list[str]:
        return problems(self)

    # ----- results -----------------------------------------------------------------
    def scores(self) -> list[float]:
        """The rulebook's points: each lord's total chest value (whole numbers)."""
        return scoring.scores(self)

    def visible_scores(self, viewer: int | None) -> list[float | None]:
        return scoring.visible_scores(self, viewer)

    def tie_breaks(self) -> list[dict[str, int]]:
        """「同点の場合は、より多くの宝箱を持っているプレーヤーの勝利」: the chest count breaks a tie."""
        return [{f"{NS}.tiebreak.chests": len(self.chests[p])} for p in range(self.num_players)]

    def days_played(self) -> int:
        """Days begun so far (the day counter moves past `max_days` when the safety cap ends the game)."""
        return scoring.days_played(self)

    def summary(self) -> dict[str, Any]:
        """For simulation reports: game length in days, chests held and the winning value at the end, how the
        game ended (`chests`: a castle held enough chests; `cap`: the `max_days` safety cap), and per seat the
        creatures recruited (`acquired`, card ids; goblins are dealt, not recruited) and the creatures it was
        offered (`offered`: face up on a day it could pay for them), so take rates count only real chances."""
        cards = self.cards
        creatures = cards.creatures
        acquired = [[c for c in self.left[p] + self.right[p] if creatures[c].deck != "goblins"]
                    for p in range(self.num_players)]
        offered = [[c for i, c in enumerate(cards.recruitable) if mask >> i & 1] for mask in self.offered]
        return {"days": scoring.days_played(self), "chests": sum(len(c) for c in self.chests),
                "top_value": max(self.total_value(p) for p in range(self.num_players)),
                "end": "cap" if self.timed_out else "chests", "acquired": acquired, "offered": offered}

    def winners(self) -> list[int]:
        """The richest lords; among equals the ones with more chests; still equal: a shared win."""
        return scoring.winners(self)

    def describe_action(self, action: Action, locale: str = "en") -> str:
        """Every option names what tells it apart: defence and loot, whose castle, which face-up copy, the cost."""
        return describe(self, action, locale)
