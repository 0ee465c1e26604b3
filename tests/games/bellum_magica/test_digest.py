"""Random games fingerprinted before the speed work must read the same after it (bellum_digest.py).

The digests were recorded from the code of commit 537688e, before any tuning: a change that
alters a legal-action order, an event, an observation, a description or a saved state fails here.
Re-recorded when `summary()` and saves gained `offered` (with it stripped, the old digests came back), and
when the issue-21 rebalance changed card values (17 creatures and the chest split: different games, same code), and
when the Japanese log took full-width brackets and colons and a secret goblin placement's own line named
its player as every other line does (the words of the events, not the games, changed).
"""

from __future__ import annotations

import pytest
from bellum_digest import FINGERPRINT

from sabbat.games.bellum_magica import GAME
from support.fingerprint import digests

RECORDED = {
    "2p defaults": "0d75afade70cd4ee63afe8d8ad8adbe4",
    "2p castle_choice=draft": "b9f84f400c11221713e625d666092915",
    "2p max_days=4": "8891153ca708fee7de46795e451d0812",
    "3p defaults": "2a4ceb3fc44269ad7f4f507cd638f3b8",
    "3p castle_choice=draft": "af05c6fe9c157ed847f4cc473e5f42db",
    "3p max_days=4": "fa45c7b833194fb2295987a3e035f81d",
    "4p defaults": "b8ccd0996d11e28bb4811e23ff61402b",
    "4p castle_choice=draft": "0a51e0a5f454198fc51bd7ae4ba1e75e",
    "4p max_days=4": "3f6273c5917098f82c41becf094dd1b4",
    "5p defaults": "67b236ec46cd6ee2f3d1d8be1fe90782",
    "5p castle_choice=draft": "063b356d2df005dc41856bcf3ab3dc14",
    "5p max_days=4": "0c2466eaea39dd6aa87e295ad1d37b75",
}


@pytest.mark.slow
def test_three_hundred_random_games_play_exactly_as_recorded():
    assert digests(FINGERPRINT, GAME, seeds=25, deep_seeds=3) == RECORDED
