"""Search speed per game: `python benchmarks/search.py [--games a,b] [--out FILE]` (same as `sabbat bench --search`)."""

from __future__ import annotations

import argparse
from pathlib import Path

from sabbat.sim.search_bench import format_table, run

if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", default="", help="comma-separated game ids (default: all registered)")
    parser.add_argument("--out", type=Path, default=None, help="write the figures as JSON here")
    args = parser.parse_args()
    print(format_table(run([g for g in args.games.split(",") if g] or None, args.out)))
