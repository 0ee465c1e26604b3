"""Random games fingerprinted before the speed work must read the same after it (bellum_digest.py).

The digests were recorded from the code of commit 537688e, before any tuning: a change that
alters a legal-action order, an event, an observation, a description or a saved state fails here.
Re-recorded when `summary()` and saves gained `offered` (with it stripped, the old digests came back), and
when the issue-21 rebalance changed card values (17 creatures and the chest split: different games, same code).
"""

from __future__ import annotations

import pytest

from sabbat.games.bellum_magica import GAME
from sabbat.testing.fingerprint import digests
from tests.games.bellum_magica.bellum_digest import FINGERPRINT

RECORDED = {
    "2p defaults": "0f90928b2f3ec755e68d73f590af45de",
    "2p castle_choice=draft": "321970ef6e6b7ca0bd9d55ac8cd60106",
    "2p max_days=4": "c3c24f57d2ac91d67ccad69494302df5",
    "3p defaults": "5ac8df0eaacc3215f957e754aa133e09",
    "3p castle_choice=draft": "7e3786218cbda18b68d283a884c63771",
    "3p max_days=4": "6651417371e587e8d0ff1e7c9d2aae53",
    "4p defaults": "bb1db92f2144ab1569f1e1068171eb7a",
    "4p castle_choice=draft": "162ce8326e33596745b30c782be3449a",
    "4p max_days=4": "ca1aa7abca7957fcf7128500e2eaadc5",
    "5p defaults": "ff56ebcec1b6f78c9d4952e023637b47",
    "5p castle_choice=draft": "27e05001eb848352af0126f4f67c9293",
    "5p max_days=4": "c5c0f43fccb7ec4e7dc51c5f41d2fe4a",
}


@pytest.mark.slow
def test_three_hundred_random_games_play_exactly_as_recorded():
    assert digests(FINGERPRINT, GAME, seeds=25, deep_seeds=3) == RECORDED
