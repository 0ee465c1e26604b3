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
Re-recorded when the study variants `red_throne_tie`, `start_player` and `power_tie` came: saved states keep every option's default, so every save
changes shape (with those defaults stripped from the saves, the digests before came back).
"""

from __future__ import annotations

import pytest

from sabbat.games.nameless_dark_lord import GAME
from sabbat.testing.fingerprint import digests
from tests.games.nameless_dark_lord.ndl_digest import FINGERPRINT

RECORDED = {
    "3p defaults": "302fa9f4ad11e68edb12a8784fc64003",
    "3p event_mode=per_type": "5829031223a6a99b8db8623561004ec0",
    "3p bomber_return=end_phase_b": "a5e73eebc0f46a9d854059dec26cd18d",
    "3p sleeve_mode=secret": "ede768ead38b38e6da41db2270aa9e86",
    "3p k_threshold=2": "d8f5a953ee58ce6b4205816f648f1bd8",
    "4p defaults": "c08196750e9e54ce63a2771a6dd831b0",
    "4p event_mode=per_type": "f281269a3f03150839ac5145e4705729",
    "4p bomber_return=end_phase_b": "3791da000c0d79719c300f81654e519f",
    "4p sleeve_mode=secret": "1fbd5898f8e4887e187e363cb760f359",
    "4p k_threshold=2": "d453ac1d192fd6370b522cd3c268afe8",
}


@pytest.mark.slow
def test_three_hundred_random_games_play_exactly_as_recorded():
    assert digests(FINGERPRINT, GAME, seeds=30, deep_seeds=3) == RECORDED
