"""Random games fingerprinted before the speed work must read the same after it (ndl_digest.py).

The digests were recorded from the code of commit 5397823, before any tuning: a change that
alters a legal-action order, an event, an observation, a description or a saved state fails here.
Re-recorded when the summary and the saved state gained `offered` (with it stripped, the digests
of 5397823 came back unchanged), and again when the Skeleton Knight's upkeep went from 1 to 2
(the rebalance: other card values make other games), and when the summary gained
`start_player` (with it stripped, the digests before it came back unchanged), and when the
Japanese texts said レベル and 自動発動 instead of Level and AUTORUN (with the old texts, the
digests before it came back unchanged).
"""

from __future__ import annotations

import pytest

from sabbat.games.nameless_dark_lord import GAME
from sabbat.testing.fingerprint import digests
from tests.games.nameless_dark_lord.ndl_digest import FINGERPRINT

RECORDED = {
    "3p defaults": "3f164b394814a23f321f612595e80271",
    "3p event_mode=per_type": "8159bb1755b0a4b020c124fd6d8a29bb",
    "3p bomber_return=end_phase_b": "b4e738bf0f5016149e470afe2f4f0cdc",
    "3p sleeve_mode=secret": "53efbdd2f5f6447a828a84ab9fb77818",
    "3p k_threshold=2": "36b829d25b1b3dba8b1013e54beaed53",
    "4p defaults": "cb11b3d531631d3d4e2b4e455057e3d6",
    "4p event_mode=per_type": "c508f0280587c1b35d3abf1b98de29f8",
    "4p bomber_return=end_phase_b": "263160ce5bb41835ac86a60618d40657",
    "4p sleeve_mode=secret": "27aa7975aa09e528e17c028270b8fe4b",
    "4p k_threshold=2": "3f87e96ab0498fcf18b326766f6da26e",
}


@pytest.mark.slow
def test_three_hundred_random_games_play_exactly_as_recorded():
    assert digests(FINGERPRINT, GAME, seeds=30, deep_seeds=3) == RECORDED
