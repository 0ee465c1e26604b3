"""Backing up a running server's database as docs/server.md says: `sabbat db backup`, taken while
games are being played, holds every move acknowledged before it began, and a server started on
the restored copy plays on from there.

The attack this answers: a copy of the SQLite file taken while the server runs leaves out the
moves still in its write-ahead log (-wal): restored, seats were back at older positions."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import sqlalchemy as sa
import websockets

from sabbat.web.store import Store
from tests.support.aio import run_async

from .serving import request, serving

TABLES = 4


async def _play(port: int, table: str, token: str, acked: list[str], stop: asyncio.Event) -> None:
    """Play seat 0 of `table` (the other seat is an AI) until `stop`, noting each acknowledged message id."""
    async with websockets.connect(f"ws://127.0.0.1:{port}/ws/tables/{table}") as ws:
        await ws.send(json.dumps({"type": "hello", "token": token, "lang": "en"}))
        sent = 0
        while not stop.is_set():
            try:
                frame = json.loads(await asyncio.wait_for(ws.recv(), 0.5))
            except TimeoutError:
                continue
            if frame["type"] == "view" and frame.get("legal") and not frame.get("finished"):
                sent += 1
                await ws.send(json.dumps({"type": "act", "msg_id": f"m{sent}", "version": frame["version"],
                                          "action_id": frame["legal"][0]["id"]}))
            elif frame["type"] == "ack":
                acked.append(frame["msg_id"])


async def _backup_while_playing(port: int, tokens: dict[str, str], db: Path, dest: Path) -> dict[str, set[str]]:
    """Play every table; once each has acknowledged moves, take the backup while play goes on.
    The message ids acknowledged before the backup began, per table."""
    acked: dict[str, list[str]] = {table: [] for table in tokens}
    stop = asyncio.Event()
    players = [asyncio.create_task(_play(port, table, token, acked[table], stop)) for table, token in tokens.items()]
    try:
        for _ in range(300):
            if all(len(ids) >= 5 for ids in acked.values()):
                break
            await asyncio.sleep(0.1)
        before = {table: set(ids) for table, ids in acked.items()}
        assert all(before.values()), before
        proc = await asyncio.create_subprocess_exec(sys.executable, "-m", "sabbat.cli.main", "db", "backup", str(dest),
                                                    "--db", str(db), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        out, err = await proc.communicate()
        assert proc.returncode == 0, err.decode()
        assert out.decode().startswith(f"backed up {TABLES} tables and "), out
        await asyncio.sleep(0.5)  # play goes on after it
        assert all(len(acked[t]) > len(before[t]) for t in tokens), "play stopped during the backup"
        return before
    finally:
        stop.set()
        await asyncio.gather(*players)


def test_a_backup_taken_while_games_are_played_holds_every_acknowledged_move(tmp_path: Path) -> None:
    spec: dict[str, Any] = {"game": "mystic_vale", "players": 2, "seats": [{"kind": "human"}, {"kind": "ai", "agent": "random"}]}
    dest = tmp_path / "backup.sqlite3"
    with serving(tmp_path) as (_, port):
        tokens = {}
        for _ in range(TABLES):
            status, created = request(port, "POST", "/api/tables", spec)
            assert status == 201, created
            tokens[created["table_id"]] = created["seats"][0]["token"]
        before = run_async(_backup_while_playing(port, tokens, tmp_path / "serve.sqlite3", dest))
    # the backup is one self-contained file holding each move acknowledged before it began
    assert not Path(f"{dest}-wal").exists()
    with sqlite3.connect(dest) as conn:
        for table, ids in before.items():
            stored = {row[0] for row in conn.execute("SELECT msg_id FROM actions WHERE table_id = ? AND seat = 0", (table,))}
            assert ids <= stored, (table, sorted(ids - stored))
    # restored in place of the database, the server loads every table and plays on
    restored = tmp_path / "restored"
    restored.mkdir()
    shutil.copy(dest, restored / "serve.sqlite3")
    with serving(restored) as (_, port):
        for table, token in tokens.items():
            moves = run_async(_moves_after_restore(port, table, token))
            assert moves >= len(before[table])


async def _moves_after_restore(port: int, table: str, token: str) -> int:
    """The table's version as the restored server shows it to seat 0 (once it has loaded)."""
    for _ in range(100):
        async with websockets.connect(f"ws://127.0.0.1:{port}/ws/tables/{table}") as ws:
            await ws.send(json.dumps({"type": "hello", "token": token, "lang": "en"}))
            try:
                frame = json.loads(await asyncio.wait_for(ws.recv(), 10))
            except websockets.ConnectionClosed:  # still loading after the restart: try again
                await asyncio.sleep(0.1)
                continue
            assert frame["type"] == "view", frame
            return int(frame["version"])
    raise AssertionError("the restored table never loaded")


