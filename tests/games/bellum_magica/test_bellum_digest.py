"""Random games fingerprinted before the speed work must read the same after it (bellum_digest.py).

The digests were recorded from the code of commit 537688e, before any tuning: a change that
alters a legal-action order, an event, an observation, a description or a saved state fails here.
"""

from __future__ import annotations

from bellum_digest import FINGERPRINT

from sabbat.games.bellum_magica import GAME
from support.fingerprint import digests

RECORDED = {
    "2p defaults": "d9d48ee20c748a782f25787fdb0726c4",
    "2p castle_choice=draft": "68b0ed5641bee60bc0d963f481e746bb",
    "2p max_days=4": "a89451c4a1f6584e26429d6b873a63aa",
    "3p defaults": "ab763acc9fe13cba78ad9a7a416055c6",
    "3p castle_choice=draft": "b388179e956d1e38083b93c2cd29d81b",
    "3p max_days=4": "049356f8fd36206d8aef14d62e52471e",
    "4p defaults": "2c3dbd527a606c8547b94dd351fe1cbf",
    "4p castle_choice=draft": "6d22a49a08e5a049edaf9262caa5dd95",
    "4p max_days=4": "8397c91b98a71b63d7d3e0601bb89ed6",
    "5p defaults": "b8d1eb6d6e4ab11aa5e12efaf6955f33",
    "5p castle_choice=draft": "4148246a901ddf30849da4d3ecc136de",
    "5p max_days=4": "68d69fc8236e5be04baafca158c530a5",
}


def test_three_hundred_random_games_play_exactly_as_recorded():
    assert digests(FINGERPRINT, GAME, seeds=25, deep_seeds=3) == RECORDED
