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
Re-recorded when the private "dealt" event began to list the cards in a fixed order, not the order they
were dealt in (with the deal order back, the digests before came back).
Re-recorded with rules version 4: the public event that discards a hand lists its cards in a fixed
order (by card), never the order they were held in.
"""

from __future__ import annotations

import pytest

from sabbat.games.monslaught import GAME
from sabbat.testing.fingerprint import digests
from tests.games.monslaught.monslaught_digest import DEEP_SEEDS, FINGERPRINT, SEEDS

RECORDED = {
    "2p defaults": "13aa36907568c844f563dfec48c8b3bb",
    "2p second_place=any": "d337d5bb3d7dfe2908a9d00d498ceb52",
    "2p refill_hand=capped": "8b2a6eb9e80720d83c89cedb56d29bc6",
    "3p defaults": "c626456133e0d8241e3d1606a9f75017",
    "3p second_place=any": "4b8ea83aee9e0dd33609d7acb9c2746e",
    "3p refill_hand=capped": "5ecfffe02ee6c398fc0d7c95a325c15b",
    "4p defaults": "0758b26ff2a041a1704499411c21d499",
    "4p second_place=any": "ea9b12634a0db98420b9042572caf76d",
    "4p refill_hand=capped": "159729767c094977efedb89f1dc6a055",
}


@pytest.mark.slow
def test_random_games_at_every_player_count_play_exactly_as_recorded():
    assert digests(FINGERPRINT, GAME, seeds=SEEDS, deep_seeds=DEEP_SEEDS) == RECORDED
