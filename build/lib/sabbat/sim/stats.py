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


def normal_p(z: float) -> float:
    """Two-sided p-value of a standard normal statistic."""
    return math.erfc(abs(z) / math.sqrt(2))


def two_proportion_p(x1: float, n1: int, x2: float, n2: int) -> float:
    """Two-sided p-value of the pooled two-proportion z-test (1.0 where either side is empty or nothing varies)."""
    if n1 == 0 or n2 == 0:
        return 1.0
    pooled = (x1 + x2) / (n1 + n2)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    return 1.0 if se == 0 else normal_p((x1 / n1 - x2 / n2) / se)


def difference_interval(x1: float, n1: int, x2: float, n2: int) -> tuple[float, float]:
    """95% Newcombe (hybrid Wilson) interval for p2 - p1: sound for small samples and rates near 0 or 1."""
    p1 = x1 / n1 if n1 else 0.0
    p2 = x2 / n2 if n2 else 0.0
    l1, u1 = wilson(x1, n1)
    l2, u2 = wilson(x2, n2)
    d = p2 - p1
    return (d - math.sqrt((p2 - l2) ** 2 + (u1 - p1) ** 2), d + math.sqrt((u2 - p2) ** 2 + (p1 - l1) ** 2))


def mean_difference(a: list[float], b: list[float]) -> tuple[float, tuple[float, float], float]:
    """(mean(b) - mean(a), its 95% normal interval, the two-sided p-value of Welch's z-test); two values a side at least."""
    d = statistics.fmean(b) - statistics.fmean(a)
    se = math.sqrt(statistics.variance(a) / len(a) + statistics.variance(b) / len(b))
    if se == 0:
        return d, (d, d), 1.0 if d == 0 else 0.0
    return d, (d - 1.96 * se, d + 1.96 * se), normal_p(d / se)
