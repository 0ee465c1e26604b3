"""Random games fingerprinted before the speed work must read the same after it (bellum_digest.py).

The digests were recorded from the code of commit 537688e, before any tuning: a change that
alters a legal-action order, an event, an observation, a description or a saved state fails here.
Re-recorded when `summary()` and saves gained `offered` (with it stripped, the old digests came back).
"""

from __future__ import annotations

from bellum_digest import FINGERPRINT

from sabbat.games.bellum_magica import GAME
from support.fingerprint import digests

RECORDED = {
    "2p defaults": "e33f88e34a74c4a5861bec5583a66af0",
    "2p castle_choice=draft": "c9c82495088c7693faa5bb7b06b2a397",
    "2p max_days=4": "a0ee47d7ab08e89a5ddda7a99379d642",
    "3p defaults": "52381ad9aa8085c9278cb4329bae5ce5",
    "3p castle_choice=draft": "54f11794aeb2cff505ea8a4059274a7e",
    "3p max_days=4": "d7295878a6a86de2a80b3c107707fc5a",
    "4p defaults": "5ae79a515b9356aeefcc87e0cefe9045",
    "4p castle_choice=draft": "28d0ba2d054a6b7e59500828506cb6be",
    "4p max_days=4": "ffcb78c4037b5e9c90b9f6a7fa366cd9",
    "5p defaults": "88a6abe3c0e071b78c60f57df262cf0d",
    "5p castle_choice=draft": "f3bd0a79fb176e6e421301aa5593c269",
    "5p max_days=4": "9ae3b9bebf0f14a99a0cfca1e72ae4a3",
}


def test_three_hundred_random_games_play_exactly_as_recorded():
    assert digests(FINGERPRINT, GAME, seeds=25, deep_seeds=3) == RECORDED
