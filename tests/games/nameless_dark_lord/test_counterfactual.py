"""benchmarks/counterfactual.py: each study-only patch switches its rule off inside the block and
puts the game back on leaving, and the run's figures come from balance.py's checker."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sabbat.games.nameless_dark_lord import GAME, bidding, dealing, rounds
from sabbat.games.nameless_dark_lord.model import Phase
from sabbat.games.nameless_dark_lord.state import NdlState
from tests.support.scripts import load_script


def _originals() -> tuple[object, ...]:
    return NdlState.winners, rounds.begin_round, dealing.begin_round, bidding._priority


def _tied_ending() -> NdlState:
    """B and G tied at 2 VP (a Fishing Village each) at the end of round 7."""
    from tests.games.nameless_dark_lord.ndl_support import B, G, add, new

    s = new(4)
    for p in (B, G):
        add(s, p, "fishing_village")
    s.round, s.phase = 7, Phase.OVER
    return s


def test_red_throne_tie_patch_shares_the_tie_only_inside_the_block() -> None:
    cf = load_script("benchmarks/counterfactual.py")
    before = _originals()
    s = _tied_ending()
    assert len(s.winners()) == 1
    with cf.switched_off("nameless_dark_lord", ["red-throne-tie"]):
        assert sorted(s.winners()) == [1, 3]
    assert s.winners() == [1] and _originals() == before


def test_start_rotation_patch_moves_the_round_one_start_but_not_the_red_throne() -> None:
    cf = load_script("benchmarks/counterfactual.py")
    with cf.switched_off("nameless_dark_lord", ["start-rotation"]):
        games = [GAME.new(4, seed) for seed in range(12)]
        again = [GAME.new(4, seed) for seed in range(12)]
    assert any(s.current_player != s.red for s in games)  # the start is drawn, not the Red Throne's
    assert [s.current_player for s in games] == [s.current_player for s in again]  # fixed by the seed
    assert all(s.summary()["start_player"] == s.red for s in games)
    assert all(GAME.new(4, seed).current_player == GAME.new(4, seed).red for seed in range(12))


def _round_two(s: NdlState) -> NdlState:
    while s.round < 2:
        s.apply(s.legal_actions()[0])
    return s


def test_red_throne_starts_patch_draws_only_round_one() -> None:
    cf = load_script("benchmarks/counterfactual.py")
    with cf.switched_off("nameless_dark_lord", ["red-throne-starts"]):
        games = [GAME.new(4, seed) for seed in range(12)]
        starts = [s.turn for s in games]
        later = [_round_two(s).turn for s in games]
    assert any(start != s.red for start, s in zip(starts, games, strict=True))
    assert later == [(s.red + 1) % 4 for s in games]  # round 2 starts at seat 2 as in the rulebook


def test_patches_are_removed_after_an_error_and_unknown_rules_are_refused() -> None:
    cf = load_script("benchmarks/counterfactual.py")
    before = _originals()
    with pytest.raises(RuntimeError), cf.switched_off("nameless_dark_lord", list(cf.PATCHES["nameless_dark_lord"])):
        assert _originals() != before
        raise RuntimeError
    assert _originals() == before
    with pytest.raises(ValueError, match="no-such-rule"):
        with cf.switched_off("nameless_dark_lord", ["red-throne-tie", "no-such-rule"]):
            pass
    assert _originals() == before
    assert cf.main(["nameless-dark-lord", "no-such-rule"]) == 2


def test_a_run_writes_balance_figures_and_names_the_rule(tmp_path: Path) -> None:
    cf = load_script("benchmarks/counterfactual.py")
    before = _originals()
    out = tmp_path / "cf.json"
    args = ["nameless-dark-lord", "red-throne-tie,power-tie-front-unit", "--players", "3", "--games", "3",
            "--cards-shown", "0", "--out", str(out)]
    assert cf.main(args) == 0
    result = json.loads(out.read_text(encoding="utf-8"))
    assert set(result["switched_off"]) == {"red-throne-tie", "power-tie-front-unit"}
    figures = result["by_players"]["3p"]
    assert figures["games"] == 3 and abs(sum(figures["position_share_from_start"]) - 1) < 1e-9
    assert _originals() == before