def test_a_backup_never_overwrites_and_says_what_is_wrong(tmp_path: Path) -> None:
    (tmp_path / "taken").write_text("an older backup")
    done = subprocess.run([sys.executable, "-m", "sabbat.cli.main", "db", "backup", str(tmp_path / "taken"),
                           "--db", str(tmp_path / "missing.sqlite3")], capture_output=True, text=True)
    assert done.returncode != 0 and "already exists" in done.stderr and "Traceback" not in done.stderr
    done = subprocess.run([sys.executable, "-m", "sabbat.cli.main", "db", "backup", str(tmp_path / "new"),
                           "--db", str(tmp_path / "missing.sqlite3")], capture_output=True, text=True)
    assert done.returncode != 0 and "no SQLite database" in done.stderr and not (tmp_path / "missing.sqlite3").exists()
    assert (tmp_path / "taken").read_text() == "an older backup"


def test_a_postgresql_backup_restores_with_pg_restore(pg_url: str) -> None:
    """`sabbat db backup` on PostgreSQL is a pg_dump that pg_restore brings back, rows and all."""
    url = sa.engine.make_url(pg_url)
    engine = sa.create_engine(pg_url.replace("postgresql://", "postgresql+psycopg://"))
    with engine.begin() as c:
        c.execute(sa.text("DROP SCHEMA public CASCADE; CREATE SCHEMA public"))
    Store(pg_url).close()
    with engine.begin() as c:
        c.execute(sa.text("INSERT INTO tables (id, game, rules_version, num_players, seed, options, settings, created, "
                          "status) VALUES ('t1', 'mystic_vale', '1', 2, '1', '{}', '{}', 0, 'playing')"))
        c.execute(sa.text("INSERT INTO actions (table_id, idx, action, seat, msg_id) VALUES ('t1', 0, '1', 0, 'm1')"))
    with tempfile.TemporaryDirectory() as where:
        dump = Path(where) / "sabbat.dump"
        done = subprocess.run([sys.executable, "-m", "sabbat.cli.main", "db", "backup", str(dump), "--db", pg_url],
                              capture_output=True, text=True)
        assert done.returncode == 0 and "pg_restore" in done.stdout, done.stderr
        assert url.password not in done.stdout + done.stderr
        with engine.begin() as c:  # the database is lost
            c.execute(sa.text("DROP SCHEMA public CASCADE; CREATE SCHEMA public"))
        env = {**os.environ, "PGPASSWORD": url.password or ""}
        restored = subprocess.run(["pg_restore", "--no-owner", f"--host={url.host}", f"--port={url.port}",
                                   f"--username={url.username}", f"--dbname={url.database}", str(dump)],
                                  capture_output=True, text=True, env=env)
        assert restored.returncode == 0, restored.stderr
    with engine.begin() as c:
        assert c.execute(sa.text("SELECT msg_id FROM actions WHERE table_id = 't1'")).fetchall() == [("m1",)]
    engine.dispose()
