"""Secret choices really are secret: the other seats see the same whichever action is taken.

Why: ISMCTS plays an opponent's run of secret decisions (`GameState.secret_choice`) as one
unseen move, so its player's later decisions cannot depend on them. A game that marks as
secret a choice the others do see would make the search blind to what its player knows, and
model that opponent worse for nothing. A run that ends the secret phase may reveal it (that is
what the end of the phase is for), so only runs after which a secret choice is still pending
are compared.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from sabbat.core import Action, GameState, Rng


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
    assert mover is not None
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
