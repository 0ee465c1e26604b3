"""Run many games over several processes, yielding records as they finish."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from .backends import imap_unordered
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


def run_jobs(jobs: list[Job], workers: int = 1, backend: str = "local", address: str | None = None) -> Iterator[GameRecord]:
    """Records in completion order, from `workers` processes of `backend` (see `backends`)."""
    for data in imap_unordered(_run, jobs, workers, backend, address):
        yield GameRecord.from_json(data)
