"""Per-card statistics for balance work, from what games publish in `summary()`.

A game's state may offer `summary()` with `acquired`: for each seat, the ids of
the cards that seat took during the game. From it we count how often each card
is taken and how often the seats that took it won.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from .runner import GameRecord
from .stats import wilson


@dataclass
class CardRate:
    card: str
    taken: int
    games_with: int
    wins: float

    @property
    def win_rate(self) -> float:
        return self.wins / self.games_with if self.games_with else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games_with)


def card_rates(records: Iterable[GameRecord]) -> list[CardRate]:
    taken: dict[str, int] = defaultdict(int)
    holders: dict[str, int] = defaultdict(int)
    wins: dict[str, float] = defaultdict(float)
    for r in records:
        acquired = r.stats.get("acquired")
        if not isinstance(acquired, list):
            continue
        for seat, cards in enumerate(acquired):
            for card in cards:
                taken[card] += 1
            for card in set(cards):
                holders[card] += 1
                wins[card] += r.share(seat)
    return sorted(
        (CardRate(c, taken[c], holders[c], wins[c]) for c in taken),
        key=lambda cr: (-cr.win_rate, cr.card),
    )
