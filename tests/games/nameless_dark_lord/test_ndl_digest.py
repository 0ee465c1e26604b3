"""Random games fingerprinted before the speed work must read the same after it (ndl_digest.py).

The digests were recorded from the code of commit 5397823, before any tuning: a change that
alters a legal-action order, an event, an observation, a description or a saved state fails here.
Re-recorded when the summary and the saved state gained `offered` (with it stripped, the digests
of 5397823 came back unchanged), and again when the Skeleton Knight's upkeep went from 1 to 2
(issue 21's rebalance: other card values make other games).
"""

from __future__ import annotations

from ndl_digest import FINGERPRINT

from sabbat.games.nameless_dark_lord import GAME
from support.fingerprint import digests

RECORDED = {
    "3p defaults": "95dfe371bc11662efe0cf6e192c59c4c",
    "3p event_mode=per_type": "ecc85216c45f4696d7c77f7a5d2cc1c7",
    "3p bomber_return=end_phase_b": "15edf183820dffea90ec1fb68b73892c",
    "3p sleeve_mode=secret": "fad381969364b85dc8c747a984af78d1",
    "3p k_threshold=2": "9d281e3f779a2a360cf0ebacffa9bac5",
    "4p defaults": "2a370044f8695066ee4b890afa8e4bf7",
    "4p event_mode=per_type": "4cd062c2a66c1f382b9ee5a2a98507b7",
    "4p bomber_return=end_phase_b": "ab8ca3370df61f0d6409d8c48b4ce4df",
    "4p sleeve_mode=secret": "85fffb142395e9607bc4aa5fcb48b23b",
    "4p k_threshold=2": "91c01b561cd36cf3bd4b5aafa5281caf",
}


def test_three_hundred_random_games_play_exactly_as_recorded():
    assert digests(FINGERPRINT, GAME, seeds=30, deep_seeds=3) == RECORDED
