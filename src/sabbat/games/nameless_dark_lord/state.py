"""The game contract on top of the position: each hook hands over to the module that owns it.

Layers, each importing only those below it: cards, options, text → model (the position) →
actions, board, scoring → effects, level_events → rules → dealing, observe, describe, invariants →
this module.
"""

from __future__ import annotations

from typing import Any

from sabbat.core import Action, Rng, codec

from . import rules, sleeves
from .dealing import setup
from .describe import describe
from .invariants import check
from .model import PayFor, Phase, Position
from .observe import observe
from .scoring import totals, winner
from .text import GAME_ID

__all__ = ["NdlState", "PayFor", "Phase"]
"""The enums are saved (and pickled) under this module's name, so they are found here too."""


@codec.serializable
class NdlState(Position):
    """A position of 名もなき魔王 Revised Edition."""

    secret_choices = (sleeves.SLEEVES,)
    """With `sleeve_mode=secret` the others see only that a player has committed its sleeves."""

    def __init__(self, num_players: int, seed: int, options: dict[str, Any]) -> None:
        super().__init__(num_players, seed, options)
        setup(self)

    # The rules' dispatchers are the hooks themselves: one call less on every decision.
    _legal_actions = rules.legal
    _apply = rules.apply

    def observation(self, player: int | None) -> dict[str, Any]:
        return observe(self, player)

    def _determinize(self, player: int, rng: Rng) -> NdlState:
        """Reshuffle every Level deck and resample opponents' unrevealed sleeve drafts."""
        new = self.clone()
        for deck in new.decks:
            deck.sort()
            rng.shuffle(deck)
        if sleeves.SLEEVES.is_open(self):
            sleeves.SLEEVES.determinize(self, new, player, rng)
        elif self.phase is Phase.SLEEVE:  # open mode: a draft in progress is its mover's until done
            for q in range(self.num_players):
                if q != player:
                    new.draft[q] = []
        return new

    def scores(self) -> list[float]:
        """The score sheet's totals, whole numbers (the tie-break is in `tie_breaks()`)."""
        return list(totals(self))

    def tie_breaks(self) -> list[dict[str, int]]:
        """p.25: a tie goes to the Red Throne, then to the tied player nearest clockwise from it.
        Larger wins: the Red Throne holder has N, the next seat clockwise N-1, and so on. None under
        the study variant `red_throne_tie=shared`, where every tied player wins."""
        n = self.num_players
        if self.options.get("red_throne_tie") == "shared":
            return [{} for _ in range(n)]
        return [{f"{GAME_ID}.tiebreak.throne_priority": n - (p - self.red) % n} for p in range(n)]

    def winners(self) -> list[int]:
        if not self.is_terminal():
            return []
        if self.options.get("red_throne_tie") == "shared":  # study variant: every tied player wins
            t = totals(self)
            return [p for p in range(self.num_players) if t[p] == max(t)]
        return [winner(self)]

    def check_invariants(self) -> list[str]:
        return check(self)

    def summary(self) -> dict[str, Any]:
        """For balance statistics: how the game ended (`end`: `rounds` after the seventh round;
        the game has no safety cap), per-seat acquired card ids, per-seat `offered` card ids (the
        targets it held priority for and could pay for, so take rates count only real chances),
        rounds played, the winning score, whether the Red-Throne tie-break decided the winner
        (`tie_broken`: yes/no), and `start_player`: the Red Throne holder, seat 1, from whom start
        positions are counted (the start player of round 1)."""
        t = totals(self)
        best = max(t)
        cid = self.cid
        offered = [sorted({cid[u] for u in range(len(cid)) if mask >> u & 1}) for mask in self.offered]
        return {"end": "rounds" if self.is_terminal() else "unfinished",
                "acquired": [list(h) for h in self.history_acq], "offered": offered,
                "rounds": self.round, "top_score": best, "tie_broken": "yes" if t.count(best) > 1 else "no",
                "start_player": self.red}

    def describe_action(self, action: Action, locale: str = "en") -> str:
        return describe(self, action, locale)

    def caution(self, action: Action, locale: str = "en") -> str:
        """Finishing the sleeve assignment with no unit sleeved while one could be: only sleeved
        units are placed, so the round would be passes (and the Bomber)."""
        return sleeves.caution(self, action, locale)
