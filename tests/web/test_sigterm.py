"""SIGTERM on a single `sabbat serve` (SQLite or PostgreSQL) (a deploy, `systemctl restart`) while people send moves
without a pause: the process writes every move it took before it exits. After the restart every
acknowledged move is in the log, none is in it twice, and every move sent before the signal was
either acknowledged and kept or refused (never applied), so the client knew what to do with it."""

from __future__ import annotations

import asyncio
import random
import signal
import time
from pathlib import Path

import pytest

from tests.support.aio import run_async

from .cluster import Cluster, Seat, check, play
from .serving import free_port, request

pytestmark = pytest.mark.slow
TABLES = 3


def _tables(port: int, n: int) -> list[Seat]:
    seats = []
    for _ in range(n):
        status, made = request(port, "POST", "/api/tables", {"game": "mystic_vale", "players": 2,
                                                             "seats": [{"kind": "human"}, {"kind": "human"}]})
        assert status == 201, made
        seats += [Seat(made["table_id"], row["seat"], row["token"]) for row in made["seats"]]
    return seats


async def _acked_after(seats: list[Seat], since: float, moves: int, within: float = 60) -> None:
    deadline = time.monotonic() + within
    while sum(1 for s in seats for t in s.ack_times if t > since) < moves:
        assert time.monotonic() < deadline, "the tables did not play on"
        await asyncio.sleep(0.05)


def _unanswered(seats: list[Seat]) -> list[str]:
    """The moves sent and not yet acknowledged nor refused."""
    return [m for s in seats for m in s.sent_at if m not in s.acked and m not in s.refused]


def test_sigterm_keeps_every_move_in_flight(db_url: str, tmp_path: Path) -> None:
    server = Cluster(tmp_path, db_url, [free_port()])
    [port] = server.ports
    server.start(port)
    try:
        seats = _tables(port, TABLES)

        async def main() -> tuple[float, float, list[set[str]], list[set[str]]]:
            stop = asyncio.Event()
            players = [asyncio.create_task(play(server, s, stop, random.Random(i), think=0.005, port=port))
                       for i, s in enumerate(seats)]
            await _acked_after(seats, 0.0, 30)
            proc = server.procs[port]
            while len(_unanswered(seats)) < 2:  # the signal comes while moves are on their way
                await asyncio.sleep(0)
            signalled = time.monotonic()
            proc.send_signal(signal.SIGTERM)
            at_signal = [set(s.acked) for s in seats]
            await asyncio.to_thread(proc.wait, 30)
            at_exit = [set(s.acked) for s in seats]
            assert proc.returncode in (0, -signal.SIGTERM), server.log(port)  # uvicorn ends by the signal it got
            assert "Finished server process" in server.log(port), "the process did not shut down in order"
            server.procs.pop(port)
            exited = time.monotonic() - signalled
            await asyncio.to_thread(server.start, port)
            await _acked_after(seats, time.monotonic(), 20)
            stop.set()
            await asyncio.gather(*players)
            return signalled, exited, at_signal, at_exit

        signalled, exited, at_signal, at_exit = run_async(main())
    finally:
        for p in list(server.procs):
            server.stop(p, signal.SIGKILL)
    result = check(server, seats)
    logs = server.logs(sorted({s.table for s in seats}))
    before = 0
    in_flight = {"drained": 0, "resent": 0, "refused": 0}
    for i, s in enumerate(seats):
        logged = {m for seat, m in logs[s.table] if seat == s.seat}
        for msg_id, sent in s.sent_at.items():
            if sent >= signalled:
                continue
            before += 1
            kept, refused = msg_id in s.acked and msg_id in logged, msg_id in s.refused and msg_id not in logged
            assert kept or refused, f"move {msg_id} sent before SIGTERM was neither kept nor refused"
            if msg_id not in at_signal[i]:  # on its way when the signal came: how it ended
                in_flight["refused" if refused else "drained" if msg_id in at_exit[i] else "resent"] += 1
    print("SIGTERM", {"before": before, **in_flight, **result, "exit_s": round(exited, 2)})
    assert sum(in_flight.values()) >= 2, "the signal came while moves were on their way"
    assert result["lost"] == 0 and result["twice"] == 0, result
    assert before >= 30
    assert result["reconnects"] >= len(seats), "every player was cut off by the restart and came back"
