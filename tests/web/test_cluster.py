"""docs/hosting.md's cluster as written: three `sabbat serve` processes over one PostgreSQL behind
nginx. Games of all five kinds (`cluster.GAMES`) go on when a process is killed, when every process is restarted in turn, and when
an owner is paused past its lease: no acknowledged move lost, none applied twice, no reader
shown another's view or an older version, and every frame each seat and a spectator got is one
it may see: its own view of the final log, the same in worlds with the hidden cards redrawn."""

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
from .frames import check_frames

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


async def _lobby_lists(c: Cluster, seats: list[Seat], within: float = 10) -> bool:
    """Whether the lobby lists every table of `seats` still in play within `within` seconds (each
    owner publishes its rows every 1.5 s; a lobby reads them at most once a second)."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        status, lobby = await call(c, "/api/tables")
        over = {s.table for s in seats if s.finished}
        if status == 200 and {s.table for s in seats} - over <= {r["table_id"] for r in lobby}:
            return True
        await asyncio.sleep(0.5)
    return False


def _watched(seats: list[Seat]) -> list[Seat]:
    """The seats and a spectator of each of their tables, each recording the frames it gets."""
    readers = [*seats, *(Seat(t, None, None) for t in dict.fromkeys(s.table for s in seats))]
    for r in readers:
        r.record = True
    return readers


def _frames_ok(c: Cluster, readers: list[Seat]) -> dict[str, float]:
    began = time.monotonic()
    tally = check_frames(c.db, readers)
    assert tally.resampled and tally.differed, "no frame was checked against a world with other hidden cards"
    return {"frames": tally.frames, "resampled": tally.resampled, "check_s": round(time.monotonic() - began, 1)}


def test_a_killed_process_tables_play_on_elsewhere(three: Cluster) -> None:
    async def main() -> dict[str, float]:
        seats = _watched(await new_tables(three, TABLES, first=0))
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
        listed = await _lobby_lists(three, seats)
        assert listed, "the lobby, from any process, lists every table in play"
        stop.set()
        await asyncio.gather(*players)
        return {**check(three, seats), **_frames_ok(three, seats), "longest_s": longest}

    result = run_async(main())
    print("kill -9", result)
    assert result["lost"] == 0 and result["twice"] == 0, result
    assert result["longest_s"] < 20, result


def test_a_rolling_restart_keeps_every_game_playing(three: Cluster) -> None:
    async def main() -> dict[str, int]:
        seats = _watched(await new_tables(three, TABLES, first=1))
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
        return {**check(three, seats), **_frames_ok(three, seats)}

    result = run_async(main())
    print("rolling restart", result)
    assert result["lost"] == 0 and result["twice"] == 0, result


def test_an_owner_paused_past_its_lease_cannot_write_when_it_resumes(three: Cluster) -> None:
    async def main() -> tuple[dict[str, int], list[dict[str, Any]], int | None]:
        seats = _watched(await new_tables(three, 1, first=1))
        stop = asyncio.Event()
        players = [asyncio.create_task(play(three, s, stop, random.Random(i))) for i, s in enumerate(seats)]
        await moves_after(seats, 0.0, 4, 60)
        stop.set()
        await asyncio.gather(*players)
        table = seats[0].table
        owner = three.owners()[table]
        late: list[dict[str, Any]] = []
        async with websockets.connect(f"ws://127.0.0.1:{owner}/ws/tables/{table}") as ws:
            for s in seats[:2]:  # the owner's player whose turn it is, connected straight to it
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
                again = _watched([Seat(s.table, s.seat, s.token) for s in seats[:2]])
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
        return {**check(three, [*seats, *again]), **_frames_ok(three, [*seats, *again])}, late, code

    result, late, code = run_async(main())
    print("SIGSTOP", result)
    assert not [f for f in late if f["type"] in ("ack", "view")], "the resumed owner answered as if it still owned the table"
    assert [f["code"] for f in late if f["type"] == "error"] == ["moving"] and code == 4503
    assert result["lost"] == 0 and result["twice"] == 0, result


async def _view(ws: Any) -> dict[str, Any]:
    while True:
        frame: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), 10))
        if frame["type"] == "view":
            return frame


PER_MOVE_S = 16
PER_GAME_S = 600
WAIT_S = 5.0


async def _reader(c: Cluster, table: str, token: str | None, within: float = 30) -> tuple[Any, dict[str, Any]]:
    """A connection through nginx and its first view, trying again while the table moves."""
    deadline = time.monotonic() + within
    while True:
        try:
            ws = await websockets.connect(f"wss://127.0.0.1:{c.tls_port}/ws/tables/{table}", ssl=c.context,
                                          origin=f"https://127.0.0.1:{c.tls_port}", open_timeout=5)  # type: ignore[arg-type]
            await ws.send(json.dumps({"type": "hello", "token": token, "lang": "en"}))
            return ws, await _view(ws)
        except (OSError, TimeoutError, websockets.ConnectionClosed, websockets.InvalidStatus,
                websockets.InvalidHandshake):
            assert time.monotonic() < deadline, "the table did not come back"
            await asyncio.sleep(0.3)


async def _latest(ws: Any, view: dict[str, Any]) -> dict[str, Any]:
    """The newest view on `ws` once it has been quiet a moment (or `view` if none came)."""
    while True:
        try:
            frame = json.loads(await asyncio.wait_for(ws.recv(), 0.5))
        except TimeoutError:
            return view
        if frame["type"] == "view":
            view = frame


def test_the_clocks_go_on_with_the_time_left_after_a_takeover(three: Cluster) -> None:
    """A person thinks, their table's owner is killed: the process that takes the table over shows
    the time they have left (not a fresh clock), and the stand-in plays when that time is out. The
    first player plays their whole turn, so the person thinking has come to the table but has
    neither moved nor named their seat: the new owner knows they came from the database alone."""
    async def main() -> dict[str, float]:
        status, made = await call(three, "/api/tables", {
            "game": "mystic_vale", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}],
            "clock": {"per_move_s": PER_MOVE_S, "per_game_s": PER_GAME_S}, "leaver_agent": "heuristic"})
        assert status == 201, made
        table, tokens = made["table_id"], [row["token"] for row in made["seats"]]
        readers = [await _reader(three, table, t) for t in tokens]
        views = [v for _, v in readers]
        first = next(s for s in (0, 1) if views[s]["legal"])
        for n in range(40):  # the first player's turn, each move thought over a little
            mover = next(s for s in (0, 1) if views[s]["legal"])
            if mover != first:
                break
            ws = readers[mover][0]
            await asyncio.sleep(0.2)
            await ws.send(json.dumps({"type": "act", "msg_id": f"m{n}", "version": views[mover]["version"],
                                      "action_id": views[mover]["legal"][0]["id"]}))
            while json.loads(await asyncio.wait_for(ws.recv(), 10))["type"] != "ack":
                pass
            turn_began = time.monotonic()
            for s in (0, 1):
                views[s] = await _latest(readers[s][0], views[s])
        mover = next(s for s in (0, 1) if views[s]["legal"])
        assert mover != first, "the first player's turn did not end within 40 moves"
        for ws, _ in readers:
            await ws.close()
        await asyncio.sleep(WAIT_S)
        three.stop(three.owners()[table], signal.SIGKILL)
        killed = time.monotonic() - turn_began
        ws, view = await _reader(three, table, tokens[mover])
        taken = time.monotonic() - turn_began
        row = view["seats"][mover]
        version = view["version"]
        while not view["seats"][mover].get("timed_out"):  # the person does nothing: out of time, the stand-in
            view = await _view(ws)                          # takes this decision over
        stand_in = time.monotonic() - turn_began
        while view["version"] == version:  # and plays it
            view = await _view(ws)
        await ws.close()
        return {"killed_s": killed, "taken_s": taken, "move_left_s": row["move_left_s"],
                "game_left_s": row["game_left_s"], "stand_in_s": stand_in, "played_s": time.monotonic() - turn_began}

    result = run_async(main())
    print("takeover clocks", {k: round(v, 1) for k, v in result.items()})
    assert result["move_left_s"] <= PER_MOVE_S - result["killed_s"] + 0.5, result
    assert result["game_left_s"] <= PER_GAME_S - result["killed_s"] + 0.5, result
    assert result["stand_in_s"] >= PER_MOVE_S - 1, "the stand-in took over before the person's time was out"
    assert result["stand_in_s"] <= min(PER_MOVE_S + 3, result["taken_s"] + PER_MOVE_S - 3), \
        "the stand-in waited for a fresh clock after the takeover"
