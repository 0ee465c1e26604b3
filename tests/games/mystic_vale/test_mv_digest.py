"""Random games fingerprinted before the package rework must read the same after it (mv_digest.py).

The digests were recorded from the code of commit 74f7fd8, before the rework of issue 22: a change that
alters a legal-action order, an event, an observation, a description, an estimate or a saved state
fails here.
"""

from __future__ import annotations

from mv_digest import DEEP_SEEDS, FINGERPRINT, SEEDS

from sabbat.games.mystic_vale import GAME
from support.fingerprint import digests

RECORDED = {
    "2p defaults": "1f13f686432233b36fa7133c36f99add",
    "2p german_spirit_trade=True": "6e8c840199c906a7239fba736514a506",
    "3p defaults": "b6929778ce59f919d3300909ca2d2364",
    "3p german_spirit_trade=True": "98bfb135b1308ab85fff10a5fb6af073",
    "4p defaults": "54b6a9a899da4ae610be48300fc31224",
    "4p german_spirit_trade=True": "57c83f836eb28fc168251bbd6c0f8e00",
}


def test_random_games_at_every_player_count_play_exactly_as_recorded():
    assert digests(FINGERPRINT, GAME, seeds=SEEDS, deep_seeds=DEEP_SEEDS) == RECORDED
