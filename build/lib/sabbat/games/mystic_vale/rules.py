"""What knows no position: the phases, the rulebook's thresholds and the safety caps.

Why here: the position (model.py), every rule module and the contract adapter read these, so they
sit below them all.
"""

from __future__ import annotations

from enum import IntEnum

from sabbat.core import codec

NS = "mystic_vale"
VALE_SRC = 10_000
"""Harvest-ability source codes: sleeve * 4 + slot (slot 3 = the banner), or VALE_SRC + vale card id."""
SPOIL_AT = 4
"""Effective decay at which a push (or prep) spoils."""
PREP_STOP_AT = 3
"""Effective decay at which prep stops filling the field."""
MAX_ROUNDS = 60
DECISION_CAP = 1500
"""Safety caps (never reached by sensible play); see docs, ruling E-1."""

SAVED_MODULE = f"sabbat.games.{NS}.state"
"""Saved states name the phase enum by the module that first defined it; keeping the name keeps old
save files and the fingerprint valid."""


@codec.serializable
class Phase(IntEnum):
    """Which part of the turn is waiting for the turn player."""

    __module__ = SAVED_MODULE
    PLANT = 0
    HARVEST = 1
    SLEEVE = 2
    OVER = 3


# Enum members as module constants: an attribute lookup on the enum costs more than a global.
PLANT_PHASE = Phase.PLANT
HARVEST_PHASE = Phase.HARVEST
SLEEVE_PHASE = Phase.SLEEVE
OVER_PHASE = Phase.OVER

ONGOING_HARVEST: dict[str, str] = {"harvest_mana": "mana", "harvest_wild": "wild"}
"""Ongoing harvest bonuses need no handler: the position totals them into a cache (mana or wild
spirit, `Position.recompute_ongoing`) applied at the start of every harvest."""
