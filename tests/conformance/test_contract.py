"""The contract conformance suite: every registered game (plug-ins installed beside sabbat included),
every player count, many seeds.

SABBAT_SEEDS scales the number of random playouts per player count (default 200);
the costlier properties run on a tenth of them at sampled points of each game.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Iterator

import pytest

from sabbat import games
from sabbat.core import Action, BadOption, BadPlayerCount, GameState, IllegalAction, Rng, i18n
from sabbat.core.replay import Replay, state_digest
from support.playout import ending_problems, option_variants, play_random, seats_never_resampled, variant_id
from support.secrets import CommitmentReport, commitment_playout, secret_playout

SEEDS = int(os.environ.get("SABBAT_SEEDS", "200"))
DEEP_SEEDS = max(2, SEEDS // 10)

CASES = [(name, n) for name in games.names() for n in games.get(name).info.player_counts]
IDS = [f"{name}-{n}p" for name, n in CASES]
GAMES = games.names()


def snap(state: GameState) -> str:
    return json.dumps(state.to_json(), sort_keys=True, ensure_ascii=False)


def canon(data: object) -> str:
    return json.dumps(data, sort_keys=True, ensure_ascii=False)


def _random_game_length(name: str, n: int, seed: int) -> int:
    state = games.get(name).new(n, seed)
    chooser = Rng(seed * 7919 + 1)
    while not state.is_terminal():
        state.apply(chooser.choice(state.legal_actions()))
    return len(state.history)


def sampled_states(name: str, n: int, seed: int, points: int = 4) -> Iterator[GameState]:
    """Play one random game and yield the live state at the start, the end and a few decisions between."""
    length = _random_game_length(name, n, seed)
    picker = Rng(seed)
    stops = {0, *(picker.below(length + 1) for _ in range(points))}
    state = games.get(name).new(n, seed)
    chooser = Rng(seed * 7919 + 1)
    step = 0
    while not state.is_terminal():
        if step in stops:
            yield state
        state.apply(chooser.choice(state.legal_actions()))
        step += 1
    yield state


@pytest.mark.slow
@pytest.mark.parametrize(("name", "n"), CASES, ids=IDS)
def test_random_playouts_end_by_the_rules_with_invariants_kept(name: str, n: int) -> None:
    """Every decision keeps the game's invariants; every game ends by its own rules, never at a
    safety cap; the winners are exactly the top scorers after tie-breaks."""
    kinds: set[str] = set()
    for seed in range(SEEDS):
        state = play_random(name, n, seed)
        kinds.update(action.kind for action in state.history)
        assert state.current_player is None and state.legal_actions() == ()
        won = state.winners()
        assert won and set(won) <= set(range(n))
        problems = ending_problems(state)
        assert not problems, f"seed {seed}: {problems}"
        assert sum(state.returns()) == pytest.approx(1.0)
        for event in state.events:
            for locale in i18n.LOCALES:
                assert i18n.has(event.key, locale), f"no {locale} message for event {event.key}"
            json.dumps(event.to_json())
    for kind in kinds:
        for locale in i18n.LOCALES:
            assert i18n.has(f"{name}.action.{kind}", locale), f"no {locale} description of action {kind}"


VARIANTS = [(name, n, options) for name in GAMES for options in option_variants(name)[1:]
            for n in games.get(name).info.player_counts]
VARIANT_SEEDS = max(2, SEEDS // 20)


@pytest.mark.slow
@pytest.mark.parametrize(("name", "n", "options"), VARIANTS,
                         ids=[f"{name}-{n}p-{variant_id(o)}" for name, n, o in VARIANTS])
def test_every_option_variant_plays_to_a_proper_end(name: str, n: int, options: dict[str, object]) -> None:
    """Each value of each declared option (one at a time) is played, not only the defaults."""
    for seed in range(VARIANT_SEEDS):
        state = play_random(name, n, seed, options)
        problems = ending_problems(state)
        assert not problems, f"seed {seed}: {problems}"
        assert {k: state.options.get(k) for k in options} == options


@pytest.mark.slow
@pytest.mark.parametrize(("name", "n"), CASES, ids=IDS)
def test_action_json_and_descriptions(name: str, n: int) -> None:
    game = games.get(name)
    for seed in range(DEEP_SEEDS):
        for state in sampled_states(name, n, seed):
            for action in state.legal_actions():
                assert hash(action) is not None
                assert game.action_from_json(json.loads(json.dumps(action.to_json()))) == action
                assert Action.parse(action.notation()) == action
                for locale in i18n.LOCALES:
                    text = state.describe_action(action, locale)
                    assert text and "{" not in text, f"unrendered description {text!r}"
            assert len(set(state.legal_actions())) == len(state.legal_actions()), "duplicate legal actions"


def quick_print(state: GameState) -> tuple[object, ...]:
    """A cheap per-step fingerprint; full snapshots are compared at spaced points and at the end."""
    return (state.rng.state, len(state.events), len(state.history), state.current_player, state.legal_actions())


@pytest.mark.slow
@pytest.mark.parametrize(("name", "n"), CASES, ids=IDS)
def test_replay_reproduces_every_state(name: str, n: int) -> None:
    game = games.get(name)
    for seed in range(max(2, DEEP_SEEDS // 2)):
        state = game.new(n, seed)
        chooser = Rng(seed)
        seen = [quick_print(state)]
        full = {0: snap(state)}
        while not state.is_terminal():
            state.apply(chooser.choice(state.legal_actions()))
            random.random()  # global randomness must not matter
            seen.append(quick_print(state))
            if len(state.history) % 25 == 0:
                full[len(state.history)] = snap(state)
        full[len(state.history)] = snap(state)
        replay = Replay.from_json(json.loads(json.dumps(Replay.from_state(state).to_json())))
        for i, again in enumerate(replay.states(games.get)):
            assert quick_print(again) == seen[i], f"replay diverged at decision {i}"
            if i in full:
                assert snap(again) == full[i], f"replay diverged at decision {i}"
        assert state_digest(replay.run(games.get)) == state_digest(state)


@pytest.mark.slow
@pytest.mark.parametrize(("name", "n"), CASES, ids=IDS)
def test_clone_is_independent(name: str, n: int) -> None:
    for seed in range(DEEP_SEEDS):
        for state in sampled_states(name, n, seed):
            before = snap(state)
            copy = state.clone()
            assert snap(copy) == before
            chooser = Rng(seed)
            while not copy.is_terminal():
                copy.apply(chooser.choice(copy.legal_actions()))
            assert snap(state) == before, "playing on a clone changed the original"
            if not state.is_terminal():
                copy2 = state.clone()
                state_after = state.clone()
                state_after.apply(state_after.legal_actions()[0])
                assert snap(copy2) == before, "playing on the original changed a clone"


@pytest.mark.slow
@pytest.mark.parametrize(("name", "n"), CASES, ids=IDS)
def test_json_round_trip(name: str, n: int) -> None:
    game = games.get(name)
    for seed in range(DEEP_SEEDS):
        for state in sampled_states(name, n, seed):
            loaded = game.from_json(json.loads(json.dumps(state.to_json())))
            assert snap(loaded) == snap(state)
            assert loaded.legal_actions() == state.legal_actions()
            a, b = state.clone(), loaded
            chooser = Rng(seed + 99)
            while not a.is_terminal():
                action = chooser.choice(a.legal_actions())
                a.apply(action)
                b.apply(action)
            assert snap(a) == snap(b)


@pytest.mark.slow
@pytest.mark.parametrize(("name", "n"), CASES, ids=IDS)
def test_illegal_action_raises_and_changes_nothing(name: str, n: int) -> None:
    for seed in range(DEEP_SEEDS):
        for state in sampled_states(name, n, seed):
            before = snap(state)
            for bogus in (Action("no_such_move", (1,)), Action("", ()), ("not", "an action")):
                with pytest.raises(IllegalAction):
                    state.apply(bogus)  # type: ignore[arg-type]
            legal = set(state.legal_actions())
            for other in sampled_states(name, n, seed + 1, points=2):
                for action in other.legal_actions():
                    if action not in legal:
                        with pytest.raises(IllegalAction):
                            state.apply(action)
                        break
            assert snap(state) == before


@pytest.mark.slow
@pytest.mark.parametrize(("name", "n"), CASES, ids=IDS)
def test_observation_reveals_nothing_hidden(name: str, n: int) -> None:
    for seed in range(DEEP_SEEDS):
        for state in sampled_states(name, n, seed):
            for p in [*range(n), None]:
                json.dumps(state.observation(p))
            for p in range(n):
                view = canon(state.observation(p))
                d1 = state.determinize(p, Rng(1))
                d2 = state.determinize(p, Rng(2))
                assert canon(d1.observation(p)) == view, "determinizing changed what the player sees"
                assert canon(d2.observation(p)) == view, "determinizing changed what the player sees"
                mine = [e.to_json() for e in state.events_for(p)]
                assert [e.to_json() for e in d1.events_for(p)] == mine
                if state.current_player == p:
                    assert d1.legal_actions() == state.legal_actions()
                    assert [d1.describe_action(a) for a in d1.legal_actions()] == [
                        state.describe_action(a) for a in state.legal_actions()
                    ]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "n"), CASES, ids=IDS)
def test_determinize_depends_only_on_the_view(name: str, n: int) -> None:
    for seed in range(DEEP_SEEDS):
        for state in sampled_states(name, n, seed, points=2):
            for p in range(n):
                d1 = state.determinize(p, Rng(11))
                d2 = state.determinize(p, Rng(12))
                again = [snap(x.determinize(p, Rng(5))) for x in (state, d1, d2)]
                assert again[0] == again[1] == again[2], "determinize read something the player cannot see"
                assert d1.rng != d2.rng and d1.rng != state.rng, "determinize must reseed the state's RNG"
                chooser = Rng(seed)
                steps = 0
                while not d1.is_terminal():
                    d1.apply(chooser.choice(d1.legal_actions()))
                    steps += 1
                    assert steps <= games.get(name).info.max_decisions


@pytest.mark.parametrize("name", GAMES)
def test_wrong_player_counts_are_refused(name: str) -> None:
    game = games.get(name)
    for bad in (game.info.min_players - 1, game.info.max_players + 1, 0):
        with pytest.raises(BadPlayerCount, match="players"):
            game.new(bad, 0)


@pytest.mark.parametrize("name", GAMES)
def test_same_seed_same_game(name: str) -> None:
    game = games.get(name)
    n = game.info.min_players
    runs = []
    for _ in range(2):
        state = game.new(n, 1234)
        chooser = Rng(5)
        while not state.is_terminal():
            state.apply(chooser.choice(state.legal_actions()))
        runs.append(snap(state))
    assert runs[0] == runs[1]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "n"), CASES, ids=IDS)
def test_determinize_resamples_hidden_information_for_every_seat(name: str, n: int) -> None:
    """Each game hides something (a shuffled deck, a hand), so in every game, for every seat,
    some determinization must differ from the real position in the game's own fields (the base
    fields it resets — RNG, history, events — do not count). A determinize that returns an
    unchanged clone fails here."""
    for seed in range(DEEP_SEEDS):
        unchanged = seats_never_resampled(sampled_states(name, n, seed, points=3), salt=seed)
        assert not unchanged, (
            f"seed {seed}: determinize kept every hidden card in place for seat(s) {sorted(unchanged)} "
            "at every sampled point of the game"
        )


SECRET_GAMES = {"bellum_magica", "magic_master", "monslaught", "nameless_dark_lord"}
"""Games with secret choices (`GameState.secret_choice`): goblins placed face down, heirs,
draft picks and a boss round's summons, sleeves with `sleeve_mode=secret`."""
SECRET_SEEDS = max(2, SEEDS // 20)


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_secret_choices_look_the_same_to_every_other_seat(name: str) -> None:
    """Wherever `secret_choice()` holds, each other seat sees the same new events and the same
    observation whichever action the mover takes (after the rest of the mover's secret run, while
    a secret choice is still pending): a game cannot mark a choice the others see as secret. The
    games with secret choices must meet some in their random games, so the check is never vacuous."""
    game = games.get(name)
    compared = 0
    for options in option_variants(name):
        for n in game.info.player_counts:
            for seed in range(SECRET_SEEDS):
                report = secret_playout(game.new(n, seed, options), seed)
                assert not report.problems, f"{n}p {variant_id(options)} seed {seed}: {report.problems[:3]}"
                compared += report.compared
    if name in SECRET_GAMES or game.state_class.secret_choices:  # a plug-in declares them in its state class
        assert compared, "no random game met a secret choice of two actions before its reveal: nothing was checked"
    else:
        assert not compared, f"{name} has secret choices: list them in its state's secret_choices or in SECRET_GAMES"


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_secret_commitments_are_kept_redrawn_and_revealed_together(name: str) -> None:
    """For each of a game's `secret_choices` (`sabbat.core.secrets`), while open: every commitment
    survives a save and load, a seat's own determinization keeps its own commitment and who has
    chosen, the other seats' are redrawn (somewhere in the random games), and the choice is
    revealed exactly when every seat has chosen, never before and never a decision later. Each
    choice is checked on its own, so one that is redrawn cannot hide another that is not."""
    game = games.get(name)
    if not game.state_class.secret_choices:
        pytest.skip(f"{name} declares no secret_choices")
    for choice in game.state_class.secret_choices:
        kind = type(choice).__name__
        total = CommitmentReport()
        for options in option_variants(name):
            for n in game.info.player_counts:
                for seed in range(SECRET_SEEDS):
                    report = commitment_playout(game.new(n, seed, options), seed, game.from_json, (choice,))
                    assert not report.problems, f"{kind} {n}p {variant_id(options)} seed {seed}: {report.problems[:3]}"
                    total.redrawn += report.redrawn
                    total.reveals += report.reveals
        assert total.reveals, f"no random game revealed a {kind}: nothing was checked"
        assert total.redrawn, f"no determinization redrew another seat's {kind} commitment"


@pytest.mark.parametrize("name", GAMES)
def test_options_are_checked_and_typed(name: str) -> None:
    """Text from the command line becomes the declared type ("false" is False); a misspelt name or a
    value outside the declaration is refused with BadOption before a game starts."""
    game = games.get(name)
    n = game.info.min_players
    with pytest.raises(BadOption, match="unknown option"):
        game.new(n, 0, {"no_such_option_xyz": "1"})
    for key, option in game.info.options.items():
        if option.kind == "bool":
            assert game.new(n, 0, {key: "false"}).options[key] is False
            assert game.new(n, 0, {key: "true"}).options[key] is True
            bad: object = "maybe"
        elif option.kind == "choice":
            for value in option.choices:
                assert game.new(n, 0, {key: value}).options[key] == value
            bad = "not-" + "-".join(option.choices)
        else:
            assert game.new(n, 0, {key: str(option.default)}).options[key] == option.default
            bad = (option.maximum + 1) if option.maximum is not None else "many"
        with pytest.raises(BadOption, match=key):
            game.new(n, 0, {key: bad})


def test_a_false_spirit_trade_stays_off_and_a_misspelling_is_refused() -> None:
    game = games.get("mystic_vale")
    assert game.new(2, 0, {"german_spirit_trade": "false"}).options["german_spirit_trade"] is False
    assert game.new(2, 0, {"german_spirit_trade": "False"}).options["german_spirit_trade"] is False
    with pytest.raises(BadOption, match="german_sprit_trade"):
        game.new(2, 0, {"german_sprit_trade": "true"})
