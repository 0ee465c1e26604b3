"""The rules digest of a game: what changes play, and nothing that only words it; and the digests
each rules version recorded, kept in the game's own package (`rules_digests.json`).

Why apart from the fingerprints (fingerprint.py): those also hash descriptions and rendered
events, so rewording a message changes them. A stored table replays its log on today's rules,
so `rules_version` must change exactly when a log could replay differently: when a legal-action
list, a result, a saved state or the shipped card data changes. This digest covers just those, over
the defaults and each declared option value (`option_variants`).

Record the digest of a game's current rules (after bumping its `rules_version`) with
`python -m sabbat.testing record GAME`; it writes the game package's `rules_digests.json`.
"""

from __future__ import annotations

import hashlib
import importlib
import json
from pathlib import Path
from typing import Any

from sabbat.core import Game, Rng

from .playout import option_variants

RECORD = "rules_digests.json"
"""The file, in a game's package, mapping each rules version to its digest."""
SEEDS = 8
"""Random games per player count and option variant."""
COMMAND = "python -m sabbat.testing record {game}"


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


def rules_digest(game: Game, variants: list[dict[str, Any]] | None = None, seeds: int = SEEDS) -> str:
    """`seeds` random games per player count and option variant (by default the declared ones),
    and the card data."""
    h = hashlib.sha256()
    h.update(str(game.card_digest()).encode())
    for n in game.info.player_counts:
        for options in option_variants(game) if variants is None else variants:
            for seed in range(seeds):
                _play(game, n, seed, options, h)
    return h.hexdigest()[:32]


def recorded(game: Game) -> dict[str, str]:
    """rules_version -> digest, as the game's package records them ({} when it records none)."""
    file = game.resource(RECORD)
    if not file.is_file():
        return {}
    data: dict[str, str] = json.loads(file.read_text(encoding="utf-8"))
    return data


def record_path(game: Game) -> Path:
    """Where `record` writes: the game package's folder (its source, in an editable install)."""
    package = importlib.import_module(game.package)
    return Path(list(package.__path__)[0]) / RECORD


def record(game: Game) -> str:
    """Record the digest of `game`'s current rules under its current rules version; the digest."""
    digest = rules_digest(game)
    data = {**recorded(game), game.info.rules_version: digest}
    record_path(game).write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return digest
