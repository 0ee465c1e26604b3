"""The checks of what a game records about itself: its rules digest per rules version, and the
Gymnasium environment's first observation."""

from __future__ import annotations

from sabbat.core import Game

from .digest import COMMAND, record_path, recorded, rules_digest
from .problem import Problem
from .settings import Settings


class Skipped(Exception):
    """A check that cannot run here (an extra is not installed); `check_game` reports it as skipped."""


def rules_version(game: Game, n: int | None, settings: Settings) -> None:
    """The game plays exactly as its `rules_version` recorded (`rules_digests.json` in its package):
    a change of play (legal actions, results, saved states, card data) without a new rules version
    would make stored tables replay differently."""
    version = game.info.rules_version
    state = game.new(game.info.min_players, 1)
    if state.rules_version != version:
        raise Problem(f"the state says rules version {state.rules_version!r}, the game {version!r}")
    want = recorded(game).get(version)
    if want is None:
        raise Problem(f"{record_path(game)} records no digest for rules version {version!r}: record it with "
                      f"`{COMMAND.format(game=game.info.id)}`")
    got = rules_digest(game)
    if got != want:
        raise Problem(f"the game plays differently from what rules version {version!r} recorded: bump its "
                      f"rules_version and record the new digest (`{COMMAND.format(game=game.info.id)}`)")


def rl_reset(game: Game, n: int, settings: Settings) -> None:
    """`rl.gym_env(...).reset()` hands the learner a game it can play: never a finished one, and
    always at least one legal action, whichever seat learns and whatever the opponents do first."""
    try:
        from sabbat import rl
    except ImportError as exc:  # the rl extra is not installed
        raise Skipped(f"sabbat.rl needs the rl extra ({exc})") from exc
    try:
        envs = [rl.gym_env(game.info.id, n, opponents=["random"], seat=seat) for seat in range(n)]
    except rl.NotInLayout as exc:
        raise Skipped(f"the game has no RL layout: {exc}") from exc
    for env in envs:
        for seed in range(2 * settings.deep):
            obs, _ = env.reset(seed=seed)
            assert env.state is not None
            if env.state.is_terminal():
                raise Problem(f"seat {env.seat} seed {seed}: reset() returned a finished game")
            if not obs["action_mask"].any():
                raise Problem(f"seat {env.seat} seed {seed}: reset() returned no legal action for the learner")
