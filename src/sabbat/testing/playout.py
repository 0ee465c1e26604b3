"""Random playouts and the checks every game's ending must pass.

Why here: the author's kit and sabbat's own tests apply the same rules — winners are the top
scorers after tie-breaks, no random game stops at a safety cap, resources stay consistent after
every decision — so they are written once.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from sabbat.core import Game, GameState, Rng

from .problem import Problem, resolve

BASE_FIELDS = ("seed", "rng", "history", "events", "determinized_for")
"""Fields every state has that `determinize` itself resets; the rest is the game's own position."""


def option_variants(game: Game | str) -> list[dict[str, Any]]:
    """The defaults, then each declared option set in turn to each of its other values.

    A choice option is played with every value, a bool both ways. A whole-number option is a
    bound (a day cap, a threshold) rather than a rules variant, so it keeps its default.
    """
    variants: list[dict[str, Any]] = [{}]
    for key, option in sorted(resolve(game).info.options.items()):
        if option.kind == "choice":
            variants += [{key: value} for value in option.choices if value != option.default]
        elif option.kind == "bool":
            variants.append({key: not option.default})
    return variants


def variant_id(options: dict[str, Any]) -> str:
    """A variant's name in reports: `key=value,...`, or `defaults`."""
    return ",".join(f"{k}={v}" for k, v in sorted(options.items())) or "defaults"


def play_random(game: Game | str, n: int, seed: int, options: dict[str, Any] | None = None) -> GameState:
    """A random game to its end; Problem as soon as the game's invariants fail or it outlasts its
    `max_decisions`."""
    game = resolve(game)
    name = game.info.id
    state = game.new(n, seed, options or {})
    chooser = Rng(seed)
    broken = state.check_invariants()
    if broken:
        raise Problem(f"{name} {n}p seed {seed} {variant_id(options or {})}: at the start: {broken[:3]}")
    while not state.is_terminal():
        if len(state.history) >= game.info.max_decisions:
            raise Problem(f"{name} {n}p seed {seed}: game did not end within max_decisions")
        action = chooser.choice(state.legal_actions())
        state.apply(action)
        broken = state.check_invariants()
        if broken:
            raise Problem(f"{name} {n}p seed {seed} {variant_id(options or {})}: after decision "
                          f"{len(state.history)} ({action.notation()}): {broken[:3]}")
    return state


def ranking_key(state: GameState, seat: int) -> tuple[int, ...]:
    """(score, tie-break values in the order they apply): the largest key wins."""
    return (int(state.scores()[seat]), *state.tie_breaks()[seat].values())


def ending_problems(state: GameState) -> list[str]:
    """What is wrong with how a finished game ended; empty when all is well.

    Scores are whole numbers; each seat's tie-breaks name the same values in the same order;
    the winners are exactly the seats whose (score, *tie-break values) is largest (a tie that
    the tie-breaks leave standing is shared, as the rulebooks say); and the game ended by its
    own rules, not by a safety cap (`summary()["end"] == "cap"`).
    """
    n = state.num_players
    scores = state.scores()
    breaks = state.tie_breaks()
    problems = []
    if len(scores) != n or not all(float(s).is_integer() for s in scores):
        problems.append(f"scores {scores} are not one whole number per seat")
    if len(breaks) != n or any(list(b) != list(breaks[0]) for b in breaks):
        problems.append(f"tie_breaks {breaks} do not name the same values for every seat")
    elif not all(type(v) is int for b in breaks for v in b.values()):
        problems.append(f"tie_breaks {breaks} are not whole numbers")
    if problems:
        return problems
    keys = [ranking_key(state, p) for p in range(n)]
    best = max(keys)
    expected = [p for p in range(n) if keys[p] == best]
    if sorted(state.winners()) != expected:
        problems.append(
            f"winners {sorted(state.winners())}, but (score, *tie-breaks) per seat are {keys}: "
            f"the largest belong to {expected}"
        )
    end = state.summary().get("end")
    if not isinstance(end, str) or not end:
        problems.append(f"summary() names no 'end' label (got {end!r})")
    elif end == "cap":
        problems.append("the game stopped at its safety cap, not by its own rules")
    return problems


def game_fields(state: GameState) -> str:
    """The state's serialisation without the base fields determinize resets: what a search sees."""
    fields = dict(state.to_json()["state"]["f"])
    for name in BASE_FIELDS:
        fields.pop(name, None)
    return json.dumps(fields, sort_keys=True, ensure_ascii=False)


def seats_never_resampled(states: Iterable[GameState], salt: int = 0) -> set[int]:
    """Seats for which no determinization of any of `states` (live ones) changed the game's fields.

    Why every seat: a determinize that resamples for one viewpoint only, or not at all (an
    unchanged clone), leaves a search reading the real hidden cards.
    """
    unchanged: set[int] | None = None
    for step, state in enumerate(states):
        if unchanged is None:
            unchanged = set(range(state.num_players))
        if not unchanged:
            break
        if state.is_terminal():
            continue
        real = game_fields(state)
        for p in sorted(unchanged):
            if game_fields(state.determinize(p, Rng(salt * 101 + step))) != real:
                unchanged.discard(p)
    return unchanged or set()
