"""Browser tests: a real `sabbat serve` on a free 127.0.0.1 port with a temporary SQLite database,
driven by Debian's Chromium through Playwright (never a downloaded browser).

SABBAT_CHROMIUM names another Chromium executable; SABBAT_SKIP_BROWSER=1 skips these tests on a
developer's machine (CI never sets it, so a missing browser fails there with a clear message);
SABBAT_BROWSER_URL points the tests at a server that is already running.
"""

from __future__ import annotations

import http.client
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

from tests.browser.helpers import http_json

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


def start_server(tmp: Path, port: int | None = None) -> tuple[str, subprocess.Popen[bytes]]:
    """`sabbat serve` on 127.0.0.1 (a free port unless given) with its database in `tmp`; waits
    until it answers."""
    port = port or free_port()
    log = (tmp / "serve.log").open("a")
    cmd = [sys.executable, "-m", "sabbat.cli.main", "serve", "--host", "127.0.0.1", "--port", str(port),
           "--db", str(tmp / "sabbat.sqlite3"), "--tables-per-client", "10000",
           "--ai-seats-per-client", "100000", "--ai-seats", "1000000"]  # every test's tables come from here
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, cwd=tmp)
    log.close()
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            http_json(base + "/api/games")
            DATABASES[base] = tmp / "sabbat.sqlite3"
            return base, proc
        except (urllib.error.URLError, ConnectionError, OSError, http.client.HTTPException):  # a self-connect reads a bad status
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                pytest.fail(f"`{' '.join(cmd)}` did not start:\n{(tmp / 'serve.log').read_text()[-3000:]}", pytrace=False)
            time.sleep(0.2)


def stop_server(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(10)


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
    base, proc = start_server(tmp_path_factory.mktemp("serve"))
    yield base
    stop_server(proc)


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


def axe_version(npm: str | None, cache_root: Path) -> str:
    """The latest axe-core release on npm (never a pinned old one: a newer axe finds more); offline,
    the newest copy already fetched into the cache."""
    if npm is not None:
        try:
            done = subprocess.run([npm, "view", "axe-core", "version"], capture_output=True, text=True, timeout=60)
            if done.returncode == 0 and done.stdout.strip():
                return done.stdout.strip()
        except (OSError, subprocess.TimeoutExpired):
            pass
    found = [p.parents[2].name.removeprefix("axe-core-") for p in cache_root.glob("axe-core-*/node_modules/axe-core/axe.min.js")]
    cached = sorted(found, key=lambda v: tuple(int(x) for x in v.split(".") if x.isdigit()))
    if not cached:
        pytest.fail("npm is needed once to fetch axe-core for the accessibility audit (install Node.js and npm, "
                    "or point SABBAT_AXE at axe.min.js)", pytrace=False)
    return cached[-1]


@pytest.fixture(scope="session")
def axe_source() -> str:
    """axe-core's script (the npm package, its latest release), injected into pages for the
    accessibility audit (`browser.helpers.audit`).

    Looked for in SABBAT_AXE (a path to axe.min.js), else in the cache ~/.cache/sabbat/axe-core-VERSION,
    which `npm install` fills the first time a release is seen (CI starts from a fresh clone with the
    npm registry reachable)."""
    skip_if_asked()
    named = os.environ.get("SABBAT_AXE")
    if named:
        return Path(named).read_text(encoding="utf-8")
    npm = shutil.which("npm")
    root = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "sabbat"
    version = axe_version(npm, root)
    cache = root / f"axe-core-{version}"
    script = cache / "node_modules" / "axe-core" / "axe.min.js"
    if not script.is_file():
        if npm is None:
            pytest.fail("npm is needed once to fetch axe-core for the accessibility audit (install Node.js and npm, "
                        "or point SABBAT_AXE at axe.min.js)", pytrace=False)
        cache.mkdir(parents=True, exist_ok=True)
        done = subprocess.run([npm, "install", "--prefix", str(cache), "--no-audit", "--no-fund", "--no-save",
                               f"axe-core@{version}"], capture_output=True, text=True, timeout=300)
        if done.returncode != 0 or not script.is_file():
            pytest.fail(f"npm could not install axe-core@{version}:\n{done.stderr[-2000:]}", pytrace=False)
    return script.read_text(encoding="utf-8")
