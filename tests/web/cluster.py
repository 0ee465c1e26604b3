"""A real cluster for the tests and the cluster benchmark: N `sabbat serve` processes over one
PostgreSQL, started with docs/hosting.md's cluster commands behind nginx configured as its
cluster recipe says (or as another recipe says: deploy/'s units and nginx file), and players that
behave like the browser (they reconnect on their own and send an unacknowledged move again with
the same id)."""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import shlex
import signal
import ssl
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import sqlalchemy as sa
import websockets

from sabbat.web.database import database_url
from sabbat.web.store import actions_t
from tests.support.aio import run_async

from .serving import free_port, nginx_conf, request

DOC = Path(__file__).parents[2] / "docs" / "hosting.md"
NGINX_BLOCK = re.compile(r"```nginx\n(.*?)```", re.S)
CLUSTER_BLOCK = re.compile(r"```nginx cluster\n(.*?)```", re.S)
SERVE_LINE = re.compile(r"^    (sabbat serve .*) &$", re.M)

Launch = Callable[[int, str], tuple[list[str], dict[str, str]]]
"""The command line and environment that start the process on a port over a database URL."""
Site = Callable[[int, int, list[int], Path, Path], str]
"""The nginx site for (proxy port, HTTP port, the processes' ports, certificate, key)."""


def documented_launch(port: int, db: str) -> tuple[list[str], dict[str, str]]:
    """docs/hosting.md's command for one cluster process, on `port`, with the database URL in
    SABBAT_DATABASE as the page exports it. The tests' only addition: one AI worker a process
    (SABBAT_WORKERS), to spare this small machine's memory."""
    section = DOC.read_text().split("## 5.", 1)[1]
    lines = SERVE_LINE.findall(section)
    assert len(lines) >= 2, "docs/hosting.md's cluster section lost its `sabbat serve … &` lines"
    ports = [m.group(1) if (m := re.search(r"--port (\d+) ", line)) else "" for line in lines]
    assert all(ports) and all(line == lines[0].replace(f"--port {ports[0]} ", f"--port {port} ")
                              for port, line in zip(ports, lines, strict=True)), \
        "the cluster's commands differ in more than the port"
    words = shlex.split(lines[0])
    assert "--db" not in words, "the database URL (a password) belongs in SABBAT_DATABASE, not on the command line"
    at = words.index("--port")
    words[at + 1] = str(port)
    return ([sys.executable, "-m", "sabbat.cli.main", *words[1:]],
            {"SABBAT_DATABASE": db, "SABBAT_WORKERS": "1"})


def cluster_config(tls_port: int, http_port: int, ports: list[int], cert: Path, key: Path) -> str:
    """The page's nginx configuration with its cluster upstream, this test's ports (one `server`
    line each) and certificate."""
    [site] = NGINX_BLOCK.findall(DOC.read_text())
    [upstream] = CLUSTER_BLOCK.findall(DOC.read_text())
    servers = re.findall(r"^ *server 127\.0\.0\.1:\d+ .*\n", upstream, re.M)
    assert len(servers) >= 2, "docs/hosting.md's cluster upstream lost its `server 127.0.0.1:…` lines"
    # one line per process, as the page writes them (the benchmark runs other numbers than 3)
    ours = "".join(re.sub(r"127\.0\.0\.1:\d+ ", f"127.0.0.1:{port} ", servers[0]) for port in ports)
    upstream = upstream.replace("".join(servers), ours)
    site = re.sub(r"upstream sabbat \{.*?\n\}\n", lambda _: upstream, site, count=1, flags=re.S)
    swaps = {"listen 443 ssl;": f"listen 127.0.0.1:{tls_port} ssl;", "listen 80;": f"listen 127.0.0.1:{http_port};",
             "/etc/letsencrypt/live/play.example.org/fullchain.pem": str(cert),
             "/etc/letsencrypt/live/play.example.org/privkey.pem": str(key)}
    for old, new in swaps.items():
        assert site.count(old) == 1, f"docs/hosting.md no longer has {old!r}"
        site = site.replace(old, new)
    return site


