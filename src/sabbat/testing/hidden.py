"""Hidden information stays hidden: nothing a reader may not see reaches its observation, its
events, the descriptions of its actions, the errors it is shown, or the frames the server sends it.

The method, everywhere: take a position, redraw everything the reader cannot see (a
determinization from its point of view; for a spectator, from every seat's in turn), and look
again. Whatever changed was read from something hidden: a leak.
"""

from __future__ import annotations

import json
import random
from functools import partial
from typing import Any

from sabbat.core import Action, Game, GameState, IllegalAction, Rng
from sabbat.core.events import SPECTATOR

from .conformance import canon, require, sampled_states
from .problem import Problem
from .settings import Settings


def spectator_world(state: GameState, rng: Rng) -> GameState:
    """A position no spectator can tell from `state`: redrawn from every seat's view in turn, so
    every card that some seat cannot see may move. The log is kept (it is public to the spectator)."""
    world = state
    for p in range(state.num_players):
        world = world.determinize(p, rng)
    world.history = state.history
    world.events = state.events
    return world


def _error(state: GameState, action: Any) -> str:
    try:
        state.clone().apply(action)
    except IllegalAction as exc:
        return str(exc)
    return ""


def seat_views(game: Game, n: int, settings: Settings) -> None:
    """Each seat's observation, its events, and (for the seat to move) its legal actions, their
    descriptions and cautions in every language, the notes on its decision and the errors for
    illegal ones are the same in any position that seat cannot tell from the real one."""
    for seed in range(settings.deep):
        elsewhere = _actions_elsewhere(game, n, seed + 1)
        for state in sampled_states(game, n, seed):
            for p in [*range(n), None]:
                json.dumps(state.observation(p))
            for p in range(n):
                where = f"seed {seed} decision {len(state.history)}, P{p + 1}"
                view = canon(state.observation(p))
                mine = [e.to_json() for e in state.events_for(p)]
                for salt in (1, 2):
                    world = state.determinize(p, Rng(salt))
                    require(canon(world.observation(p)) == view,
                            f"{where}: the observation shows something the seat cannot see (it changed when the "
                            "hidden cards were redrawn)")
                    require([e.to_json() for e in world.events_for(p)] == mine,
                            f"{where}: determinizing changed the seat's events")
                    if state.current_player != p:
                        continue
                    require(world.legal_actions() == state.legal_actions(),
                            f"{where}: the legal actions depend on something the mover cannot see")
                    for locale in ("en", "ja"):
                        require([world.describe_action(a, locale) for a in world.legal_actions()]
                                 == [state.describe_action(a, locale) for a in state.legal_actions()],
                                 f"{where}: an action's {locale} description depends on a hidden card")
                        require([world.caution(a, locale) for a in world.legal_actions()]
                                 == [state.caution(a, locale) for a in state.legal_actions()],
                                 f"{where}: an action's {locale} caution depends on a hidden card")
                        require(world.notes(locale) == state.notes(locale),
                                f"{where}: the {locale} notes on the decision depend on a hidden card")
                    legal = set(state.legal_actions())
                    for bogus in (Action("no_such_move", (1,)), *[a for a in elsewhere if a not in legal][:3]):
                        require(_error(world, bogus) == _error(state, bogus),
                                f"{where}: the error for {bogus.notation()} depends on a hidden card")


def _actions_elsewhere(game: Game, n: int, seed: int) -> list[Action]:
    """Actions legal at a few points of another random game: what a confused or probing player
    might send where they are not legal."""
    found: dict[Action, None] = {}
    for other in sampled_states(game, n, seed, points=2):
        found.update(dict.fromkeys(other.legal_actions()))
    return list(found)


def spectator_view(game: Game, n: int, settings: Settings) -> None:
    """The spectator's observation and events are the same in any position no spectator can tell
    from the real one: a spectator sees what is public, and no hand."""
    for seed in range(settings.deep):
        for state in sampled_states(game, n, seed):
            if state.is_terminal():
                continue  # everything is shown at the end
            view = canon(state.observation(None))
            mine = [e.to_json() for e in state.events_for(None)]
            for salt in (1, 2):
                world = spectator_world(state, Rng(seed * 31 + salt))
                require(canon(world.observation(None)) == view,
                        f"seed {seed} decision {len(state.history)}: the spectator's observation shows something "
                        "no spectator may see (it changed when the hidden cards were redrawn)")
                require([e.to_json() for e in world.events_for(None)] == mine,
                        f"seed {seed} decision {len(state.history)}: the spectator's events changed")


def _audience_problem(state: GameState, start: int) -> str | None:
    for event in state.events[start:]:
        if event.audience is None:
            continue
        strange = [p for p in event.audience if p != SPECTATOR and not 0 <= p < state.num_players]
        if strange or not event.audience:
            return f"event {event.key} has the audience {sorted(event.audience)}: seats are 0 to {state.num_players - 1}"
    return None


EVENT_RATE = 4
"""One decision in this many, at random, is played again in a redrawn world (`events`)."""


