"""The rules digest of a game: what changes play, and nothing that only words it.

Why apart from the fingerprints (fingerprint.py): those also hash descriptions and rendered
events, so rewording a message changes them. A stored table replays its log on today's rules,
so `rules_version` must change exactly when a log could replay differently: when a legal-action
list, a result, a saved state or the shipped card data changes. This digest covers just those.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from sabbat.core import Game, Rng, carddata


def _dump(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def _play(game: Game, n: int, seed: int, options: dict[str, Any], h: Any) -> None:
    """One random game: the legal-action notations at every step, the winners and scores, the saved end."""
    state = game.new(n, seed, options)
    chooser = Rng(seed * 7919 + 1)
    while not state.is_terminal():
        legal = state.legal_actions()
        h.update(" ".join(a.notation() for a in legal).encode())
        state.apply(chooser.choice(legal))
    h.update(_dump([state.winners(), state.scores(), state.tie_breaks()]).encode())
    h.update(_dump(state.to_json()).encode())


def rules_digest(game: Game, variants: list[dict[str, Any]], seeds: int) -> str:
    """`seeds` random games per player count and option variant, and the shipped card data."""
    h = hashlib.sha256()
    h.update(str(carddata.shipped_digest(game.info.id)).encode())
    for n in game.info.player_counts:
        for options in variants:
            for seed in range(seeds):
                _play(game, n, seed, options, h)
    return h.hexdigest()[:32]
