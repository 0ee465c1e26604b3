"""Random games fingerprinted before the package rework must read the same after it (monslaught_digest.py).

The digests were recorded from the code of commit 7f55fad, before the rework of issue 22: a change that
alters a legal-action order, an event, an observation, a description or a saved state fails here.
Re-recorded since when `summary()` and saves gained `offered` (with it stripped, the 7f55fad digests
came back), and when the balance work of issue 21 changed reconstructed card values (other games).
"""

from __future__ import annotations

from monslaught_digest import DEEP_SEEDS, FINGERPRINT, SEEDS

from sabbat.games.monslaught import GAME
from support.fingerprint import digests

RECORDED = {
    "2p defaults": "7c2af7af66303cb1e4f47e2d80c40058",
    "2p second_place=any": "74fc5b8db809b5e7f000d92ed6fa7fa4",
    "2p refill_hand=uncapped": "9ff2f3a4d0d6e2a24b656dff28744510",
    "3p defaults": "46f5ccf080400235e495e74d43dad517",
    "3p second_place=any": "ce7327db0173cb3425d466e1a22c4899",
    "3p refill_hand=uncapped": "6d1871e5424a9cfbfddea8c6cdd6050f",
    "4p defaults": "4896fc3461da9a6c63ddafe377d8dcb5",
    "4p second_place=any": "9afd882fe090e5a608529f2ac7e3b2ea",
    "4p refill_hand=uncapped": "57968ac975d57aac0213acec153514d9",
}


def test_random_games_at_every_player_count_play_exactly_as_recorded():
    assert digests(FINGERPRINT, GAME, seeds=SEEDS, deep_seeds=DEEP_SEEDS) == RECORDED
