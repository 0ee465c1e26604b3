"""Random games fingerprinted before the speed work must read the same after it (bellum_digest.py).

The digests were recorded from the code of commit 537688e, before any tuning: a change that
alters a legal-action order, an event, an observation, a description or a saved state fails here.
Re-recorded when `summary()` and saves gained `offered` (with it stripped, the old digests came back), and
when the issue-21 rebalance changed card values (17 creatures and the chest split: different games, same code), and
when the Japanese log took full-width brackets and colons (a side's label too) and a secret goblin
placement's own line named its player as every other line does (the words of the events, not the games, changed).
"""

from __future__ import annotations

import pytest

from sabbat.games.bellum_magica import GAME
from sabbat.testing.fingerprint import digests
from tests.games.bellum_magica.bellum_digest import FINGERPRINT

RECORDED = {
    "2p defaults": "c1e316d6a50268c869929a3103528ce9",
    "2p castle_choice=draft": "ebd07ac10932a243c0a8f417f03721d0",
    "2p max_days=4": "78330c145bf018e8b2062bd91e6d7fc6",
    "3p defaults": "777289f9f35e7850392b8088396ef109",
    "3p castle_choice=draft": "78ca136649247bb22495825890332083",
    "3p max_days=4": "4705442640e81486322f217c07255116",
    "4p defaults": "128453f2da4dd0d79a73acafaf4ea657",
    "4p castle_choice=draft": "5e3db41903a1eb1f4c71035b3053a587",
    "4p max_days=4": "e55b7516b67b4fdb71a8f6bd4b891788",
    "5p defaults": "b15561c1da0071ae93ed2224ccd9ceda",
    "5p castle_choice=draft": "8322da79b528c12d54c46abe1d47b174",
    "5p max_days=4": "59ebf824fa740a9b4e975dea129dd85b",
}


@pytest.mark.slow
def test_three_hundred_random_games_play_exactly_as_recorded():
    assert digests(FINGERPRINT, GAME, seeds=25, deep_seeds=3) == RECORDED
