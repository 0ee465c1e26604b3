"""Win rates with intervals, and the tables simulations print."""

from __future__ import annotations

import math
import statistics
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from .runner import GameRecord


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a proportion (works near 0 and 1)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class Rate:
    label: str
    wins: float
    games: int

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)


@dataclass
class Summary:
    games: int
    seats: list[Rate]
    agents: list[Rate]
    length_median: float
    length_mean: float
    length_min: int
    length_max: int


def summarize(records: Iterable[GameRecord]) -> Summary:
    recs = list(records)
    seat_wins: dict[int, float] = defaultdict(float)
    seat_games: dict[int, int] = defaultdict(int)
    agent_wins: dict[str, float] = defaultdict(float)
    agent_games: dict[str, int] = defaultdict(int)
    for r in recs:
        for seat, name in enumerate(r.agents):
            share = r.share(seat)
            seat_wins[seat] += share
            seat_games[seat] += 1
            agent_wins[name] += share
            agent_games[name] += 1
    lengths = [r.decisions for r in recs] or [0]
    return Summary(
        games=len(recs),
        seats=[Rate(f"seat {s + 1}", seat_wins[s], seat_games[s]) for s in sorted(seat_games)],
        agents=[Rate(a, agent_wins[a], agent_games[a]) for a in sorted(agent_games)],
        length_median=statistics.median(lengths),
        length_mean=statistics.fmean(lengths),
        length_min=min(lengths),
        length_max=max(lengths),
    )
