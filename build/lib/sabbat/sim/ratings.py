"""Ratings from multiplayer results: every game splits into pairwise duels, fitted by Bradley-Terry.

Why Bradley-Terry rather than running Elo updates: a tournament is a batch, and the
maximum-likelihood fit uses every result at once, so the table does not depend on the order
in which parallel workers happened to finish. Ratings are printed on the Elo scale
(400 points = odds of 10 to 1) with the mean agent at 1500.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .runner import GameRecord

BASE = 1500.0
SCALE = 400.0 / math.log(10.0)
"""Elo points per unit of natural-log strength."""


@dataclass
class Duels:
    """Results between two agents `a` < `b`: `a`'s points (win 1, tie 1/2) over `games`."""

    a: str
    b: str
    a_points: float = 0.0
    games: int = 0


@dataclass(frozen=True)
class Rating:
    name: str
    elo: float
    margin: float
    """Half-width of an approximate 95% interval (from the fit's curvature)."""
    duels: int


def expected(elo_a: float, elo_b: float) -> float:
    """Expected points of `a` against `b` under the Elo model."""
    return 1.0 / (1.0 + 10.0 ** ((elo_b - elo_a) / 400.0))


def finishing_keys(record: GameRecord) -> list[tuple[float, float]]:
    """Per seat: (share of the win, score); higher finishes ahead, equal keys tie."""
    return [(record.share(seat), float(record.scores[seat])) for seat in range(record.num_players)]


def duels(records: Iterable[GameRecord]) -> dict[tuple[str, str], Duels]:
    """Split every game into duels between seats held by different agents.

    Seats finish in order of their win share, then score: so in a 4-player game the winner
    beats all three others, and second place (by score) beats third and fourth.
    """
    table: dict[tuple[str, str], Duels] = {}
    for record in records:
        keys = finishing_keys(record)
        names = record.agents
        for i in range(record.num_players):
            for j in range(i + 1, record.num_players):
                a, b = names[i], names[j]
                if a == b:
                    continue
                ka, kb = keys[i], keys[j]
                if a > b:
                    a, b, ka, kb = b, a, kb, ka
                entry = table.setdefault((a, b), Duels(a, b))
                entry.games += 1
                entry.a_points += 1.0 if ka > kb else 0.5 if ka == kb else 0.0
    return table


def bradley_terry(
    table: Iterable[Duels], names: Sequence[str] = (), prior: float = 1.0, tolerance: float = 1e-10
) -> list[Rating]:
    """Maximum-likelihood strengths by Hunter's MM iteration, on the Elo scale.

    `prior` adds that many virtual drawn games between each agent and an average opponent,
    so an agent that won every duel still gets a finite rating. Ratings are centred on 1500.
    """
    entries = list(table)
    order = list(dict.fromkeys([*names, *(n for e in entries for n in (e.a, e.b))]))
    index = {n: i for i, n in enumerate(order)}
    k = len(order)
    wins = [prior / 2.0] * k
    games = [[0.0] * k for _ in range(k)]
    for e in entries:
        ia, ib = index[e.a], index[e.b]
        wins[ia] += e.a_points
        wins[ib] += e.games - e.a_points
        games[ia][ib] += e.games
        games[ib][ia] += e.games
    gamma = [1.0] * k
    for _ in range(100_000):
        new = []
        for i in range(k):
            denom = prior / (gamma[i] + 1.0) + sum(games[i][j] / (gamma[i] + gamma[j]) for j in range(k) if j != i)
            new.append(wins[i] / denom if denom > 0 else gamma[i])
        done = max((abs(math.log(max(n, 1e-300)) - math.log(max(g, 1e-300))) for n, g in zip(new, gamma, strict=True)),
                   default=0.0) < tolerance
        gamma = new
        if done:
            break
    logs = [math.log(max(g, 1e-300)) for g in gamma]
    mean = sum(logs) / k if k else 0.0
    ratings = []
    for i, name in enumerate(order):
        info = prior * _pq(gamma[i], 1.0) + sum(
            games[i][j] * _pq(gamma[i], gamma[j]) for j in range(k) if j != i
        )
        margin = 1.96 * SCALE / math.sqrt(info) if info > 0 else math.inf
        duels_played = int(sum(games[i]))
        ratings.append(Rating(name, BASE + SCALE * (logs[i] - mean), margin, duels_played))
    return sorted(ratings, key=lambda r: (-r.elo, r.name))


def _pq(gi: float, gj: float) -> float:
    """p(1-p) for a duel between strengths gi and gj: the Fisher information it carries."""
    p = gi / (gi + gj)
    return p * (1.0 - p)


def rate(records: Iterable[GameRecord], names: Sequence[str] = (), prior: float = 1.0) -> list[Rating]:
    """The rating table of a set of games (duels, then Bradley-Terry)."""
    return bradley_terry(duels(records).values(), names, prior)
