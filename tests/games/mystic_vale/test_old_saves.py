"""A save written by the code before the package rework still loads and plays on.

Why: saved games name the state class and its enums by module (`module:Class`); moving them would
break every save a person kept. The file holds a 3-player game (German spirit trade on) in round 13,
in the third seat's harvest with a harvest ability still to resolve, written at commit 74f7fd8. Played on
with the same chooser it ends as recorded, for the shipped card file: the end was recorded again when
Spirit Lantern's, Sprouting Grove's and Sky Grove's values changed, and again when Sprouting
Grove lost its growth symbol (strong search), since a card value changes how the game goes on.
"""

from __future__ import annotations

import json
from pathlib import Path

from sabbat.core import Rng
from sabbat.games.mystic_vale import GAME, Phase

SAVE = Path(__file__).with_name("mv_save_round13.json")


def test_a_save_from_before_the_rework_loads_as_it_was_written_and_plays_to_the_recorded_end():
    data = json.loads(SAVE.read_text(encoding="utf-8"))
    state = GAME.from_json(data)
    assert state.to_json() == data
    assert state.phase is Phase.HARVEST and state.todo == [182] and state.turns_taken // 3 + 1 == 13
    chooser = Rng(3)
    while not state.is_terminal():
        assert state.check_invariants() == []
        state.apply(chooser.choice(state.legal_actions()))
    assert state.summary()["end"] == "vp_pool"
    assert state.scores() == [36, 14, 13] and state.winners() == [0] and state.turns_taken == 96
