"""Random games fingerprinted before the speed work must read the same after it (bellum_digest.py).

The digests were recorded from the code of commit 537688e, before any tuning: a change that
alters a legal-action order, an event, an observation, a description or a saved state fails here.
Re-recorded when `summary()` and saves gained `offered` (with it stripped, the old digests came back),
and when the rebalance of issue 21 changed reconstructed creature values in cards.yaml (other games).
"""

from __future__ import annotations

from bellum_digest import FINGERPRINT

from sabbat.games.bellum_magica import GAME
from support.fingerprint import digests

RECORDED = {
    "2p defaults": "02d9fabf8081730cb10ad1aac3c6d4c8",
    "2p castle_choice=draft": "7f11a3439652c64d64b0fffd8ba96ef7",
    "2p max_days=4": "9a9f07bb7325d8edc97484007b7473bf",
    "3p defaults": "779e1900b213f272e9c72b669bdfe3f0",
    "3p castle_choice=draft": "b6557d21fbe056c0b515b4f845f57a50",
    "3p max_days=4": "4524b7c7005e6a692a357161fb69675a",
    "4p defaults": "91859dae10f118b272717b424a177450",
    "4p castle_choice=draft": "de41358f75b42315c47af1781d01924a",
    "4p max_days=4": "0c2563260f7a287c806e18b4c3f90626",
    "5p defaults": "5bc6f0b27316db8cd64fa24f55f7d0de",
    "5p castle_choice=draft": "842aeaf7d0d05e6d9363d30297c61d75",
    "5p max_days=4": "4e471fea6ef61e87106bd1a5052b289b",
}


def test_three_hundred_random_games_play_exactly_as_recorded():
    assert digests(FINGERPRINT, GAME, seeds=25, deep_seeds=3) == RECORDED
