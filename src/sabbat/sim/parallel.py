"""Run many games over several processes, yielding records as they finish."""

from __future__ import annotations

import multiprocessing as mp
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from .runner import GameRecord, play_game, seat_agents


@dataclass(frozen=True)
class Job:
    game: str
    num_players: int
    seed: int
    seat_names: tuple[str, ...]
    options: tuple[tuple[str, Any], ...] = ()


def _run(job: Job) -> dict[str, Any]:
    record, _ = play_game(job.game, job.num_players, job.seed, list(job.seat_names), dict(job.options))
    return record.to_json()


def plan(
    game: str, num_players: int, agent_names: list[str], n: int, seed: int, options: dict[str, Any]
) -> list[Job]:
    """Game i uses seed `seed + i` and rotates the agents one seat further."""
    opts = tuple(sorted(options.items()))
    return [
        Job(game, num_players, seed + i, tuple(seat_agents(agent_names, num_players, i)), opts)
        for i in range(n)
    ]


def run_jobs(jobs: list[Job], workers: int = 1) -> Iterator[GameRecord]:
    """Records in completion order; one worker runs in this process (easier to debug)."""
    if workers <= 1:
        for job in jobs:
            yield GameRecord.from_json(_run(job))
        return
    ctx = mp.get_context("spawn" if mp.get_start_method(allow_none=True) == "spawn" else "fork")
    with ctx.Pool(workers) as pool:
        for data in pool.imap_unordered(_run, jobs, chunksize=max(1, min(16, len(jobs) // (workers * 8) or 1))):
            yield GameRecord.from_json(data)
