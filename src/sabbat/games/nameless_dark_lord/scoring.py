"""Final scoring (score sheet columns) and the Red-Throne tie-break.

score = card(+) + artifacts + throne counter − curses + card(−), where card(−)
is −3 per negative territory (printed Desolate/Ruined cards and trash-taken
copies), 0 each for an owner of Megalith Ruins.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .model import Position

NEGATIVE_VP = -3


@dataclass(frozen=True)
class Sheet:
    """One player's row of the score sheet (得点計算表)."""

    curse: int
    artifacts: tuple[int, ...]
    throne: int
    card_minus: int
    card_plus: int

    @property
    def total(self) -> int:
        return self.curse + sum(self.artifacts) + self.throne + self.card_minus + self.card_plus


def _units(s: Position, p: int) -> list[int]:
    card = s.deal.card
    return [u for u in s.owned[p] if card[u].type == "unit"]


def _census(s: Position, p: int, u: int) -> int:
    card = s.deal.card
    fam = card[u].family
    return len({s.cid[o] for o in _units(s, p) if card[o].family == fam})


def _tally(s: Position, p: int, u: int) -> int:
    card = s.deal.card
    return sum(1 for o in s.owned[p] if card[o].type == "artifact")


def _flat(s: Position, p: int, u: int) -> int:
    return s.deal.card[u].vp


def _curse_census(s: Position, p: int, u: int) -> int:
    return max(2, s.curses_given)


def _fewest(s: Position, p: int, u: int) -> int:
    counts = [len(_units(s, q)) for q in range(s.num_players)]
    return 4 if counts[p] == min(counts) else 2


def _grave(s: Position, p: int, u: int) -> int:
    return s.grave


ARTIFACTS: dict[str, Callable[[Position, int, int], int]] = {
    "census": _census,
    "artifact_tally": _tally,
    "flat": _flat,
    "megalith": _flat,
    "curse_census": _curse_census,
    "fewest_units": _fewest,
    "grave_number": _grave,
}


def sheet(s: Position, p: int) -> Sheet:
    owned = s.owned[p]
    cards = [s.deal.card[u] for u in owned]
    negative = [c.role == "negative" or u in s.neg_flag for u, c in zip(owned, cards, strict=True)]
    megalith = any(c.effect == "megalith" for c in cards)
    arts = tuple(ARTIFACTS[c.effect or "flat"](s, p, u) for u, c in zip(owned, cards, strict=True)
                 if c.type == "artifact")
    minus = 0 if megalith else NEGATIVE_VP * sum(negative)
    plus = sum(c.vp for c, bad in zip(cards, negative, strict=True) if c.type in ("unit", "territory") and not bad)
    return Sheet(-s.curses[p], arts, s.throne_vp[p], minus, plus)


def totals(s: Position) -> list[int]:
    return [sheet(s, p).total for p in range(s.num_players)]


def winner(s: Position, scores: list[int] | None = None) -> int:
    """Highest total (`scores`, when already summed); ties go to the Red Throne, else the tied
    player nearest clockwise from it."""
    t = totals(s) if scores is None else scores
    best = max(t)
    return min((p for p in range(s.num_players) if t[p] == best), key=lambda p: (p - s.red) % s.num_players)
