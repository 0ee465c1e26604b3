"""Random games fingerprinted before the speed work must read the same after it (bellum_digest.py).

The digests were recorded from the code of commit 537688e, before any tuning: a change that
alters a legal-action order, an event, an observation, a description or a saved state fails here.
Re-recorded when `summary()` and saves gained `offered` (with it stripped, the old digests came back), and
when a rebalance changed card values (17 creatures and the chest split: different games, same code),
when the Japanese log took full-width brackets and colons (a side's label too) and a secret goblin
placement's own line named its player as every other line does (the words of the events, not the games,
changed), when saved states began to keep every option's default (with the defaults stripped from
the saves, the digests before came back), and when the Japanese texts took the rulebook's terms and the
first captain became an option (its default deals and plays as before).
"""

from __future__ import annotations

import pytest

from sabbat.games.bellum_magica import GAME
from sabbat.testing.fingerprint import digests
from tests.games.bellum_magica.bellum_digest import FINGERPRINT

RECORDED = {
    "2p defaults": "7ec39343ba27b38b493fed6026b7de57",
    "2p castle_choice=draft": "4909449577121b41b4e411ec82d251ac",
    "2p max_days=4": "fb8e0ef0f364f2992c0b847e4e3ff666",
    "3p defaults": "5c36936a69503e54dc268e73470aa2dd",
    "3p castle_choice=draft": "d54e97cbee93e36b79d24cf0c37c0721",
    "3p max_days=4": "05a1e0cd6146fb5d02d9abd373cb941b",
    "4p defaults": "1839960f851668474a282804724e945c",
    "4p castle_choice=draft": "0ec44f6ee70ab3cbbcefd01ad094139a",
    "4p max_days=4": "b9b0aa04cc513479b302814a44a7d50b",
    "5p defaults": "92bceaac73fd26f530408cb29509fa47",
    "5p castle_choice=draft": "c0da6438524aa26367e5196eac8132c1",
    "5p max_days=4": "35a92c1a2eecfdfe296f9cf49d24c579",
}


@pytest.mark.slow
def test_three_hundred_random_games_play_exactly_as_recorded():
    assert digests(FINGERPRINT, GAME, seeds=25, deep_seeds=3) == RECORDED
