"""Parquet and JSON-lines records: the documented schema, one-line loading, an exact read-back."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pandas as pd
import pyarrow.parquet as pq
import pytest

from sabbat.sim.parallel import plan, run_jobs
from sabbat.sim.records import read_records, write_parquet
from sabbat.sim.tournament import run_tournament

FIXED = ["game", "num_players", "seed", "agents", "first_player", "winners", "win_share", "scores", "decisions",
         "end", "acquired", "options", "stats"]


@pytest.fixture(scope="module")
def records() -> list:
    return sorted(run_jobs(plan("magic_master", 3, ["random"], 12, 5, {})), key=lambda r: r.seed)


def test_parquet_has_the_documented_schema_and_loads_in_one_line(records: list, tmp_path: Path) -> None:
    path = tmp_path / "r.parquet"
    assert write_parquet(records, path) == 12
    schema = pq.read_schema(path)
    assert schema.names[: len(FIXED)] == FIXED
    assert {"stat_turns", "stat_survivors", "stat_victory"} <= set(schema.names)
    assert schema.metadata[b"sabbat.schema"] == b"1"
    df = pd.read_parquet(path)
    assert len(df) == 12 and list(df["seed"]) == list(range(5, 17))
    first = records[0]
    row = df.iloc[0]
    assert list(row["scores"]) == [float(x) for x in first.scores] and row["end"] == first.stats["end"]
    assert sum(row["win_share"]) == pytest.approx(1.0) and row["first_player"] == first.first_player
    assert json.loads(row["stats"]) == first.stats


def test_parquet_reads_back_into_the_same_records(records: list, tmp_path: Path) -> None:
    path = tmp_path / "r.parquet"
    write_parquet(records, path)
    back = read_records(path)
    strip = [{k: v for k, v in r.to_json().items() if k != "replay"} for r in records]
    assert [{k: v for k, v in r.to_json().items() if k != "replay"} for r in back] == strip


def test_json_lines_and_tournament_files_read_back(records: list, tmp_path: Path) -> None:
    lines = tmp_path / "r.jsonl"
    lines.write_text("".join(json.dumps(r.to_json()) + "\n" for r in records), encoding="utf-8")
    assert [r.seed for r in read_records(lines)] == [r.seed for r in records]
    result = run_tournament("magic_master", ["random", "heuristic"], 2, games=4, seed=1)
    saved = tmp_path / "t.json"
    saved.write_text(json.dumps(result.to_json(), indent=1), encoding="utf-8")
    assert [r.seed for r in read_records(saved)] == [r.seed for r in result.records]


@pytest.mark.parametrize("content", [b"not json\n", b'{"game": 3}\n', b"PAR1 but not really"])
def test_a_file_that_is_no_results_file_is_one_clear_error(content: bytes, tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_bytes(content)
    with pytest.raises(ValueError, match="bad.jsonl"):
        read_records(path)


def test_a_seed_beyond_64_bits_is_refused(records: list, tmp_path: Path) -> None:
    big = dataclasses.replace(records[0], seed=1 << 63)
    with pytest.raises(ValueError, match="64-bit"):
        write_parquet([big], tmp_path / "r.parquet")
