"""Throughput benchmarks: random games per second, decisions per second, clone/apply/legal cost.

Measured on one core in this process, repeated, and reported as medians. These
are figures to read, never timed tests.
"""

from __future__ import annotations

import statistics
import time
from dataclasses import asdict, dataclass

from sabbat import games
from sabbat.core.rng import Rng
from sabbat.core.state import GameState


@dataclass
class BenchRow:
    game: str
    players: int
    games_per_s: float
    decisions_per_s: float
    decisions_per_game: float
    clone_us: float
    apply_us: float
    legal_us: float

    def to_json(self) -> dict[str, float | int | str]:
        return asdict(self)


def _random_games(name: str, players: int, seconds: float, seed: int) -> tuple[int, int, float, list[GameState]]:
    game = games.get(name)
    chooser = Rng(seed)
    played = decisions = 0
    samples: list[GameState] = []
    start = time.perf_counter()
    while True:
        state = game.new(players, seed + played)
        while not state.is_terminal():
            state.apply(chooser.choice(state.legal_actions()))
            decisions += 1
            if chooser.below(200) == 0 and len(samples) < 200:
                samples.append(state.clone())
        played += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return played, decisions, elapsed, samples


def _per_call_us(states: list[GameState], repeats: int) -> tuple[float, float, float]:
    """Median microseconds of clone(), apply() and a fresh legal_actions() over sample states."""
    clone_t: list[float] = []
    apply_t: list[float] = []
    legal_t: list[float] = []
    live = [s for s in states if not s.is_terminal()]
    for state in live:
        t0 = time.perf_counter()
        for _ in range(repeats):
            state.clone()
        clone_t.append((time.perf_counter() - t0) / repeats)
        copies = [state.clone() for _ in range(repeats)]
        for c in copies:
            c._legal = None
        t0 = time.perf_counter()
        for c in copies:
            c.legal_actions()
        legal_t.append((time.perf_counter() - t0) / repeats)
        action = copies[0].legal_actions()[0]
        t0 = time.perf_counter()
        for c in copies:
            c.apply(action)
        apply_t.append((time.perf_counter() - t0) / repeats)
    if not live:
        return (0.0, 0.0, 0.0)
    return tuple(statistics.median(x) * 1e6 for x in (clone_t, apply_t, legal_t))  # type: ignore[return-value]


def bench_game(name: str, players: int, seconds: float = 2.0, rounds: int = 3) -> BenchRow:
    runs = [_random_games(name, players, seconds / rounds, 1000 * r) for r in range(rounds)]
    samples = [s for run in runs for s in run[3]]
    clone_us, apply_us, legal_us = _per_call_us(samples[:60], repeats=20)
    return BenchRow(
        game=name,
        players=players,
        games_per_s=statistics.median(p / e for p, _, e, _ in runs),
        decisions_per_s=statistics.median(d / e for _, d, e, _ in runs),
        decisions_per_game=statistics.median(d / p for p, d, _, _ in runs),
        clone_us=clone_us,
        apply_us=apply_us,
        legal_us=legal_us,
    )


def bench_all(names: list[str] | None = None, seconds: float = 2.0) -> list[BenchRow]:
    rows = []
    for name in names or games.names():
        for players in games.get(name).info.player_counts:
            rows.append(bench_game(name, players, seconds))
    return rows
