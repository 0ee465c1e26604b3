"""Random games fingerprinted before the package rework must read the same after it (monslaught_digest.py).

The digests were recorded from the code of commit 7f55fad, before the rework of issue 22: a change that
alters a legal-action order, an event, an observation, a description or a saved state fails here.
Re-recorded since when `summary()` and saves gained `offered` (with it stripped, the 7f55fad digests
came back), when the balance work of issue 21 changed reconstructed card values (other games), and
when the draft's picks moved onto `sabbat.core.secrets` (issue 22): the public "has picked" event now
goes to the spectators too, as every secret choice's does (with its audience cut back to the other
seats, the earlier digests came back), and when issue 21's second balance step changed three of
Monslaught's reconstructed card values (Nightmare, Mandrake, Fallen Angel of Grief), and when the public
"dealt" and "refill" events went to the spectators too (`GameState.emit_private`; with their audience cut
back to the other seats, the earlier digests came back).
"""

from __future__ import annotations

from monslaught_digest import DEEP_SEEDS, FINGERPRINT, SEEDS

from sabbat.games.monslaught import GAME
from support.fingerprint import digests

RECORDED = {
    "2p defaults": "e6034e2e6f2ce334f94c69fa8e6f4c57",
    "2p second_place=any": "8d4a2db21bbfe37000923bd6daaa0ca3",
    "2p refill_hand=uncapped": "35d7c60d3c77d1d020f94963699118b5",
    "3p defaults": "7b0e76bbd438c7696876dd3f224b6a53",
    "3p second_place=any": "c4a257bfae7f3f4e19eee7b716578ec6",
    "3p refill_hand=uncapped": "9e928f170a438f8cb6008555d43f6671",
    "4p defaults": "4381ba916719686cd20cec7a196a2d40",
    "4p second_place=any": "6686fc4d23a306123e32ba2b3d4d2baf",
    "4p refill_hand=uncapped": "81325c872159ceb0231c0f9dc84720b9",
}


def test_random_games_at_every_player_count_play_exactly_as_recorded():
    assert digests(FINGERPRINT, GAME, seeds=SEEDS, deep_seeds=DEEP_SEEDS) == RECORDED
