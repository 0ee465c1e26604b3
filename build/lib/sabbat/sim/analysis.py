"""The figures of a balance study, computed from game records (no drawing: `report` draws them,
`compare` sets two sets of them side by side).

Win shares count a k-way shared win as 1/k for each winner. Every proportion carries its 95%
Wilson interval (`Rate.interval`).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

from .cards import CardRate, availability, card_rates
from .runner import GameRecord
from .stats import Rate


@dataclass
class Study:
    """Everything a report shows about one set of records."""

    games: int
    player_counts: list[int]
    agents: list[Rate]
    seats: dict[int, list[Rate]]
    """Per player count: win share of each seat (seat 1 = P1)."""
    positions: dict[int, list[Rate]]
    """Per player count: win share by position from the start player (0 = the start player)."""
    ends: list[Rate]
    """How games ended (`summary()["end"]`): share of games per label."""
    lengths: list[int]
    """Decisions per game."""
    figures: dict[str, list[float]]
    """Single-number figures of `summary()` (rounds, days, turns…), one value per game."""
    scores: dict[str, list[float]] = field(default_factory=dict)
    """Scores of every seat (`all`) and of the winners (`winner`)."""
    cards: list[CardRate] = field(default_factory=list)
    availability: str = "in_play"

    @property
    def par(self) -> float:
        """A seat's win share were every seat equal: games over seat-games (1 / players at one count)."""
        seat_games = sum(rates[0].games * len(rates) for rates in self.seats.values() if rates)
        return self.games / seat_games if seat_games else 0.0

    def first_player(self) -> list[tuple[int, Rate]]:
        """The start player's win share per player count (the first-player advantage)."""
        return [(n, rates[0]) for n, rates in sorted(self.positions.items()) if rates]


def study(records: Sequence[GameRecord]) -> Study:
    recs = list(records)
    agent_wins: dict[str, float] = defaultdict(float)
    agent_games: dict[str, int] = defaultdict(int)
    seat_wins: dict[int, list[float]] = {}
    pos_wins: dict[int, list[float]] = {}
    games_by_count: Counter[int] = Counter()
    placed: Counter[int] = Counter()
    ends: Counter[str] = Counter()
    figures: dict[str, list[float]] = defaultdict(list)
    all_scores: list[float] = []
    winner_scores: list[float] = []
    for r in recs:
        n = r.num_players
        games_by_count[n] += 1
        seats = seat_wins.setdefault(n, [0.0] * n)
        for seat, name in enumerate(r.agents):
            share = r.share(seat)
            agent_wins[name] += share
            agent_games[name] += 1
            seats[seat] += share
            all_scores.append(float(r.scores[seat]))
        winner_scores.extend(float(r.scores[w]) for w in r.winners)
        if r.first_player is not None:
            placed[n] += 1
            positions = pos_wins.setdefault(n, [0.0] * n)
            for seat in range(n):
                positions[(seat - r.first_player) % n] += r.share(seat)
        end = r.stats.get("end")
        if isinstance(end, str):
            ends[end] += 1
        for key, value in r.stats.items():
            if isinstance(value, (int, float)) and not isinstance(value, bool) and key != "start_player":
                figures[key].append(float(value))
    ended = sum(ends.values())
    return Study(
        games=len(recs),
        player_counts=sorted(games_by_count),
        agents=[Rate(a, agent_wins[a], agent_games[a]) for a in sorted(agent_games)],
        seats={n: [Rate(f"P{s + 1}", w, games_by_count[n]) for s, w in enumerate(ws)]
               for n, ws in sorted(seat_wins.items())},
        positions={n: [Rate(f"+{p}" if p else "start", w, placed[n]) for p, w in enumerate(ws)]
                   for n, ws in sorted(pos_wins.items())},
        ends=[Rate(label, count, ended) for label, count in ends.most_common()],
        lengths=[r.decisions for r in recs],
        figures={k: v for k, v in sorted(figures.items()) if len(v) == len(recs)},
        scores={"all": all_scores, "winner": winner_scores},
        cards=card_rates(recs),
        availability=availability(recs),
    )


__all__ = ["Study", "study"]
