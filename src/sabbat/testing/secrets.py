"""Secret choices really are secret: the other seats see the same whichever action is taken.

Why: ISMCTS plays an opponent's run of secret decisions (`GameState.secret_choice`) as one
unseen move, so its player's later decisions cannot depend on them. A game that marks as
secret a choice the others do see would make the search blind to what its player knows, and
model that opponent worse for nothing. A run that ends the secret phase may reveal it (that is
what the end of the phase is for), so only runs after which a secret choice is still pending
are compared.

`commitment_playout` checks the mechanic itself (`sabbat.core.secrets`) for a game that declares
its `secret_choices`: commitments survive a save, a seat's own determinization keeps its own
commitment and who has chosen, the others' are redrawn, and the reveal comes exactly when every
seat has chosen.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from sabbat.core import Action, Game, GameState, Rng
from sabbat.core.secrets import SecretChoice

from .playout import option_variants, variant_id
from .problem import Problem
from .settings import Settings


@dataclass
class SecretReport:
    """What the secret choices of some random games showed."""

    problems: list[str] = field(default_factory=list)
    compared: int = 0
    """Secret choices where two or more actions were played and compared before any reveal."""


def _canon(data: Any) -> str:
    return json.dumps(data, sort_keys=True, ensure_ascii=False)


def finish_run(world: GameState, mover: int, chooser: Rng) -> None:
    """Play on at random while `mover` still has secret decisions to make (its whole secret move)."""
    while world.current_player == mover and world.secret_choice():
        world.apply(chooser.choice(world.legal_actions()))


def check_secret_choice(state: GameState, chooser: Rng, report: SecretReport) -> None:
    """Play each legal action of `state`'s secret choice and the rest of the mover's run; where a
    secret choice is still pending afterwards, every other seat must see the same new events and
    the same observation whichever action was taken."""
    mover = state.current_player
    if mover is None:
        raise ValueError("a finished game has no secret choice to check")
    seen = len(state.events)
    others = [q for q in range(state.num_players) if q != mover]
    first: tuple[Action, list[str]] | None = None
    compared = False
    for action in state.legal_actions():
        world = state.clone()
        world.apply(action)
        finish_run(world, mover, chooser)
        if not world.secret_choice():
            continue
        view = [_canon(([e.to_json() for e in world.events[seen:] if e.visible_to(q)], world.observation(q)))
                for q in others]
        if first is None:
            first = (action, view)
            continue
        compared = True
        for q, theirs, mine in zip(others, first[1], view, strict=True):
            if theirs != mine:
                report.problems.append(
                    f"{state.game_id} decision {len(state.history)}: P{q + 1} can tell P{mover + 1}'s secret "
                    f"'{first[0].notation()}' from '{action.notation()}'"
                )
                return
    report.compared += compared


def secret_playout(state: GameState, seed: int) -> SecretReport:
    """Play `state` on at random to the end, checking every secret choice of two or more actions."""
    chooser = Rng(seed)
    runs = Rng(seed + 1)
    report = SecretReport()
    while not state.is_terminal():
        if state.secret_choice() and len(state.legal_actions()) > 1:
            check_secret_choice(state, runs, report)
        state.apply(chooser.choice(state.legal_actions()))
    return report


@dataclass
class CommitmentReport:
    """What the commitments of a game's `secret_choices` showed over some random games."""

    problems: list[str] = field(default_factory=list)
    redrawn: int = 0
    """Determinizations in which another seat's unrevealed commitment came out different."""
    reveals: int = 0
    """Choices that closed, each checked to close exactly when every seat had chosen."""


Load = Callable[[dict[str, Any]], GameState]
"""Rebuilds a state from its `to_json()` (a game's `from_json`)."""


