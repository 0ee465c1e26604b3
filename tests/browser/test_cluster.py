"""The browser through docs/hosting.md's cluster (three processes over PostgreSQL behind nginx):
when the process that owns the table is killed, the page reconnects on its own, shows the game
where it was (no acknowledged move lost) and plays on."""

from __future__ import annotations

import random
import shutil
import signal
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.helpers import click_a_move, version
from tests.support.aio import run_async
from tests.web.cluster import Cluster, call, cluster
from tests.web.pg import postgres_server

NGINX = shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin:/sbin")
OPENSSL = shutil.which("openssl")
pytestmark = [pytest.mark.slow, pytest.mark.postgres,
              pytest.mark.skipif(NGINX is None or OPENSSL is None, reason="nginx or openssl is not installed")]


@pytest.fixture
def three(tmp_path: Path) -> Iterator[Cluster]:
    assert NGINX is not None and OPENSSL is not None
    base = Path(tempfile.mkdtemp(prefix="sabbat-pg-"))
    try:
        with postgres_server(base) as url, cluster(tmp_path, url, NGINX, OPENSSL) as c:
            yield c
    finally:
        shutil.rmtree(base, ignore_errors=True)


def _my_turn(page: Any, timeout: int = 60_000) -> None:
    page.wait_for_function("() => document.querySelector('.table-page')?.dataset.myTurn === '1'", timeout=timeout)


def test_the_page_plays_on_when_its_tables_process_is_killed(browser: Any, three: Cluster) -> None:
    status, made = run_async(call(three, "/api/tables", {"game": "mystic_vale", "players": 2, "seed": 3, "seats": [
        {"kind": "human"}, {"kind": "ai", "agent": "heuristic"}]}))
    assert status == 201, made
    table = made["table_id"]
    ctx = browser.new_context(locale="en-US", ignore_https_errors=True, reduced_motion="reduce")
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(f"page error: {e}"))
    try:
        page.goto(f"https://127.0.0.1:{three.tls_port}{made['seats'][0]['invite_url']}")
        rng = random.Random(4)
        for _ in range(3):
            _my_turn(page)
            click_a_move(page, rng)
        _my_turn(page)
        shown = version(page)
        owner = three.owners()[table]
        three.stop(owner, signal.SIGKILL)
        page.locator(".offline-banner").wait_for(state="visible", timeout=15_000)
        page.locator(".offline-banner").wait_for(state="hidden", timeout=60_000)
        _my_turn(page)
        assert version(page) == shown, "the page came back where it was: no move lost, none repeated"
        click_a_move(page, rng)
        assert version(page) > shown
        assert three.owners()[table] not in (owner, 0), "another process owns the table now"
        assert errors == []
    finally:
        ctx.close()
