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
"""

from __future__ import annotations

import pytest

from sabbat.games.monslaught import GAME
from sabbat.testing.fingerprint import digests
from tests.games.monslaught.monslaught_digest import DEEP_SEEDS, FINGERPRINT, SEEDS

RECORDED = {
    "2p defaults": "be31314640b625b80d48fa34a0eb476b",
    "2p second_place=any": "360f99d08d62d0399e9bb1fcd19deb7b",
    "2p refill_hand=capped": "658af1b715c6c6bd21039b213a180447",
    "3p defaults": "4ecbf88776638f81fb7ee9be48c544d4",
    "3p second_place=any": "5c8f8a710c90d86f41708387cc0450a6",
    "3p refill_hand=capped": "c6c941c03473d7530077394b21a6b7c5",
    "4p defaults": "096c8a68cd33a723ad342a6d19aaead1",
    "4p second_place=any": "8b6277fcf3e7a7808d64e6fdc3e47df4",
    "4p refill_hand=capped": "6bc8a0ceebeb85e4d235c2e0aab46c6f",
}


@pytest.mark.slow
def test_random_games_at_every_player_count_play_exactly_as_recorded():
    assert digests(FINGERPRINT, GAME, seeds=SEEDS, deep_seeds=DEEP_SEEDS) == RECORDED
