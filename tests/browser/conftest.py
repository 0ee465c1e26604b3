"""Browser tests: a real `sabbat serve` on a free 127.0.0.1 port with a temporary SQLite database,
driven by Debian's Chromium through Playwright (never a downloaded browser).

SABBAT_CHROMIUM names another Chromium executable; SABBAT_SKIP_BROWSER=1 skips these tests on a
developer's machine (CI never sets it, so a missing browser fails there with a clear message);
SABBAT_BROWSER_URL points the tests at a server that is already running.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browser.helpers import http_json

SKIP = os.environ.get("SABBAT_SKIP_BROWSER") == "1"


def skip_if_asked() -> None:
    if SKIP:
        pytest.skip("SABBAT_SKIP_BROWSER=1: browser tests skipped on request")


def chromium_path() -> str:
    """Debian's Chromium (or SABBAT_CHROMIUM); a clear failure when there is none."""
    named = os.environ.get("SABBAT_CHROMIUM")
    candidates = [named] if named else ["/usr/bin/chromium", shutil.which("chromium"), shutil.which("chromium-browser")]
    for c in candidates:
        if c and Path(c).is_file() and os.access(c, os.X_OK):
            return c
    pytest.fail(
        "Chromium not found for the browser tests: install it with `bash scripts/system-deps` "
        "(Debian's chromium and fonts-noto-cjk), name another executable with SABBAT_CHROMIUM=/path, "
        "or skip these tests on your machine with SABBAT_SKIP_BROWSER=1",
        pytrace=False,
    )


DATABASES: dict[str, Path] = {}
"""The database of each server the tests started: a test may read it as the operator would."""


def operator_seed(server: str, table_id: str) -> int:
    """The seed the server drew for a table, read from its database as the operator can (it is
    shown to nobody else before the game ends)."""
    import sqlite3

    if server not in DATABASES:
        pytest.skip("a server started elsewhere (SABBAT_BROWSER_URL): its database is out of reach")
    with sqlite3.connect(DATABASES[server]) as db:
        (seed,) = db.execute("SELECT seed FROM tables WHERE id = ?", (table_id,)).fetchone()
    return int(seed)


def operator_log(server: str, table_id: str, start: int = 0) -> list[Any]:
    """The table's moves from `start` on, read from its database as the operator can."""
    import json
    import sqlite3

    if server not in DATABASES:
        pytest.skip("a server started elsewhere (SABBAT_BROWSER_URL): its database is out of reach")
    with sqlite3.connect(DATABASES[server]) as db:
        rows = db.execute("SELECT action FROM actions WHERE table_id = ? AND idx >= ? ORDER BY idx",
                          (table_id, start)).fetchall()
    return [json.loads(r[0]) for r in rows]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of a fresh `sabbat serve` (or SABBAT_BROWSER_URL)."""
    skip_if_asked()
    given = os.environ.get("SABBAT_BROWSER_URL")
    if given:
        yield given.rstrip("/")
        return
    from sabbat.cli.main import cli

    if "serve" not in getattr(cli, "commands", {}):
        pytest.skip("this checkout has no `sabbat serve` yet: the browser tests need it")
    tmp = tmp_path_factory.mktemp("serve")
    port = free_port()
    log = (tmp / "serve.log").open("w")
    cmd = [sys.executable, "-m", "sabbat.cli.main", "serve", "--host", "127.0.0.1", "--port", str(port),
           "--db", str(tmp / "sabbat.sqlite3")]
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, cwd=tmp)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            http_json(base + "/api/games")
            break
        except (urllib.error.URLError, ConnectionError, OSError):
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                log.close()
                pytest.fail(f"`{' '.join(cmd)}` did not start:\n{(tmp / 'serve.log').read_text()[-3000:]}", pytrace=False)
            time.sleep(0.2)
    DATABASES[base] = tmp / "sabbat.sqlite3"
    yield base
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
    log.close()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    skip_if_asked()
    path = chromium_path()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.fail("playwright is missing: pip install -e '.[dev]' (it drives the system's Chromium; "
                    "never run `playwright install`)", pytrace=False)
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, headless=True, args=["--no-sandbox"])
        yield b
        b.close()
