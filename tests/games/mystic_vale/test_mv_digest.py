"""Random games fingerprinted before the package rework must read the same after it (mv_digest.py).

The digests were first recorded from the code of commit 74f7fd8, before the rework of issue 22, and held
through it. They were recorded again, with no code change, when Spirit Lantern's card values changed
(issue 21: a harvest ability of the field, 2 wild spirit, cost 6, instead of +1 wild spirit in every
harvest from anywhere, cost 7), and again when Spirit Lantern went to cost 7 and Sprouting Grove to
cost 6 (issue 21, search self-play), which changes the games themselves. A change that alters a legal-action
order, an event, an observation, a description, an estimate or a saved state fails here.
"""

from __future__ import annotations

from mv_digest import DEEP_SEEDS, FINGERPRINT, SEEDS

from sabbat.games.mystic_vale import GAME
from support.fingerprint import digests

RECORDED = {
    "2p defaults": "ab687f890228c1688dc2ab6f0f1cd0a7",
    "2p german_spirit_trade=True": "f62c09d4ca94535bd4ad3c1439299155",
    "3p defaults": "90191e7f75f16676cbf62eae8849bf0e",
    "3p german_spirit_trade=True": "dcd130438e86e5eb4dcad37eb971bb13",
    "4p defaults": "9d2010fd9b96e1642de942f2cb8e7b10",
    "4p german_spirit_trade=True": "6eb6e92680f428a83f8009faa309db89",
}


def test_random_games_at_every_player_count_play_exactly_as_recorded():
    assert digests(FINGERPRINT, GAME, seeds=SEEDS, deep_seeds=DEEP_SEEDS) == RECORDED
