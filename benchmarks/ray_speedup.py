"""Speed-up of a simulation from 1 to 2 workers, on the local process pool and on a local Ray.

    .venv/bin/python benchmarks/ray_speedup.py --games 40 --repeats 3 --out benchmarks/results/ray_speedup.json

Each configuration plays the same plan (same seeds, same agents) `repeats` times; the figures are
medians, since a shared machine slows single runs at random. Ray is started once per worker
count (its start-up is reported apart) and the runs reuse it, as a long study would. The
machine's load average is recorded before and after, to judge how shared the machine was.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import time
from pathlib import Path
from typing import Any

from sabbat.sim.parallel import plan, run_jobs


def timed(jobs: list[Any], workers: int, backend: str) -> float:
    started = time.perf_counter()
    played = sum(1 for _ in run_jobs(jobs, workers, backend))
    assert played == len(jobs)
    return time.perf_counter() - started


def measure(game: str, players: int, agents: list[str], games: int, repeats: int) -> dict[str, Any]:
    import ray

    jobs = plan(game, players, agents, games, 0, {})
    rows = []
    for workers in (1, 2):
        rows.append({"backend": "local", "workers": workers,
                     "seconds": [timed(jobs, workers, "local") for _ in range(repeats)]})
        started = time.perf_counter()
        ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
        startup = time.perf_counter() - started
        try:
            rows.append({"backend": "ray", "workers": workers, "ray_startup_s": startup,
                         "seconds": [timed(jobs, workers, "ray") for _ in range(repeats)]})
        finally:
            ray.shutdown()
    for row in rows:
        row["median_s"] = statistics.median(row["seconds"])
        row["games_per_s"] = games / row["median_s"]
    for row in rows:
        one = next(r["median_s"] for r in rows if r["backend"] == row["backend"] and r["workers"] == 1)
        row["speedup_vs_1"] = one / row["median_s"]
    return {"game": game, "players": players, "agents": agents, "games": games, "repeats": repeats, "runs": rows}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="monslaught")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--agents", default="heuristic")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    load_before = os.getloadavg()
    result = measure(args.game, args.players, args.agents.split(","), args.games, args.repeats)
    result["machine"] = {"cpus": os.cpu_count(), "python": platform.python_version(),
                         "load_before": load_before, "load_after": os.getloadavg()}
    for r in result["runs"]:
        print(f"{r['backend']:5} {r['workers']} worker(s): median {r['median_s']:.2f} s "
              f"({r['games_per_s']:.1f} games/s), speed-up {r['speedup_vs_1']:.2f}x; runs "
              + ", ".join(f"{s:.2f}" for s in r["seconds"]))
    print(f"load average before {load_before}, after {result['machine']['load_after']}")
    if args.out:
        args.out.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
