"""Random games fingerprinted before the speed work must read the same after it (ndl_digest.py).

The digests were recorded from the code of commit 5397823, before any tuning: a change that
alters a legal-action order, an event, an observation, a description or a saved state fails here.
Re-recorded when the summary and the saved state gained `offered` (with it stripped, the digests
of 5397823 came back unchanged), and again when the Skeleton Knight's upkeep went from 1 to 2
(issue 21's rebalance: other card values make other games), and when the summary gained
`start_player` (with it stripped, the digests before it came back unchanged).
"""

from __future__ import annotations

from ndl_digest import FINGERPRINT

from sabbat.games.nameless_dark_lord import GAME
from support.fingerprint import digests

RECORDED = {
    "3p defaults": "1b01567a86abf99cc767cd7eb2bc3a33",
    "3p event_mode=per_type": "6106d25622626d24fae7e0b605d7b57e",
    "3p bomber_return=end_phase_b": "d81407820217b7b09efe3ca4c76b05f4",
    "3p sleeve_mode=secret": "62bb44e4d30423d841f0a109f2ae08d7",
    "3p k_threshold=2": "d5dbc436954779a8fee75f50a01f4b3d",
    "4p defaults": "01d76b926d26b2b3a8acb9ca487ab6f8",
    "4p event_mode=per_type": "b6e19458d593eeecd123979f90d89ef6",
    "4p bomber_return=end_phase_b": "218d87fca9b242015b81a5131920280e",
    "4p sleeve_mode=secret": "d4f4bca2f2a1db37528668ce24f3930a",
    "4p k_threshold=2": "c27588e2ebbaf304abd5616410eef761",
}


def test_three_hundred_random_games_play_exactly_as_recorded():
    assert digests(FINGERPRINT, GAME, seeds=30, deep_seeds=3) == RECORDED
