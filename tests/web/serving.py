"""`sabbat serve` as a real process, and plain HTTP to it from a chosen loopback address (Linux
answers on all of 127.0.0.0/8, so one machine can be many clients)."""

from __future__ import annotations

import http.client
import json
import os
import selectors
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def serving(home: Path, *args: str, port: int | None = None) -> Iterator[tuple[subprocess.Popen[bytes], int]]:
    """A server on a fresh SQLite file under `home`, with extra `sabbat serve` arguments; its
    output (stdout and stderr) is left in home/serve.log."""
    port = port or free_port()
    log = (home / "serve.log").open("wb")
    proc = subprocess.Popen([sys.executable, "-m", "sabbat.cli.main", "serve", "--port", str(port),
                             "--db", str(home / "serve.sqlite3"), "--workers", "1", *args],
                            stdout=log, stderr=subprocess.STDOUT, env={**os.environ, "XDG_DATA_HOME": str(home)})
    try:
        started = time.monotonic()
        while request(port, "GET", "/api/games", quiet=True)[0] != 200:
            assert proc.poll() is None, (home / "serve.log").read_text()
            assert time.monotonic() - started < 30, "the server did not answer"
            time.sleep(0.1)
        yield proc, port
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


def request(port: int, method: str, path: str, body: Any = None, source: str = "127.0.0.1",
            headers: dict[str, str] | None = None, quiet: bool = False) -> tuple[int, Any]:
    """(status, JSON answer) of one request from `source`; (0, None) if `quiet` and it failed."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10, source_address=(source, 0))
    try:
        data = None if body is None else json.dumps(body).encode()
        conn.request(method, path, body=data, headers={"Content-Type": "application/json", **(headers or {})})
        res = conn.getresponse()
        raw = res.read()
        return res.status, json.loads(raw) if raw and res.getheader("content-type", "").startswith("application/json") else raw
    except (OSError, http.client.HTTPException):
        # before the server listens, a connection to a port in the ephemeral range can meet itself
        # (TCP simultaneous open) and read its own request back as a bad status line: not up yet
        if quiet:
            return 0, None
        raise
    finally:
        conn.close()


def is_closed(sock: socket.socket, within: float) -> bool:
    """Whether the server closes `sock` within `within` seconds (it sends nothing first)."""
    sock.settimeout(within)
    try:
        return sock.recv(1) == b""
    except (ConnectionResetError, BrokenPipeError):
        return True
    except TimeoutError:
        return False


def answer_of(sock: socket.socket, within: float = 10) -> str:
    """Everything the server sends on `sock` until it closes it (or `within` seconds pass)."""
    sock.settimeout(within)
    data = b""
    try:
        while chunk := sock.recv(65536):
            data += chunk
    except (TimeoutError, ConnectionResetError):
        pass
    return data.decode(errors="replace")


def closed_within(socks: list[socket.socket], within: float) -> int:
    """How many of `socks` the server closes within `within` seconds (it sends nothing first)."""
    with selectors.DefaultSelector() as sel:
        for s in socks:
            sel.register(s, selectors.EVENT_READ)
        closed: set[socket.socket] = set()
        deadline = time.monotonic() + within
        while (left := deadline - time.monotonic()) > 0 and len(closed) < len(socks):
            for key, _ in sel.select(left):
                closed.add(key.fileobj)  # type: ignore[arg-type]
                sel.unregister(key.fileobj)
        return len(closed)


def nginx_conf(base: Path, site: str, connections: int = 256) -> Path:
    """A folder `base/nginx` for a test's own nginx and, in it, a whole configuration around the
    documented `site` (an `http` block's contents): pid, logs and temp files all inside the folder."""
    run = base / "nginx"
    run.mkdir()
    os.chmod(run, 0o777)  # nginx started as root hands its temp files to an unprivileged worker
    temp = "\n".join(f"{kind}_temp_path {run / kind};" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    conf = run / "nginx.conf"
    conf.write_text(f"daemon off;\npid {run / 'nginx.pid'};\nerror_log {run / 'error.log'} warn;\n"
                    f"events {{ worker_connections {connections}; }}\nhttp {{\naccess_log off;\n{temp}\n{site}\n}}\n")
    return conf
