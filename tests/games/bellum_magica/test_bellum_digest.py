"""Random games fingerprinted before the speed work must read the same after it (bellum_digest.py).

The digests were recorded from the code of commit 537688e, before any tuning: a change that
alters a legal-action order, an event, an observation, a description or a saved state fails here.
Re-recorded when `summary()` and saves gained `offered` (with it stripped, the old digests came back), and
when the issue-21 rebalance changed card values (17 creatures and the chest split: different games, same code).
"""

from __future__ import annotations

from bellum_digest import FINGERPRINT

from sabbat.games.bellum_magica import GAME
from support.fingerprint import digests

RECORDED = {
    "2p defaults": "0e93c40d98ea5e9e656820b18b863f52",
    "2p castle_choice=draft": "6f6341bcfdab3d19f7e7e23b42391f79",
    "2p max_days=4": "af2d63c21c5c86371c9f1c533b449b29",
    "3p defaults": "8bdaabeb5114ce5c8c7873b20718bbb4",
    "3p castle_choice=draft": "e52f2390e5a849e0d25f09a5b38e7057",
    "3p max_days=4": "ef049e67d66aefdeae0a9f8dd21f22e0",
    "4p defaults": "f53352aa4c3a12b970a80e0d16368aec",
    "4p castle_choice=draft": "2d438c76fe36e35848a870304cc13c6f",
    "4p max_days=4": "1df265e568f3a6ae45beea968727d5ff",
    "5p defaults": "d19a5e809bd9169bc7b77187b0cfae86",
    "5p castle_choice=draft": "057a6e3850dbc0d1351eb8da57275413",
    "5p max_days=4": "1456a69632860b84a6a44b65f082c6a7",
}


def test_three_hundred_random_games_play_exactly_as_recorded():
    assert digests(FINGERPRINT, GAME, seeds=25, deep_seeds=3) == RECORDED
