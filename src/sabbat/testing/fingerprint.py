"""A fingerprint of everything a game shows the outside world over many random games.

Why: when a game's rules are tuned for speed, a fingerprint recorded from the code before the
change proves that every legal-action list (and its order), every event (per viewer),
observation, description, determinization, score and saved state stayed exactly the same.
Each game says which option variants to play, how often a deep game looks at everything, and
which results it fingerprints (`Fingerprint`); the machinery is shared.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sabbat.core import Game, GameState, Rng

from .problem import Problem


def _scores(state: GameState) -> list[Any]:
    return [state.scores(), state.tie_breaks(), state.winners(), state.summary()]


@dataclass(frozen=True)
class Fingerprint:
    """What a game's fingerprint plays and looks at."""

    variants: list[dict[str, Any]]
    """Option sets played at every player count ({} = the defaults)."""
    deep_every: int
    """In a deep game, every this-many-th decision also fingerprints views, descriptions and copies."""
    results: Callable[[GameState], list[Any]] = _scores
    """What a deep step fingerprints besides views: scores, tie-breaks, winners, summary by default."""


def _dump(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def _deep(fp: Fingerprint, state: GameState, h: Any, probe: Rng) -> None:
    """Everything a front end, an agent or a search may read from `state`."""
    n = state.num_players
    for viewer in [None, *range(n)]:
        h.update(_dump(state.observation(viewer)).encode())
        h.update(_dump([e.to_json() for e in state.events_for(viewer)]).encode())
    for action in state.legal_actions():
        for locale in ("en", "ja"):
            h.update(state.describe_action(action, locale).encode())
    h.update(_dump(fp.results(state)).encode())
    h.update(_dump(state.check_invariants()).encode())
    copy = state.clone()
    if _dump(copy.to_json()) != _dump(state.to_json()):
        raise Problem(f"{state.game_id} decision {len(state.history)}: a clone saves differently from its original")
    if not state.is_terminal():
        seen = probe.below(n)
        h.update(_dump(state.determinize(seen, Rng(probe.next_u64())).to_json()).encode())


def play_digest(fp: Fingerprint, game: Game, n: int, seed: int, options: dict[str, Any], deep: bool) -> str:
    """The fingerprint of one random game: its decisions, its end, and (deep) what each step shows."""
    h = hashlib.sha256()
    state = game.new(n, seed, options)
    chooser = Rng(seed * 7919 + 1)
    probe = Rng(seed + 17)
    step = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        h.update(" ".join(a.notation() for a in legal).encode())
        if deep and step % fp.deep_every == 0:
            _deep(fp, state, h, probe)
        state.apply(chooser.choice(legal))
        step += 1
    _deep(fp, state, h, probe)
    h.update(_dump(state.to_json()).encode())
    return h.hexdigest()[:32]


def digests(fp: Fingerprint, game: Game, seeds: int, deep_seeds: int) -> dict[str, str]:
    """One combined fingerprint per (player count, option variant)."""
    out = {}
    for n in game.info.player_counts:
        for options in fp.variants:
            h = hashlib.sha256()
            for seed in range(seeds):
                h.update(play_digest(fp, game, n, seed, options, deep=seed < deep_seeds).encode())
            name = ",".join(f"{k}={v}" for k, v in sorted(options.items())) or "defaults"
            out[f"{n}p {name}"] = h.hexdigest()[:32]
    return out
