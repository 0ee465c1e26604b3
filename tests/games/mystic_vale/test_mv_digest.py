"""Random games fingerprinted before the package rework must read the same after it (mv_digest.py).

The digests were first recorded from the code of commit 74f7fd8, before the rework of issue 22, and held
through it. They were recorded again, with no code change, when Spirit Lantern's card values changed
(issue 21: a harvest ability of the field, 2 wild spirit, cost 6, instead of +1 wild spirit in every
harvest from anywhere, cost 7), and again when Spirit Lantern went to cost 7 and Sprouting Grove to
cost 6 (issue 21, search self-play), again when Sky Grove went to cost 5 (issue 21, fourth step), and
again when Sprouting Grove became 1 mana + 1 end-game VP for 4 instead of a growth card for 6 (issue 21, fifth step):
each changes the games themselves. A change that alters a legal-action
order, an event, an observation, a description, an estimate or a saved state fails here.
"""

from __future__ import annotations

from mv_digest import DEEP_SEEDS, FINGERPRINT, SEEDS

from sabbat.games.mystic_vale import GAME
from support.fingerprint import digests

RECORDED = {
    "2p defaults": "d3fefa893267b7cf5cf947df4c18711c",
    "2p german_spirit_trade=True": "9ed9da73e35eb7911ffe34c367e107b0",
    "3p defaults": "56bf29b527d550bd74b8a32ca3ce7ed2",
    "3p german_spirit_trade=True": "b993dd029c2a9078489a8409b311d26d",
    "4p defaults": "3f665f3acb29ace2dd37d6c8ae4a85e0",
    "4p german_spirit_trade=True": "9e2f2e37c8fc630e703edcbe984b2d65",
}


def test_random_games_at_every_player_count_play_exactly_as_recorded():
    assert digests(FINGERPRINT, GAME, seeds=SEEDS, deep_seeds=DEEP_SEEDS) == RECORDED
