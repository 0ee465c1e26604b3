"""The contract every game keeps, whatever its rules: random games end properly, replays and saves
reproduce every state, clones are independent, illegal input is refused and changes nothing,
options are checked, determinizations resample what is hidden and only that.

Each check takes the game, a player count (None for the checks made once per game) and the
settings, and raises Problem when the game breaks the contract.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

from sabbat.core import Action, BadOption, BadPlayerCount, Game, GameState, IllegalAction, Rng, i18n
from sabbat.core.replay import Replay, state_digest

from .playout import ending_problems, option_variants, play_random, seats_never_resampled, variant_id
from .problem import Problem
from .settings import Settings


def snap(state: GameState) -> str:
    """The whole state, canonical: two states are the same position exactly when these match."""
    return json.dumps(state.to_json(), sort_keys=True, ensure_ascii=False)


def canon(data: object) -> str:
    return json.dumps(data, sort_keys=True, ensure_ascii=False)


def require(ok: object, message: str) -> None:
    """Problem(message) unless `ok`."""
    if not ok:
        raise Problem(message)


def _random_game_length(game: Game, n: int, seed: int) -> int:
    state = game.new(n, seed)
    chooser = Rng(seed * 7919 + 1)
    while not state.is_terminal():
        state.apply(chooser.choice(state.legal_actions()))
    return len(state.history)


def sampled_states(game: Game, n: int, seed: int, points: int = 4) -> Iterator[GameState]:
    """Play one random game and yield the live state at the start, the end and a few decisions between."""
    length = _random_game_length(game, n, seed)
    picker = Rng(seed)
    stops = {0, *(picker.below(length + 1) for _ in range(points))}
    state = game.new(n, seed)
    chooser = Rng(seed * 7919 + 1)
    step = 0
    while not state.is_terminal():
        if step in stops:
            yield state
        state.apply(chooser.choice(state.legal_actions()))
        step += 1
    yield state


def playouts(game: Game, n: int, settings: Settings) -> None:
    """Every decision keeps the game's invariants; every game ends by its own rules, never at a
    safety cap; the winners are exactly the top scorers after tie-breaks; every event and action
    has its text in every language."""
    name = game.info.id
    kinds: set[str] = set()
    for seed in range(settings.seeds):
        state = play_random(game, n, seed)
        kinds.update(action.kind for action in state.history)
        require(state.current_player is None and state.legal_actions() == (),
                f"seed {seed}: a finished game still has a player to move or legal actions")
        won = state.winners()
        require(won and set(won) <= set(range(n)), f"seed {seed}: winners {won} are not seats of the game")
        problems = ending_problems(state)
        require(not problems, f"seed {seed}: {problems}")
        require(abs(sum(state.returns()) - 1.0) < 1e-9, f"seed {seed}: returns {state.returns()} do not sum to 1")
        for event in state.events:
            for locale in i18n.LOCALES:
                require(i18n.has(event.key, locale), f"no {locale} message for event {event.key}")
            json.dumps(event.to_json())
    for kind in kinds:
        for locale in i18n.LOCALES:
            require(i18n.has(f"{name}.action.{kind}", locale), f"no {locale} description of action {kind}")


def variants(game: Game, n: int, settings: Settings) -> None:
    """Each value of each declared option (one at a time) is played to a proper end."""
    for options in option_variants(game)[1:]:
        for seed in range(settings.variants):
            state = play_random(game, n, seed, options)
            problems = ending_problems(state)
            require(not problems, f"{variant_id(options)} seed {seed}: {problems}")
            require({k: state.options.get(k) for k in options} == options,
                    f"{variant_id(options)}: the state's options are {state.options}")


def actions(game: Game, n: int, settings: Settings) -> None:
    """Legal actions are distinct, hashable, survive JSON and their notation, and are described
    in every language."""
    for seed in range(settings.deep):
        for state in sampled_states(game, n, seed):
            legal = state.legal_actions()
            for action in legal:
                hash(action)
                require(game.action_from_json(json.loads(json.dumps(action.to_json()))) == action,
                        f"{action.notation()} does not survive its JSON")
                require(Action.parse(action.notation()) == action, f"{action.notation()} does not parse back")
                for locale in i18n.LOCALES:
                    text = state.describe_action(action, locale)
                    require(text and "{" not in text, f"unrendered {locale} description {text!r}")
            require(len(set(legal)) == len(legal), f"seed {seed} decision {len(state.history)}: duplicate legal actions")


def _quick_print(state: GameState) -> tuple[object, ...]:
    """A cheap per-step fingerprint; full snapshots are compared at spaced points and at the end."""
    return (state.rng.state, len(state.events), len(state.history), state.current_player, state.legal_actions())


def replays(game: Game, n: int, settings: Settings) -> None:
    """A saved replay reproduces every state of the game, whatever global randomness does."""
    for seed in range(max(2, settings.deep // 2)):
        state = game.new(n, seed)
        chooser = Rng(seed)
        seen = [_quick_print(state)]
        full = {0: snap(state)}
        while not state.is_terminal():
            state.apply(chooser.choice(state.legal_actions()))
            random.random()  # global randomness must not matter
            seen.append(_quick_print(state))
            if len(state.history) % 25 == 0:
                full[len(state.history)] = snap(state)
        full[len(state.history)] = snap(state)
        replay = Replay.from_json(json.loads(json.dumps(Replay.from_state(state).to_json())))
        for i, again in enumerate(replay.states(lambda _: game)):
            require(_quick_print(again) == seen[i], f"seed {seed}: replay diverged at decision {i}")
            if i in full:
                require(snap(again) == full[i], f"seed {seed}: replay diverged at decision {i}")
        require(state_digest(replay.run(lambda _: game)) == state_digest(state), f"seed {seed}: replay ended elsewhere")


def clones(game: Game, n: int, settings: Settings) -> None:
    """Playing on a clone never changes the original, nor the other way round."""
    for seed in range(settings.deep):
        for state in sampled_states(game, n, seed):
            before = snap(state)
            copy = state.clone()
            require(snap(copy) == before, "a clone differs from its original")
            chooser = Rng(seed)
            while not copy.is_terminal():
                copy.apply(chooser.choice(copy.legal_actions()))
            require(snap(state) == before, f"seed {seed}: playing on a clone changed the original")
            if not state.is_terminal():
                copy2 = state.clone()
                state_after = state.clone()
                state_after.apply(state_after.legal_actions()[0])
                require(snap(copy2) == before, f"seed {seed}: playing on the original changed a clone")


def saves(game: Game, n: int, settings: Settings) -> None:
    """A state saved to JSON and loaded is the same position and plays on the same."""
    for seed in range(settings.deep):
        for state in sampled_states(game, n, seed):
            loaded = game.from_json(json.loads(json.dumps(state.to_json())))
            where = f"seed {seed} decision {len(state.history)}"
            require(snap(loaded) == snap(state), f"{where}: a saved and loaded state differs")
            require(loaded.legal_actions() == state.legal_actions(), f"{where}: loading changed the legal actions")
            a, b = state.clone(), loaded
            chooser = Rng(seed + 99)
            while not a.is_terminal():
                action = chooser.choice(a.legal_actions())
                a.apply(action)
                b.apply(action)
            require(snap(a) == snap(b), f"{where}: a loaded state plays on differently")


def _refused(state: GameState, action: Any) -> bool:
    try:
        state.apply(action)
    except IllegalAction:
        return True
    return False


def illegal_actions(game: Game, n: int, settings: Settings) -> None:
    """An action that is not legal raises IllegalAction and changes nothing."""
    for seed in range(settings.deep):
        for state in sampled_states(game, n, seed):
            before = snap(state)
            for bogus in (Action("no_such_move", (1,)), Action("", ()), ("not", "an action")):
                require(_refused(state, bogus), f"seed {seed}: {bogus!r} was not refused with IllegalAction")
            legal = set(state.legal_actions())
            for other in sampled_states(game, n, seed + 1, points=2):
                for action in other.legal_actions():
                    if action not in legal:
                        require(_refused(state, action), f"seed {seed}: the illegal {action.notation()} was played")
                        break
            require(snap(state) == before, f"seed {seed}: a refused action changed the state")


def determinize_view(game: Game, n: int, settings: Settings) -> None:
    """A determinization depends only on what its player sees, reseeds the RNG, and plays to an end."""
    for seed in range(settings.deep):
        for state in sampled_states(game, n, seed, points=2):
            for p in range(n):
                d1 = state.determinize(p, Rng(11))
                d2 = state.determinize(p, Rng(12))
                again = [snap(x.determinize(p, Rng(5))) for x in (state, d1, d2)]
                require(again[0] == again[1] == again[2], f"seed {seed}: determinize read something P{p + 1} cannot see")
                require(d1.rng != d2.rng and d1.rng != state.rng, "determinize must reseed the state's RNG")
                chooser = Rng(seed)
                steps = 0
                while not d1.is_terminal():
                    d1.apply(chooser.choice(d1.legal_actions()))
                    steps += 1
                    require(steps <= game.info.max_decisions, f"seed {seed}: a determinization never ended")


def determinize_resamples(game: Game, n: int, settings: Settings) -> None:
    """For every seat, some determinization differs from the real position in the game's own
    fields: a determinize that returns an unchanged clone leaves a search reading the real cards."""
    for seed in range(settings.deep):
        unchanged = seats_never_resampled(sampled_states(game, n, seed, points=3), salt=seed)
        require(not unchanged, f"seed {seed}: determinize kept every hidden card in place for seat(s) "
                               f"{sorted(unchanged)} at every sampled point of the game")


def player_counts(game: Game, n: int | None, settings: Settings) -> None:
    """A player count outside the game's range is refused with BadPlayerCount."""
    for bad in (game.info.min_players - 1, game.info.max_players + 1, 0):
        try:
            game.new(bad, 0)
        except BadPlayerCount:
            continue
        raise Problem(f"{bad} players were not refused with BadPlayerCount")


