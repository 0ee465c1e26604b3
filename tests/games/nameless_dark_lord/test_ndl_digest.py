"""Random games fingerprinted before the speed work must read the same after it (ndl_digest.py).

The digests were recorded from the code of commit 5397823, before any tuning: a change that
alters a legal-action order, an event, an observation, a description or a saved state fails here.
Re-recorded when the summary and the saved state gained `offered` (with it stripped, the digests
of 5397823 came back unchanged).
"""

from __future__ import annotations

from ndl_digest import FINGERPRINT

from sabbat.games.nameless_dark_lord import GAME
from support.fingerprint import digests

RECORDED = {
    "3p defaults": "b44c917bbe71cd97bc90e40eab8e0990",
    "3p event_mode=per_type": "fbcb5f7cdf505c48cca2a5f616c45bcd",
    "3p bomber_return=end_phase_b": "9b67346462013883d9acf792f05719de",
    "3p sleeve_mode=secret": "7a6ea897305db9077b496319ad3cdfa8",
    "3p k_threshold=2": "bb33092becb8c0fca558b041cab5b45c",
    "4p defaults": "685f4403d600b930ea67ae569913e7e2",
    "4p event_mode=per_type": "ba21cb773abb3db57764d67dd7faa43f",
    "4p bomber_return=end_phase_b": "91c55441dc0e82d8936c2b6b217bef3d",
    "4p sleeve_mode=secret": "4884e98ebb3fe6c285d427983d43ae18",
    "4p k_threshold=2": "85caff1820ce98a8e4b7eed3957c10c5",
}


def test_three_hundred_random_games_play_exactly_as_recorded():
    assert digests(FINGERPRINT, GAME, seeds=30, deep_seeds=3) == RECORDED
