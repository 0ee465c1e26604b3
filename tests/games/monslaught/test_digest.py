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
the default (the variant fingerprinted is now `refill_hand=capped`; the version is in every save).
"""

from __future__ import annotations

import pytest

from sabbat.games.monslaught import GAME
from sabbat.testing.fingerprint import digests
from tests.games.monslaught.monslaught_digest import DEEP_SEEDS, FINGERPRINT, SEEDS

RECORDED = {
    "2p defaults": "b86274f83da160c8c3c318140f6a68d7",
    "2p second_place=any": "0a4490207d616e0047efc5d837c54a88",
    "2p refill_hand=capped": "4480ad6b74807cb33ff04f81093b1a66",
    "3p defaults": "3aee8839881736e47c5ffeb9cf5556c6",
    "3p second_place=any": "89e7d5193bd91385528c70af5a3ae888",
    "3p refill_hand=capped": "8cf7c87b15d8ada21c17dc2daa3b0699",
    "4p defaults": "3165b53bdefeed4f18b9ce37b1071528",
    "4p second_place=any": "551ccb03c2645e040143ff25dcf72b1d",
    "4p refill_hand=capped": "c94a1b65af9a0a5efe5002b96b8f574c",
}


@pytest.mark.slow
def test_random_games_at_every_player_count_play_exactly_as_recorded():
    assert digests(FINGERPRINT, GAME, seeds=SEEDS, deep_seeds=DEEP_SEEDS) == RECORDED
