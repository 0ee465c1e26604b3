"""Per-card statistics for balance work, from what games publish in `summary()`.

A game's `summary()` gives `acquired`: for each seat, the ids of the cards it took. A game may
also give `offered`: for each seat, the ids of the cards it could have taken at some decision.
From them, per card: how often a seat takes it when it is available, and the win rate of the
seats that took it against the seats that could have and did not.

Where a game publishes no `offered`, a card counts as available to every seat of a game in
which some seat took it (it came into play there, so each seat had the chance). That
undercounts the games in which nobody wanted it; `availability(records)` says which rule holds.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .runner import GameRecord
from .stats import two_proportion_p, wilson


@dataclass
class CardRate:
    card: str
    taken: int
    """Copies taken over all games."""
    games_with: int
    """Seat-games in which the seat took it (at least once)."""
    wins: float
    """Win shares of those seats."""
    available: int = 0
    """Seat-games in which the seat could have taken it."""
    wins_without: float = 0.0
    """Win shares of the seats that could have taken it and did not."""

    @property
    def passed(self) -> int:
        return max(0, self.available - self.games_with)

    @property
    def take_rate(self) -> float:
        return self.games_with / self.available if self.available else 0.0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games_with if self.games_with else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games_with)

    @property
    def without_rate(self) -> float:
        return self.wins_without / self.passed if self.passed else 0.0

    @property
    def without_interval(self) -> tuple[float, float]:
        return wilson(self.wins_without, self.passed)

    @property
    def p_value(self) -> float:
        """Two-proportion z-test: do the seats that took it win more (or less) than those that passed?"""
        return two_proportion_p(self.wins, self.games_with, self.wins_without, self.passed)


def _per_seat(value: object, seats: int) -> list[list[str]] | None:
    if isinstance(value, list) and len(value) == seats and all(isinstance(v, list) for v in value):
        return [[str(c) for c in v] for v in value]
    return None


def availability(records: Iterable[GameRecord]) -> str:
    """`offered` when every game with card data publishes what each seat could take, else `in_play`."""
    with_cards = [r for r in records if _per_seat(r.stats.get("acquired"), r.num_players) is not None]
    if with_cards and all(_per_seat(r.stats.get("offered"), r.num_players) is not None for r in with_cards):
        return "offered"
    return "in_play"


def card_rates(records: Iterable[GameRecord]) -> list[CardRate]:
    """Every card some seat took or could have taken, best win rate of its takers first."""
    recs = list(records)
    use_offered = availability(recs) == "offered"
    rates: dict[str, CardRate] = {}
    for r in recs:
        acquired = _per_seat(r.stats.get("acquired"), r.num_players)
        if acquired is None:
            continue
        in_play = {c for cards in acquired for c in cards}
        offered = _per_seat(r.stats.get("offered"), r.num_players) if use_offered else None
        for seat, cards in enumerate(acquired):
            share = r.share(seat)
            for card in cards:
                rates.setdefault(card, CardRate(card, 0, 0, 0.0)).taken += 1
            took = set(cards)
            could = (set(offered[seat]) | took) if offered is not None else in_play
            for card in could:
                rate = rates.setdefault(card, CardRate(card, 0, 0, 0.0))
                rate.available += 1
                if card in took:
                    rate.games_with += 1
                    rate.wins += share
                else:
                    rate.wins_without += share
    return sorted(rates.values(), key=lambda cr: (-cr.win_rate, cr.card))


__all__ = ["CardRate", "availability", "card_rates"]
