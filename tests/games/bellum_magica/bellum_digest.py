"""The fingerprint of Bellum Magica: its option variants and what a deep step looks at
(the machinery is in sabbat/testing/fingerprint.py). Run it as a script to print the current digests."""

from __future__ import annotations

import json
from typing import Any

from sabbat.core import GameState
from sabbat.testing.fingerprint import Fingerprint, digests


def _results(state: GameState) -> list[Any]:
    return [state.current_player, state.scores(), state.tie_breaks(), state.winners(), state.summary()]


FINGERPRINT = Fingerprint(
    variants=[
        {},
        {"castle_choice": "draft"},
        {"max_days": 4},  # a safety cap that random games reach (the `cap` ending)
    ],
    deep_every=5,
    results=_results,
)


if __name__ == "__main__":
    from sabbat import games

    print(json.dumps(digests(FINGERPRINT, games.get("bellum_magica"), 25, 3), indent=1))
