"""Random games fingerprinted before the package rework must read the same after it (monslaught_digest.py).

The digests were recorded from the code of commit 7f55fad, before the rework of issue 22: a change that
alters a legal-action order, an event, an observation, a description or a saved state fails here.
Re-recorded since when `summary()` and saves gained `offered` (with it stripped, the 7f55fad digests
came back), when the balance work of issue 21 changed reconstructed card values (other games), and
when the draft's picks moved onto `sabbat.core.secrets` (issue 22): the public "has picked" event now
goes to the spectators too, as every secret choice's does (with its audience cut back to the other
seats, the earlier digests came back), and when issue 21's second balance step changed three of
Monslaught's reconstructed card values (Nightmare, Mandrake, Fallen Angel of Grief).
"""

from __future__ import annotations

from monslaught_digest import DEEP_SEEDS, FINGERPRINT, SEEDS

from sabbat.games.monslaught import GAME
from support.fingerprint import digests

RECORDED = {
    "2p defaults": "07cbeb573b8ee6554a04f771c5a64711",
    "2p second_place=any": "5a7aeffc2a2471b0975b836909fa2175",
    "2p refill_hand=uncapped": "68599ddda40ce55d19de3e1c2c1975b7",
    "3p defaults": "d8523915566999bfd27888926caaa1c5",
    "3p second_place=any": "495fb8b2759919e8630275e58c41650f",
    "3p refill_hand=uncapped": "e9684c4125e32d82c727da872703cc91",
    "4p defaults": "778f73b718955115c7e80b59d31b36a3",
    "4p second_place=any": "c7b17e499209385ee45473ea1d297914",
    "4p refill_hand=uncapped": "75f9f34ae7a9f6aa12d31de038c7eeed",
}


def test_random_games_at_every_player_count_play_exactly_as_recorded():
    assert digests(FINGERPRINT, GAME, seeds=SEEDS, deep_seeds=DEEP_SEEDS) == RECORDED
