"""Load on `sabbat serve`: N concurrent tables of scripted clients over real WebSockets.

Starts the real server (a subprocess) on 127.0.0.1, creates N two-person Mystic Vale tables, and
connects both seats of every table; each client answers its decisions at once. Reports moves a
second and the latency from sending a move to receiving its acknowledgement (p50, p99, max).
Bounded: every run stops after --moves moves per table or --seconds, whichever comes first.

With `--think S` every client waits a random time (exponential, mean S seconds) before each move,
as people do; without it every client answers at once, which measures the server's capacity: then
all tables queue at once, and by Little's law the latency is about (tables / moves a second).

    python benchmarks/server_load.py --tables 100 1000 --db sqlite postgresql --out benchmarks/results/server_load.json
    python benchmarks/server_load.py --tables 1000 --think 5 --seconds 150 --out benchmarks/results/server_load_think.json
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

import orjson
import websockets

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _start(port: int, db: str, home: Path) -> tuple[subprocess.Popen[bytes], float]:
    env = {**os.environ, "XDG_DATA_HOME": str(home)}
    t0 = time.monotonic()
    proc = subprocess.Popen([sys.executable, "-m", "sabbat.cli.main", "serve", "--port", str(port), "--db", db],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    while True:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=2)
            return proc, time.monotonic() - t0
        except OSError:
            if proc.poll() is not None or time.monotonic() - t0 > 30:
                raise RuntimeError("sabbat serve did not start") from None
            time.sleep(0.05)


def _create(port: int, seed: int) -> dict[str, Any]:
    body = json.dumps({"game": "mystic_vale", "players": 2, "seed": seed,
                       "seats": [{"kind": "human"}, {"kind": "human"}]}).encode()
    req = urllib.request.Request(f"http://127.0.0.1:{port}/api/tables", data=body, method="POST")
    with urllib.request.urlopen(req, timeout=30) as res:
        data: dict[str, Any] = json.load(res)
    return data


async def _client(port: int, tid: str, token: str, budget: dict[str, int], deadline: float,
                  latencies: list[float], rng: random.Random, think: float) -> None:
    async with websockets.connect(f"ws://127.0.0.1:{port}/ws/tables/{tid}", max_size=None) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token, "lang": "en"}))
        sent: dict[str, float] = {}
        while budget["left"] > 0 and time.monotonic() < deadline:
            try:
                frame = orjson.loads(await asyncio.wait_for(ws.recv(), max(0.1, deadline - time.monotonic())))
            except TimeoutError:
                return
            if frame["type"] == "ack" and frame.get("msg_id") in sent:
                latencies.append(time.perf_counter() - sent.pop(frame["msg_id"]))
                budget["left"] -= 1
            elif frame["type"] == "view":
                if frame["status"] != "playing":
                    return
                if frame["legal"]:
                    if think:
                        await asyncio.sleep(rng.expovariate(1 / think))
                    msg = f"{frame['version']}"
                    sent[msg] = time.perf_counter()
                    await ws.send(json.dumps({"type": "act", "msg_id": msg, "version": frame["version"],
                                              "action_id": rng.randrange(len(frame["legal"]))}))


async def _drive(port: int, tables: list[dict[str, Any]], moves: int, seconds: float,
                 think: float) -> tuple[list[float], float]:
    latencies: list[float] = []
    deadline = time.monotonic() + seconds
    rng = random.Random(1)
    budgets = [{"left": moves} for _ in tables]
    start = time.perf_counter()
    await asyncio.gather(*(
        _client(port, t["table_id"], seat["token"], budgets[i], deadline, latencies, random.Random(rng.random()), think)
        for i, t in enumerate(tables) for seat in t["seats"]
    ), return_exceptions=True)
    return latencies, time.perf_counter() - start


def _cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (Linux /proc): the server's cost, whatever the load."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _percentile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else float("nan")


def run_one(n_tables: int, db_kind: str, moves: int, seconds: float, pg_url: str | None,
            think: float = 0.0) -> dict[str, Any]:
    home = Path(tempfile.mkdtemp(prefix="sabbat-load-"))
    db = pg_url if db_kind == "postgresql" and pg_url else str(home / "load.sqlite3")
    port = _free_port()
    proc, startup = _start(port, db, home)
    try:
        tables = [_create(port, seed) for seed in range(n_tables)]
        cpu0 = _cpu_seconds(proc.pid)
        latencies, wall = asyncio.run(_drive(port, tables, moves, seconds, think))
        server_cpu = _cpu_seconds(proc.pid) - cpu0
    finally:
        proc.terminate()
        proc.wait(15)
        shutil.rmtree(home, ignore_errors=True)
    ms = [x * 1000 for x in latencies]
    return {
        "tables": n_tables, "db": db_kind, "think_s": think, "moves": len(ms), "seconds": round(wall, 2),
        "moves_per_s": round(len(ms) / wall, 1) if wall else None,
        "latency_ms": {"p50": round(statistics.median(ms), 2) if ms else None, "p99": round(_percentile(ms, 0.99), 2),
                       "max": round(max(ms), 2) if ms else None},
        "server_cpu_ms_per_move": round(1000 * server_cpu / len(ms), 2) if ms else None,
        "startup_s": round(startup, 2),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, nargs="+", default=[100, 1000])
    ap.add_argument("--db", nargs="+", choices=["sqlite", "postgresql"], default=["sqlite", "postgresql"])
    ap.add_argument("--moves", type=int, default=20, help="moves per table (default 20)")
    ap.add_argument("--seconds", type=float, default=60.0, help="time limit of each run (default 60)")
    ap.add_argument("--think", type=float, default=0.0,
                    help="mean seconds a client waits before each move (default 0: answer at once)")
    ap.add_argument("--out", type=Path, default=None)
    args = ap.parse_args()
    results = []
    pg_ctx = None
    pg_url = None
    if "postgresql" in args.db:
        from web.pg import postgres_server

        base = Path(tempfile.mkdtemp(prefix="sabbat-pg-"))
        pg_ctx = postgres_server(base, fsync=True)
        pg_url = pg_ctx.__enter__()
    try:
        for kind in args.db:
            for n in args.tables:
                if kind == "postgresql":
                    _reset_pg(pg_url)
                row = run_one(n, kind, args.moves, args.seconds, pg_url, args.think)
                print(json.dumps(row), flush=True)
                results.append(row)
    finally:
        if pg_ctx is not None:
            pg_ctx.__exit__(None, None, None)
    if args.out:
        args.out.write_text(json.dumps({
            "benchmark": "server_load",
            "game": "mystic_vale, 2 people a table, " + (f"clients think {args.think} s on average before a move"
                                                         if args.think else "clients answer at once"),
            "machine": f"{platform.machine()}, {os.cpu_count()} cores; server and clients share it",
            "python": platform.python_version(), "runs": results,
        }, indent=1) + "\n")


def _reset_pg(url: str | None) -> None:
    import sqlalchemy as sa

    assert url is not None
    engine = sa.create_engine(url.replace("postgresql://", "postgresql+psycopg://"))
    with engine.begin() as c:
        c.execute(sa.text("DROP SCHEMA public CASCADE; CREATE SCHEMA public"))
    engine.dispose()


if __name__ == "__main__":
    main()
