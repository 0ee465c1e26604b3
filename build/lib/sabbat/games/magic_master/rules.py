"""The pending decision: its legal actions and what an action does, handed to the phase's module.

Why a module of its own: the contract adapter (state.py) points its hooks straight at these two
functions, and the modules that own the phases never need to know each other.
"""

from __future__ import annotations

from sabbat.core import Action

from . import combat, regroup, setup
from .model import CHOOSE_HEIR_PHASE, REGROUP_PHASE, Position


def legal(s: Position) -> list[Action]:
    ph = s.phase
    if ph is REGROUP_PHASE:
        return regroup.legal(s)
    if ph is CHOOSE_HEIR_PHASE:
        return setup.heir_actions(s)
    return combat.legal(s)


def apply(s: Position, action: Action) -> None:
    ph = s.phase
    if ph is REGROUP_PHASE:
        regroup.apply(s, action)
    elif ph is CHOOSE_HEIR_PHASE:
        setup.apply_heir(s, action)
    else:
        combat.apply(s, action)
