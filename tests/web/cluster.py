"""A real cluster for the tests: N `sabbat serve` processes over one PostgreSQL, behind nginx
configured as docs/hosting.md's cluster recipe says, and players that behave like the browser
(they reconnect on their own and send an unacknowledged move again with the same id)."""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import signal
import ssl
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import sqlalchemy as sa
import websockets

from sabbat.web.store import actions_t, database_url
from tests.support.aio import run_async

from .serving import free_port, nginx_conf, request

DOC = Path(__file__).parents[2] / "docs" / "hosting.md"
NGINX_BLOCK = re.compile(r"```nginx\n(.*?)```", re.S)
CLUSTER_BLOCK = re.compile(r"```nginx cluster\n(.*?)```", re.S)


def cluster_config(tls_port: int, http_port: int, ports: list[int], cert: Path, key: Path) -> str:
    """The page's nginx configuration with its cluster upstream, this test's ports and certificate."""
    [site] = NGINX_BLOCK.findall(DOC.read_text())
    [upstream] = CLUSTER_BLOCK.findall(DOC.read_text())
    documented = [int(p) for p in re.findall(r"server 127\.0\.0\.1:(\d+)", upstream)]
    assert len(documented) == len(ports), f"docs/hosting.md's cluster has {len(documented)} processes"
    for old, new in zip(documented, ports, strict=True):
        upstream = upstream.replace(f"127.0.0.1:{old} ", f"127.0.0.1:{new} ")
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
    context: ssl.SSLContext | None = None
    procs: dict[int, subprocess.Popen[bytes]] = field(default_factory=dict)

    def start(self, port: int) -> None:
        """Start the process of `port` as the recipe says, and wait until it answers."""
        log = (self.base / f"serve-{port}.log").open("ab")
        self.procs[port] = proc = subprocess.Popen(
            [sys.executable, "-m", "sabbat.cli.main", "serve", "--host", "127.0.0.1", "--port", str(port),
             "--proxy", "127.0.0.1", "--db", self.db, "--workers", "1"],
            stdout=log, stderr=subprocess.STDOUT, env={**os.environ, "XDG_DATA_HOME": str(self.base)})
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
def cluster(base: Path, db: str, nginx: str, openssl: str, n: int = 3) -> Iterator[Cluster]:
    """`n` processes over the database `db`, behind nginx as the recipe says."""
    cert, key = base / "cert.pem", base / "key.pem"
    subprocess.run([openssl, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
                    "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", str(key), "-out", str(cert)],
                   check=True, capture_output=True)
    c = Cluster(base, db, [free_port() for _ in range(n)], free_port())
    conf = nginx_conf(base, cluster_config(c.tls_port, free_port(), c.ports, cert, key), 512)
    run = conf.parent
    proxy = None
    try:
        for port in c.ports:
            c.start(port)
        proxy = subprocess.Popen([nginx, "-p", str(run), "-c", str(conf)], stdout=subprocess.PIPE,
                                 stderr=subprocess.STDOUT)
        c.context = ssl.create_default_context(cafile=str(cert))
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


async def _get(c: Cluster, path: str, body: Any = None) -> tuple[int, Any]:
    """(status, JSON) of one request through nginx."""
    reader, writer = await asyncio.open_connection("127.0.0.1", c.tls_port, ssl=c.context)
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


async def call(c: Cluster, path: str, body: Any = None) -> tuple[int, Any]:
    return await _get(c, path, body)


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


async def play(c: Cluster, s: Seat, until: asyncio.Event, rng: random.Random, think: float = 0.05,
               port: int | None = None) -> None:
    """Play random legal moves as `s` until `until` is set, through nginx (or straight to `port`),
    reconnecting after any close or silence like the browser, and sending an unacknowledged move
    again with its id after reconnecting (the server applies it once)."""
    pending: dict[str, Any] | None = None
    url = f"wss://127.0.0.1:{c.tls_port}/ws/tables/{s.table}" if port is None else f"ws://127.0.0.1:{port}/ws/tables/{s.table}"
    origin = f"https://127.0.0.1:{c.tls_port}" if port is None else f"http://127.0.0.1:{port}"
    while not until.is_set() and not s.finished:
        try:
            async with websockets.connect(url, ssl=c.context if port is None else None, origin=origin,  # type: ignore[arg-type]
                                          open_timeout=5) as ws:
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


async def new_tables(c: Cluster, n: int) -> list[Seat]:
    """`n` tables of two people, created through nginx."""
    seats = []
    for _ in range(n):
        status, made = await call(c, "/api/tables", {"game": "mystic_vale", "players": 2,
                                                     "seats": [{"kind": "human"}, {"kind": "human"}]})
        assert status == 201, made
        seats += [Seat(made["table_id"], row["seat"], row["token"]) for row in made["seats"]]
    return seats
