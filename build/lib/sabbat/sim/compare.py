"""Two card files side by side: the same agents, seats and seeds on each, and what changed.

Every figure of a study (win share by seat and by position from the start player, how games
end, game length and the game's own measures, scores, per card the take rate and the takers'
win rate) is set against the other file's, with its difference B − A and a 95% interval:

- proportions: a Newcombe (hybrid Wilson) interval, and a pooled two-proportion z-test;
- means: a normal interval and Welch's z-test.

The seeds are the same, but a changed card sends a game down another path, so the two samples
are treated as independent (a conservative choice). `*` marks p < 0.05, `**` p < 0.01: with
dozens of figures, about one in twenty is marked * by chance alone.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from .analysis import Study, study
from .runner import GameRecord
from .stats import Rate, difference_interval, mean_difference, two_proportion_p


@dataclass
class Change:
    figure: str
    kind: str
    """`rate` or `mean`."""
    a: float | None
    b: float | None
    """None where a side has no data for it (a card only one file has)."""
    diff: float | None
    low: float | None
    high: float | None
    p: float

    @property
    def mark(self) -> str:
        return "**" if self.p < 0.01 else "*" if self.p < 0.05 else ""

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "mark": self.mark}


def _rate(figure: str, a: Rate | None, b: Rate | None) -> Change:
    ra = a.rate if a is not None and a.games else None
    rb = b.rate if b is not None and b.games else None
    if a is None or b is None or ra is None or rb is None:
        return Change(figure, "rate", ra, rb, None, None, None, 1.0)
    low, high = difference_interval(a.wins, a.games, b.wins, b.games)
    return Change(figure, "rate", ra, rb, rb - ra, low, high, two_proportion_p(a.wins, a.games, b.wins, b.games))


def _mean(figure: str, a: list[float], b: list[float]) -> Change:
    ma = statistics.fmean(a) if a else None
    mb = statistics.fmean(b) if b else None
    if len(a) < 2 or len(b) < 2:
        return Change(figure, "mean", ma, mb, None, None, None, 1.0)
    diff, (low, high), p = mean_difference(a, b)
    return Change(figure, "mean", ma, mb, diff, low, high, p)


def _by_label(rates: Sequence[Rate]) -> dict[str, Rate]:
    return {r.label: r for r in rates}


def changes(a_records: Sequence[GameRecord], b_records: Sequence[GameRecord]) -> list[Change]:
    """Every figure of the two studies, in the order a report shows them."""
    a, b = study(a_records), study(b_records)
    out: list[Change] = []
    for n in sorted(set(a.seats) | set(b.seats)):
        sa, sb = _by_label(a.seats.get(n, [])), _by_label(b.seats.get(n, []))
        out += [_rate(f"win share {label} ({n} players)", sa.get(label), sb.get(label)) for label in sa | sb]
    for n in sorted(set(a.positions) | set(b.positions)):
        pa, pb = _by_label(a.positions.get(n, [])), _by_label(b.positions.get(n, []))
        out += [_rate(f"win share of the start player{'' if label == 'start' else ' ' + label} ({n} players)",
                      pa.get(label), pb.get(label)) for label in pa | pb]
    if len(a.agents) > 1 or len(b.agents) > 1:
        ga, gb = _by_label(a.agents), _by_label(b.agents)
        out += [_rate(f"win share of {label}", ga.get(label), gb.get(label)) for label in ga | gb]
    ea, eb = _by_label(a.ends), _by_label(b.ends)
    out += [_rate(f"games ending by {label}", _or_none(ea.get(label), a), _or_none(eb.get(label), b))
            for label in ea | eb]
    out.append(_mean("decisions per game", [float(x) for x in a.lengths], [float(x) for x in b.lengths]))
    out += [_mean(f"mean {key}", a.figures.get(key, []), b.figures.get(key, [])) for key in a.figures | b.figures]
    out.append(_mean("score of every seat", a.scores["all"], b.scores["all"]))
    out.append(_mean("score of the winners", a.scores["winner"], b.scores["winner"]))
    out += _card_changes(a, b)
    return out


def _or_none(rate: Rate | None, s: Study) -> Rate | None:
    """An end label one side never saw is a rate of 0 there, not a missing figure."""
    ended = sum(r.wins for r in s.ends)
    return rate if rate is not None else (Rate("", 0, int(ended)) if ended else None)


def _card_changes(a: Study, b: Study) -> list[Change]:
    ca, cb = {c.card: c for c in a.cards}, {c.card: c for c in b.cards}
    out = []
    for card in sorted(ca | cb):
        x, y = ca.get(card), cb.get(card)
        out.append(_rate(f"card {card}: take rate", Rate(card, x.games_with, x.available) if x else None,
                         Rate(card, y.games_with, y.available) if y else None))
        out.append(_rate(f"card {card}: win share of takers", Rate(card, x.wins, x.games_with) if x else None,
                         Rate(card, y.wins, y.games_with) if y else None))
    return out


__all__ = ["Change", "changes"]
