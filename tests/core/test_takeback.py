"""A move may be taken back exactly when no reader learned from it anything hidden.

Each game is played at random; every move after which its mover is still to decide (the moves an
undo is offered for) is judged by `reveals_nothing` and by a plain referee written here: many
worlds the mover cannot tell from the real one, every reader's whole view compared leaf by leaf.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from sabbat import games
from sabbat.core import Action, GameState
from sabbat.core.rng import Rng
from sabbat.core.takeback import reveals_nothing

WORLDS = 6

Move = tuple[GameState, Action, GameState]


def moves_within_a_turn(game_id: str, players: int, seed: int, limit: int) -> Iterator[Move]:
    """Random play; each move after which the same seat decides again, with the state before it."""
    rng = random.Random(seed)
    state = games.get(game_id).new(players, seed, {})
    found = 0
    while not state.is_terminal() and found < limit:
        mover = state.current_player
        action = rng.choice(state.legal_actions())
        before = state.clone()
        state.apply(action)
        if state.current_player == mover and not state.is_terminal():
            found += 1
            yield before, action, state.clone()


def leaves(value: Any, path: tuple[Any, ...] = ()) -> dict[tuple[Any, ...], Any]:
    if isinstance(value, dict):
        out: dict[tuple[Any, ...], Any] = {(*path, "#keys"): sorted(map(str, value))}
        for key, item in value.items():
            out.update(leaves(item, (*path, key)))
        return out
    if isinstance(value, list):
        out = {(*path, "#len"): len(value)}
        for i, item in enumerate(value):
            out.update(leaves(item, (*path, i)))
        return out
    return {path: value}


def changed(before: dict[str, Any], after: dict[str, Any]) -> dict[tuple[Any, ...], Any]:
    old, new = leaves(before), leaves(after)
    return {p: new.get(p, "#gone") for p in set(old) | set(new) if old.get(p, "#gone") != new.get(p, "#gone")}


def learned(before: GameState, action: Action, after: GameState) -> tuple[bool, bool]:
    """(the mover learned something, another reader learned something hidden from the mover)."""
    mover = before.current_player
    assert mover is not None
    readers: list[int | None] = [p for p in range(before.num_players) if p != mover] + [None]
    n = len(before.events)
    real_events = {r: [(e.key, e.params) for e in after.events[n:] if e.visible_to(r)] for r in [mover, *readers]}
    real_change = {r: changed(before.observation(r), after.observation(r)) for r in readers}
    rng = Rng(0xC0FFEE ^ len(before.history))
    mover_learned = others_learned = False
    for _ in range(WORLDS):
        world = before.determinize(mover, rng)
        assert world.observation(mover) == before.observation(mover)
        m = len(world.events)
        world_before = {r: world.observation(r) for r in readers}
        world.apply(action)
        events = {r: [(e.key, e.params) for e in world.events[m:] if e.visible_to(r)] for r in [mover, *readers]}
        if world.observation(mover) != after.observation(mover) or events[mover] != real_events[mover]:
            mover_learned = True
        for r in readers:
            if events[r] != real_events[r] or changed(world_before[r], world.observation(r)) != real_change[r]:
                others_learned = True
    return mover_learned, others_learned


CASES = [
    ("mystic_vale", 2, 3, 25),
    ("nameless_dark_lord", 3, 4, 60),
    ("monslaught", 3, 5, 40),
    ("bellum_magica", 3, 7, 50),
    ("magic_master", 2, 13, 40),
]


@pytest.mark.parametrize(("game_id", "players", "seed", "limit"), CASES)
def test_undo_is_offered_exactly_for_the_moves_that_reveal_nothing(game_id: str, players: int, seed: int,
                                                                    limit: int) -> None:
    offered = refused = 0
    for before, action, after in moves_within_a_turn(game_id, players, seed, limit):
        mover_learned, others_learned = learned(before, action, after)
        safe = not (mover_learned or others_learned)
        assert reveals_nothing(before, action, after) is safe, (action.notation(), mover_learned, others_learned)
        offered += safe
        refused += not safe
    assert offered >= limit // 3, f"only {offered} of {limit} moves could be taken back"
    if game_id != "monslaught":  # every move of a Monslaught turn that a person may take back shows nothing new
        assert refused, "no move within a turn revealed anything: the sample shows nothing"


def test_a_move_that_shows_another_seat_a_hidden_card_is_not_taken_back() -> None:
    """Bellum Magica: passing on a reroll ends the dawn, and chests drawn from the hidden stacks go
    to other seats; the mover sees only how many, but undoing would leave those seats knowing the
    stack."""
    found = 0
    for before, action, after in moves_within_a_turn("bellum_magica", 2, 4, 12):
        mover_learned, others_learned = learned(before, action, after)
        if others_learned and not mover_learned:
            found += 1
            assert not reveals_nothing(before, action, after), action.notation()
    assert found, "no sampled move showed only another seat something"


def test_magic_master_regroup_moves_can_be_taken_back_and_a_refill_cannot() -> None:
    """Moves within a regroup reveal nothing; the one that ends it refills the market from the deck."""
    inside = revealing = 0
    for seed in (11, 13):
        for before, action, after in moves_within_a_turn("magic_master", 2, seed, 60):
            mover = before.current_player
            if before.observation(mover).get("regroup") is None:
                continue
            safe = reveals_nothing(before, action, after)
            assert safe is not any(learned(before, action, after)), action.notation()
            inside += safe
            revealing += not safe
    assert inside >= 10 and revealing >= 1, (inside, revealing)
