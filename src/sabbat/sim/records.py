"""Game records as files an analyst loads in one line: Parquet (one row per game) and JSON lines.

    >>> import pandas as pd; df = pd.read_parquet("results.parquet")     # doctest: +SKIP
    >>> import polars as pl; df = pl.read_parquet("results.parquet")     # doctest: +SKIP

The Parquet schema (docs/studio.md) has fixed columns for what every game has, one `stat_<name>`
column per single-valued figure the game publishes in `summary()` (rounds, days, victory…), and
the whole summary as JSON in `stats`, so the file reads back into the same records
(`read_records`) that the JSON-lines file gives, less the replays.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from sabbat.core.extras import needs
from sabbat.core.safeio import read_regular, shown

from .runner import GameRecord

SCHEMA_VERSION = "1"
MAX_RESULTS_BYTES = 1 << 30

INT64 = (-(1 << 63), (1 << 63) - 1)


def _fixed_schema() -> Any:
    import pyarrow as pa

    return [
        pa.field("game", pa.string(), nullable=False),
        pa.field("num_players", pa.int32(), nullable=False),
        pa.field("seed", pa.int64(), nullable=False),
        pa.field("agents", pa.list_(pa.string()), nullable=False),
        pa.field("first_player", pa.int32()),
        pa.field("winners", pa.list_(pa.int32()), nullable=False),
        pa.field("win_share", pa.list_(pa.float64()), nullable=False),
        pa.field("scores", pa.list_(pa.float64()), nullable=False),
        pa.field("decisions", pa.int64(), nullable=False),
        pa.field("end", pa.string()),
        pa.field("acquired", pa.list_(pa.list_(pa.string()))),
        pa.field("options", pa.string(), nullable=False),
        pa.field("stats", pa.string(), nullable=False),
    ]


def _row(r: GameRecord) -> dict[str, Any]:
    acquired = r.stats.get("acquired")
    end = r.stats.get("end")
    return {
        "game": r.game,
        "num_players": r.num_players,
        "seed": r.seed,
        "agents": list(r.agents),
        "first_player": r.first_player,
        "winners": list(r.winners),
        "win_share": [r.share(s) for s in range(r.num_players)],
        "scores": [float(x) for x in r.scores],
        "decisions": r.decisions,
        "end": end if isinstance(end, str) else None,
        "acquired": [[str(c) for c in seat] for seat in acquired] if isinstance(acquired, list) else None,
        "options": json.dumps((r.replay or {}).get("options", {}), ensure_ascii=False, sort_keys=True),
        "stats": json.dumps(r.stats, ensure_ascii=False, sort_keys=True),
    }


def _stat_columns(records: Sequence[GameRecord]) -> dict[str, list[Any]]:
    """`stat_<name>` for every number, text or flag in `summary()` (lists, `end` and `start_player` have
    their own columns)."""
    names = sorted({k for r in records for k, v in r.stats.items()
                    if k not in ("end", "start_player") and isinstance(v, (int, float, str, bool))})
    columns = {}
    for name in names:
        values = [r.stats.get(name) for r in records]
        kinds = {type(v) for v in values if v is not None}
        if len(kinds) > 1 and not kinds <= {int, float}:
            values = [None if v is None else str(v) for v in values]
        columns[f"stat_{name}"] = values
    return columns


def write_parquet(records: Iterable[GameRecord], path: Path) -> int:
    """Write the records, ordered by (players, seed, seats), as one Parquet file; the number written.

    ValueError where a seed does not fit Parquet's 64-bit integers.
    """
    with needs("studio"):
        import pyarrow as pa
        import pyarrow.parquet as pq

    recs = sorted(records, key=lambda r: (r.num_players, r.seed, r.agents))
    if any(not INT64[0] <= r.seed <= INT64[1] for r in recs):
        raise ValueError("a seed is beyond 64-bit range, which Parquet cannot hold: use seeds below 2**63")
    fields = _fixed_schema()
    rows = [_row(r) for r in recs]
    arrays = [pa.array([row[f.name] for row in rows], type=f.type) for f in fields]
    for name, values in _stat_columns(recs).items():
        array = pa.array(values)
        fields.append(pa.field(name, array.type))
        arrays.append(array)
    schema = pa.schema(fields, metadata={"sabbat.schema": SCHEMA_VERSION})
    pq.write_table(pa.Table.from_arrays(arrays, schema=schema), path)
    return len(recs)


def read_parquet(path: Path, raw: bytes | None = None) -> list[GameRecord]:
    """Records from a file `write_parquet` wrote (or its bytes, `raw`); ValueError where it is not one."""
    with needs("studio"):
        import pyarrow as pa
        import pyarrow.parquet as pq

    columns = ["game", "num_players", "seed", "agents", "first_player", "winners", "scores", "decisions",
               "options", "stats"]
    try:
        source = pa.BufferReader(raw) if raw is not None else path
        rows = pq.read_table(source, columns=columns).to_pylist()
        out = []
        for row in rows:
            options = json.loads(row.pop("options"))
            stats = json.loads(row.pop("stats"))
            out.append(GameRecord.from_json({**row, "stats": stats, "replay": {"options": options} if options else {}}))
        return out
    except (OSError, KeyError, ValueError, TypeError) as exc:  # pyarrow's ArrowInvalid is a ValueError
        raise ValueError(f"{shown(str(path))} is not a sabbat Parquet results file ({shown(str(exc), 120)})") from None


def _jsonl(path: Path, raw: bytes) -> list[GameRecord]:
    out = []
    for number, line in enumerate(raw.split(b"\n"), start=1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
            out.append(GameRecord.from_json({"replay": {}, **data}))
        except (ValueError, TypeError, RecursionError):
            raise ValueError(f"line {number} of {shown(str(path))} is not a game record") from None
    return out


def read_records(path: Path) -> list[GameRecord]:
    """Game records from any results file sabbat writes: Parquet, JSON lines (`simulate --out`), a
    tournament's JSON or journal. ValueError with one line where the file is none of them."""
    from .tournament import from_journal

    try:
        raw = read_regular(path, MAX_RESULTS_BYTES)
    except OSError as exc:
        raise ValueError(str(exc)) from None
    if raw.startswith(b"PAR1"):
        return read_parquet(path, raw)
    if raw.startswith(b'{"tournament"'):
        return from_journal(path).records
    try:
        whole = json.loads(raw)
    except (ValueError, RecursionError):
        whole = None
    if isinstance(whole, dict) and "records" in whole:
        try:
            return [GameRecord.from_json({**r, "replay": {}}) for r in whole["records"]]
        except (TypeError, ValueError):
            raise ValueError(f"{shown(str(path))} is not a tournament result") from None
    return _jsonl(path, raw)


__all__ = ["SCHEMA_VERSION", "read_parquet", "read_records", "write_parquet"]
