"""The runaway anatomy (benchmarks/runaway_anatomy.py): replayed score sources add up to the recorded
scores, the round-by-round points end at them, buys are the seat's acquisitions, and other games are refused."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

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
    assert anatomy.main([str(path), "--round", "8"]) == 0
    shown = capsys.readouterr().out
    assert shown.startswith("2 games, ") and "cards bought by round 8" in shown and "VP tokens" in shown


def test_a_file_of_another_game_is_refused_by_name(tmp_path: Path) -> None:
    anatomy = load_script("benchmarks/runaway_anatomy.py")
    path = tmp_path / "other.jsonl"
    _write(path, "monslaught", 2, range(1))
    with pytest.raises(SystemExit, match="monslaught game; this script reads Mystic Vale games only"):
        anatomy.main([str(path)])
