"""The game author's kit: every check sabbat runs on its own games, for any game.

    >>> from sabbat.testing import check_game
    >>> check_game("my_game")          # raises CheckFailed naming the check that failed

`check_game` plays many random games of every player count and option value and checks the
contract (endings, replays, saves, clones, illegal input, options, determinizations), hidden
information (each seat's and the spectator's view, events, action texts, errors, the server's
frames), secret choices, the Gymnasium environment's reset and the recorded rules digest.
docs/adding-a-game.md says what each check catches. Under pytest, the `sabbat_check` fixture runs
each check as a test of its own (`sabbat.testing.plugin`).

Why here and not in sabbat's tests: a game shipped as its own distribution needs the same checks
without a checkout of sabbat. Nothing in sabbat imports this package; it imports the server's view
builder and the RL environments only inside the checks that need them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from sabbat.core import Game

from . import conformance, hidden, secrets, versions
from .problem import CheckFailed, Problem, resolve
from .settings import Settings
from .versions import Skipped


@dataclass(frozen=True)
class Check:
    """One named check; `per_count` ones run at every player count, the others once per game."""

    name: str
    run: Callable[[Game, Any, Settings], None]
    """Called with the game, the player count (None for a check made once per game) and the settings."""
    per_count: bool = True

    @property
    def doc(self) -> str:
        """What the check catches: the first paragraph of its function's docstring."""
        return " ".join((self.run.__doc__ or "").split("\n\n")[0].split())


CHECKS: tuple[Check, ...] = (
    Check("playouts", conformance.playouts),
    Check("option-variants", conformance.variants),
    Check("actions", conformance.actions),
    Check("replays", conformance.replays),
    Check("clones", conformance.clones),
    Check("saves", conformance.saves),
    Check("illegal-actions", conformance.illegal_actions),
    Check("determinize-view", conformance.determinize_view),
    Check("determinize-resamples", conformance.determinize_resamples),
    Check("player-counts", conformance.player_counts, per_count=False),
    Check("same-seed", conformance.same_seed, per_count=False),
    Check("options", conformance.options, per_count=False),
    Check("hidden-seat-views", hidden.seat_views),
    Check("hidden-spectator", hidden.spectator_view),
    Check("hidden-events", hidden.events),
    Check("hidden-frames", hidden.frames),
    Check("secret-choices", secrets.secret_choices, per_count=False),
    Check("secret-commitments", secrets.commitments, per_count=False),
    Check("rl-reset", versions.rl_reset),
    Check("rules-version", versions.rules_version, per_count=False),
)
"""Every check, cheapest first: `check_game` stops at the first that fails."""

NAMES = tuple(c.name for c in CHECKS)


@dataclass
class Report:
    """What `check_game` ran: the checks that held, and those skipped (with why)."""

    passed: list[str] = field(default_factory=list)
    skipped: dict[str, str] = field(default_factory=dict)


def run_check(check: str | Check, game: Game | str, *, seeds: int = Settings.seeds,
              players: Iterable[int] | None = None) -> str | None:
    """Run one check on `game` (at `players`, by default every count it allows); CheckFailed naming
    it when it fails; the reason when it cannot run here (an extra missing), else None."""
    found = check if isinstance(check, Check) else _named(check)
    the_game = resolve(game)
    settings = Settings(seeds)
    counts = list(the_game.info.player_counts if players is None else players)
    try:
        for n in counts if found.per_count else [None]:
            _run_at(found, the_game, n, settings)
    except Skipped as why:
        return str(why)
    return None


def _run_at(check: Check, game: Game, n: int | None, settings: Settings) -> None:
    where = game.info.id if n is None else f"{game.info.id} {n}p"
    try:
        check.run(game, n, settings)
    except Skipped:
        raise
    except Problem as problem:
        raise CheckFailed(check.name, f"{where}: {problem}") from problem
    except Exception as exc:
        raise CheckFailed(check.name, f"{where}: {type(exc).__name__}: {exc}") from exc


def _named(name: str) -> Check:
    for check in CHECKS:
        if check.name == name:
            return check
    raise ValueError(f"no check {name!r}; the checks are {', '.join(NAMES)}")


def check_game(game: Game | str, *, seeds: int = Settings.seeds, players: Iterable[int] | None = None,
               checks: Iterable[str] | None = None, skip: Iterable[str] = ()) -> Report:
    """Run the kit's checks on `game` (a Game or a registered game's id): all of them, or `checks`,
    less `skip`. `seeds` random games per player count (the costly checks play fewer); `players`
    limits the player counts. Raises CheckFailed (an AssertionError) naming the first failed check;
    returns what ran and what was skipped otherwise.

    The game must be registered (installed with its `sabbat.games` entry point) for the checks that
    go through the server or the RL environments."""
    wanted = [_named(name) for name in (NAMES if checks is None else checks) if name not in set(skip)]
    counts = None if players is None else list(players)
    report = Report()
    for check in wanted:
        why = run_check(check, game, seeds=seeds, players=counts)
        if why is None:
            report.passed.append(check.name)
        else:
            report.skipped[check.name] = why
    return report


__all__ = ["CHECKS", "NAMES", "Check", "CheckFailed", "Problem", "Report", "Settings", "check_game", "run_check"]
