"""`sabbat serve` with a database it cannot use ends at once with one line saying what to fix
(never a traceback, never the password); the documented PostgreSQL steps give a working role."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
import sqlalchemy as sa

from sabbat.web.store import Store

from .test_serve_process import _free_port


def _serve(db: str, home: Path) -> tuple[int, str]:
    env = {**os.environ, "XDG_DATA_HOME": str(home)}
    done = subprocess.run([sys.executable, "-m", "sabbat.cli.main", "serve", "--port", str(_free_port()), "--db", db],
                          capture_output=True, text=True, timeout=60, env=env)
    return done.returncode, done.stdout + done.stderr


def _assert_one_line(rc: int, out: str, *says: str) -> None:
    assert rc != 0
    assert "Traceback" not in out and len(out.strip().splitlines()) == 1, out
    assert out.startswith("sabbat serve: ") and "secret" not in out and "wrong" not in out, out
    for word in says:
        assert word in out, out


def test_a_wrong_password_says_to_check_user_and_password(pg_url: str, tmp_path: Path) -> None:
    _assert_one_line(*_serve(pg_url.replace(":secret@", ":wrong@"), tmp_path), "refused user sabbat", "password")


def test_a_missing_database_says_to_create_it(pg_url: str, tmp_path: Path) -> None:
    _assert_one_line(*_serve(pg_url.rsplit("/", 1)[0] + "/nope", tmp_path), "no database nope", "createdb --owner=sabbat nope")


@pytest.mark.parametrize("url", ["postgresql://sabbat:secret@localhost:notaport/sabbat",
                                 "postgresql://sabbat:secret@[::1/sabbat"])
def test_a_malformed_url_says_what_a_url_looks_like(url: str, tmp_path: Path) -> None:
    _assert_one_line(*_serve(url, tmp_path), "postgresql://USER:PASSWORD@HOST[:PORT]/DATABASE")


def test_a_server_that_does_not_answer_says_to_check_host_and_port(tmp_path: Path) -> None:
    url = f"postgresql://sabbat:secret@127.0.0.1:{_free_port()}/sabbat"
    _assert_one_line(*_serve(url, tmp_path), "cannot reach PostgreSQL", "host and port")


def test_the_documented_role_is_no_superuser_and_creates_the_tables(pg_url: str) -> None:
    """docs/server.md's commands (which the pg_url fixture runs) on PostgreSQL 15+: no
    `permission denied for schema public` for the role that owns the database."""
    engine = sa.create_engine(pg_url.replace("postgresql://", "postgresql+psycopg://"))
    with engine.begin() as c:
        assert c.execute(sa.text("SELECT rolsuper FROM pg_roles WHERE rolname = current_user")).scalar() is False
        c.execute(sa.text("DROP SCHEMA IF EXISTS public CASCADE"))
    engine.dispose()
    engine = sa.create_engine(pg_url.replace("postgresql://", "postgresql+psycopg://"))
    with engine.begin() as c:  # as a fresh database has it: public owned by pg_database_owner
        c.execute(sa.text("CREATE SCHEMA public AUTHORIZATION pg_database_owner"))
    engine.dispose()
    store = Store(pg_url)
    assert store.load_all() == []
    store.close()