@dataclass
class Cluster:
    base: Path
    db: str
    ports: list[int]
    tls_port: int = 0
    """nginx's port (TLS when `context` is set, else plain HTTP)."""
    context: ssl.SSLContext | None = None
    procs: dict[int, subprocess.Popen[bytes]] = field(default_factory=dict)
    launch: Launch = documented_launch

    def start(self, port: int) -> None:
        """Start the process of `port` as the recipe says, and wait until it answers."""
        command, env = self.launch(port, self.db)
        log = (self.base / f"serve-{port}.log").open("ab")
        self.procs[port] = proc = subprocess.Popen(
            command, stdout=log, stderr=subprocess.STDOUT,
            env={**os.environ, "XDG_DATA_HOME": str(self.base), **env})
        log.close()
        started = time.monotonic()
        while request(port, "GET", "/api/games", quiet=True)[0] != 200:
            assert proc.poll() is None, self.log(port)
            assert time.monotonic() - started < 60, "the server did not answer"
            time.sleep(0.1)

    def log(self, port: int) -> str:
        return (self.base / f"serve-{port}.log").read_text(errors="replace")[-4000:]

    def stop(self, port: int, sig: int = signal.SIGTERM) -> None:
        proc = self.procs.pop(port)
        proc.send_signal(sig)
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()

    def owners(self) -> dict[str, int]:
        """Each leased table's owner, as the port of its process (the pid in the lease's owner)."""
        pids = {proc.pid: port for port, proc in self.procs.items()}
        engine = sa.create_engine(self.db.replace("postgresql://", "postgresql+psycopg://"))
        try:
            with engine.connect() as c:
                rows = c.execute(sa.text("SELECT table_id, owner FROM leases WHERE until > "
                                         "extract(epoch from clock_timestamp())")).all()
        finally:
            engine.dispose()
        return {r.table_id: pids.get(int(r.owner.split(":")[1]), 0) for r in rows}

    def logs(self, table_ids: list[str]) -> dict[str, list[tuple[int, str | None]]]:
        """Each table's stored log: (seat, message id) per move (PostgreSQL or a SQLite file)."""
        engine = sa.create_engine(database_url(self.db))
        try:
            with engine.connect() as c:
                rows = c.execute(sa.select(actions_t.c.table_id, actions_t.c.seat, actions_t.c.msg_id)
                                 .where(actions_t.c.table_id.in_(table_ids))
                                 .order_by(actions_t.c.table_id, actions_t.c.idx)).all()
        finally:
            engine.dispose()
        logs: dict[str, list[tuple[int, str | None]]] = {t: [] for t in table_ids}
        for r in rows:
            logs[r.table_id].append((r.seat, r.msg_id))
        return logs


@contextmanager
def cluster(base: Path, db: str, nginx: str, openssl: str | None, n: int = 3, launch: Launch = documented_launch,
            site: Site = cluster_config, connections: int = 512) -> Iterator[Cluster]:
    """`n` processes over the database `db`, behind nginx, as the recipe says (docs/hosting.md's
    unless `launch` and `site` say otherwise); nginx speaks TLS with a certificate made here when
    `openssl` is given, else plain HTTP."""
    cert, key = base / "cert.pem", base / "key.pem"
    if openssl is not None:
        subprocess.run([openssl, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj",
                        "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", str(key),
                        "-out", str(cert)], check=True, capture_output=True)
    c = Cluster(base, db, [free_port() for _ in range(n)], free_port(), launch=launch)
    conf = nginx_conf(base, site(c.tls_port, free_port(), c.ports, cert, key), connections)
    run = conf.parent
    proxy = None
    try:
        for port in c.ports:
            c.start(port)
        proxy = subprocess.Popen([nginx, "-p", str(run), "-c", str(conf)], stdout=subprocess.PIPE,
                                 stderr=subprocess.STDOUT)
        c.context = ssl.create_default_context(cafile=str(cert)) if openssl is not None else None
        started = time.monotonic()
        while True:
            try:
                run_async(_get(c, "/api/games"))
                break
            except OSError:
                assert proxy.poll() is None and time.monotonic() - started < 15, (run / "error.log").read_text()
                time.sleep(0.1)
        yield c
    finally:
        if proxy is not None:
            proxy.terminate()
            proxy.wait(10)
        for port in list(c.procs):
            c.stop(port, signal.SIGKILL)


