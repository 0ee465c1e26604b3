"""Random games fingerprinted before the speed work must read the same after it (ndl_digest.py).

The digests were recorded from the code of commit 5397823, before any tuning: a change that
alters a legal-action order, an event, an observation, a description or a saved state fails here.
Re-recorded when the summary and the saved state gained `offered` (with it stripped, the digests
of 5397823 came back unchanged), and again when the Skeleton Knight's upkeep went from 1 to 2
(issue 21's rebalance: other card values make other games), and when the summary gained
`start_player` (with it stripped, the digests before it came back unchanged), and when the
Japanese texts said レベル and 自動発動 instead of Level and AUTORUN (with the old texts, the
digests before it came back unchanged).
"""

from __future__ import annotations

from ndl_digest import FINGERPRINT

from sabbat.games.nameless_dark_lord import GAME
from support.fingerprint import digests

RECORDED = {
    "3p defaults": "f8710096fff70be924c9f33f061e6c82",
    "3p event_mode=per_type": "2a47af2cef780db402028de9e62c62de",
    "3p bomber_return=end_phase_b": "05324794ece472df7cc358089b4110f5",
    "3p sleeve_mode=secret": "ec16296ace91c865ca4a6504d883aa08",
    "3p k_threshold=2": "c090a884e4921e3bfacb6a96312ce0e3",
    "4p defaults": "b605d532b6cef2380ac1dadcca706aff",
    "4p event_mode=per_type": "afc6b3934f960f24def3433e8832bc23",
    "4p bomber_return=end_phase_b": "268f67736280645aa0a71c6c2142e3ad",
    "4p sleeve_mode=secret": "971fa92388d9ee46cfdcadc06324e50a",
    "4p k_threshold=2": "74da77c4eb227bd39a100c6b04e76781",
}


def test_three_hundred_random_games_play_exactly_as_recorded():
    assert digests(FINGERPRINT, GAME, seeds=30, deep_seeds=3) == RECORDED
