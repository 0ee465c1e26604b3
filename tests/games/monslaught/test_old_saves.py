"""A save written by the code before the package rework still loads and plays on.

Why: saved games name the state class and its enums by module (`module:Class`); moving them would
break every save a person kept. The file holds a 3-player game in round 7 (a boss round) in the
middle of the hidden summon phase (a summon being paid for), written at commit 7f55fad under rules
version 1; the tests load it with today's version stamp (`old_save`), and check that the file as written
is refused with a message naming both versions.
"""

from __future__ import annotations

import pytest

from sabbat.core import Rng
from sabbat.core.errors import SaveFileError
from sabbat.games.monslaught import GAME
from sabbat.games.monslaught.model import Phase
from tests.games.monslaught.monslaught_helpers import old_save


def test_a_save_from_before_the_rework_loads_as_it_was_written_and_plays_to_the_end():
    data = old_save()
    state = GAME.from_json(data)
    saved = state.to_json()
    assert saved["state"]["f"].pop("offered") == [0, 0, 0]  # added since, empty for an old game
    assert saved["state"]["f"].pop("options") == {"second_place": "qualified", "refill_hand": "uncapped",
                                                  "boss1_tie": "start_player"}  # defaults kept since
    saved["state"]["f"]["options"] = data["state"]["f"]["options"]
    for seat in saved["state"]["f"]["seats"] + saved["state"]["f"]["fog"]:  # a count then, the cards since
        assert seat["f"]["taken"] == []
        seat["f"]["taken"] = 0
    assert saved == data
    assert state.round == 7 and state.phase is Phase.PAY and state.secret_choice()
    chooser = Rng(3)
    while not state.is_terminal():
        assert state.check_invariants() == []
        state.apply(chooser.choice(state.legal_actions()))
    assert state.summary()["end"] == "final_boss"


def test_a_save_from_rules_version_1_is_refused_with_both_versions_named():
    with pytest.raises(SaveFileError, match="rules version 1; this sabbat has '4'"):
        GAME.from_json(old_save(restamp=False))
