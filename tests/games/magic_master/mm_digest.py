"""The fingerprint of Magic Master: its option variants and what a deep step looks at
(the machinery is in sabbat/testing/fingerprint.py). Run it as a script to print the current digests."""

from __future__ import annotations

import json
from typing import Any

from sabbat.core import GameState
from sabbat.testing.fingerprint import Fingerprint, digests


def _results(state: GameState) -> list[Any]:
    return [state.current_player, state.scores(), state.tie_breaks(), state.winners(),
            state.summary(), state.secret_choice(), state.evaluate()]


FINGERPRINT = Fingerprint(
    variants=[
        {},
        {"regalia_held": "table"},
        {"keep_last_character": True},
        {"mixing_ban": "any_leader", "hand_sizes": "by_place"},
    ],
    deep_every=5,
    results=_results,
)
SEEDS = 30
DEEP_SEEDS = 4
"""Games per (player count, variant), and how many of them are deep: about 16 s of CPU in all."""


if __name__ == "__main__":
    from sabbat import games

    print(json.dumps(digests(FINGERPRINT, games.get("magic_master"), SEEDS, DEEP_SEEDS), indent=1))
