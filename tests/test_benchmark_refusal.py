"""The refusal test (benchmarks/refusal.py): the refusing seat never takes the card unless nothing else
is legal, the other seats still do, an unknown card is refused by name, and the JSON holds every figure."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from sabbat import games
from sabbat.core import Action
from tests.support.scripts import load_script


class Shown:
    """A stand-in heuristic that plays the first action it is shown and remembers what it was shown."""

    name = "shown"

    def __init__(self) -> None:
        self.seen: tuple[Action, ...] = ()

    def choose(self, state: Any) -> Action:
        self.seen = state.legal_actions()
        return self.seen[0]


def test_the_refuser_is_shown_every_legal_action_but_those_that_take_the_card() -> None:
    refusal = load_script("benchmarks/refusal.py")
    state = games.get("monslaught").new(2, 0)
    legal = state.legal_actions()
    card = str(next(a for a in legal if a.kind == "pick").args[0])
    refuser = refusal.Refuser("monslaught", 1, card)
    refuser.inner = shown = Shown()
    choice = refuser.choose(state)
    assert shown.seen == tuple(a for a in legal if a != Action("pick", (card,)))
    assert choice != Action("pick", (card,))
    assert state.legal_actions() == legal and "legal_actions" not in vars(state)  # the state's own method again


def test_the_refuser_takes_the_card_when_nothing_else_is_legal() -> None:
    refusal = load_script("benchmarks/refusal.py")
    only = (Action("scout_land", ("mountain",)), Action("take_land", ("mountain",)))

    class Cornered:
        current_player = 0

        def legal_actions(self) -> tuple[Action, ...]:
            return only

    refuser = refusal.Refuser("monslaught", 1, "mountain")
    refuser.inner = shown = Shown()
    assert refuser.choose(Cornered()) == only[0] and shown.seen == only


def _buying_state() -> Any:
    """A two-player Mystic Vale deal played by the heuristic up to a harvest in which Fertile Soil can be bought."""
    state = games.get("mystic_vale").new(2, 3)
    heuristic = games.get("mystic_vale").heuristic_agent(3)
    assert heuristic is not None
    while not any(a.kind == "soil" for a in state.legal_actions()):
        state.apply(heuristic.choose(state))
    return state


def test_a_refusing_search_refuses_at_the_root_and_in_its_own_playouts_only() -> None:
    refusal = load_script("benchmarks/refusal.py")
    state = _buying_state()
    legal = state.legal_actions()
    taking = {a for a in legal if refusal.takes_card("mystic_vale", state, a, "fertile_soil")}
    assert taking and len(taking) < len(legal)
    refuser = refusal.Refuser("mystic_vale", 1, "fertile_soil", "rollout:16")
    assert refuser.name == "refuser:fertile_soil@rollout:16"
    assert refuser.choose(state) not in taking and refuser.seat == state.current_player
    assert state.legal_actions() == legal and "legal_actions" not in vars(state)
    playout = refuser.inner.policy(7)
    playout.policy = shown = Shown()
    playout.choose(state)
    assert set(shown.seen) == set(legal) - taking  # the refusing seat's own move in a playout
    refuser.seat = 1 - state.current_player
    playout.choose(state)
    assert shown.seen == legal  # another seat's move: everything
    with pytest.raises(ValueError, match="random is not a rollout search"):
        refusal.Refuser("mystic_vale", 1, "fertile_soil", "random")


@pytest.mark.slow
def test_a_search_refusal_run_seats_the_search_everywhere_and_never_takes_the_card(tmp_path: Path) -> None:
    refusal = load_script("benchmarks/refusal.py")
    out = tmp_path / "refusal.json"
    argv = ["mystic-vale", "fertile_soil", "--players", "2", "--games", "2", "--agent", "rollout:4", "--out", str(out)]
    assert refusal.main(argv) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["agents"].startswith("one seat refuser:fertile_soil@rollout:4 (rollout:4, never taking it)")
    f = data["by_players"]["2p"]
    assert f["games"] == 2 and f["refuser_took"] == 0 and f["others_took"] > 0
    assert f["command"].endswith("--agent rollout:4")


def test_the_refusing_seat_never_takes_the_card_and_the_others_do(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    refusal = load_script("benchmarks/refusal.py")
    out = tmp_path / "refusal.json"
    assert refusal.main(["monslaught", "mountain", "--players", "2", "--games", "4", "--out", str(out)]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["game"] == "monslaught" and data["card"] == "mountain" and data["cards"] == "shipped"
    f = data["by_players"]["2p"]
    assert set(f) >= {"games", "refuser_win_share", "refuser_interval", "fair", "cost_points",
                      "cost_interval_points", "refuser_took", "others_took", "others_seat_games", "verdict",
                      "command"}
    assert f["games"] == 4 and f["fair"] == 0.5 and f["others_seat_games"] == 4
    assert f["refuser_took"] == 0 and f["others_took"] >= 3  # a Mountain is taken by nearly every seat
    lo, hi = f["refuser_interval"]
    assert lo <= f["refuser_win_share"] <= hi
    assert f["cost_points"] == pytest.approx(100 * (0.5 - f["refuser_win_share"]), abs=0.05)
    assert f["cost_interval_points"] == pytest.approx([100 * (0.5 - hi), 100 * (0.5 - lo)], abs=0.1)
    assert f["verdict"] in ("must-take", "not a must-take") and f["verdict"] in capsys.readouterr().out


@pytest.mark.parametrize("game_id", ["mystic_vale", "nameless_dark_lord", "monslaught", "bellum_magica", "magic_master"])
def test_in_every_game_the_refuser_never_takes_the_card_the_heuristic_takes_most(game_id: str) -> None:
    refusal = load_script("benchmarks/refusal.py")
    refusal.register()
    n = min(games.get(game_id).info.player_counts)
    plain = next(refusal.run_jobs(refusal.plan(game_id, n, ["heuristic"], 1, 5, {})))
    card = Counter(c for seat in plain.stats["acquired"] for c in seat).most_common(1)[0][0]
    records = list(refusal.run_jobs(refusal.plan(game_id, n, [refusal.refuser_name(card), "heuristic"], 3, 0, {})))
    f = refusal.figures(records, card, refusal.Targets())
    assert f["refuser_took"] == 0 and f["others_took"] > 0, card


def test_the_verdict_needs_a_cost_over_15_points_with_an_interval_clear_of_0() -> None:
    refusal = load_script("benchmarks/refusal.py")
    targets = refusal.Targets()

    def verdict(wins: int, games: int) -> str:
        records = [_record(refusal, seat_won=i < wins) for i in range(games)]
        return str(refusal.figures(records, "mountain", targets)["verdict"])

    assert verdict(10, 100) == "must-take"  # 10 %: 40 points under the fair 50 %
    assert verdict(40, 100) == "not a must-take"  # 10 points: under the line
    assert verdict(1, 4) == "not a must-take"  # 25 points, but 4 games cannot exclude 0


def _record(refusal: Any, seat_won: bool) -> Any:
    return refusal.GameRecord(game="monslaught", num_players=2, seed=0, agents=["refuser:mountain", "heuristic"],
                              winners=[0 if seat_won else 1], scores=[0, 0], decisions=0, replay={},
                              stats={"acquired": [[], ["mountain"]]})


def test_an_unknown_card_is_refused_with_the_ids_it_may_have_meant(capsys) -> None:  # type: ignore[no-untyped-def]
    refusal = load_script("benchmarks/refusal.py")
    assert refusal.main(["monslaught", "grimoir", "--players", "2", "--games", "1"]) == 2
    captured = capsys.readouterr()
    assert "monslaught has no card 'grimoir'" in captured.err and "grimoire" in captured.err
    assert captured.out == ""  # nothing was played
    with pytest.raises(refusal.UnknownCard, match="its cards include"):
        refusal.check_card("monslaught", "zzzz", {})
