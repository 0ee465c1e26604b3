"""The RL encoding: the action layout (`LAYOUT`); the observation layout is `encode.json`."""

from __future__ import annotations

from sabbat.core.layout import Ints, Kind

from .model import CARDS

LAYOUT: list[Kind] = [("play", (Ints(CARDS[0], CARDS[-1], "card"),))]
"""The action-id layout (sabbat.core.layout): append only."""

# encode.json was written by `python -m sabbat.rl.specgen higher_card`, plus the `trick[*].card`
# slice by hand: specgen samples every fourth decision, which in a two-card trick is always
# between tricks, so it never saw a led card.
