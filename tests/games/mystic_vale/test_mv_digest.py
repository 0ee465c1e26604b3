"""Random games fingerprinted before the package rework must read the same after it (mv_digest.py).

The digests were first recorded from the code of commit 74f7fd8, before the rework of issue 22, and held
through it. They were recorded again, with no code change, when Spirit Lantern's card values changed
(issue 21: a harvest ability of the field, 2 wild spirit, cost 6, instead of +1 wild spirit in every
harvest from anywhere, cost 7), which changes the games themselves. A change that alters a legal-action
order, an event, an observation, a description, an estimate or a saved state fails here.
"""

from __future__ import annotations

from mv_digest import DEEP_SEEDS, FINGERPRINT, SEEDS

from sabbat.games.mystic_vale import GAME
from support.fingerprint import digests

RECORDED = {
    "2p defaults": "cf1f0ae3bfadc923bce2ea5b354439da",
    "2p german_spirit_trade=True": "f1b8db4ea368891906d2eddd03c6c3a5",
    "3p defaults": "4e908087a53eaad41096b3a9e639afe7",
    "3p german_spirit_trade=True": "e6a6527989170af194305238fec1632c",
    "4p defaults": "44a779a6a729c4a013b662ffbdcea2ce",
    "4p german_spirit_trade=True": "8be92020b1744894101ee6a3893c3d89",
}


def test_random_games_at_every_player_count_play_exactly_as_recorded():
    assert digests(FINGERPRINT, GAME, seeds=SEEDS, deep_seeds=DEEP_SEEDS) == RECORDED
