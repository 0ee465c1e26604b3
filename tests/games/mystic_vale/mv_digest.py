"""The fingerprint of Mystic Vale: its option variants and what a deep step looks at
(the machinery is in sabbat/testing/fingerprint.py). Run it as a script to print the current digests."""

from __future__ import annotations

import json
from typing import Any

from sabbat.core import GameState
from sabbat.testing.fingerprint import Fingerprint, digests


def _results(state: GameState) -> list[Any]:
    return [state.current_player, state.scores(), state.tie_breaks(), state.winners(), state.summary(),
            state.evaluate()]


FINGERPRINT = Fingerprint(
    variants=[
        {},
        {"german_spirit_trade": True},
    ],
    deep_every=7,
    results=_results,
)
SEEDS = 12
DEEP_SEEDS = 2
"""Games per (player count, variant), and how many of them are deep."""


if __name__ == "__main__":
    from sabbat import games

    print(json.dumps(digests(FINGERPRINT, games.get("mystic_vale"), SEEDS, DEEP_SEEDS), indent=1))
