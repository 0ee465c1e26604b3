"""`sabbat db backup`: a copy of the database that holds every move committed before it began,
taken while the server runs.

Why not copy the file: the server's SQLite database is in WAL mode, where recent commits live in
the `-wal` file beside it until a checkpoint moves them in; a copy of the main file alone (or of
both at slightly different moments) silently loses them, or is torn. SQLite's online backup reads
one consistent snapshot through the database itself, WAL included, while the server goes on
writing; for PostgreSQL, `pg_dump` does the same.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
from pathlib import Path

import sqlalchemy as sa

from .database import DatabaseUnavailable, database_url


def backup(db: str, dest: Path) -> str:
    """Write a consistent copy of `db` (a SQLite file or a postgresql:// URL) to `dest`, which
    must not exist yet; a line saying what was copied."""
    if dest.exists():
        raise DatabaseUnavailable(f"{dest} already exists: name a new file, so no backup is overwritten")
    url = sa.engine.make_url(database_url(db))
    if url.get_backend_name() == "postgresql":
        return _pg_dump(url, dest)
    source = Path(url.database or "")
    if not source.is_file():
        raise DatabaseUnavailable(f"no SQLite database at {source}: name the file the server uses (--db)")
    partial = dest.with_name(dest.name + ".partial")
    partial.unlink(missing_ok=True)
    src = sqlite3.connect(source, timeout=30)
    try:
        out = sqlite3.connect(partial)
        try:
            src.backup(out)  # one step: one snapshot, WAL included; the server's writers go on meanwhile
            out.execute("PRAGMA journal_mode=DELETE")  # the copy is one self-contained file
            [[check]] = out.execute("PRAGMA integrity_check").fetchall()
            tables, moves = (out.execute(f"SELECT count(*) FROM {name}").fetchone()[0] for name in ("tables", "actions"))
        finally:
            out.close()
    except sqlite3.Error as exc:
        partial.unlink(missing_ok=True)
        raise DatabaseUnavailable(f"could not back up {source}: {exc}") from None
    finally:
        src.close()
    if check != "ok":
        partial.unlink(missing_ok=True)
        raise DatabaseUnavailable(f"the copy of {source} does not check out ({check}); nothing was written")
    partial.rename(dest)
    return f"backed up {tables} tables and {moves} moves from {source} to {dest}"


def _pg_dump(url: sa.engine.URL, dest: Path) -> str:
    """`pg_dump` in its custom format (restore with `pg_restore`); the password travels in the
    environment, never on a command line."""
    dump = shutil.which("pg_dump")
    if dump is None:
        raise DatabaseUnavailable("pg_dump is not installed: install PostgreSQL's client programs")
    env = {**os.environ, "PGHOST": url.host or "localhost", "PGPORT": str(url.port or 5432),
           "PGUSER": url.username or "", "PGPASSWORD": url.password or "", "PGDATABASE": url.database or ""}
    done = subprocess.run([dump, "--format=custom", "--no-owner", f"--file={dest}"], env=env,
                          capture_output=True, text=True)
    if done.returncode != 0:
        dest.unlink(missing_ok=True)
        raise DatabaseUnavailable(f"pg_dump failed: {(done.stderr.strip().splitlines() or ['?'])[-1]}")
    return f"backed up PostgreSQL database {url.database} to {dest} (restore with pg_restore)"
