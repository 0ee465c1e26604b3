"""docs/hosting.md's cluster as written: three `sabbat serve` processes over one PostgreSQL behind
nginx. Games go on when a process is killed, when every process is restarted in turn, and when
an owner is paused past its lease: no acknowledged move lost, none applied twice, no reader
shown another's view or an older version."""

from __future__ import annotations

import asyncio
import json
import random
import shutil
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
import websockets

from tests.support.aio import run_async

from .cluster import Cluster, Seat, call, check, cluster, moves_after, new_tables, play

NGINX = shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin:/sbin")
OPENSSL = shutil.which("openssl")
pytestmark = [pytest.mark.slow, pytest.mark.skipif(NGINX is None or OPENSSL is None,
                                                   reason="nginx or openssl is not installed")]
TABLES = 4


@pytest.fixture
def three(pg_url: str, tmp_path: Path) -> Iterator[Cluster]:
    engine = sa.create_engine(pg_url.replace("postgresql://", "postgresql+psycopg://"))
    with engine.begin() as c:
        c.execute(sa.text("DROP SCHEMA public CASCADE; CREATE SCHEMA public"))
    engine.dispose()
    assert NGINX is not None and OPENSSL is not None
    with cluster(tmp_path, pg_url, NGINX, OPENSSL) as c:
        yield c


async def _lobby_lists(c: Cluster, tables: set[str], within: float = 10) -> bool:
    """Whether the lobby lists every one of `tables` within `within` seconds (each owner
    publishes its rows every 1.5 s; a lobby reads them at most once a second)."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        status, lobby = await call(c, "/api/tables")
        if status == 200 and tables <= {r["table_id"] for r in lobby}:
            return True
        await asyncio.sleep(0.5)
    return False


def test_a_killed_process_tables_play_on_elsewhere(three: Cluster) -> None:
    async def main() -> dict[str, float]:
        seats = await new_tables(three, TABLES)
        stop = asyncio.Event()
        rng = random.Random(1)
        players = [asyncio.create_task(play(three, s, stop, random.Random(rng.random()))) for s in seats]
        await moves_after(seats, 0.0, 3, 60)
        owners = three.owners()
        victim = max(three.ports, key=lambda p: sum(1 for o in owners.values() if o == p))
        assert any(o == victim for o in owners.values())
        three.stop(victim, signal.SIGKILL)
        killed = time.monotonic()
        longest = await moves_after(seats, killed, 3, 60)
        listed = await _lobby_lists(three, {s.table for s in seats})
        assert listed, "the lobby, from any process, lists every table in play"
        stop.set()
        await asyncio.gather(*players)
        return {**check(three, seats), "longest_s": longest}

    result = run_async(main())
    assert result["lost"] == 0 and result["twice"] == 0, result
    assert result["longest_s"] < 20, result


def test_a_rolling_restart_keeps_every_game_playing(three: Cluster) -> None:
    async def main() -> dict[str, int]:
        seats = await new_tables(three, TABLES)
        stop = asyncio.Event()
        rng = random.Random(2)
        players = [asyncio.create_task(play(three, s, stop, random.Random(rng.random()))) for s in seats]
        await moves_after(seats, 0.0, 3, 60)
        for port in list(three.ports):
            await asyncio.to_thread(three.stop, port, signal.SIGTERM)
            await moves_after(seats, time.monotonic(), 2, 60)
            await asyncio.to_thread(three.start, port)
        await moves_after(seats, time.monotonic(), 2, 60)
        stop.set()
        await asyncio.gather(*players)
        return check(three, seats)

    result = run_async(main())
    assert result["lost"] == 0 and result["twice"] == 0, result


def test_an_owner_paused_past_its_lease_cannot_write_when_it_resumes(three: Cluster) -> None:
    async def main() -> tuple[dict[str, int], list[dict[str, Any]], int | None]:
        seats = await new_tables(three, 1)
        stop = asyncio.Event()
        players = [asyncio.create_task(play(three, s, stop, random.Random(i))) for i, s in enumerate(seats)]
        await moves_after(seats, 0.0, 4, 60)
        stop.set()
        await asyncio.gather(*players)
        table = seats[0].table
        owner = three.owners()[table]
        late: list[dict[str, Any]] = []
        async with websockets.connect(f"ws://127.0.0.1:{owner}/ws/tables/{table}") as ws:
            for s in seats:  # the owner's player whose turn it is, connected straight to it
                await ws.send(json.dumps({"type": "hello", "token": s.token, "lang": "en"}))
                view = await _view(ws)
                if view["legal"]:
                    break
                await ws.close()
                ws = await websockets.connect(f"ws://127.0.0.1:{owner}/ws/tables/{table}")
            paused = three.procs[owner]
            paused.send_signal(signal.SIGSTOP)
            try:  # the move waits in the paused owner; the players go on elsewhere once its lease ends
                await ws.send(json.dumps({"type": "act", "msg_id": "late", "version": view["version"],
                                          "action_id": view["legal"][0]["id"]}))
                elsewhere = next(p for p in three.ports if p != owner)
                again = [Seat(s.table, s.seat, s.token) for s in seats]
                stop2 = asyncio.Event()
                movers = [asyncio.create_task(play(three, s, stop2, random.Random(5 + i), port=elsewhere))
                          for i, s in enumerate(again)]
                await moves_after(again, 0.0, 4, 60)
            finally:
                paused.send_signal(signal.SIGCONT)
            code = None
            try:  # the resumed owner finds its lease over: it refuses the move and sends the reader on
                while True:
                    late.append(json.loads(await asyncio.wait_for(ws.recv(), 10)))
            except websockets.ConnectionClosed as closed:
                code = closed.rcvd.code if closed.rcvd else None
        stop2.set()
        await asyncio.gather(*movers)
        logged = three.logs([table])[table]
        assert "late" not in [m for _, m in logged], "the paused owner wrote a move after the takeover"
        return check(three, [*seats, *again]), late, code

    result, late, code = run_async(main())
    assert not [f for f in late if f["type"] in ("ack", "view")], "the resumed owner answered as if it still owned the table"
    assert [f["code"] for f in late if f["type"] == "error"] == ["moving"] and code == 4503
    assert result["lost"] == 0 and result["twice"] == 0, result


async def _view(ws: Any) -> dict[str, Any]:
    while True:
        frame: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), 10))
        if frame["type"] == "view":
            return frame
