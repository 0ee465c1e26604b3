"""The cluster benchmark's summary (benchmarks/server_cluster.py): per number of processes, the
highest load whose p99 stayed under 50 ms, or none, and the load with the lowest p99; a load in
which clients failed counts for neither."""

from __future__ import annotations

from typing import Any

from tests.support.scripts import load_script


def _row(processes: int, tables: int, moves_per_s: float, p99: float, failed: int = 0) -> dict[str, Any]:
    return {"processes": processes, "tables": tables, "moves_per_s": moves_per_s,
            "latency_ms": {"p50": p99 / 4, "p99": p99}, "server_cpu_ms_per_move": 3.0,
            "failed_clients": {"ConnectionClosedError": failed} if failed else {}}


def test_the_summary_picks_the_highest_load_held_and_the_lowest_p99() -> None:
    bench = load_script("benchmarks/server_cluster.py")
    best = bench._best([_row(1, 10, 9.0, 30.0), _row(1, 50, 45.0, 49.0), _row(1, 100, 80.0, 60.0),
                        _row(2, 10, 9.0, 70.0), _row(2, 50, 44.0, 55.0), _row(2, 100, 90.0, 20.0, failed=3)])
    assert best["1"]["held"]["tables"] == 50 and best["1"]["held"]["moves_per_s_per_process"] == 45.0
    assert best["1"]["lowest_p99"]["tables"] == 10
    assert best["2"]["held"] is None  # the one load under 50 ms lost clients
    assert best["2"]["lowest_p99"]["tables"] == 50 and best["2"]["lowest_p99"]["moves_per_s_per_process"] == 22.0