async def _get(c: Cluster, path: str, body: Any = None, source: str | None = None) -> tuple[int, Any]:
    """(status, JSON) of one request through nginx (from the loopback address `source`)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", c.tls_port, ssl=c.context,
                                                   local_addr=(source, 0) if source else None)
    data = b"" if body is None else json.dumps(body).encode()
    method = "GET" if body is None else "POST"
    writer.write(f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{c.tls_port}\r\nContent-Type: application/json\r\n"
                 f"Content-Length: {len(data)}\r\nConnection: close\r\n\r\n".encode() + data)
    raw = await reader.read()
    writer.close()
    head, _, payload = raw.partition(b"\r\n\r\n")
    status = int(head.split()[1])
    try:
        return status, json.loads(payload)
    except ValueError:
        return status, payload


async def call(c: Cluster, path: str, body: Any = None, source: str | None = None) -> tuple[int, Any]:
    return await _get(c, path, body, source)


@dataclass
class Seat:
    """One person at a table, as a browser plays: moves, acknowledgements, reconnections."""

    table: str
    seat: int | None
    """None: a spectator (it only watches)."""
    token: str | None
    acked: set[str] = field(default_factory=set)
    versions: list[int] = field(default_factory=list)
    """Every version this reader was shown, in order (across reconnections)."""
    ack_times: list[float] = field(default_factory=list)
    reconnects: int = 0
    sent: int = 0
    leaks: list[str] = field(default_factory=list)
    """Frames this reader should not have had."""
    finished: bool = False
    sent_at: dict[str, float] = field(default_factory=dict)
    """When each move (by message id) was first sent."""
    refused: set[str] = field(default_factory=set)
    """Moves the server refused as stale (never applied: the client may choose again)."""
    frames: list[dict[str, Any]] = field(default_factory=list)
    """Every view this reader was sent, whole (what it holds once it put the parts left out back),
    when `record` is set: to be checked against what it may see (`tests.web.frames`)."""
    record: bool = False


def whole_view(previous: dict[str, Any] | None, view: dict[str, Any]) -> dict[str, Any]:
    """A view as the browser holds it: the observation entries left out (`kept`) and the events
    sent before (`events_from`) put back from the previous view of the same connection."""
    kept = view.pop("kept", None) or []
    earlier = [] if previous is None else previous["events"]
    assert previous is not None or not kept and view["events_from"] == 0, "a first view that is not whole"
    assert view["events_from"] <= len(earlier), "events skipped"
    whole = {**view, "observation": {**view["observation"], **{k: previous["observation"][k] for k in kept}}
             if previous is not None else view["observation"],
             "events": earlier[:view["events_from"]] + view["events"]}
    assert len(whole["events"]) == view["events_total"], "the events do not add up"
    return whole


def proxy_url(c: Cluster, path: str, ws: bool = False) -> str:
    """The address of `path` through nginx, as a browser would write it."""
    scheme = ("wss" if ws else "https") if c.context is not None else ("ws" if ws else "http")
    return f"{scheme}://127.0.0.1:{c.tls_port}{path}"


async def play(c: Cluster, s: Seat, until: asyncio.Event, rng: random.Random, think: float = 0.05,
               port: int | None = None, source: str | None = None) -> None:
    """Play random legal moves as `s` until `until` is set, through nginx (or straight to `port`),
    from the loopback address `source`, reconnecting after any close or silence like the
    browser, and sending an unacknowledged move again with its id after reconnecting (the server
    applies it once)."""
    pending: dict[str, Any] | None = None
    path = f"/ws/tables/{s.table}"
    url = proxy_url(c, path, ws=True) if port is None else f"ws://127.0.0.1:{port}{path}"
    origin = proxy_url(c, "") if port is None else f"http://127.0.0.1:{port}"
    context = c.context if port is None else None
    while not until.is_set() and not s.finished:
        try:
            async with websockets.connect(url, ssl=context, origin=origin, open_timeout=5,  # type: ignore[arg-type]
                                          local_addr=(source, 0) if source else None) as ws:
                await ws.send(json.dumps({"type": "hello", "token": s.token, "lang": "en"}))
                if pending is not None:
                    await ws.send(json.dumps(pending))
                held: dict[str, Any] | None = None  # the last view on this connection, whole
                while not until.is_set() and not s.finished:
                    frame = json.loads(await asyncio.wait_for(ws.recv(), 4))
                    kind = frame["type"]
                    if kind == "view":
                        frame = held = whole_view(held, frame)
                        if s.record:
                            s.frames.append(frame)
                    if kind == "ack" and pending is not None and frame["msg_id"] == pending["msg_id"]:
                        s.acked.add(pending["msg_id"])
                        s.ack_times.append(time.monotonic())
                        pending = None
                    elif kind == "error":
                        if frame["code"] == "stale" and pending is not None and frame.get("msg_id") == pending["msg_id"]:
                            s.refused.add(pending["msg_id"])
                            pending = None  # refused, never applied: the fresh view follows
                        elif frame["code"] != "moving":
                            s.leaks.append(f"unexpected error {frame}")
                    elif kind == "view":
                        if frame["seat"] != s.seat or (frame["legal"] and frame["current_player"] != s.seat):
                            s.leaks.append(f"a view for another reader: seat {frame['seat']}")
                        s.versions.append(frame["version"])
                        if frame["status"] != "playing":
                            s.finished = True
                        elif frame["legal"] and pending is None:
                            await asyncio.sleep(rng.expovariate(1 / think))
                            s.sent += 1
                            pending = {"type": "act", "msg_id": f"s{s.seat}-{s.sent}", "version": frame["version"],
                                       "action_id": rng.choice(frame["legal"])["id"]}
                            s.sent_at[pending["msg_id"]] = time.monotonic()
                            await ws.send(json.dumps(pending))
        except (OSError, TimeoutError, websockets.ConnectionClosed, websockets.InvalidStatus,
                websockets.InvalidHandshake):
            s.reconnects += 1
            await asyncio.sleep(0.3)


def check(c: Cluster, seats: list[Seat]) -> dict[str, int]:
    """0 acknowledged moves lost, 0 applied twice, no reader shown another's frames or going back."""
    tables = sorted({s.table for s in seats})
    logs = c.logs(tables)
    lost = twice = 0
    for s in seats:
        mine = [m for seat, m in logs[s.table] if seat == s.seat and m is not None]
        lost += len(s.acked - set(mine))
        twice += len(mine) - len(set(mine))
        assert not s.leaks, s.leaks[:3]
        assert s.versions == sorted(s.versions), f"a reader of {s.table} was shown an older version"
    return {"lost": lost, "twice": twice, "acked": sum(len(s.acked) for s in seats),
            "reconnects": sum(s.reconnects for s in seats)}


