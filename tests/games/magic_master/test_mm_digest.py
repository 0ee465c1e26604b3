"""Random games fingerprinted before the speed work must read the same after it (mm_digest.py).

The digests were recorded from the code of commit 38e5ff2 (rules version 3), before any tuning: a
change that alters a legal-action order, an event, an observation, a description, an estimate or a
saved state fails here.
"""

from __future__ import annotations

from mm_digest import DEEP_SEEDS, FINGERPRINT, SEEDS

from sabbat.games.magic_master import GAME
from support.fingerprint import digests

RECORDED = {
    "2p defaults": "2600964f5df878cbcfd8387b21ea0e9d",
    "2p regalia_held=table": "3e7cbd121086df03945a49000747d46c",
    "2p keep_last_character=True": "cc287c46b445909c266465844634ff30",
    "3p defaults": "dba1ed5caa2dcc6f5cf587eb950be46b",
    "3p regalia_held=table": "fae5398c1123cb5abc05e3a6d8a683fb",
    "3p keep_last_character=True": "d6a6727b395521a038982ac76a570aa4",
    "4p defaults": "1e9a8154c2f80c60fd94073bf717bdc7",
    "4p regalia_held=table": "ff316e1472d1032f39b9b776d0d1d581",
    "4p keep_last_character=True": "cfaf28657ef51d674435f2e5b0b4d9fe",
    "5p defaults": "6ab88b8b3a1cafb7c4e7381541eb3378",
    "5p regalia_held=table": "ff8bcf21a134cb6aed3d6f405619ca24",
    "5p keep_last_character=True": "f18b6c64b9bdf0fd155d32fbf2a7d1ea",
    "6p defaults": "0f33ee56cc5e13173da80a50b4de4dbf",
    "6p regalia_held=table": "967c184f2e7be6080f8018cd4eb001a2",
    "6p keep_last_character=True": "bf6849a6582761ee3c9c4f2cbe50e5a6",
}


def test_random_games_at_every_player_count_play_exactly_as_recorded():
    assert digests(FINGERPRINT, GAME, seeds=SEEDS, deep_seeds=DEEP_SEEDS) == RECORDED
