"""Soak of `sabbat serve`: people and AI play while faults and abuse are injected.

Bystanders, scripted people who think a little before each move, play two-person tables and
person-vs-AI tables for the whole run. The run is cut into phases of equal length: a quiet
baseline, then one abuse at a time (a hint flood, full-view and replay floods, half-open HTTP
connections, seat squatting, table spam, bad table names; renames seen by many spectators,
large card files, hints on a large uploaded state, tables of AI players alone, an IPv4 flooder
through a dual-stack listener), then quiet again. Every `--kill-every` seconds the server is
killed with SIGKILL and started again on the same database; bystanders reconnect and play on.

Each abuse comes from addresses of its own (several, on 127.0.0.0/8, which Linux routes to the
loopback whole): per-address limits tell the abusers from the bystanders and from each other, and
one phase's quotas (tables in play, AI seats) never carry over into the next. A phase that needs
something the server does not offer (an upload it refuses, say) says so in its counts and goes on.

The abusers run in a process of their own at a lower priority: they stand for other machines on
the Internet, so on a small host their own CPU time should not be counted against the server
(the bystanders' client keeps normal priority, as the people it stands for would).

Reported per phase: bystanders' move latency (send to `ack`, p50/p99/max) and the AI's reply
time (the person's `ack` to their next decision) against the quiet baseline of the same run;
moves whose wait spanned a restart are counted apart. At the end every seat reconnects and
checks that each acknowledged move is still there: `acked_moves_lost` must be 0.

    python benchmarks/server_soak.py --seconds 600 --out benchmarks/results/server_soak.json
    python benchmarks/server_soak.py --seconds 120            # a short run for first figures
    python benchmarks/server_soak.py --seconds 80 --phases quiet,replay_flood --kill-every 0
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import http.client
import itertools
import json
import multiprocessing
import os
import platform
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import websockets

PEOPLE = "127.0.0.1"
"""The loopback address the bystanders connect from."""
ABUSES = ("hint_flood", "view_flood", "replay_flood", "half_open", "seat_squat", "table_spam", "bad_names",
          "rename_fanout", "ipv4_dual_stack", "ai_tables", "big_hints", "big_cards")
PHASES = ("quiet", *ABUSES, "quiet_end")
SOURCES = {"view_flood": 20}
"""Addresses an abuse comes from (five unless named here)."""


def sources(phase: str) -> list[str]:
    """The loopback addresses one abuse comes from: 127.0.<its number>.1, .2, ..."""
    n = ABUSES.index(phase) + 1
    return [f"127.0.{n}.{k + 1}" for k in range(SOURCES.get(phase, 5))]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """The real server in a subprocess, killed and restarted on the same database and port."""

    def __init__(self, db: Path | str, home: Path, port: int | None = None) -> None:
        self.port, self.db, self.home = port or _free_port(), db, home
        self.listen = self.port
        """The port it listens on; clients connect to `port` (another while a proxy is in front)."""
        self.args: list[str] = []
        """More `sabbat serve` options for the next start (a trusted proxy)."""
        self.proc: subprocess.Popen[bytes] | None = None
        self.epoch = 0
        """How many times it was started: a move whose wait spans a restart is told apart."""
        self.up = asyncio.Event()

    @classmethod
    def at(cls, port: int) -> Server:
        """A client's handle on a server another process runs."""
        return cls(Path(), Path(), port)

    async def start(self) -> float:
        env = {**os.environ, "XDG_DATA_HOME": str(self.home)}
        t0 = time.monotonic()
        self.proc = subprocess.Popen([sys.executable, "-m", "sabbat.cli.main", "serve",
                                      "--port", str(self.listen), "--db", str(self.db), "--workers", "2", *self.args],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        while True:
            try:
                await asyncio.to_thread(self.get, "/api/games")
                break
            except OSError:
                if self.proc.poll() is not None or time.monotonic() - t0 > 60:
                    raise RuntimeError("sabbat serve did not start") from None
                await asyncio.sleep(0.05)
        self.epoch += 1
        self.up.set()
        return time.monotonic() - t0

    async def kill_and_restart(self) -> float:
        assert self.proc is not None
        self.up.clear()
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()
        return await self.start()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()

    def cpu_s(self) -> tuple[int, float] | None:
        """The server's process id and the CPU seconds that process has used (its event loop's,
        mostly): two readings are comparable only from one process (a restart starts from zero)."""
        if self.proc is None:
            return None
        try:
            fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return None
        return self.proc.pid, (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    async def behind_dual_stack(self) -> subprocess.Popen[bytes] | None:
        """Restart the server behind an nginx whose listener is dual-stack (`[::]`, ipv6only=off),
        on the port the clients use: IPv4 clients reach the server as IPv4-mapped IPv6 addresses
        (::ffff:a.b.c.d), as behind such a listener on the Internet. None without nginx."""
        nginx = shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin:/sbin")
        if nginx is None:
            return None
        run = self.home / f"nginx-{self.epoch}"
        run.mkdir()
        os.chmod(run, 0o777)  # nginx started as root hands its temp files to an unprivileged worker
        temp = "\n".join(f"{k}_temp_path {run / k};" for k in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
        self.listen = _free_port()
        (run / "nginx.conf").write_text(
            f"daemon off;\npid {run / 'nginx.pid'};\nerror_log {run / 'error.log'} error;\n"
            f"events {{ worker_connections 4096; }}\nhttp {{\naccess_log off;\n{temp}\n"
            "map $http_upgrade $connection_upgrade { default upgrade; '' close; }\n"
            f"server {{ listen [::]:{self.port} ipv6only=off; location / {{ proxy_pass http://127.0.0.1:{self.listen};\n"
            "proxy_http_version 1.1; proxy_set_header Upgrade $http_upgrade; proxy_set_header Connection $connection_upgrade;\n"
            "proxy_set_header Host $host; proxy_set_header X-Forwarded-For $remote_addr; proxy_read_timeout 3600s; } }\n}\n")
        assert self.proc is not None
        self.up.clear()
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()
        front = subprocess.Popen([nginx, "-c", str(run / "nginx.conf")], stdout=subprocess.DEVNULL,
                                 stderr=subprocess.DEVNULL)
        self.args = ["--proxy", "127.0.0.1"]
        await self.start()
        return front

    async def on_its_own(self, front: subprocess.Popen[bytes]) -> None:
        """Stop the nginx in front and serve the clients' port directly again."""
        assert self.proc is not None
        self.up.clear()
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()
        front.terminate()
        front.wait(10)
        self.listen, self.args = self.port, []
        await self.start()

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def get(self, path: str, timeout: float = 30, source: str = PEOPLE) -> Any:
        """GET from the address `source`; an answer of 300 or more raises HTTPError."""
        req = urllib.request.Request(self.url(path))
        if source == PEOPLE:
            with urllib.request.urlopen(req, timeout=timeout) as res:
                return json.load(res)
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout, source_address=(source, 0))
        try:
            conn.request("GET", path)
            res = conn.getresponse()
            data = res.read()
            if res.status >= 300:
                raise urllib.error.HTTPError(self.url(path), res.status, res.reason, res.headers, None)
            return json.loads(data)
        finally:
            conn.close()

    def post(self, path: str, body: Any, timeout: float = 30, raw: bytes | None = None,
             source: str = PEOPLE) -> tuple[int, Any]:
        """POST from the address `source` (abusers use their own, as they would on the Internet)."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout, source_address=(source, 0))
        try:
            conn.request("POST", path, raw if raw is not None else json.dumps(body).encode(),
                         {"Content-Type": "application/json"})
            res = conn.getresponse()
            data = res.read()
            return res.status, json.loads(data) if res.status < 300 else None
        finally:
            conn.close()


@dataclass
class Figures:
    """Samples of the whole run, each tagged with the phase it began in."""

    phase: str = "quiet"
    moves: dict[str, list[float]] = field(default_factory=lambda: {p: [] for p in (*PHASES, "restart")})
    ai_replies: dict[str, list[float]] = field(default_factory=lambda: {p: [] for p in (*PHASES, "restart")})
    acked: dict[tuple[str, int], int] = field(default_factory=dict)
    """(table, seat) -> the highest version an ack told that seat."""
    abuse: dict[str, int] = field(default_factory=dict)

    def count(self, key: str, n: int = 1) -> None:
        self.abuse[key] = self.abuse.get(key, 0) + n


def _table(server: Server, seats: list[dict[str, Any]], source: str = PEOPLE, game: str = "mystic_vale") -> dict[str, Any]:
    status, data = server.post("/api/tables", {"game": game, "players": len(seats), "seats": seats},
                               source=source)
    if status != 201:
        raise RuntimeError(f"could not create a table: HTTP {status}")
    return dict(data)


async def _seat(server: Server, figs: Figures, tid: str, seat: int, token: str, rng: random.Random,
                think: float, deadline: float) -> None:
    """One person at a table: thinks, moves, and reconnects (resending nothing it was not told
    of) whenever the server goes away, until the game ends or the run does."""
    sent: dict[str, tuple[float, int, str, int]] = {}
    """Moves awaiting their ack: (sent at, server epoch, phase, version)."""
    acked_at: tuple[float, int, str] | None = None
    while time.monotonic() < deadline:
        await server.up.wait()
        try:
            async with websockets.connect(f"ws://127.0.0.1:{server.port}/ws/tables/{tid}", max_size=None,
                                          open_timeout=30, ping_interval=None) as ws:
                await ws.send(json.dumps({"type": "hello", "token": token, "lang": "en"}))
                while time.monotonic() < deadline:
                    frame = json.loads(await asyncio.wait_for(ws.recv(), max(0.1, deadline - time.monotonic())))
                    if frame["type"] == "ack" and frame.get("msg_id") in sent:
                        t0, epoch, phase, _ = sent.pop(frame["msg_id"])
                        figs.moves[phase if epoch == server.epoch else "restart"].append(time.perf_counter() - t0)
                        key = (tid, seat)
                        figs.acked[key] = max(figs.acked.get(key, 0), frame["version"])
                        acked_at = (time.perf_counter(), server.epoch, figs.phase)
                    elif frame["type"] == "error" and frame.get("msg_id") in sent:
                        sent.pop(frame["msg_id"])  # refused (e.g. stale): the next view asks again
                        figs.count(f"bystander_move_refused_{frame.get('code')}")
                    elif frame["type"] == "view":
                        if frame["status"] != "playing":
                            return
                        if frame["legal"] and sent and all(m[3] != frame["version"] for m in sent.values()):
                            figs.count("bystander_move_unanswered", len(sent))  # the table moved past it
                            sent.clear()
                        if frame["legal"] and not sent:
                            if acked_at is not None:
                                t0, epoch, phase = acked_at
                                if any(s.get("kind") == "ai" for s in frame["seats"]):
                                    figs.ai_replies[phase if epoch == server.epoch else "restart"].append(
                                        time.perf_counter() - t0)
                                acked_at = None
                            await asyncio.sleep(rng.expovariate(1 / think))
                            msg = f"s{seat}v{frame['version']}"
                            sent[msg] = (time.perf_counter(), server.epoch, figs.phase, frame["version"])
                            await ws.send(json.dumps({"type": "act", "msg_id": msg, "version": frame["version"],
                                                      "action_id": rng.randrange(len(frame["legal"]))}))
        except (OSError, websockets.ConnectionClosed, TimeoutError):
            if time.monotonic() < deadline:
                figs.count("bystander_moves_cut_by_disconnect", len(sent))
            sent.clear()  # not acknowledged: it may or may not have been played; the next view says
            acked_at = None
            await asyncio.sleep(0.2)


async def _bystanders(server: Server, figs: Figures, pairs: int, vs_ai: int, think: float, deadline: float,
                      seats_seen: list[tuple[str, int, str]]) -> None:
    """Tables of two people and of a person and an AI, a new one whenever one ends."""
    async def keep_playing(kind: str, k: int) -> None:
        rng = random.Random(f"{kind}{k}")
        while time.monotonic() < deadline:
            await server.up.wait()
            seats = [{"kind": "human"}, {"kind": "human"} if kind == "pair" else {"kind": "ai", "agent": "heuristic"}]
            try:
                table = await asyncio.to_thread(_table, server, seats)
            except (OSError, RuntimeError):
                await asyncio.sleep(0.5)
                continue
            people = [(s["seat"], s["token"]) for s in table["seats"] if s.get("token")]
            seats_seen.extend((table["table_id"], seat, token) for seat, token in people)
            await asyncio.gather(*(_seat(server, figs, table["table_id"], seat, token, random.Random(rng.random()),
                                         think, deadline) for seat, token in people))

    await asyncio.gather(*(keep_playing("pair", k) for k in range(pairs)),
                         *(keep_playing("ai", k) for k in range(vs_ai)))


# ----- abuse ---------------------------------------------------------------------------------

async def _ws_loop(server: Server, tid: str, token: str | None, frame: dict[str, Any], per_s: float,
                   figs: Figures, key: str, source: str) -> None:
    """One connection from `source` sending `frame` at `per_s` a second, reading whatever comes back."""
    while True:
        try:
            async with websockets.connect(f"ws://127.0.0.1:{server.port}/ws/tables/{tid}", max_size=None,
                                          ping_interval=None, local_addr=(source, 0)) as ws:
                await ws.send(json.dumps({"type": "hello", "token": token, "lang": "en"}))

                async def drain() -> None:
                    async for text in ws:  # what the server refused, by its code (views_busy, rate_limited...)
                        if len(text) < 2000 and '"error"' in text:
                            figs.count(f"{key}_refused_{json.loads(text).get('code')}")
                reader = asyncio.create_task(drain())
                try:
                    while True:
                        await ws.send(json.dumps(frame))
                        figs.count(key)
                        await asyncio.sleep(1 / per_s)
                finally:
                    reader.cancel()
        except (OSError, websockets.ConnectionClosed, TimeoutError):
            figs.count(key + "_disconnected")
            await asyncio.sleep(0.2)


async def hint_flood(server: Server, figs: Figures, ctx: dict[str, Any]) -> None:
    async def one(source: str) -> None:
        table = await asyncio.to_thread(_table, server, [{"kind": "human"}, {"kind": "ai", "agent": "heuristic"}],
                                        source)
        token = next(s["token"] for s in table["seats"] if s.get("token"))
        await _ws_loop(server, table["table_id"], token, {"type": "hint"}, 55, figs, "hints_sent", source)
    await asyncio.gather(*(one(source) for source in ctx["sources"]))


async def view_flood(server: Server, figs: Figures, ctx: dict[str, Any]) -> None:
    """Twenty addresses, one connection each, asking for full views of a finished table."""
    tid = ctx["finished"]
    await asyncio.gather(*(_ws_loop(server, tid, None, {"type": "view"}, 50, figs, "full_views_asked", source)
                           for source in ctx["sources"]))


async def replay_flood(server: Server, figs: Figures, ctx: dict[str, Any]) -> None:
    tid = ctx["finished"]

    async def one(k: int) -> None:
        rng = random.Random(k)
        while True:
            try:
                await asyncio.to_thread(server.get, f"/api/tables/{tid}/replay/view?step={rng.randrange(ctx['steps'])}"
                                                    "&seat=all", 10, ctx["sources"][k % len(ctx["sources"])])
                figs.count("replay_views")
            except urllib.error.HTTPError as exc:
                figs.count(f"replay_views_http_{exc.code}")
            except (OSError, ValueError):
                figs.count("replay_views_failed")  # the server restarting
                await asyncio.sleep(0.05)
    await asyncio.gather(*(one(k) for k in range(10)))


async def half_open(server: Server, figs: Figures, ctx: dict[str, Any]) -> None:
    """Connections that send half a request line and then nothing, held open."""
    held: list[asyncio.StreamWriter] = []
    try:
        while True:
            if len(held) < ctx["half_open"]:
                try:
                    source = ctx["sources"][len(held) % len(ctx["sources"])]
                    _, writer = await asyncio.open_connection("127.0.0.1", server.port, local_addr=(source, 0))
                    writer.write(b"GET /api/tables HTTP/1.1\r\nHost: x\r\n")
                    held.append(writer)
                    figs.count("half_open_connections")
                except OSError:
                    figs.count("half_open_refused")
                    await asyncio.sleep(0.1)
            else:
                await asyncio.sleep(0.5)
                held = [w for w in held if not w.is_closing()]
    finally:
        for w in held:
            w.close()


async def seat_squat(server: Server, figs: Figures, ctx: dict[str, Any]) -> None:
    """Open tables created by others, every seat claimed and never connected."""
    for n in itertools.count():
        source = ctx["sources"][n % len(ctx["sources"])]
        try:
            table = await asyncio.to_thread(_table, server, [{"kind": "human", "open": True}, {"kind": "human", "open": True}],
                                            source)
            for _ in range(2):
                status, _ = await asyncio.to_thread(server.post, f"/api/tables/{table['table_id']}/join", {}, 30, None,
                                                    source)
                figs.count("seats_squatted" if status == 200 else "squat_refused")
        except (OSError, RuntimeError):
            figs.count("squat_refused")
        await asyncio.sleep(0.2)


async def table_spam(server: Server, figs: Figures, ctx: dict[str, Any]) -> None:
    async def one(source: str) -> None:
        while True:
            try:
                status, _ = await asyncio.to_thread(server.post, "/api/tables", {
                    "game": "mystic_vale", "players": 2, "seats": [{"kind": "human", "open": True}, {"kind": "human", "open": True}]},
                    30, None, source)
                figs.count("tables_spammed" if status == 201 else "spam_refused")
            except OSError:
                figs.count("spam_refused")
                await asyncio.sleep(0.05)
    await asyncio.gather(*(one(source) for source in ctx["sources"][:3]))


BAD_NAMES = [b'"\\udfff"', json.dumps("x" * 10_000).encode(), b'"a\\u0000b"', b'"\\u202e evil"']


async def bad_names(server: Server, figs: Figures, ctx: dict[str, Any]) -> None:
    """Table names the server must refuse (400: the name was checked), from addresses with no
    table in play, so a full table quota (429) never answers for the name check."""
    for n in itertools.count():
        for name in BAD_NAMES:
            raw = (b'{"game": "mystic_vale", "players": 2, "name": ' + name
                   + b', "seats": [{"kind": "human", "open": true}, {"kind": "human", "open": true}]}')
            try:
                status, _ = await asyncio.to_thread(server.post, "/api/tables", None, 30, raw,
                                                    ctx["sources"][n % len(ctx["sources"])])
                figs.count(f"bad_name_http_{status}")
            except (OSError, ValueError):
                figs.count("bad_name_failed")
        await asyncio.sleep(0.2)


async def _spectators(server: Server, tid: str, source: str, n: int, figs: Figures) -> list[asyncio.Task[None]]:
    """`n` spectators of a table from `source`, each reading everything it is sent."""
    async def watch() -> None:
        with contextlib.suppress(OSError, websockets.ConnectionClosed, TimeoutError):
            async with websockets.connect(f"ws://127.0.0.1:{server.port}/ws/tables/{tid}", max_size=None,
                                          ping_interval=None, local_addr=(source, 0)) as ws:
                await ws.send(json.dumps({"type": "hello", "lang": "en"}))
                figs.count("spectators_connected")
                async for _ in ws:
                    pass
    return [asyncio.create_task(watch()) for _ in range(n)]


async def rename_fanout(server: Server, figs: Figures, ctx: dict[str, Any]) -> None:
    """Each address: its own table watched by 60 of its own spectators, and a seat renaming
    itself as fast as the server acknowledges (every rename is news to all 61 readers)."""
    async def one(source: str) -> None:
        table = await asyncio.to_thread(_table, server, [{"kind": "human"}, {"kind": "human"}], source)
        token = table["seats"][0]["token"]
        watchers = await _spectators(server, table["table_id"], source, 60, figs)
        try:
            while True:
                with contextlib.suppress(OSError, websockets.ConnectionClosed, TimeoutError):
                    async with websockets.connect(f"ws://127.0.0.1:{server.port}/ws/tables/{table['table_id']}",
                                                  max_size=None, ping_interval=None, local_addr=(source, 0)) as ws:
                        await ws.send(json.dumps({"type": "hello", "token": token, "lang": "en"}))
                        for n in itertools.count():
                            await ws.send(json.dumps({"type": "name", "msg_id": f"r{n}", "name": f"name {n % 2}"}))
                            while True:
                                frame = json.loads(await asyncio.wait_for(ws.recv(), 30))
                                if frame.get("msg_id") == f"r{n}":
                                    figs.count("renames_acked" if frame["type"] == "ack"
                                               else f"renames_refused_{frame.get('code')}")
                                    break
                figs.count("renamer_disconnected")
                await asyncio.sleep(0.2)
        finally:
            for task in watchers:
                task.cancel()
    await asyncio.gather(*(one(source) for source in ctx["sources"][:3]))


async def ipv4_dual_stack(server: Server, figs: Figures, ctx: dict[str, Any]) -> None:
    """One IPv4 address flooding the server through a dual-stack listener (the phase restarts the
    server on `::`): pings and full views from its connections, as fast as it is answered."""
    source = ctx["sources"][0]

    async def one(k: int) -> None:
        while True:
            with contextlib.suppress(OSError, websockets.ConnectionClosed, TimeoutError):
                async with websockets.connect(f"ws://127.0.0.1:{server.port}/ws/tables/{ctx['finished']}",
                                              max_size=None, ping_interval=None, local_addr=(source, 0)) as ws:
                    await ws.send(json.dumps({"type": "hello", "lang": "en"}))
                    await ws.recv()
                    while True:
                        await ws.send(json.dumps({"type": "view" if k % 2 else "ping"}))
                        await asyncio.wait_for(ws.recv(), 30)
                        figs.count("ipv4_flood_answers")
            figs.count("ipv4_flood_disconnected")
            await asyncio.sleep(0.2)
    await asyncio.gather(*(one(k) for k in range(8)))


async def ai_tables(server: Server, figs: Figures, ctx: dict[str, Any]) -> None:
    """Five addresses creating tables of four `hard` AI players and nobody else, as many as the
    server lets them have at once (a refused one is tried again a second later)."""
    seats = [{"kind": "ai", "agent": "hard"}] * 4

    async def one(source: str) -> None:
        while True:
            try:
                status, _ = await asyncio.to_thread(server.post, "/api/tables", {
                    "game": "mystic_vale", "players": 4, "seats": seats}, 30, None, source)
                figs.count(f"ai_tables_http_{status}")
            except OSError:
                figs.count("ai_tables_failed")
                status = 0
            await asyncio.sleep(0.2 if status == 201 else 1.0)
    await asyncio.gather(*(one(source) for source in ctx["sources"]))


def _every_count(game: str, count: int) -> str:
    """The game's shipped card file with every card's count set to `count` (its declared totals
    left out), as the text of an upload."""
    import yaml

    path = Path(__file__).resolve().parents[1] / "src" / "sabbat" / "games" / game / "cards.yaml"
    data = yaml.safe_load(path.read_text())
    for entries in data.values():
        for entry in entries if isinstance(entries, list) else ():
            if isinstance(entry, dict):
                entry["count"] = count
    meta = data.get("meta", {})
    meta.pop("total", None)  # the declared totals would pass the largest value a card file may hold
    meta.pop("totals", None)
    return json.dumps(data, ensure_ascii=False)


NODES_30K = "cards:\n" + "".join(f"  - {{id: c{i}, n: [{i}, {i}]}}\n" for i in range(7500))
"""A YAML card file of about 30,000 nodes (7,500 entries of four each): not a valid card file."""


def _upload(server: Server, game: str, players: int, cards: str, source: str,
            seats: list[dict[str, Any]] | None = None) -> tuple[int, float, Any]:
    """POST a table with an uploaded card file: (HTTP status, seconds to answer, the answer)."""
    t0 = time.monotonic()
    status, data = server.post("/api/tables", {"game": game, "players": players, "cards": cards,
                                               "seats": seats or [{"kind": "human"}] * players}, 120, None, source)
    return status, time.monotonic() - t0, data


async def big_cards(server: Server, figs: Figures, ctx: dict[str, Any]) -> None:
    """A Magic Master card file with every count at 1,000 (sent once: a table the server
    accepts may hold hundreds of MB), then 30,000-node YAML files from every address."""
    async def timed(key: str, *args: Any) -> None:
        try:
            status, took, _ = await asyncio.to_thread(_upload, server, *args)
            figs.count(f"{key}_http_{status}")
            figs.abuse[f"{key}_answer_ms_max"] = max(figs.abuse.get(f"{key}_answer_ms_max", 0), round(1000 * took))
        except (OSError, ValueError):
            figs.count(f"{key}_failed")

    async def nodes(source: str) -> None:
        while True:
            await timed("yaml_30k_nodes", "magic_master", 2, NODES_30K, source)
            await asyncio.sleep(0.5)

    await asyncio.gather(timed("mm_counts_1000", "magic_master", 2, _every_count("magic_master", 1000),
                               ctx["sources"][0]),
                         *(nodes(source) for source in ctx["sources"][1:]))


async def big_hints(server: Server, figs: Figures, ctx: dict[str, Any]) -> None:
    """Two addresses, each a Monslaught table of its own with every card count at 1,000 against
    an AI, asking for hints whenever it is their turn. Where the server refuses such a file, the
    phase says so (`big_state_refused_http_N`) and hints on the shipped cards instead."""
    cards = _every_count("monslaught", 1000)

    async def one(source: str) -> None:
        seats = [{"kind": "human"}, {"kind": "ai", "agent": "heuristic"}]
        try:
            status, took, table = await asyncio.to_thread(_upload, server, "monslaught", 2, cards, source, seats)
        except (OSError, ValueError):
            status, took, table = 0, 0.0, None
        figs.abuse["big_state_answer_ms_max"] = max(figs.abuse.get("big_state_answer_ms_max", 0), round(1000 * took))
        if status != 201:
            figs.count(f"big_state_refused_http_{status}")
            table = await asyncio.to_thread(_table, server, seats, source, "monslaught")
        else:
            figs.count("big_states_accepted")
        token = next(s["token"] for s in table["seats"] if s.get("token"))
        await _ws_loop(server, table["table_id"], token, {"type": "hint"}, 20, figs, "big_hints_sent", source)
    await asyncio.gather(*(one(source) for source in ctx["sources"][:2]))


ABUSE: dict[str, Callable[[Server, Figures, dict[str, Any]], Awaitable[None]]] = {
    "hint_flood": hint_flood, "view_flood": view_flood, "replay_flood": replay_flood, "half_open": half_open,
    "seat_squat": seat_squat, "table_spam": table_spam, "bad_names": bad_names, "rename_fanout": rename_fanout,
    "ipv4_dual_stack": ipv4_dual_stack, "ai_tables": ai_tables, "big_hints": big_hints, "big_cards": big_cards,
}


def _abuse_process(phase: str, port: int, ctx: dict[str, Any], nice: int, counts_to: str) -> None:
    """One abuse, in its own process, until SIGTERM; what it did is written to `counts_to`."""
    if nice:
        os.nice(nice)

    async def run() -> None:
        asyncio.get_running_loop().set_default_executor(ThreadPoolExecutor(64))
        server = Server.at(port)
        task = asyncio.create_task(ABUSE[phase](server, figs, {**ctx, "sources": sources(phase)}))
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, task.cancel)
        with contextlib.suppress(asyncio.CancelledError):
            await task

    figs = Figures()
    try:
        asyncio.run(run())
    finally:
        Path(counts_to).write_text(json.dumps(figs.abuse))


class Abuser:
    """An abuse running in a child process (see `_abuse_process`)."""

    def __init__(self, phase: str, server: Server, ctx: dict[str, Any], nice: int, home: Path) -> None:
        self.counts = home / f"abuse-{phase}.json"
        self.proc = multiprocessing.get_context("spawn").Process(
            target=_abuse_process, args=(phase, server.port, ctx, nice, str(self.counts)), daemon=True)
        self.proc.start()

    async def stop(self, figs: Figures) -> None:
        self.proc.terminate()
        await asyncio.to_thread(self.proc.join, 30)
        if self.proc.is_alive():
            self.proc.kill()
        with contextlib.suppress(OSError, ValueError):
            for key, n in json.loads(self.counts.read_text()).items():
                figs.count(key, n)


# ----- the run --------------------------------------------------------------------------------

def cpu_spent(before: tuple[int, float] | None, after: tuple[int, float] | None) -> float | None:
    """The server's CPU seconds between two readings (`Server.cpu_s`); None where a restart came
    between them: the new process counts from zero, so the difference would mean nothing."""
    if before is None or after is None or before[0] != after[0]:
        return None
    return round(after[1] - before[1], 1)


def _pct(xs: list[float], q: float) -> float | None:
    if not xs:
        return None
    xs = sorted(xs)
    return round(1000 * xs[min(len(xs) - 1, int(q * len(xs)))], 1)


def _finished_table(server: Server) -> tuple[str, int]:
    """An AI-vs-AI game played to its end, for the replay and view floods."""
    table = _table(server, [{"kind": "ai", "agent": "random"}, {"kind": "ai", "agent": "random"}])
    deadline = time.monotonic() + 120
    while server.get(f"/api/tables/{table['table_id']}")["status"] != "finished":
        if time.monotonic() > deadline:
            raise RuntimeError("the AI-vs-AI table did not finish")
        time.sleep(0.5)
    replay = server.get(f"/api/tables/{table['table_id']}/replay")
    return str(table["table_id"]), len(replay["actions"])


async def _lost(server: Server, figs: Figures, seats: list[tuple[str, int, str]]) -> int:
    """Acknowledged versions a seat no longer sees after the last restart."""
    lost = 0
    for tid, seat, token in seats:
        want = figs.acked.get((tid, seat))
        if want is None:
            continue
        async with websockets.connect(f"ws://127.0.0.1:{server.port}/ws/tables/{tid}", max_size=None) as ws:
            await ws.send(json.dumps({"type": "hello", "token": token, "lang": "en"}))
            while True:
                frame = json.loads(await asyncio.wait_for(ws.recv(), 30))
                if frame["type"] == "view":
                    lost += max(0, want - frame["version"])
                    break
    return lost


async def soak(seconds: float, kill_every: float, pairs: int, vs_ai: int, think: float, half_open_n: int,
               home: Path, phases: tuple[str, ...] = PHASES, nice: int = 10, db: str | None = None) -> dict[str, Any]:
    asyncio.get_running_loop().set_default_executor(ThreadPoolExecutor(64))
    server = Server(db or home / "soak.sqlite3", home)
    figs = Figures()
    starts = [await server.start()]
    finished, steps = await asyncio.to_thread(_finished_table, server)
    ctx: dict[str, Any] = {"half_open": half_open_n, "finished": finished, "steps": steps}
    phase_s = seconds / len(phases)
    t_start = time.monotonic()
    deadline = t_start + seconds
    seats: list[tuple[str, int, str]] = []
    players = asyncio.create_task(_bystanders(server, figs, pairs, vs_ai, think, deadline, seats))

    async def killer() -> None:
        while kill_every > 0 and time.monotonic() + kill_every < deadline - 5:
            await asyncio.sleep(kill_every)
            if figs.phase == "ipv4_dual_stack":  # that phase restarts the server itself, twice
                continue
            kills_in[figs.phase] = kills_in.get(figs.phase, 0) + 1
            starts.append(await server.kill_and_restart())

    kills_in: dict[str, int] = {}
    kills = asyncio.create_task(killer())
    cpu: dict[str, float] = {}
    server_cpu: dict[str, float] = {}
    """The server's CPU seconds in a phase (left out where a restart cut it)."""
    try:
        for phase in phases:
            figs.phase = phase
            t0, c0 = time.monotonic(), time.process_time()
            front = None
            if phase == "ipv4_dual_stack":  # the same server behind a dual-stack listener for this phase
                front = await server.behind_dual_stack()
                kills_in[phase] = kills_in.get(phase, 0) + 1
                if front is None:
                    figs.count("ipv4_dual_stack_skipped_no_nginx")
            s0 = server.cpu_s()
            abuse = Abuser(phase, server, ctx, nice, home) if phase in ABUSE else None
            await asyncio.sleep(max(0.0, min(phase_s, deadline - time.monotonic())))
            if abuse is not None:
                await abuse.stop(figs)
            cpu[phase] = round(time.process_time() - c0, 1)
            spent = cpu_spent(s0, server.cpu_s())
            if spent is not None:
                server_cpu[phase] = spent
            if front is not None:
                await server.on_its_own(front)
            print(f"{phase}: {time.monotonic() - t0:.0f}s, moves {len(figs.moves[phase])}, "
                  f"p99 {_pct(figs.moves[phase], 0.99)} ms", file=sys.stderr, flush=True)
        figs.phase = "end"
        await kills
        await players
        lobby_ok = True
        try:
            await asyncio.to_thread(server.get, "/api/tables")
        except (OSError, ValueError):
            lobby_ok = False
        starts.append(await server.kill_and_restart())  # the last check follows a kill, as the worst case
        lost = await _lost(server, figs, seats)
        try:
            await asyncio.to_thread(server.get, "/api/tables")
        except (OSError, ValueError):
            lobby_ok = False
    finally:
        kills.cancel()
        server.stop()
    base = figs.moves["quiet"]
    quiet_p99 = _pct(base, 0.99)
    rows = []
    for phase in (*phases, "restart"):
        xs, ai = figs.moves[phase], figs.ai_replies[phase]
        p50, p99 = _pct(xs, 0.5), _pct(xs, 0.99)
        rows.append({"phase": phase, "bystander_moves": len(xs), "p50_ms": p50, "p99_ms": p99,
                     "max_ms": _pct(xs, 1.0),
                     "p50_vs_quiet_p99": round(p50 / quiet_p99, 2) if p50 and quiet_p99 else None,
                     "p99_vs_quiet": round(p99 / quiet_p99, 2) if p99 and quiet_p99 else None,
                     "ai_replies": len(ai), "ai_reply_p50_ms": _pct(ai, 0.5), "ai_reply_p99_ms": _pct(ai, 0.99),
                     "client_cpu_s": cpu.get(phase), "server_cpu_s": server_cpu.get(phase), "kills": kills_in.get(phase, 0)})
    return {"phases": rows, "acked_moves_lost": lost, "acked_seats": len(figs.acked),
            "restarts": len(starts) - 1, "restart_s": [round(s, 2) for s in starts[1:]],
            "lobby_answers_after_abuse": lobby_ok, "abuse_counts": dict(sorted(figs.abuse.items())),
            "median_quiet_ms": round(1000 * statistics.median(base), 1) if base else None}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=600, help="length of the whole run (the issue asks 600)")
    ap.add_argument("--kill-every", type=float, default=120, help="seconds between kill -9 and restart")
    ap.add_argument("--pairs", type=int, default=6, help="bystander tables of two people")
    ap.add_argument("--vs-ai", type=int, default=4, help="bystander tables of a person and an AI")
    ap.add_argument("--think", type=float, default=0.5, help="bystanders' mean thinking time a move (s)")
    ap.add_argument("--half-open", type=int, default=2000, help="half-open connections held in that phase")
    ap.add_argument("--phases", default=",".join(PHASES), help="phases to run, in order (quiet first)")
    ap.add_argument("--abuser-nice", type=int, default=10, help="niceness of the abusers' process")
    ap.add_argument("--db", choices=["sqlite", "postgresql"], default="sqlite",
                    help="the server's database (postgresql: a temporary cluster with fsync on, from the Debian binaries)")
    ap.add_argument("--out", type=Path, default=None)
    args = ap.parse_args()
    phases = tuple(args.phases.split(","))
    if phases[0] != "quiet" or not set(phases) <= set(PHASES):
        ap.error(f"--phases: start with quiet; choose from {', '.join(PHASES)}")
    home = Path(tempfile.mkdtemp(prefix="sabbat-soak-"))
    try:
        with contextlib.ExitStack() as stack:
            url = None
            if args.db == "postgresql":
                sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
                from web.pg import postgres_server

                url = stack.enter_context(postgres_server(Path(tempfile.mkdtemp(prefix="sabbat-pg-")), fsync=True))
            result = asyncio.run(soak(args.seconds, args.kill_every, args.pairs, args.vs_ai, args.think,
                                      args.half_open, home, phases, args.abuser_nice, url))
    finally:
        shutil.rmtree(home, ignore_errors=True)
    out = {"benchmark": "server_soak", "seconds": args.seconds, "kill_every_s": args.kill_every,
           "pairs": args.pairs, "vs_ai": args.vs_ai, "think_s": args.think, "half_open": args.half_open,
           "abuser_nice": args.abuser_nice, "db": args.db,
           "machine": {"cpus": os.cpu_count(), "python": platform.python_version()}, **result}
    text = json.dumps(out, indent=1)
    print(text)
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(text + "\n")


if __name__ == "__main__":
    main()