GAMES = (("mystic_vale", 2), ("monslaught", 2), ("bellum_magica", 2), ("magic_master", 2), ("nameless_dark_lord", 3))
"""The games the cluster tests play, in turn, each with as few people as it takes."""
GAME_OF: dict[str, str] = {}
"""Each table's game, by table id, to name it when a table stalls."""


async def new_tables(c: Cluster, n: int, first: int = 0) -> list[Seat]:
    """`n` tables of people, created through nginx: the games of `GAMES` in turn from its `first`."""
    seats = []
    for i in range(first, first + n):
        game, players = GAMES[i % len(GAMES)]
        status, made = await call(c, "/api/tables", {"game": game, "players": players,
                                                     "seats": [{"kind": "human"}] * players})
        assert status == 201, made
        GAME_OF[made["table_id"]] = game
        seats += [Seat(made["table_id"], row["seat"], row["token"]) for row in made["seats"]]
    return seats


async def moves_after(seats: list[Seat], since: float, moves: int, within: float) -> float:
    """Wait until every table has had `moves` acknowledged moves after `since` (or is over); returns
    the longest wait any table had for its first one."""
    deadline = time.monotonic() + within
    tables = {s.table for s in seats if not s.finished}
    while True:
        over = {s.table for s in seats if s.finished}
        after = {t: sorted(x for s in seats if s.table == t for x in s.ack_times if x > since) or [since] * moves
                 if t in over else sorted(x for s in seats if s.table == t for x in s.ack_times if x > since)
                 for t in tables}
        if all(len(a) >= moves for a in after.values()):
            return max(a[0] - since for a in after.values())
        assert time.monotonic() < deadline, {f"{GAME_OF.get(t, '?')} {t}": len(a) for t, a in after.items()}
        await asyncio.sleep(0.1)
