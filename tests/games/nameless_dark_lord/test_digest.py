"""Random games fingerprinted before the speed work must read the same after it (ndl_digest.py).

The digests were recorded from the code of commit 5397823, before any tuning: a change that
alters a legal-action order, an event, an observation, a description or a saved state fails here.
Re-recorded when the summary and the saved state gained `offered` (with it stripped, the digests
of 5397823 came back unchanged), and again when the Skeleton Knight's upkeep went from 1 to 2
(the rebalance: other card values make other games), and when the summary gained
`start_player` (with it stripped, the digests before it came back unchanged), and when the
Japanese texts said レベル and 自動発動 instead of Level and AUTORUN (with the old texts, the
digests before it came back unchanged), and when saved states began to keep every option's default
(with the defaults stripped from the saves, the digests before came back).
"""

from __future__ import annotations

import pytest

from sabbat.games.nameless_dark_lord import GAME
from sabbat.testing.fingerprint import digests
from tests.games.nameless_dark_lord.ndl_digest import FINGERPRINT

RECORDED = {
    "3p defaults": "274bf63998ae559f3198c958fd87afaf",
    "3p event_mode=per_type": "381b97c7567bde8969f4d2423071fc0e",
    "3p bomber_return=end_phase_b": "c371f4d27e8ce3033b51183d1f3ed2e9",
    "3p sleeve_mode=secret": "8e3386f2e9c6218493169542f3598ac2",
    "3p k_threshold=2": "374b2087642893ecc990bcf493aeaf2e",
    "4p defaults": "037feb2f1649fe1c2a599180e98d2dc1",
    "4p event_mode=per_type": "cad7a2a3f082a78f67e16a00e70ef722",
    "4p bomber_return=end_phase_b": "b0c8658163c429ccdc65b052cba33522",
    "4p sleeve_mode=secret": "dd16483036f83e3209ff3ab3e015f626",
    "4p k_threshold=2": "42795640bb38b2adf356c7f78a9e0ac9",
}


@pytest.mark.slow
def test_three_hundred_random_games_play_exactly_as_recorded():
    assert digests(FINGERPRINT, GAME, seeds=30, deep_seeds=3) == RECORDED
