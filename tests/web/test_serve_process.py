"""`sabbat serve` as a real process: killed with SIGKILL mid-game and started again, it loses no
acknowledged move and the game finishes."""

from __future__ import annotations

import asyncio
import http.client
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
import websockets

from tests.support.aio import run_async


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _start(port: int, db: Path, home: Path, *extra: str) -> subprocess.Popen[bytes]:
    env = {**os.environ, "XDG_DATA_HOME": str(home)}
    proc = subprocess.Popen([sys.executable, "-m", "sabbat.cli.main", "serve", "--port", str(port), "--db", str(db),
                             *extra],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env)
    started = time.monotonic()
    assert proc.stdout is not None
    line = proc.stdout.readline().decode()
    assert f"http://127.0.0.1:{port}/" in line, line
    while True:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=2)
            break
        except (OSError, http.client.HTTPException):  # a self-connect before the server listens
            assert time.monotonic() - started < 15, "the server did not answer"
            time.sleep(0.05)
    return proc


async def _play(port: int, tid: str, token: str, moves: int | None, rng: random.Random) -> tuple[list[int], str]:
    """Play as one seat; returns the versions acknowledged and the final status."""
    acked: list[int] = []
    async with websockets.connect(f"ws://127.0.0.1:{port}/ws/tables/{tid}") as ws:
        await ws.send(json.dumps({"type": "hello", "token": token, "lang": "en"}))
        status = "playing"
        while moves is None or len(acked) < moves:
            frame: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), 30))
            if frame["type"] == "ack":
                acked.append(frame["version"])
            elif frame["type"] == "view":
                status = frame["status"]
                if status == "finished":
                    break
                if frame["legal"]:
                    choice = rng.choice(frame["legal"])
                    await ws.send(json.dumps({"type": "act", "msg_id": f"v{frame['version']}",
                                              "version": frame["version"], "action_id": choice["id"]}))
    return acked, status


@pytest.mark.slow
def test_sigkill_and_restart_lose_no_acknowledged_move(tmp_path: Path) -> None:
    port, db = _free_port(), tmp_path / "serve.sqlite3"
    proc = _start(port, db, tmp_path)
    try:
        body = json.dumps({"game": "mystic_vale", "players": 2, "seed": 4,
                           "seats": [{"kind": "human"}, {"kind": "ai", "agent": "heuristic"}]}).encode()
        req = urllib.request.Request(f"http://127.0.0.1:{port}/api/tables", data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
        table = json.load(urllib.request.urlopen(req))
        tid, token = table["table_id"], table["seats"][0]["token"]
        acked, _ = run_async(_play(port, tid, token, 12, random.Random(1)))
        assert len(acked) == 12
        before = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/api/tables/{tid}"))["version"]
        assert before >= max(acked)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    proc = _start(port, db, tmp_path)
    try:
        after = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/api/tables/{tid}"))
        assert after["version"] >= max(acked), "an acknowledged move was lost"
        _, status = run_async(_play(port, tid, token, None, random.Random(2)))
        assert status == "finished"
        replay = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/api/tables/{tid}/replay"))
        assert len(replay["actions"]) >= max(acked)
    finally:
        proc.terminate()
        proc.wait(10)



def _children(pid: int) -> set[int]:
    """The live (not zombie) processes whose parent is `pid`."""
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if fields[0] != "Z" and int(fields[1]) == pid:
            found.add(int(stat.parent.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_ai_workers_end_with_a_killed_server(tmp_path: Path) -> None:
    port, db = _free_port(), tmp_path / "serve.sqlite3"
    proc = _start(port, db, tmp_path, "--workers", "2")
    try:
        body = json.dumps({"game": "mystic_vale", "players": 2, "seed": 4,
                           "seats": [{"kind": "human"}, {"kind": "ai", "agent": "heuristic"}]}).encode()
        req = urllib.request.Request(f"http://127.0.0.1:{port}/api/tables", data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
        table = json.load(urllib.request.urlopen(req))
        run_async(_play(port, table["table_id"], table["seats"][0]["token"], 4, random.Random(1)))
        workers = _children(proc.pid)
        assert workers, "the AI moved, so its workers should exist"
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    deadline = time.monotonic() + 5
    while any(_alive(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [w for w in workers if _alive(w)], "AI workers outlived the killed server"
