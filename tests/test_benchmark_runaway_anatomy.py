"""The runaway anatomy (benchmarks/runaway_anatomy.py): replayed score sources add up to the recorded
scores, the round-by-round points end at them, buys are the seat's acquisitions, and other games are refused."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from sabbat import games
from sabbat.core.replay import Replay
from sabbat.sim.runner import play_game
from sabbat.sim.targets import Targets, runaway
from support.scripts import load_script


def _write(path: Path, game: str, players: int, seeds: range) -> list:
    records = [play_game(game, players, seed, ["heuristic"] * players)[0] for seed in seeds]
    path.write_text("".join(json.dumps(r.to_json()) + "\n" for r in records), encoding="utf-8")
    return records


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
    assert "spoiled turns per seat: whole game / from round 8" in shown and "3 or more fewer:" in shown


def test_the_spoil_bands_split_games_by_the_winners_spoils_against_the_others_mean() -> None:
    anatomy = load_script("benchmarks/runaway_anatomy.py")

    def game(spoils: dict[int, list[int]], ran: bool) -> object:
        return anatomy.Anatomy([], [{}, {}, {}], {}, spoils, winner=0, runaway=ran)

    lines = anatomy.spoil_lines([
        game({1: [2, 3, 12], 2: [4, 11, 15]}, True),  # winner 0 against 3: band "3 or more fewer"
        game({0: [1], 1: [5, 13]}, False),  # 1 against 1: "within 1"
        game({0: [3, 9, 14], 2: [12]}, False),  # 3 against 0.5: "more than 1 more"
    ], 10)
    whole = next(line for line in lines if line.strip().startswith("whole game "))
    late = next(line for line in lines if line.strip().startswith("from round 10 "))
    assert "3 or more fewer: 100.0 % of 1; 1 to 3 fewer: - of 0; within 1: 0.0 % of 1; more than 1 more: 0.0 % of 1" in whole
    # from round 10: winner 0/1/1 against 1/0.5/0.5
    assert "1 to 3 fewer: 100.0 % of 1; within 1: 0.0 % of 2" in late


def test_a_file_of_another_game_is_refused_by_name(tmp_path: Path) -> None:
    anatomy = load_script("benchmarks/runaway_anatomy.py")
    path = tmp_path / "other.jsonl"
    _write(path, "monslaught", 2, range(1))
    with pytest.raises(SystemExit, match="monslaught game; this script reads Mystic Vale games only"):
        anatomy.main([str(path)])
