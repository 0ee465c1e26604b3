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
"""

from __future__ import annotations

import pytest

from sabbat.games.monslaught import GAME
from sabbat.testing.fingerprint import digests
from tests.games.monslaught.monslaught_digest import DEEP_SEEDS, FINGERPRINT, SEEDS

RECORDED = {
    "2p defaults": "8a375ac48aedeaffe89037ac8600eecd",
    "2p second_place=any": "8fa6b034dd6aa43e5efbbe80603efb69",
    "2p refill_hand=capped": "1fd08dba6d4fa23de0eea51aae77e94b",
    "3p defaults": "3585431b5c964aae51cbc3290eeebc13",
    "3p second_place=any": "b04dce1f9bebe1bb7916ccca70f0bf14",
    "3p refill_hand=capped": "e2ad559403e789658ee3def08cbefef4",
    "4p defaults": "b81e7d64404ce4cc4860bf311f809ab8",
    "4p second_place=any": "03502d21a93f3423868a5b5ab420de17",
    "4p refill_hand=capped": "35b18f0010b1fceb9fa422f20ddea36c",
}


@pytest.mark.slow
def test_random_games_at_every_player_count_play_exactly_as_recorded():
    assert digests(FINGERPRINT, GAME, seeds=SEEDS, deep_seeds=DEEP_SEEDS) == RECORDED
