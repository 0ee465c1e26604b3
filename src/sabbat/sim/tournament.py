"""Tournaments: many games between named agents, seats rotated fairly, played in parallel.

    >>> from sabbat.sim.tournament import run_tournament
    >>> result = run_tournament("mystic_vale", ["ismcts:0.5s", "heuristic"], 2, games=40, jobs=2, seed=1)
    >>> print(result.format_table())                                        # doctest: +SKIP

Fairness: the lineup (agent names cycled to fill the seats) is played in every distinct seat
arrangement, in blocks of `num_players` rotations, and all games of one block share a deal
seed, so each agent meets the same cards from every seat (duplicate format). Games are
independent processes' work; results are sorted by game number, so a tournament is
reproducible whatever `jobs` is (wall-clock budgets aside).
"""

from __future__ import annotations

import io
import multiprocessing
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import combinations, permutations
from typing import Any

from rich.console import Console, Group
from rich.table import Table

from sabbat import games as game_registry

from .ratings import Rating, duels, rate
from .runner import GameRecord, play_game
from .stats import Rate

Progress = Callable[[int, int, GameRecord], None]
"""Called in the parent after each game: (games done, games in all, the game's record)."""


def arrangements(agent_names: Sequence[str], num_players: int) -> list[tuple[str, ...]]:
    """Seat arrangements in the order games use them, in seat-balanced blocks of `num_players`.

    With no more agents than seats the lineup is the names cycled to fill the seats; with
    more, every combination of `num_players` of them is a lineup. Each distinct permutation of
    a lineup appears once per rotation block; a block lists all `num_players` rotations (a
    periodic lineup repeats its distinct rotations), so every complete block puts every agent
    in every seat equally often.
    """
    if not agent_names or num_players < 1:
        raise ValueError("a tournament needs at least one agent and one seat")
    names = list(agent_names)
    if len(names) <= num_players:
        lineups = [tuple(names[i % len(names)] for i in range(num_players))]
    else:
        lineups = list(combinations(names, num_players))
    blocks: list[tuple[str, ...]] = []
    seen: set[tuple[str, ...]] = set()
    for lineup in lineups:
        for perm in dict.fromkeys(permutations(lineup)):
            if perm in seen:
                continue
            block = [perm[r:] + perm[:r] for r in range(num_players)]
            seen.update(block)
            blocks.extend(block)
    return blocks


