"""benchmarks/balance.py passes game options (a study variant that switches a rule off) through to
every game it plays, records them in its figures, and refuses an option the game does not declare."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support.scripts import load_script


def test_an_option_reaches_the_games_and_the_figures(tmp_path: Path) -> None:
    balance = load_script("benchmarks/balance.py")
    out = tmp_path / "b.json"
    args = ["nameless-dark-lord", "--option", "red_throne_tie=shared", "-o", "power_tie=lot", "--players", "3",
            "--games", "3", "--cards-shown", "0", "--out", str(out)]
    assert balance.main(args) == 0
    result = json.loads(out.read_text(encoding="utf-8"))
    assert result["options"] == {"red_throne_tie": "shared", "power_tie": "lot"}
    figures = result["by_players"]["3p"]
    assert figures["games"] == 3 and abs(sum(figures["position_share_from_start"]) - 1) < 1e-9


@pytest.mark.parametrize("item, message", [("no_such_rule=1", "unknown option"),
                                           ("power_tie=maybe", "front_unit, lot"),
                                           ("power_tie", "NAME=VALUE")])
def test_a_bad_option_is_refused_before_any_game(item: str, message: str) -> None:
    balance = load_script("benchmarks/balance.py")
    with pytest.raises(SystemExit, match=message):
        balance.main(["nameless-dark-lord", "--option", item, "--games", "1"])
