"""Fixtures for the server tests: databases (SQLite and a real PostgreSQL) and an app client."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from sabbat.web.app import create_app

from .pg import postgres_server


@pytest.fixture(scope="session")
def pg_url() -> Iterator[str]:
    """One PostgreSQL cluster per test session, in a directory its unprivileged owner can reach."""
    base = Path(tempfile.mkdtemp(prefix="sabbat-pg-"))
    try:
        with postgres_server(base) as url:
            yield url
    finally:
        shutil.rmtree(base, ignore_errors=True)


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Each persistence test runs on both databases."""
    if request.param == "sqlite":
        return str(tmp_path / "sabbat.sqlite3")
    import sqlalchemy as sa

    url: str = request.getfixturevalue("pg_url")
    engine = sa.create_engine(url.replace("postgresql://", "postgresql+psycopg://"))
    with engine.begin() as c:  # a clean schema for every test
        c.execute(sa.text("DROP SCHEMA public CASCADE; CREATE SCHEMA public"))
    engine.dispose()
    return url


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """The whole app on a temp SQLite file; AI seats think in threads here (fast to start)."""
    pool = ThreadPoolExecutor(2)
    app = create_app(str(tmp_path / "t.sqlite3"), pool=pool, grace_s=0.2)
    with TestClient(app) as c:
        yield c
    pool.shutdown(wait=True, cancel_futures=True)
