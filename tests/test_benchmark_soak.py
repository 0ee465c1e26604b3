"""The soak benchmark (benchmarks/server_soak.py) measures what it says: its bad-names phase
reaches the server's name check (not a full table quota), and a phase cut by a restart reports
no server CPU rather than a difference between two processes' counters."""

from __future__ import annotations

import asyncio
import contextlib
import tempfile
from pathlib import Path
from typing import Any

from tests.support.aio import run_async
from tests.support.scripts import load_script
from tests.web.serving import serving


async def _until(abuse: Any, done: Any, limit_s: float = 60) -> None:
    """Run one abuse until `done()` says enough (or the limit passes), then stop it."""
    task = asyncio.create_task(abuse)
    try:
        for _ in range(int(limit_s / 0.1)):
            if done() or task.done():
                break
            await asyncio.sleep(0.1)
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


def test_the_bad_names_phase_is_answered_by_the_name_check_after_table_spam(tmp_path: Path) -> None:
    soak = load_script("benchmarks/server_soak.py")
    with serving(tmp_path, "--tables-per-client", "2") as (_, port):
        server = soak.Server.at(port)
        figs = soak.Figures()
        ctx = {"finished": "", "steps": 1}

        async def scenario() -> None:
            await _until(soak.table_spam(server, figs, {**ctx, "sources": soak.sources("table_spam")}),
                         lambda: figs.abuse.get("spam_refused", 0) >= 3)
            await _until(soak.bad_names(server, figs, {**ctx, "sources": soak.sources("bad_names")}),
                         lambda: sum(n for k, n in figs.abuse.items() if k.startswith("bad_name_")) >= 8)

        run_async(scenario())
    assert figs.abuse.get("spam_refused", 0) >= 3  # the spammers' quota is full
    answers = {k: n for k, n in figs.abuse.items() if k.startswith("bad_name_")}
    assert set(answers) == {"bad_name_http_400"} and answers["bad_name_http_400"] >= 8


def test_a_phase_cut_by_a_restart_reports_no_server_cpu() -> None:
    soak = load_script("benchmarks/server_soak.py")
    home = Path(tempfile.mkdtemp(prefix="sabbat-soak-test-"))
    server = soak.Server(home / "soak.sqlite3", home)

    async def scenario() -> tuple[Any, Any, Any]:
        await server.start()
        before = server.cpu_s()
        await server.kill_and_restart()
        return before, server.cpu_s(), before

    try:
        before, after, _ = run_async(scenario())
    finally:
        server.stop()
    assert before is not None and after is not None
    assert soak.cpu_spent(before, after) is None  # two processes: no figure, never a negative one
    assert soak.cpu_spent(before, before) == 0.0
