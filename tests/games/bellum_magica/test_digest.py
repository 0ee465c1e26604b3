"""Random games fingerprinted before the speed work must read the same after it (bellum_digest.py).

The digests were recorded from the code of commit 537688e, before any tuning: a change that
alters a legal-action order, an event, an observation, a description or a saved state fails here.
Re-recorded when `summary()` and saves gained `offered` (with it stripped, the old digests came back), and
when a rebalance changed card values (17 creatures and the chest split: different games, same code),
when the Japanese log took full-width brackets and colons (a side's label too) and a secret goblin
placement's own line named its player as every other line does (the words of the events, not the games,
changed), and when saved states began to keep every option's default (with the defaults stripped from
the saves, the digests before came back).
"""

from __future__ import annotations

import pytest

from sabbat.games.bellum_magica import GAME
from sabbat.testing.fingerprint import digests
from tests.games.bellum_magica.bellum_digest import FINGERPRINT

RECORDED = {
    "2p defaults": "4cd9e6d7f4730686db36569ad01d4da4",
    "2p castle_choice=draft": "f4b58b8792e748a89f6245d28ffe8965",
    "2p max_days=4": "cc241f4a6699be2b056d312980c0d1b0",
    "3p defaults": "d6b0a9e74b4cf226e50ccf2c34f6834f",
    "3p castle_choice=draft": "d32907c1fc63a32521eb78b059a5e021",
    "3p max_days=4": "e2fc62b7e4b26c573a5c2d091cf9b62e",
    "4p defaults": "75c58c54310b5d14042b4cee8a269c61",
    "4p castle_choice=draft": "41d692a066d4d96a0a010b28c6f07c8e",
    "4p max_days=4": "2681eb281bed3e281789e392b076097f",
    "5p defaults": "985f166354f82884c8a6fcde0ef66c67",
    "5p castle_choice=draft": "0b9973c7f74061a95b3c60c17d423ec1",
    "5p max_days=4": "d0cfc1b106f81ed5fe1c08d378a576ba",
}


@pytest.mark.slow
def test_three_hundred_random_games_play_exactly_as_recorded():
    assert digests(FINGERPRINT, GAME, seeds=25, deep_seeds=3) == RECORDED
