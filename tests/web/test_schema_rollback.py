"""Going back a release after a migration: the older release meeting a newer database refuses in
one line that names both sides (it used to end in a long Alembic traceback), and the documented
way back (`sabbat db downgrade` with the newer release) keeps every table and move."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from sabbat import __version__
from sabbat.web import schema
from sabbat.web.schema import NewerDatabase
from sabbat.web.store import Store

from .serving import free_port


def _sabbat(*args: str, home: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "sabbat.cli.main", *args], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "XDG_DATA_HOME": str(home)})


def _stamp(db: Path, revision: str) -> None:
    """Stand in for a newer release's migration: the database says it is at `revision`."""
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE alembic_version SET version_num = ?", (revision,))


def test_an_older_release_refuses_a_newer_database_in_one_line(tmp_path: Path) -> None:
    db = tmp_path / "sabbat.sqlite3"
    Store(str(db)).close()
    _stamp(db, "9999")
    newest = schema.known()[-1]
    with pytest.raises(NewerDatabase) as refused:
        Store(str(db))
    assert "9999" in str(refused.value) and newest in str(refused.value)
    done = _sabbat("serve", "--db", str(db), "--port", str(free_port()), home=tmp_path)
    out = (done.stdout + done.stderr).strip()
    assert done.returncode != 0 and "Traceback" not in out and len(out.splitlines()) == 1, out
    assert out.startswith("sabbat serve: the database's schema is at revision 9999"), out
    assert f"sabbat {__version__}" in out and f"up to {newest}" in out and "docs/server.md" in out, out
    with sqlite3.connect(db) as conn:  # nothing was changed
        assert conn.execute("SELECT version_num FROM alembic_version").fetchall() == [("9999",)]


def test_the_documented_way_back_keeps_the_tables(tmp_path: Path) -> None:
    """`sabbat db downgrade REV` steps the schema back to what the older release knows; the
    older release then starts on it (here: the current one, which upgrades it again)."""
    db = tmp_path / "sabbat.sqlite3"
    Store(str(db)).close()
    with sqlite3.connect(db) as conn:
        conn.execute("INSERT INTO tables (id, game, rules_version, num_players, seed, options, settings, created, "
                     "status) VALUES ('t1', 'mystic_vale', '1', 2, '1', '{}', '{}', 0, 'playing')")
        conn.execute("INSERT INTO actions (table_id, idx, action, seat) VALUES ('t1', 0, '\"x\"', 0)")
    known = schema.known()
    back = known[-2]
    shown = _sabbat("db", "revision", "--db", str(db), home=tmp_path)
    assert shown.returncode == 0 and shown.stdout.strip() == f"database: {known[-1]}; this release: {known[-1]}", shown
    done = _sabbat("db", "downgrade", back, "--db", str(db), home=tmp_path)
    assert done.returncode == 0, done.stderr
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT version_num FROM alembic_version").fetchall() == [(back,)]
        assert conn.execute("SELECT count(*) FROM actions").fetchone() == (1,)
    refused = _sabbat("db", "downgrade", "nonsense", "--db", str(db), home=tmp_path)
    assert refused.returncode != 0 and "Traceback" not in refused.stderr and "nonsense" in refused.stderr
    Store(str(db)).close()  # the release that knows the newer revision upgrades it again
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT version_num FROM alembic_version").fetchall() == [(known[-1],)]
