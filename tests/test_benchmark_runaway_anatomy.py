"""The runaway anatomy (benchmarks/runaway_anatomy.py): replayed score sources add up to the recorded
scores, the round-by-round points end at them, buys are the seat's acquisitions, and other games are refused."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from sabbat import games
from sabbat.core.replay import Replay
from sabbat.games.mystic_vale.model import Position
from sabbat.sim.runner import play_game
from sabbat.sim.targets import Targets, runaway
from tests.support.scripts import load_script


def _write(path: Path, game: str, players: int, seeds: range) -> list:
    records = [play_game(game, players, seed, ["heuristic"] * players)[0] for seed in seeds]
    path.write_text("".join(json.dumps(r.to_json()) + "\n" for r in records), encoding="utf-8")
    return records


@pytest.mark.slow
def test_replayed_sources_and_buys_agree_with_the_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    anatomy = load_script("benchmarks/runaway_anatomy.py")
    path = tmp_path / "games.jsonl"
    records = _write(path, "mystic-vale", 3, range(2))
    found = list(anatomy.read(path))
    for record, game in zip(records, found, strict=True):
        assert game.totals == [int(x) for x in record.scores]
        assert game.traj[-1] == game.totals and game.traj[0] == [0, 0, 0]
        for s in game.sources:
            assert s["tokens"] + s["advancement_end_vp"] + s["vale_vp"] <= s["total"]
        for seat, acquired in enumerate(record.stats["acquired"]):
            assert Counter(c for _, c in game.buys.get(seat, [])) == Counter(acquired)
        assert [game.winner] == record.winners and game.runaway == runaway(record, Targets.runaway_ratio)
        final = Replay.from_json(record.replay).run(games.get)
        for seat in range(3):
            spoiled = [e for e in final.events if e.key.endswith(("spoil", "prep_spoil")) and e.params["player"] == seat]
            rounds = game.spoils.get(seat, [])
            assert len(rounds) == len(spoiled) and rounds == sorted(rounds)
            assert all(0 <= r <= record.stats["rounds"] for r in rounds)
    assert sum(len(v) for g in found for v in g.spoils.values()) > 0  # these deals do spoil
    assert anatomy.main([str(path), "--round", "8"]) == 0
    shown = capsys.readouterr().out
    assert shown.startswith("2 games, ") and "cards bought by round 8" in shown and "VP tokens" in shown
    assert "spoiled turns per seat: whole game / from round 8" in shown and "luck, from round 8" in shown


def test_the_spoil_chance_is_the_share_of_deck_cards_that_would_spoil_the_push() -> None:
    """Put each card of the deck on top in turn and push: the push spoils for exactly the share the
    script reports, found at the first planting decision of a few deals where the chance is not 0."""
    anatomy = load_script("benchmarks/runaway_anatomy.py")
    mixed = 0
    for seed in range(6):
        state = games.get("mystic-vale").new(3, seed, {})
        assert isinstance(state, Position)
        while not any(a.kind == "push" for a in state.legal_actions()):
            state.apply(state.legal_actions()[0])
        p = state.turn_player
        chance = anatomy.spoil_chance(state, p)
        push = next(a for a in state.legal_actions() if a.kind == "push")
        spoils = 0
        for i in range(len(state.deck[p])):
            world = state.clone()
            world.deck[p].append(world.deck[p].pop(i))  # the deck is drawn from its end
            world.apply(push)
            spoils += any(e.key.endswith(".spoil") for e in world.events[len(state.events) :])
        assert chance == spoils / len(state.deck[p])
        mixed += 0 < chance < 1
    assert mixed  # some of these deals are a real gamble


def test_the_bands_split_games_by_the_winners_spoils_risk_and_luck_against_the_others_mean() -> None:
    anatomy = load_script("benchmarks/runaway_anatomy.py")

    def game(spoils: dict[int, list[int]], pushes: dict[int, list[tuple[int, float, bool]]], ran: bool) -> object:
        return anatomy.Anatomy([], [{}, {}, {}], {}, spoils, pushes, winner=0, runaway=ran)

    lines = anatomy.spoil_lines(
        [
            # winner 0 spoiled 0 times against 3 and 3 (gap -3); from round 10 0 against 1 and 2 (-1.5);
            # risk from round 10 0.5 against 1.0 and 0.0 (0.0); luck 0 - 0.5 against 1 - 1.0 and 1 - 0 (-1.0)
            game({1: [2, 3, 12], 2: [4, 11, 15]}, {0: [(10, 0.5, False)], 1: [(12, 1.0, True)], 2: [(15, 0.0, True)]}, True),
            # 1 spoil against 0 and 2 (gap 0); from round 10: 0 against 0 and 1 (-0.5)
            game({0: [1], 1: [5, 13]}, {}, False),
        ],
        10,
    )
    row = {line.strip()[:28].strip(): line for line in lines if "2 or more fewer:" in line}
    assert "2 or more fewer: 100.0 % of 1; 0.5 to 2 fewer: - of 0; within 0.5: 0.0 % of 1" in row["spoiled turns, whole game"]
    assert "0.5 to 2 fewer: 50.0 % of 2; within 0.5: - of 0" in row["spoiled turns, from round 10"]
    assert "within 0.5: 50.0 % of 2" in row["risk taken, from round 10"]
    assert "0.5 to 2 fewer: 100.0 % of 1; within 0.5: 0.0 % of 1" in row["luck, from round 10"]
    per_seat = next(line for line in lines if line.strip().startswith("runaway game, winner"))
    assert per_seat.split()[3:] == ["0.00", "/", "0.00", "0.50", "/", "0.00"]


def test_a_file_of_another_game_is_refused_by_name(tmp_path: Path) -> None:
    anatomy = load_script("benchmarks/runaway_anatomy.py")
    path = tmp_path / "other.jsonl"
    _write(path, "monslaught", 2, range(1))
    with pytest.raises(SystemExit, match="monslaught game; this script reads Mystic Vale games only"):
        anatomy.main([str(path)])
