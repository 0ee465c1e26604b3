"""Random games fingerprinted before the package rework must read the same after it (monslaught_digest.py).

The digests were recorded from the code of commit 7f55fad, before the rework of issue 22: a change that
alters a legal-action order, an event, an observation, a description or a saved state fails here.
Re-recorded since when `summary()` and saves gained `offered` (with it stripped, the 7f55fad digests
came back), when the balance work of issue 21 changed reconstructed card values (other games), and
when the draft's picks moved onto `sabbat.core.secrets` (issue 22): the public "has picked" event now
goes to the spectators too, as every secret choice's does (with its audience cut back to the other
seats, the earlier digests came back).
"""

from __future__ import annotations

from monslaught_digest import DEEP_SEEDS, FINGERPRINT, SEEDS

from sabbat.games.monslaught import GAME
from support.fingerprint import digests

RECORDED = {
    "2p defaults": "2464789b7c63466d32f39ff7a2ea8fe2",
    "2p second_place=any": "3522c526387a467f1310d0b12209bc37",
    "2p refill_hand=uncapped": "bac7f8e5d2c4602274e9fce57534749b",
    "3p defaults": "69aa84055a4c74b78b0e59ec324aa32e",
    "3p second_place=any": "613971b2167f65262573aea30dbb2e12",
    "3p refill_hand=uncapped": "c71e07f17b0d965ed24f62b8de79a51b",
    "4p defaults": "ac5a003f8dfa9731dc6d4e47469bee5e",
    "4p second_place=any": "bb825cc1a521c3b153a3a7f9085d5c36",
    "4p refill_hand=uncapped": "1eece028e83bca2c01f88c59b98bcd3a",
}


def test_random_games_at_every_player_count_play_exactly_as_recorded():
    assert digests(FINGERPRINT, GAME, seeds=SEEDS, deep_seeds=DEEP_SEEDS) == RECORDED