def events(game: Game, n: int, settings: Settings) -> None:
    """Every new event goes to seats of the game, and what the public events of a move tell is no
    more than the public view shows: the mover's move is played again in a position the mover
    cannot tell from the real one (its unseen cards redrawn, the same dice to come), and where a
    spectator could not tell the two apart before the move and cannot after it, the events every
    seat and spectator sees must be the same too; likewise for each other seat, wherever that seat
    could not tell the two apart. A drawn card written into a public event's
    parameters fails here. (A seat's private events may carry what only it learns: the seat-view
    check holds those to the seat's own view.)"""
    for seed in range(settings.deep):
        state = game.new(n, seed)
        chooser = Rng(seed * 7919 + 1)
        probe = Rng(seed + 5)
        while not state.is_terminal():
            action = chooser.choice(state.legal_actions())
            seen = len(state.events)
            if probe.below(EVENT_RATE):
                state.apply(action)
            else:
                _replay_in_a_redrawn_world(state, action, Rng(probe.next_u64()), f"seed {seed}")
            problem = _audience_problem(state, seen)
            if problem:
                raise Problem(f"seed {seed} decision {len(state.history)}: {problem}")


def _replay_in_a_redrawn_world(state: GameState, action: Action, rng: Rng, where: str) -> None:
    """Apply `action` to `state` and to a world its mover cannot tell apart; Problem where the events
    some other reader gets (the spectator, or another seat) differ though that reader can tell the two
    apart neither before nor after."""
    mover = state.current_player
    assert mover is not None
    world = state.determinize(mover, rng)
    world.rng = state.rng.copy()  # the same dice: only what was hidden before the move differs
    before, world_before = state.clone(), world.clone()
    seen, seen_there = len(state.events), len(world.events)
    state.apply(action)
    if action not in world.legal_actions():
        return  # the determinization checks report this
    world.apply(action)
    for reader in (None, *(p for p in range(state.num_players) if p != mover)):
        here = [e.to_json() for e in state.events[seen:] if e.visible_to(reader)]
        there = [e.to_json() for e in world.events[seen_there:] if e.visible_to(reader)]
        if here == there or any(canon(a.observation(reader)) != canon(b.observation(reader))
                                for a, b in ((before, world_before), (state, world))):
            continue  # the same events, or the move shows this reader something either way
        what = ("the public events depend on a card no spectator can see" if reader is None
                else f"the events P{reader + 1} gets depend on a card P{reader + 1} cannot see")
        raise Problem(
            f"{where} decision {len(state.history)} ({action.notation()}): {what}: {_first_difference(here, there)} "
            "(a private detail in an event for others? emit_private gives the owner the full event and the others "
            "a redacted one)")


CHECK_RATE = 0.05
"""The share of positions whose frames are checked: a dozen or so per game, first decisions to last."""
FRAME_WORLDS = 2


def frames(game: Game, n: int, settings: Settings) -> None:
    """Every frame the server sends (scores, action texts, tie breaks, the version...) is a function
    of what its reader may know: at positions of random games, everything hidden from the reader
    is redrawn and the reader's frame built again through the server's own view builder."""
    from sabbat.web.table import Table
    from sabbat.web.tables import TableService  # the server is a front end: loaded only for this check

    wanted = max(8, settings.deep)
    rng = Rng(n * 7919 + len(game.info.id))
    pick = random.Random(n)
    checked = 0
    service = TableService()  # tables put in place without a store: nothing here is written
    for seed in range(11, 11 + 4 * wanted):  # short games: more of them, until enough positions are checked
        if checked >= wanted:
            break
        service.deal = partial(int, seed)
        table = service.add(service.plan_table({"game": game.info.id, "players": n, "seats": [{"kind": "human"}] * n}))
        for step in range(game.info.max_decisions + 1):
            if table.state.is_terminal():  # everything is shown at the end: nothing left to resample
                break
            if step == 0 or pick.random() < CHECK_RATE:
                for reader in [*range(n), None]:
                    real = service.view(table, reader, "en")
                    for _ in range(FRAME_WORLDS):
                        world = (spectator_world(table.state, rng) if reader is None
                                 else _seat_world(table.state, reader, rng))
                        shadow = Table(table.id, table.game, world, table.seats, table.settings,
                                       table.created, table.cards, table.steps)
                        diff = _differences(real, service.view(shadow, reader, "en"))
                        who = "the spectator" if reader is None else f"P{reader + 1}"
                        require(not diff, f"seed {seed} decision {step}: {who}'s frame depends on what "
                                          f"{who} cannot see: {diff[:2]}")
                checked += 1
            table.apply(pick.choice(table.state.legal_actions()))
    require(checked, "no position was checked")


def _seat_world(state: GameState, reader: int, rng: Rng) -> GameState:
    world = state.determinize(reader, rng)
    world.history = state.history  # the reader's log and the number of moves are public to it
    world.events = state.events
    return world


def _differences(a: dict[str, object], b: dict[str, object]) -> list[str]:
    return [f"{k}: {a[k]!r} != {b.get(k)!r}"[:300] for k in a if a[k] != b.get(k)]


def _first_difference(here: list[dict[str, object]], there: list[dict[str, object]]) -> str:
    """The first event that differs between two worlds, both ways, for the failure message."""
    for mine, other in zip(here, there, strict=False):
        if mine != other:
            return f"{mine} here, {other} in a world it cannot tell apart"
    return f"{len(here)} events here, {len(there)} in a world it cannot tell apart"
