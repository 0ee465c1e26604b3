"""Tournaments: many games between named agents, seats rotated fairly, played in parallel.

    >>> from sabbat.sim.tournament import run_tournament
    >>> result = run_tournament("mystic_vale", ["ismcts:0.5s", "heuristic"], 2, games=40, jobs=2, seed=1)
    >>> print(result.format_table())                                        # doctest: +SKIP

Fairness: the lineup (agent names cycled to fill the seats) is played in every distinct seat
arrangement, in blocks of `num_players` rotations, and all games of one block share a deal
seed, so each agent meets the same cards from every seat (duplicate format). Games are
independent processes' work; results are sorted by game number, so a tournament is
reproducible whatever `jobs` is (wall-clock budgets aside).

A long tournament can be played in parts (`part=(k, m)`: every m-th rotation block, starting
with the k-th), on different machines or days, and the parts merged (`merge`) into exactly the
result one run would have given: each part is itself seat-balanced, so it can be read alone.
With a `journal` file each finished game is written down at once, and a run started again
with the same file plays only the games it lacks (see `journal`).
"""

from __future__ import annotations

import io
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import combinations, permutations
from pathlib import Path
from typing import Any

from rich.console import Console, Group
from rich.table import Table

from sabbat import games as game_registry

from .backends import imap_unordered
from .journal import Journal, JournalMismatch, read_journal
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
    planned: int = 0
    """Games in the whole schedule (0: as many as there are records)."""
    parts: tuple[int, ...] = (1,)
    """Which parts (1-based) of `of` the records cover."""
    of: int = 1

    @property
    def complete(self) -> bool:
        return len(self.parts) == self.of

    @property
    def games(self) -> int:
        return len(self.records)

    @property
    def scheduled(self) -> int:
        """Games the held parts of the schedule have (more than `games` while a run is unfinished)."""
        planned = self.planned or self.games
        return sum(1 for j in range(planned) if (j // self.num_players) % self.of + 1 in self.parts)

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
            "schedule": {"lineup": self.agent_names, "planned_games": self.planned or self.games,
                         "parts": list(self.parts), "of": self.of},
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
        held = "" if self.complete else f", parts {','.join(map(str, self.parts))} of {self.of}"
        missing = self.scheduled - self.games
        if missing > 0:
            held += f", {missing} still to play"
        t = Table(title=f"{title}: {self.games} games, {self.num_players} players "
                        f"(par {100 / self.num_players:.0f}%){held}")
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
        Console(file=out, width=width, color_system=None, force_terminal=False, emoji=False).print(self.renderable())
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
    part: tuple[int, int] = (1, 1),
    journal: Path | None = None,
    backend: str = "local",
    address: str | None = None,
) -> TournamentResult:
    """Play `games` games and collect them; `jobs` > 1 plays them in that many processes.

    `part=(k, m)` plays only the k-th of m interleaved parts of the schedule (see `merge`).
    `journal`: a file that gets each game as it ends; the games already in it are not replayed.
    `backend`/`address`: where the games run (`backends.imap_unordered`); the results do not depend on it.
    """
    info = game_registry.get(game).info
    if num_players not in info.player_counts:
        game_registry.get(game).new(num_players)  # raises BadPlayerCount with its message
    k, m = part
    if not 1 <= k <= m:
        raise ValueError(f"part {k}/{m} does not exist: write k/m with 1 <= k <= m, e.g. 2/4")
    tasks = [(j, info.id, num_players, s, names, dict(options or {}))
             for j, (s, names) in enumerate(schedule(agent_names, num_players, games, seed))
             if (j // num_players) % m == k - 1]
    records: list[GameRecord | None] = [None] * games  # by place in the schedule; a part fills some
    book = None
    if journal is not None:
        book = Journal(journal, {"game": info.id, "num_players": num_players, "lineup": list(agent_names),
                                 "seed": seed, "games": games, "part": [k, m], "options": dict(options or {})})
        wanted = {task[0] for task in tasks}
        for index, record in book.finished().items():
            if index not in wanted:
                raise JournalMismatch(f"{journal} holds game {index + 1}, which is not in this part of the schedule")
            records[index] = record
        tasks = [task for task in tasks if records[task[0]] is None]
    done = sum(r is not None for r in records)
    total = done + len(tasks)

    def finish(index: int, record: GameRecord) -> None:
        nonlocal done
        records[index] = record
        if book is not None:
            book.add(index, record)
        done += 1
        if progress:
            progress(done, total, record)

    for index, record in imap_unordered(_play, tasks, jobs, backend, address, chunk=1):
        finish(index, record)
    return TournamentResult(info.id, num_players, list(agent_names), seed, [r for r in records if r is not None],
                            planned=games, parts=(k,), of=m)


def from_journal(path: Path) -> TournamentResult:
    """The games a journal holds so far, as a result (of its part; possibly not all its games)."""
    head, finished, _ = read_journal(path)
    try:
        k, m = head["part"]
        return TournamentResult(head["game"], head["num_players"], list(head["lineup"]), head["seed"],
                                [finished[i] for i in sorted(finished)], planned=head["games"], parts=(k,), of=m)
    except (KeyError, TypeError, ValueError):
        raise JournalMismatch(f"{path} does not say which tournament it belongs to") from None


MAX_GAMES = 1_000_000
"""More games than any tournament plays; a results file claiming more is refused, not scheduled."""


def merge(results: Sequence[dict[str, Any]]) -> TournamentResult:
    """One result from the JSON of parts of one tournament (`to_json` of each part).

    The parts must share the game, players, agents, seed and schedule, and hold different
    parts of it; the merged result orders the games as one run would have.
    """
    if not results:
        raise ValueError("nothing to merge: give the JSON files of the parts")
    first = results[0]
    key = ("game", "num_players", "agents", "seed")
    for other in results[1:]:
        for field_name in key:
            if other.get(field_name) != first.get(field_name):
                raise ValueError(f"these are parts of different tournaments: {field_name} "
                                 f"{first.get(field_name)!r} against {other.get(field_name)!r}")
    plans = [r.get("schedule") or {"lineup": r["agents"], "planned_games": r["games"], "parts": [1], "of": 1}
             for r in results]
    shape = ("lineup", "planned_games", "of")
    if any(tuple(p[f] for f in shape) != tuple(plans[0][f] for f in shape) for p in plans):
        raise ValueError("these parts come from different schedules (lineup, games or number of parts differ)")
    held = [k for p in plans for k in p["parts"]]
    if len(held) != len(set(held)):
        raise ValueError(f"a part is given twice: parts {sorted(held)}")
    lineup, planned, of = plans[0]["lineup"], plans[0]["planned_games"], plans[0]["of"]
    if (type(planned) is not int or not 1 <= planned <= MAX_GAMES or type(first["num_players"]) is not int
            or not 1 <= first["num_players"] <= 16 or not isinstance(lineup, list) or not lineup
            or not all(isinstance(a, str) for a in lineup) or type(first["seed"]) is not int):
        raise ValueError(f"not a tournament result: games must be 1 to {MAX_GAMES:,}, players 1 to 16, "
                         "agents a list of names, the seed a whole number")
    order: dict[tuple[int, tuple[str, ...]], int] = {}
    for j, (deal, names) in enumerate(schedule(lineup, first["num_players"], planned, first["seed"])):
        order.setdefault((deal, tuple(names)), j)  # a seating may recur within a block: keep the first
    records = [GameRecord.from_json({**data, "replay": {}}) for r in results for data in r["records"]]
    if any((rec.seed, tuple(rec.agents)) not in order for rec in records):
        raise ValueError("a game in these files is not in the tournament's schedule")
    records.sort(key=lambda rec: order[(rec.seed, tuple(rec.agents))])
    return TournamentResult(first["game"], first["num_players"], list(lineup), first["seed"], records,
                            planned=planned, parts=tuple(sorted(held)), of=of)


__all__ = ["TournamentResult", "arrangements", "from_journal", "merge", "run_tournament", "schedule"]
