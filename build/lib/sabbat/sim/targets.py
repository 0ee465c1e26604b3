"""The balance targets a card set is held to, measured on a set of game records.

A designer changes a card file, plays a few thousand games and asks one question: does the set
still meet the targets? These functions answer it per player count, with the figures behind each
verdict, so the same numbers go into a doc, a JSON file and a pull request:

- seat and start-position shares: how far the worst one is from the fair share, in points;
- must-take cards: the seats that took the card win more than `must_take_points` more often than
  the seats that could have taken it and did not, significant at 95 % (two-proportion z-test,
  Holm-adjusted over the cards tested: with 60 cards and 200 games, three would pass an
  unadjusted 5 % test by chance alone; the unadjusted list is kept beside it);
- never-take cards: taken in under `never_take_rate` of the seat-games where the card was offered;
- runaway games: the winner's score more than `runaway_ratio` times the mean of the others' scores
  (or the game's own per-seat `margin`, for a game without points);
- endings: how the games ended (`summary()["end"]`), so a victory condition that never happens shows.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .analysis import study
from .cards import availability, card_rates
from .runner import GameRecord


@dataclass(frozen=True)
class Targets:
    """The thresholds; the defaults are the project's (docs/studio.md, "Balance targets")."""

    fair_points: float = 5.0
    must_take_points: float = 15.0
    must_take_p: float = 0.05
    never_take_rate: float = 0.02
    runaway_ratio: float = 2.0
    runaway_share: float = 0.20


def runaway(record: GameRecord, ratio: float) -> bool | None:
    """Whether the winner's margin exceeds `ratio` times the others' mean; None when there is
    nothing to judge (a shared win, or no margin).

    The margin is `summary()["margin"]` where the game publishes one, a number per seat (None for
    a seat it leaves out, e.g. one eliminated), for a game whose scores only say who won; else the
    scores, unless they only say who won."""
    if len(record.winners) != 1:
        return None
    margin = record.stats.get("margin")
    if margin is None:
        if set(record.scores) <= {0, 1}:
            return None
        margin = record.scores
    w = record.winners[0]
    others = [float(m) for seat, m in enumerate(margin) if seat != w and m is not None]
    if margin[w] is None or not others:
        return None
    mean = sum(others) / len(others)
    top = float(margin[w])
    return top > ratio * mean if mean > 0 else top > 0


def holm(p_values: dict[str, float]) -> dict[str, float]:
    """Holm-Bonferroni adjusted p-values: each test's p scaled so that the chance of any false
    finding among all of them stays under the level (Holm 1979, step-down)."""
    ranked = sorted(p_values.items(), key=lambda kv: kv[1])
    m, running, out = len(ranked), 0.0, {}
    for i, (key, p) in enumerate(ranked):
        running = max(running, min(1.0, (m - i) * p))
        out[key] = running
    return out


def check(records: Sequence[GameRecord], targets: Targets = Targets()) -> dict[str, Any]:
    """Every target figure for records of one player count, and whether each target is met."""
    counts = {r.num_players for r in records}
    if len(counts) != 1:
        raise ValueError(f"records of one player count expected, got {sorted(counts)}")
    n = counts.pop()
    s = study(records)
    fair = 1.0 / n
    seats = [r.rate for r in s.seats.get(n, [])]
    positions = [r.rate for r in s.positions.get(n, [])]
    seat_gap = max((abs(x - fair) * 100 for x in seats), default=0.0)
    position_gap = max((abs(x - fair) * 100 for x in positions), default=0.0)
    cards: dict[str, dict[str, Any]] = {}
    must, must_raw, never = [], [], []
    rates = card_rates(records)
    tested = [c for c in rates if c.passed and c.games_with]
    adjusted = holm({c.card: c.p_value for c in tested})
    for c in rates:
        edge = (c.win_rate - c.without_rate) * 100 if c.passed and c.games_with else 0.0
        p = c.p_value if c.passed and c.games_with else 1.0
        p_holm = adjusted.get(c.card, 1.0)
        cards[c.card] = {
            "take_rate": round(c.take_rate, 4), "takers": c.games_with, "passers": c.passed,
            "takers_win": round(c.win_rate, 4), "passers_win": round(c.without_rate, 4),
            "edge_points": round(edge, 1), "p": round(p, 4), "p_holm": round(p_holm, 4),
        }
        if edge > targets.must_take_points and p < targets.must_take_p:
            must_raw.append(c.card)
            if p_holm < targets.must_take_p:
                must.append(c.card)
        if c.available and c.take_rate < targets.never_take_rate:
            never.append(c.card)
    flags = [runaway(r, targets.runaway_ratio) for r in records]
    judged = [f for f in flags if f is not None]
    runaway_share = sum(judged) / len(judged) if judged else None
    ends = Counter(str(r.stats.get("end", "?")) for r in records)
    return {
        "games": len(records),
        "players": n,
        "seat_share": [round(x, 4) for x in seats],
        "position_share_from_start": [round(x, 4) for x in positions],
        "max_seat_deviation_points": round(seat_gap, 1),
        "max_position_deviation_points": round(position_gap, 1),
        "availability": availability(records),
        "must_take": sorted(must),
        "must_take_unadjusted": sorted(must_raw),
        "never_take": sorted(never),
        "runaway_share": None if runaway_share is None else round(runaway_share, 4),
        "ends": dict(sorted(ends.items())),
        "decisions_mean": round(sum(r.decisions for r in records) / len(records), 1),
        "met": {
            "seats": seat_gap <= targets.fair_points,
            "positions": position_gap <= targets.fair_points,
            "no_must_take": not must,
            "no_never_take": not never,
            "runaway": runaway_share is None or runaway_share <= targets.runaway_share,
        },
        "cards": cards,
    }


__all__ = ["Targets", "check", "holm", "runaway"]
