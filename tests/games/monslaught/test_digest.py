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
    "2p defaults": "55119ab7f50e8314e4856a182477b363",
    "2p second_place=any": "e4fe960ee328fe8319984b584aeb037d",
    "2p refill_hand=capped": "356d1bbf33058c47efdfd6f4ee29e79f",
    "3p defaults": "92ca59ae9a33cadad5830b5a885c8b45",
    "3p second_place=any": "f7bdec48ccb1b5dcb26c196684a0641c",
    "3p refill_hand=capped": "a9cee796095355187e2c2a10b20c1ee8",
    "4p defaults": "fde7caad95e211a9c877d7be8e4bd093",
    "4p second_place=any": "9802fba422f0a8e309906a1531e9666f",
    "4p refill_hand=capped": "82243e7c7a523e735253b1c6791dd06f",
}


@pytest.mark.slow
def test_random_games_at_every_player_count_play_exactly_as_recorded():
    assert digests(FINGERPRINT, GAME, seeds=SEEDS, deep_seeds=DEEP_SEEDS) == RECORDED
