"""Turning unfinished standings into win chances: shared by searches and game evaluators."""

from __future__ import annotations

import math
from collections.abc import Sequence


def win_chances(strengths: Sequence[float], temperature: float = 0.1) -> list[float]:
    """Each seat's chance of winning from its strength (points, or estimated final points).

    A softmax over the gap to the leader, scaled by `temperature` times the largest strength
    (at least 1 point). Why: a wide lead should count as nearly a win and a narrow one as
    little more than a coin toss, whatever the game's scale of points.
    """
    if not strengths:
        return []
    best = max(strengths)
    scale = max(1.0, temperature * max(abs(s) for s in strengths))
    weights = [math.exp((s - best) / scale) for s in strengths]
    total = sum(weights)
    return [w / total for w in weights]
