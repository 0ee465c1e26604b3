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
the default (the variant fingerprinted is now `refill_hand=capped`; the version is in every save), and when
saved states began to keep every option's default (with the defaults stripped from the saves, the digests
before came back).
"""

from __future__ import annotations

import pytest

from sabbat.games.monslaught import GAME
from sabbat.testing.fingerprint import digests
from tests.games.monslaught.monslaught_digest import DEEP_SEEDS, FINGERPRINT, SEEDS

RECORDED = {
    "2p defaults": "510c663c85c2d90fcf9ef5893a48332b",
    "2p second_place=any": "4377dbbfa494d5382ebb6de6a15e0dae",
    "2p refill_hand=capped": "30568d192bfd0a6a067889eb1f5376a7",
    "3p defaults": "2ea3882c0995ae115a26000159b1b3dc",
    "3p second_place=any": "7ed78e15f3d2572cb0fb51724c329e0d",
    "3p refill_hand=capped": "4ef358d2847252153449bdcf27b667a9",
    "4p defaults": "84afe7eecf010f5683d5651173d7913e",
    "4p second_place=any": "094c1d13d5de6fbbcf3153002bd157bf",
    "4p refill_hand=capped": "b1f50bccdba1677a02e0402b7e8b7636",
}


@pytest.mark.slow
def test_random_games_at_every_player_count_play_exactly_as_recorded():
    assert digests(FINGERPRINT, GAME, seeds=SEEDS, deep_seeds=DEEP_SEEDS) == RECORDED