def _commitment_problems(state: GameState, choice: SecretChoice[Any], load: Load, probe: Rng,
                         report: CommitmentReport) -> None:
    """One open choice at one decision: save/load keeps every commitment, a seat's own
    determinization keeps its own and the public "has chosen", the others' are redrawn."""
    where = f"{state.game_id} decision {len(state.history)}"
    seats = list(choice.seats(state))
    mine = [choice.commitment(state, p) for p in seats]
    chosen = [choice.has_chosen(state, p) for p in seats]
    if all(chosen):
        report.problems.append(f"{where}: every seat has chosen but nothing is revealed")
    loaded = load(state.to_json())
    if [choice.commitment(loaded, p) for p in seats] != mine or not choice.is_open(loaded):
        report.problems.append(f"{where}: a save and load changed the unrevealed commitments")
    for viewer in seats:
        world = state.determinize(viewer, Rng(probe.next_u64()))
        if [choice.has_chosen(world, p) for p in seats] != chosen:
            report.problems.append(f"{where}: P{viewer + 1}'s determinization changed who has chosen")
        if choice.commitment(world, viewer) != mine[seats.index(viewer)]:
            report.problems.append(f"{where}: P{viewer + 1}'s determinization changed its own commitment")
        report.redrawn += any(choice.commitment(world, p) != mine[i]
                              for i, p in enumerate(seats) if p != viewer and chosen[i])


def commitment_playout(state: GameState, seed: int, load: Load,
                       choices: Sequence[SecretChoice[Any]] | None = None) -> CommitmentReport:
    """Play `state` on at random to the end, checking each of its `secret_choices` (or only
    `choices`) while open (`_commitment_problems`) and, when one closes, that every seat had
    chosen by then."""
    chooser = Rng(seed)
    probe = Rng(seed + 2)
    report = CommitmentReport()
    checked = state.secret_choices if choices is None else choices
    while not state.is_terminal():
        was_open = [c for c in checked if c.is_open(state)]
        for choice in was_open:
            _commitment_problems(state, choice, load, probe, report)
        state.apply(chooser.choice(state.legal_actions()))
        for choice in was_open:
            if not choice.is_open(state):
                report.reveals += 1
                if not all(choice.has_chosen(state, p) for p in choice.seats(state)):
                    report.problems.append(f"{state.game_id} decision {len(state.history) - 1}: "
                                           "revealed before every seat had chosen")
        if len(report.problems) > 5:
            break
    return report


def declares_secrets(game: Game) -> bool:
    """Whether the game says it has secret choices: it lists `secret_choices` in its state class,
    or its state overrides `secret_choice()` itself."""
    cls = game.state_class
    return bool(cls.secret_choices) or cls.secret_choice is not GameState.secret_choice


def secret_choices(game: Game, n: int | None, settings: Settings) -> None:
    """Wherever `secret_choice()` holds, each other seat sees the same new events and the same
    observation whichever action the mover takes (after the rest of the mover's secret run, while
    a secret choice is still pending): a game cannot mark a choice the others see as secret. A
    game that declares secret choices must meet some in its random games, and one that declares
    none must meet none, so the check is never vacuous."""
    compared = 0
    for options in option_variants(game):
        for count in game.info.player_counts:
            for seed in range(settings.variants):
                report = secret_playout(game.new(count, seed, options), seed)
                if report.problems:
                    raise Problem(f"{count}p {variant_id(options)} seed {seed}: {report.problems[:3]}")
                compared += report.compared
    if declares_secrets(game) and not compared:
        raise Problem("no random game met a secret choice of two actions before its reveal: nothing was checked")
    if not declares_secrets(game) and compared:
        raise Problem("the game has secret choices: declare them in its state's secret_choices")


def commitments(game: Game, n: int | None, settings: Settings) -> None:
    """For each of a game's `secret_choices` (`sabbat.core.secrets`), while open: every commitment
    survives a save and load, a seat's own determinization keeps its own commitment and who has
    chosen, the other seats' are redrawn (somewhere in the random games), and the choice is
    revealed exactly when every seat has chosen, never before and never a decision later. Each
    choice is checked on its own, so one that is redrawn cannot hide another that is not."""
    for choice in game.state_class.secret_choices:
        kind = type(choice).__name__
        total = CommitmentReport()
        for options in option_variants(game):
            for count in game.info.player_counts:
                for seed in range(settings.variants):
                    report = commitment_playout(game.new(count, seed, options), seed, game.from_json, (choice,))
                    if report.problems:
                        raise Problem(f"{kind} {count}p {variant_id(options)} seed {seed}: {report.problems[:3]}")
                    total.redrawn += report.redrawn
                    total.reveals += report.reveals
        if not total.reveals:
            raise Problem(f"no random game revealed a {kind}: nothing was checked")
        if not total.redrawn:
            raise Problem(f"no determinization redrew another seat's {kind} commitment")
