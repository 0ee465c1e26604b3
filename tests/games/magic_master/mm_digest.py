"""A fingerprint of everything Magic Master shows the outside world over many random games.

Why: the rules are tuned for speed; the fingerprint, recorded from the code before a change, proves
that every legal-action list (and its order), every event (per viewer), observation, description,
determinization, estimate, score and saved state stayed exactly the same. Run it as a script to print the
current digests.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from sabbat.core import Game, GameState, Rng

VARIANTS: list[dict[str, Any]] = [
    {},
    {"regalia_held": "table"},
    {"keep_last_character": True},
]
"""Defaults and each declared option set against its default."""
DEEP_EVERY = 5
"""In a deep game, every fifth decision also fingerprints observations, descriptions and copies."""
SEEDS = 30
DEEP_SEEDS = 4
"""Games per (player count, variant), and how many of them are deep: about 12 s of CPU in all."""


def _dump(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def _deep(state: GameState, h: Any, probe: Rng) -> None:
    """Everything a front end, an agent or a search may read from `state`."""
    n = state.num_players
    for viewer in [None, *range(n)]:
        h.update(_dump(state.observation(viewer)).encode())
        h.update(_dump([e.to_json() for e in state.events_for(viewer)]).encode())
    for action in state.legal_actions():
        for locale in ("en", "ja"):
            h.update(state.describe_action(action, locale).encode())
    h.update(_dump([state.current_player, state.scores(), state.tie_breaks(), state.winners(),
                    state.summary(), state.secret_choice(), state.evaluate()]).encode())
    h.update(_dump(state.check_invariants()).encode())
    copy = state.clone()
    assert _dump(copy.to_json()) == _dump(state.to_json())
    if not state.is_terminal():
        seen = probe.below(n)
        h.update(_dump(state.determinize(seen, Rng(probe.next_u64())).to_json()).encode())


def play_digest(game: Game, n: int, seed: int, options: dict[str, Any], deep: bool) -> str:
    """The fingerprint of one random game: its decisions, its end, and (deep) what each step shows."""
    h = hashlib.sha256()
    state = game.new(n, seed, options)
    chooser = Rng(seed * 7919 + 1)
    probe = Rng(seed + 17)
    step = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        h.update(" ".join(a.notation() for a in legal).encode())
        if deep and step % DEEP_EVERY == 0:
            _deep(state, h, probe)
        state.apply(chooser.choice(legal))
        step += 1
    _deep(state, h, probe)
    h.update(_dump(state.to_json()).encode())
    return h.hexdigest()[:32]


def digests(game: Game, seeds: int, deep_seeds: int) -> dict[str, str]:
    """One combined fingerprint per (player count, option variant)."""
    out = {}
    for n in game.info.player_counts:
        for options in VARIANTS:
            h = hashlib.sha256()
            for seed in range(seeds):
                h.update(play_digest(game, n, seed, options, deep=seed < deep_seeds).encode())
            name = ",".join(f"{k}={v}" for k, v in sorted(options.items())) or "defaults"
            out[f"{n}p {name}"] = h.hexdigest()[:32]
    return out


if __name__ == "__main__":
    from sabbat import games

    print(json.dumps(digests(games.get("magic_master"), SEEDS, DEEP_SEEDS), indent=1))
