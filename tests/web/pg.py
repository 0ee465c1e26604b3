"""A real PostgreSQL server for the tests, started from the Debian binaries in a temp directory.

Why not a mock: the store must work on the database people deploy. initdb refuses to run as
root, so as root the cluster belongs to the `postgres` (or `nobody`) user.
"""

from __future__ import annotations

import glob
import os
import pwd
import shlex
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def binaries() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _runner() -> tuple[list[str], int | None]:
    """The command prefix that runs a program as an unprivileged user, and that user's uid."""
    if os.geteuid() != 0:
        return [], None
    for name in ("postgres", "nobody"):
        try:
            user = pwd.getpwnam(name)
        except KeyError:
            continue
        return ["setpriv", f"--reuid={user.pw_uid}", f"--regid={user.pw_gid}", "--clear-groups"], user.pw_uid
    raise RuntimeError("running as root, and no postgres or nobody user to run PostgreSQL as")


DOC = Path(__file__).parents[2] / "docs" / "server.md"
AS_POSTGRES = "sudo -u postgres "


def documented_setup() -> tuple[list[list[str]], str]:
    """The commands docs/server.md gives to prepare PostgreSQL (run as its `postgres` user), and
    the URL it then gives `sabbat serve`: the tests run exactly these, so the docs stay true."""
    lines = [line.strip() for line in DOC.read_text().splitlines()]
    setup = [i for i, line in enumerate(lines) if line.startswith(AS_POSTGRES)]
    if not setup:
        raise RuntimeError(f"{DOC} lost its PostgreSQL setup commands")
    commands = [shlex.split(lines[i][len(AS_POSTGRES):]) for i in setup]
    serve = lines[setup[-1] + 1]
    if not serve.startswith("sabbat serve --db postgresql://"):
        raise RuntimeError(f"{DOC}: the PostgreSQL setup commands are to be followed by `sabbat serve --db postgresql://…`")
    url = serve.split("--db ")[1].split()[0]
    return commands, url


@contextmanager
def postgres_server(base: Path, fsync: bool = False) -> Iterator[str]:
    """A fresh cluster under `base`, prepared with the documented commands, yielding its
    postgresql:// URL (password authentication over TCP, as deployed); stopped afterwards.

    Tests run it without fsync (speed); the load benchmark with fsync, as deployed.
    """
    bindir = binaries()
    if bindir is None:
        raise RuntimeError("PostgreSQL binaries not found: run `bash scripts/system-deps` (Debian's postgresql)")
    prefix, uid = _runner()
    data = base / "pgdata"
    sock = base / "sock"
    sock.mkdir(parents=True)
    if uid is not None:
        for path in (base, sock):
            os.chown(path, uid, -1)
    base.chmod(0o755)
    subprocess.run([*prefix, str(bindir / "initdb"), "-D", str(data), "-U", "postgres", "--auth-local=trust",
                    "--auth-host=scram-sha-256", "-E", "UTF8", "--locale=C"], check=True, capture_output=True)
    port = _free_port()
    log = base / "pg.log"
    if uid is not None:
        log.touch()
        os.chown(log, uid, -1)
    subprocess.run([*prefix, str(bindir / "pg_ctl"), "-D", str(data), "-l", str(log), "-w", "-t", "30",
                    "-o", f"-p {port} -k {sock} -c listen_addresses=127.0.0.1 -c fsync={'on' if fsync else 'off'} -c max_connections=200", "start"],
                   check=True, capture_output=True)
    try:
        deadline = time.monotonic() + 30
        while subprocess.run([str(bindir / "pg_isready"), "-h", "127.0.0.1", "-p", str(port)],
                             capture_output=True).returncode != 0:
            if time.monotonic() > deadline:
                raise RuntimeError(f"PostgreSQL did not start: {log.read_text()[-2000:]}")
            time.sleep(0.2)
        commands, url = documented_setup()
        env = {**os.environ, "PGHOST": str(sock), "PGPORT": str(port), "PGUSER": "postgres",
               "PATH": f"{bindir}:{os.environ.get('PATH', '')}"}
        for command in commands:
            subprocess.run([*prefix, *command], check=True, capture_output=True, env=env)
        yield url.replace("@localhost/", f"@127.0.0.1:{port}/")
    finally:
        subprocess.run([*prefix, str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"],
                       capture_output=True)
