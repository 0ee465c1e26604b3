"""Throughput of every registered game: `python benchmarks/throughput.py [OUT.json]`."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from sabbat.sim.bench import bench_all

if __name__ == "__main__":
    rows = [row.to_json() for row in bench_all()]
    for row in rows:
        print(row)
    if len(sys.argv) > 1:
        Path(sys.argv[1]).write_text(json.dumps(rows, indent=1))
