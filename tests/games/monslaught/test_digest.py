"""Random games fingerprinted before the package rework must read the same after it (monslaught_digest.py).

The digests were recorded from the code of commit 7f55fad, before the package rework: a change that
alters a legal-action order, an event, an observation, a description or a saved state fails here.
Re-recorded since when `summary()` and saves gained `offered` (with it stripped, the 7f55fad digests
came back), when the balance work changed reconstructed card values (other games), and
when the draft's picks moved onto `sabbat.core.secrets`: the public "has picked" event now
goes to the spectators too, as every secret choice's does (with its audience cut back to the other
seats, the earlier digests came back), and when the second balance step changed three of
Monslaught's reconstructed card values (Nightmare, Mandrake, Fallen Angel of Grief), and when the public
"dealt" and "refill" events went to the spectators too (`GameState.emit_private`; with their audience cut
back to the other seats, the earlier digests came back), and when rules version 2 made `refill_hand=uncapped`
the default (the variant fingerprinted is now `refill_hand=capped`; the version is in every save),
when saved states began to keep every option's default (with the defaults stripped from the saves,
the digests before came back), and when rules version 3 made the refill count its own cards (a seat
keeps which cards its refill took: the saved state changes shape in every variant).
Re-recorded when the study variant `boss1_tie` came: saved states keep every option's default, so every save
changes shape (with those defaults stripped from the saves, the digests before came back).
Re-recorded with rules version 4: the public event that discards a hand lists its cards in a fixed
order (by card), never the order they were held in.
"""

from __future__ import annotations

import pytest

from sabbat.games.monslaught import GAME
from sabbat.testing.fingerprint import digests
from tests.games.monslaught.monslaught_digest import DEEP_SEEDS, FINGERPRINT, SEEDS

RECORDED = {
    "2p defaults": "94e0eabb114b815f7433e1ccbb2d42b1",
    "2p second_place=any": "5f14eb4535d02b3d07ef33628f60423b",
    "2p refill_hand=capped": "99d31cf9a91ccaa80492203766af0c8d",
    "3p defaults": "e358c74df875215fb4f6390aa15d1445",
    "3p second_place=any": "e90cf9a1c67d3d4190e569efee46f987",
    "3p refill_hand=capped": "3ba95ff31cac47b06b9fc294d9f7b755",
    "4p defaults": "2195284e925e4398438e3ccac76087b1",
    "4p second_place=any": "7e1405f6f12f8ab3567c8643370ee08e",
    "4p refill_hand=capped": "672f32baf927e6311937621a32b990db",
}


@pytest.mark.slow
def test_random_games_at_every_player_count_play_exactly_as_recorded():
    assert digests(FINGERPRINT, GAME, seeds=SEEDS, deep_seeds=DEEP_SEEDS) == RECORDED
