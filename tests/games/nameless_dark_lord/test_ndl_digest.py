"""Random games fingerprinted before the speed work must read the same after it (ndl_digest.py).

The digests were recorded from the code of commit 5397823, before any tuning: a change that
alters a legal-action order, an event, an observation, a description or a saved state fails here.
"""

from __future__ import annotations

from ndl_digest import FINGERPRINT

from sabbat.games.nameless_dark_lord import GAME
from support.fingerprint import digests

RECORDED = {
    "3p defaults": "b9158602f8f71f4dc00b7439d4500a4b",
    "3p event_mode=per_type": "9271da4167828ee2cddc2afde13e49d4",
    "3p bomber_return=end_phase_b": "f4a6fbbb7f5b594347a8a15b0b52ab8a",
    "3p sleeve_mode=secret": "ae4131ff6cfa2501a89dff2590cd1afd",
    "3p k_threshold=2": "88b6d87d510bd21f4e10fc6e647d9430",
    "4p defaults": "c5e3b5f55472cffef009c37fe0f66141",
    "4p event_mode=per_type": "b07f3e2ac178112a0db49afb48597388",
    "4p bomber_return=end_phase_b": "b4cd690fb2cb3091a0fafa41d7ec1d3c",
    "4p sleeve_mode=secret": "12efc2807de7d1089c9d56785987189b",
    "4p k_threshold=2": "ef51c1bf87c9a7fc6ae812b636b40089",
}


def test_three_hundred_random_games_play_exactly_as_recorded():
    assert digests(FINGERPRINT, GAME, seeds=30, deep_seeds=3) == RECORDED