def same_seed(game: Game, n: int | None, settings: Settings) -> None:
    """The same seed and the same choices play the same game."""
    runs = []
    for _ in range(2):
        state = game.new(game.info.min_players, 1234)
        chooser = Rng(5)
        while not state.is_terminal():
            state.apply(chooser.choice(state.legal_actions()))
        runs.append(snap(state))
    require(runs[0] == runs[1], "two games from the same seed and choices differ")


def _bad_option(game: Game, n: int, options: dict[str, Any], key: str) -> None:
    try:
        game.new(n, 0, options)
    except BadOption as exc:
        require(key in str(exc), f"the refusal of {options} does not name {key!r}: {exc}")
        return
    raise Problem(f"{options} was not refused with BadOption")


def options(game: Game, n: int | None, settings: Settings) -> None:
    """Text from the command line becomes the declared type ("false" is False); a misspelt name or a
    value outside the declaration is refused with BadOption before a game starts."""
    n = game.info.min_players
    _bad_option(game, n, {"no_such_option_xyz": "1"}, "unknown option")
    for key, option in game.info.options.items():
        if option.kind == "bool":
            require(game.new(n, 0, {key: "false"}).options[key] is False, f"{key}='false' is not False")
            require(game.new(n, 0, {key: "true"}).options[key] is True, f"{key}='true' is not True")
            bad: object = "maybe"
        elif option.kind == "choice":
            for value in option.choices:
                require(game.new(n, 0, {key: value}).options[key] == value, f"{key}={value!r} is not kept")
            bad = "not-" + "-".join(option.choices)
        else:
            require(game.new(n, 0, {key: str(option.default)}).options[key] == option.default,
                    f"{key}={option.default!r} given as text is not read as {option.kind}")
            bad = (option.maximum + 1) if option.maximum is not None else "many"
        _bad_option(game, n, {key: bad}, key)
