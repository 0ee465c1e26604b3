"""How a search judges an unfinished game of Monslaught.

Why: the score sheet says little mid-game. Most points come late (four bosses of 10 points each,
the upper deck's cards), and lands are the investment that pays for the summons that win them:
a seat with a land more in round 3 is worth more than its one point of land.

Each seat's *strength* is a weighted sum of four features: its points, its points again weighted
by how late the game is (a lead counts more the fewer rounds are left), its lands, and its lands
weighted by how early it is. The chances are a softmax of the strengths. The weights are a
conditional-logit fit (a softmax over the seats of one position), learnt from 117,589 positions
(every 8th decision) of 1,500 heuristic self-play games at 2, 3 and 4 players (10 % random moves,
as in a search's rollouts), labelled with the final winner, so strength differences are log-odds
of winning. On 300 held-out games the log-loss is 0.83 (equal chances: 1.14). A fit that also
counted owned attack and cards did no better (0.83) and paid a seat for *not* taking monsters and
cards (the heuristic takes many cheap ones when behind), so a search trusting it would stop
scouting; those features were dropped.
"""

from __future__ import annotations

import math

from .model import LAST_ROUND, Position
from .scoring import points as points_of

FEATURES: tuple[str, ...] = ("points", "points_late", "lands", "lands_early")
"""Names of the features, in the order of `features()` and `WEIGHTS`."""

WEIGHTS: dict[str, float] = {"points": 0.115, "points_late": 0.091, "lands": 0.315, "lands_early": 0.181}
"""Log-odds of winning per unit of each feature (fitted; see the module docstring)."""


def features(st: Position, p: int, early: float) -> list[float]:
    """Seat p's features, in the order of FEATURES: its points now, the same weighted by how late it
    is, its lands, and the same weighted by how early it is."""
    lands = float(len(st.seats[p].lands))
    points = float(points_of(st, p))
    return [points, points * (1.0 - early), lands, lands * early]


def all_features(st: Position) -> list[list[float]]:
    """Every seat's features; `early` runs from 1 in round 1 to 0 in the last round."""
    early = (LAST_ROUND - min(st.round, LAST_ROUND)) / (LAST_ROUND - 1)
    return [features(st, p, early) for p in range(st.num_players)]


def estimate(st: Position) -> list[float]:
    """Each seat's chance of winning: a softmax of the fitted strengths."""
    strengths = [sum(WEIGHTS[name] * x for name, x in zip(FEATURES, f, strict=True)) for f in all_features(st)]
    best = max(strengths)
    weights = [math.exp(s - best) for s in strengths]
    total = sum(weights)
    return [w / total for w in weights]
