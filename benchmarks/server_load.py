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
import gc
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
from collections import Counter
from collections.abc import Awaitable, Callable
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
    # every client and table comes from this one process on 127.0.0.1: lift the per-address caps
    # and share (people at a thousand tables come from as many addresses)
    proc = subprocess.Popen([sys.executable, "-m", "sabbat.cli.main", "serve", "--port", str(port), "--db", db,
                             "--max-connections", "20000", "--max-per-client", "20000", "--tables-per-client", "100000",
                             "--ai-seats-per-client", "100000", "--ai-seats", "1000000",
                             "--address-share", "1000000"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    while True:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=2)
            return proc, time.monotonic() - t0
        except OSError:
            if proc.poll() is not None or time.monotonic() - t0 > 30:
                raise RuntimeError("sabbat serve did not start") from None
            time.sleep(0.05)


def _create(port: int) -> dict[str, Any]:
    """A table of two people: the server deals (a table with people cannot choose its seed)."""
    body = json.dumps({"game": "mystic_vale", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]}).encode()
    req = urllib.request.Request(f"http://127.0.0.1:{port}/api/tables", data=body, method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as res:
        data: dict[str, Any] = json.load(res)
    return data


class _Start:
    """Every client connects (and the server sends each its first view) before the clock starts,
    so the figures measure moves, not 2,000 handshakes."""

    def __init__(self, clients: int) -> None:
        self.waiting = clients
        self.all_in = asyncio.Event()
        self.go = asyncio.Event()
        self.deadline = 0.0

    def count_in(self) -> None:
        self.waiting -= 1
        if self.waiting == 0:
            self.all_in.set()

    async def arrive(self) -> None:
        self.count_in()
        await self.go.wait()


Join = Callable[[str, str], Awaitable[tuple[Any, str | bytes]]]
"""Connects one seat (table id, token): its open WebSocket, said hello, and the first frame."""


def direct(port: int) -> Join:
    """Seats join one server straight on its port."""
    async def join(tid: str, token: str) -> tuple[Any, str | bytes]:
        ws = await websockets.connect(f"ws://127.0.0.1:{port}/ws/tables/{tid}", max_size=None, open_timeout=120,
                                      ping_interval=None)
        await ws.send(json.dumps({"type": "hello", "token": token, "lang": "en"}))
        return ws, await ws.recv()
    return join


async def _client(join: Join, tid: str, token: str, budget: dict[str, int], start: _Start,
                  latencies: list[float], rng: random.Random, think: float,
                  ai_waits: list[float] | None = None) -> None:
    """One seat: answers each decision (after thinking), timing each move until its acknowledgement;
    with `ai_waits`, also the wait from its acknowledged move until its next decision when others
    (the AI seats) moved in between."""
    try:
        ws, first = await join(tid, token)
    except BaseException:
        start.count_in()  # the others need not wait for a client that could not join
        raise
    async with ws:
        await start.arrive()
        sent: dict[str, float] = {}
        acked: tuple[int, float] | None = None
        pending: str | bytes | None = first
        while budget["left"] > 0 and time.monotonic() < start.deadline:
            if pending is None:
                try:
                    pending = await asyncio.wait_for(ws.recv(), max(0.1, start.deadline - time.monotonic()))
                except TimeoutError:
                    return
            frame, pending = orjson.loads(pending), None
            if frame["type"] == "ack" and frame.get("msg_id") in sent:
                now = time.perf_counter()
                latencies.append(now - sent.pop(frame["msg_id"]))
                acked = (frame.get("version", 0), now)
                budget["left"] -= 1
            elif frame["type"] == "view":
                if frame["status"] != "playing":
                    return
                if frame["legal"]:
                    if ai_waits is not None and acked is not None and frame["version"] > acked[0]:
                        ai_waits.append(time.perf_counter() - acked[1])
                    acked = None
                    if think:
                        await asyncio.sleep(rng.expovariate(1 / think))
                        if time.monotonic() >= start.deadline:
                            return  # a move sent now would be acknowledged after the window closed
                    msg = f"{frame['version']}"
                    sent[msg] = time.perf_counter()
                    await ws.send(json.dumps({"type": "act", "msg_id": msg, "version": frame["version"],
                                              "action_id": rng.randrange(len(frame["legal"]))}))


async def drive(join: Join, server_pids: list[int], tables: list[dict[str, Any]], moves: int, seconds: float,
                think: float) -> dict[str, Any]:
    """Every person's seat of `tables` joins, then all play for `seconds` (or `moves` a table);
    the moves' latencies, the AI's turns and each server process's CPU over that window."""
    latencies: list[float] = []
    ai_waits: list[float] = []
    rng = random.Random(1)
    budgets = [{"left": moves} for _ in tables]
    people = [(i, t, seat) for i, t in enumerate(tables) for seat in t["seats"] if seat.get("token")]
    start = _Start(len(people))
    clients = asyncio.gather(*(
        _client(join, t["table_id"], seat["token"], budgets[i], start, latencies, random.Random(rng.random()), think,
                ai_waits if len(t["seats"]) > len([s for s in t["seats"] if s.get("token")]) else None)
        for i, t, seat in people
    ), return_exceptions=True)
    t_connect = time.perf_counter()
    await asyncio.wait_for(start.all_in.wait(), 300)
    connect_s = time.perf_counter() - t_connect
    cpu0, own0, t0 = [cpu_seconds(p) for p in server_pids], time.process_time(), time.perf_counter()
    start.deadline = time.monotonic() + seconds
    start.go.set()
    outcomes = await clients
    wall = min(time.perf_counter() - t0, seconds)  # not the clients' closing handshakes after the window
    failures = Counter(type(x).__name__ for x in outcomes if isinstance(x, BaseException))
    if failures:
        print(f"clients that failed: {dict(failures)}", file=sys.stderr, flush=True)
    cpu = [cpu_seconds(p) - c for p, c in zip(server_pids, cpu0, strict=True)]
    return {"latencies": latencies, "ai_waits": ai_waits, "wall": wall, "connect_s": connect_s,
            "server_cpu": sum(cpu), "server_cpu_each": cpu, "clients_cpu": time.process_time() - own0,
            "failures": dict(failures)}


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (Linux /proc): the server's cost, whatever the load."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else float("nan")


def run_one(n_tables: int, db_kind: str, moves: int, seconds: float, pg_url: str | None,
            think: float = 0.0) -> dict[str, Any]:
    home = Path(tempfile.mkdtemp(prefix="sabbat-load-"))
    db = pg_url if db_kind == "postgresql" and pg_url else str(home / "load.sqlite3")
    port = _free_port()
    proc, startup = _start(port, db, home)
    try:
        tables = [_create(port) for _ in range(n_tables)]
        run = asyncio.run(drive(direct(port), [proc.pid], tables, moves, seconds, think))
    finally:
        proc.terminate()
        proc.wait(15)
        shutil.rmtree(home, ignore_errors=True)
    return {"tables": n_tables, "db": db_kind, "think_s": think, **figures(run), "startup_s": round(startup, 2)}


def figures(run: dict[str, Any]) -> dict[str, Any]:
    """The figures of one `drive`: moves, their rate and latency, and the servers' CPU a move."""
    ms = [x * 1000 for x in run["latencies"]]
    wall, server_cpu = run["wall"], run["server_cpu"]
    return {
        "moves": len(ms), "seconds": round(wall, 2),
        "moves_per_s": round(len(ms) / wall, 1) if wall else None,
        "latency_ms": {"p50": round(statistics.median(ms), 2) if ms else None, "p99": round(percentile(ms, 0.99), 2),
                       "max": round(max(ms), 2) if ms else None},
        "server_cpu_ms_per_move": round(1000 * server_cpu / len(ms), 2) if ms else None,
        "server_cpu_s": round(server_cpu, 1), "clients_cpu_s": round(run["clients_cpu"], 1),
        "connect_s": round(run["connect_s"], 1),
    }


def main() -> None:
    gc.freeze()  # the clients' own collector pauses must not count as the server's latency
    gc.set_threshold(50_000, 20, 100)
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
                    reset_pg(pg_url)
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


def reset_pg(url: str | None) -> None:
    import sqlalchemy as sa

    assert url is not None
    engine = sa.create_engine(url.replace("postgresql://", "postgresql+psycopg://"))
    with engine.begin() as c:
        c.execute(sa.text("DROP SCHEMA public CASCADE; CREATE SCHEMA public"))
    engine.dispose()


if __name__ == "__main__":
    main()
