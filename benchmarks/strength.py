"""Playing strength from tournament results: a table row per file for the agent named first.

Run the tournaments with the CLI (one JSON per game, the agent under test first), then tabulate:

    sabbat tournament bellum-magica --agents ismcts:200:h,heuristic -n 200 -j 2 \\
        --out benchmarks/results/strength_bellum_magica.json
    sabbat tournament bellum-magica --agents hard,normal -n 200 --seed 7 \\
        --out benchmarks/results/levels_hard_normal_bellum_magica.json
    python benchmarks/strength.py benchmarks/results/strength_*.json

Why a separate step: a 200-game tournament per game takes hours on two cores, so each
runs on its own and this script only reads what they wrote.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any


def row(result: dict[str, Any]) -> str:
    """One markdown row: game, players, the first agent's wins over its seats, with the interval."""
    searcher = next(r for r in result["results"] if r["agent"] == result["agents"][0])
    low, high = searcher["ci95"]
    return (f"| {result['game']} | {result['num_players']} | `{searcher['agent']}` | {result['games']} "
            f"| {searcher['wins']:g}/{searcher['seats']} = {100 * searcher['win_rate']:.1f} % "
            f"| {100 * low:.1f}–{100 * high:.1f} % | {100 * result['par']:.0f} % |")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", nargs="+", type=Path, help="tournament JSON files (sabbat tournament --out)")
    args = parser.parse_args()
    print("| game | players | agent | games | its wins | 95 % interval | par |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for path in args.files:
        print(row(json.loads(path.read_text())))