def schedule(agent_names: Sequence[str], num_players: int, games: int, seed: int) -> list[tuple[int, list[str]]]:
    """(deal seed, seat names) for each game: one deal per rotation block."""
    arr = arrangements(agent_names, num_players)
    return [(seed * 1_000_003 + j // num_players, list(arr[j % len(arr)])) for j in range(games)]


@dataclass
class TournamentResult:
    game: str
    num_players: int
    agent_names: list[str]
    seed: int
    records: list[GameRecord] = field(repr=False)

    @property
    def games(self) -> int:
        return len(self.records)

    @property
    def agents(self) -> list[Rate]:
        """Each agent's share of wins over the seats it held (a k-way tie counts 1/k)."""
        wins: dict[str, float] = defaultdict(float)
        seats: dict[str, int] = defaultdict(int)
        for r in self.records:
            for seat, name in enumerate(r.agents):
                wins[name] += r.share(seat)
                seats[name] += 1
        return [Rate(n, wins[n], seats[n]) for n in self._names()]

    @property
    def seats(self) -> list[Rate]:
        """Win share per seat over all games (seat advantage, whoever sat there)."""
        wins = [0.0] * self.num_players
        for r in self.records:
            for seat in range(self.num_players):
                wins[seat] += r.share(seat)
        return [Rate(f"seat {s + 1}", wins[s], len(self.records)) for s in range(self.num_players)]

    @property
    def ratings(self) -> list[Rating]:
        return rate(self.records, self._names())

    def mean_scores(self) -> dict[str, float]:
        total: dict[str, float] = defaultdict(float)
        count: dict[str, int] = defaultdict(int)
        for r in self.records:
            for seat, name in enumerate(r.agents):
                total[name] += float(r.scores[seat])
                count[name] += 1
        return {n: total[n] / count[n] for n in self._names() if count[n]}

    def _names(self) -> list[str]:
        return list(dict.fromkeys(self.agent_names))

    def to_json(self) -> dict[str, Any]:
        """Everything a report needs, JSON-serialisable (games without their replays)."""
        ratings = {r.name: r for r in self.ratings}
        scores = self.mean_scores()
        return {
            "game": self.game,
            "num_players": self.num_players,
            "agents": self._names(),
            "games": self.games,
            "seed": self.seed,
            "par": 1.0 / self.num_players,
            "results": [
                {
                    "agent": a.label,
                    "seats": a.games,
                    "wins": a.wins,
                    "win_rate": a.rate,
                    "ci95": list(a.interval),
                    "mean_score": scores.get(a.label),
                    "elo": ratings[a.label].elo if a.label in ratings else None,
                    "elo_margin": ratings[a.label].margin if a.label in ratings else None,
                }
                for a in self.agents
            ],
            "seats": [{"seat": s + 1, "wins": r.wins, "win_rate": r.rate, "ci95": list(r.interval)}
                      for s, r in enumerate(self.seats)],
            "duels": [{"a": d.a, "b": d.b, "a_points": d.a_points, "games": d.games}
                      for d in duels(self.records).values()],
            "records": [{k: v for k, v in r.to_json().items() if k != "replay"} for r in self.records],
        }

    def table(self) -> Table:
        """The agents' table: win share with its 95% interval, mean score, rating."""
        ratings = {r.name: r for r in self.ratings}
        scores = self.mean_scores()
        title = game_registry.get(self.game).info.title.get("en", self.game)
        t = Table(title=f"{title}: {self.games} games, {self.num_players} players "
                        f"(par {100 / self.num_players:.0f}%)")
        for col in ("agent", "seats", "wins", "win rate", "95% interval", "mean score", "Elo"):
            t.add_column(col, justify="left" if col == "agent" else "right")
        for a in sorted(self.agents, key=lambda a: -a.rate):
            lo, hi = a.interval
            rating = ratings.get(a.label)
            elo = f"{rating.elo:.0f} ± {rating.margin:.0f}" if rating and rating.duels else "-"
            t.add_row(a.label, str(a.games), f"{a.wins:g}", f"{100 * a.rate:.1f}%",
                      f"{100 * lo:.1f}–{100 * hi:.1f}%", f"{scores.get(a.label, 0.0):.1f}", elo)
        return t

    def seat_table(self) -> Table:
        t = Table(title="seats")
        for col in ("seat", "win rate", "95% interval"):
            t.add_column(col, justify="right")
        for r in self.seats:
            lo, hi = r.interval
            t.add_row(r.label, f"{100 * r.rate:.1f}%", f"{100 * lo:.1f}–{100 * hi:.1f}%")
        return t

    def renderable(self) -> Group:
        return Group(self.table(), self.seat_table())

    def format_table(self, width: int = 100) -> str:
        """Plain text of both tables (what `sabbat tournament` prints without colour)."""
        out = io.StringIO()
        Console(file=out, width=width, color_system=None, force_terminal=False).print(self.renderable())
        return out.getvalue()


def _play(task: tuple[int, str, int, int, list[str], dict[str, Any]]) -> tuple[int, GameRecord]:
    index, game, num_players, seed, seat_names, options = task
    record, _ = play_game(game, num_players, seed, seat_names, options)
    record.replay = {}
    return index, record


def run_tournament(
    game: str,
    agent_names: Sequence[str],
    num_players: int,
    games: int,
    jobs: int = 1,
    seed: int = 0,
    progress: Progress | None = None,
    options: dict[str, Any] | None = None,
) -> TournamentResult:
    """Play `games` games and collect them; `jobs` > 1 plays them in that many processes."""
    info = game_registry.get(game).info
    if num_players not in info.player_counts:
        game_registry.get(game).new(num_players)  # raises BadPlayerCount with its message
    tasks = [(j, info.id, num_players, s, names, dict(options or {}))
             for j, (s, names) in enumerate(schedule(agent_names, num_players, games, seed))]
    records: list[GameRecord | None] = [None] * len(tasks)
    done = 0
    if jobs <= 1 or len(tasks) <= 1:
        for task in tasks:
            index, record = _play(task)
            records[index] = record
            done += 1
            if progress:
                progress(done, len(tasks), record)
    else:
        methods = multiprocessing.get_all_start_methods()
        ctx = multiprocessing.get_context("fork" if "fork" in methods else None)
        with ctx.Pool(min(jobs, len(tasks))) as pool:
            for index, record in pool.imap_unordered(_play, tasks):
                records[index] = record
                done += 1
                if progress:
                    progress(done, len(tasks), record)
    return TournamentResult(info.id, num_players, list(agent_names), seed, [r for r in records if r is not None])


__all__ = ["TournamentResult", "arrangements", "run_tournament", "schedule"]
