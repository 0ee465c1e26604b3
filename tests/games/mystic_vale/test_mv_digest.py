"""Random games fingerprinted before the package rework must read the same after it (mv_digest.py).

The digests were first recorded from the code of commit 74f7fd8, before the rework of issue 22, and held
through it. They were recorded again, with no code change, when Spirit Lantern's card values changed
(issue 21: a harvest ability of the field, 2 wild spirit, cost 6, instead of +1 wild spirit in every
harvest from anywhere, cost 7), and again when Spirit Lantern went to cost 7 and Sprouting Grove to
cost 6 (issue 21, search self-play), and again when Sky Grove went to cost 5 (issue 21, fourth step):
each changes the games themselves. A change that alters a legal-action
order, an event, an observation, a description, an estimate or a saved state fails here.
"""

from __future__ import annotations

from mv_digest import DEEP_SEEDS, FINGERPRINT, SEEDS

from sabbat.games.mystic_vale import GAME
from support.fingerprint import digests

RECORDED = {
    "2p defaults": "5b7e28a329cf565b6d0e86347cefe054",
    "2p german_spirit_trade=True": "93d8832ba5ec2a024de4eec95cfe38d2",
    "3p defaults": "dc875c4483df5413699892cc010b486d",
    "3p german_spirit_trade=True": "bf95c3f5ece4f09a9c4c262d064c6199",
    "4p defaults": "f4c0ae9387eafac6bf4f67745d08790e",
    "4p german_spirit_trade=True": "e76831c0bb86588c8a59af88b3c9c5f5",
}


def test_random_games_at_every_player_count_play_exactly_as_recorded():
    assert digests(FINGERPRINT, GAME, seeds=SEEDS, deep_seeds=DEEP_SEEDS) == RECORDED
