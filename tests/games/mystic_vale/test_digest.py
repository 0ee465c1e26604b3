"""Random games fingerprinted before the package rework must read the same after it (mv_digest.py).

The digests were first recorded from the code of commit 74f7fd8, before the package rework, and held
through it. They were recorded again, with no code change, when Spirit Lantern's card values changed
(the balance work: a harvest ability of the field, 2 wild spirit, cost 6, instead of +1 wild spirit in every
harvest from anywhere, cost 7), and again when Spirit Lantern went to cost 7 and Sprouting Grove to
cost 6 (search self-play), again when Sky Grove went to cost 5 (fourth step), and
again when Sprouting Grove became 1 mana + 1 end-game VP for 4 instead of a growth card for 6 (fifth step):
each changes the games themselves. A change that alters a legal-action
order, an event, an observation, a description, an estimate or a saved state fails here. Recorded
again, with no change of play, when saved states began to keep every option's default (with the
defaults stripped from the saves, the digests before came back).
"""

from __future__ import annotations

import pytest

from sabbat.games.mystic_vale import GAME
from sabbat.testing.fingerprint import digests
from tests.games.mystic_vale.mv_digest import DEEP_SEEDS, FINGERPRINT, SEEDS

RECORDED = {
    "2p defaults": "c8ab9d1fba44f6957aaf1ff6691919e8",
    "2p german_spirit_trade=True": "d0413fd1e8b35eea33a261d964c1c50d",
    "3p defaults": "13f9361a68235762fb8bcb08f90df994",
    "3p german_spirit_trade=True": "c168a715c755f1f3eab409000eae4b4b",
    "4p defaults": "966c58859ffc2ce86b5d88274dbea73f",
    "4p german_spirit_trade=True": "213b9abb2dc4f2378b9810179a699741",
}


@pytest.mark.slow
def test_random_games_at_every_player_count_play_exactly_as_recorded():
    assert digests(FINGERPRINT, GAME, seeds=SEEDS, deep_seeds=DEEP_SEEDS) == RECORDED
