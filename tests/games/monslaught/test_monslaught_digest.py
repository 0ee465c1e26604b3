"""Random games fingerprinted before the package rework must read the same after it (monslaught_digest.py).

The digests were recorded from the code of commit 7f55fad, before the rework of issue 22: a change that
alters a legal-action order, an event, an observation, a description or a saved state fails here.
"""

from __future__ import annotations

from monslaught_digest import DEEP_SEEDS, FINGERPRINT, SEEDS

from sabbat.games.monslaught import GAME
from support.fingerprint import digests

RECORDED = {
    "2p defaults": "c30ddf84234c67349acccbd7d06ffbcd",
    "2p second_place=any": "f8d581e4748296381485f45f547d0b82",
    "2p refill_hand=uncapped": "ca70e22329f05b6bf8c003517a33074a",
    "3p defaults": "b03598a4cebddefd5f7a4ebc53ceecc5",
    "3p second_place=any": "37176f53bc39de55cb62b75f9fa317a7",
    "3p refill_hand=uncapped": "dc5ec118717149182792b81efc041985",
    "4p defaults": "354769fc2f318cfee5e397bb3266a4aa",
    "4p second_place=any": "b4b168ed2b0e4b8b52694a95de2d6933",
    "4p refill_hand=uncapped": "77086c2050517353851eafb383a7d973",
}


def test_random_games_at_every_player_count_play_exactly_as_recorded():
    assert digests(FINGERPRINT, GAME, seeds=SEEDS, deep_seeds=DEEP_SEEDS) == RECORDED
