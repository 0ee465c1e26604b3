"""Shared by every test: the toy game, English by default, and the markers set by where a test lives.

Markers (pyproject.toml lists them): `browser` (drives Chromium), `postgres` (starts a PostgreSQL
server), `ray` (needs Ray), `slow` (tens of seconds or more). `bash scripts/test --fast` skips all four.
"""

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from sabbat import games
from sabbat.core import carddata

# The toy games prove the author's kit itself; they are never shown to users.
games._registry.add("toy", "tests.support.toy_game:GAME")
games._registry.add("knockout", "tests.support.knockout:GAME")

os.environ.setdefault("SABBAT_LANG", "en")

TESTS = Path(__file__).resolve().parent
BY_FOLDER = {"browser": ("browser", "slow")}
BY_FILE = {"sim/test_ray_backend.py": ("ray", "slow"),
           "plugins/test_higher_card_plugin.py": ("slow",),  # installs the example with pip first
           "web/test_hosting.py": ("slow",)}  # starts nginx with a fresh TLS certificate


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        try:
            where = item.path.resolve().relative_to(TESTS)
        except ValueError:
            continue
        marks = [*BY_FOLDER.get(where.parts[0], ()), *BY_FILE.get(where.as_posix(), ())]
        callspec = getattr(item, "callspec", None)
        if "pg_url" in item.fixturenames or (callspec is not None and callspec.params.get("db_url") == "postgresql"):
            marks.append("postgres")
        for mark in dict.fromkeys(marks):
            item.add_marker(mark)


@pytest.fixture
def uploads_forgotten() -> Iterator[None]:
    """Card files uploaded in a test are forgotten afterwards (other tests look for stray uploads)."""
    before = dict(carddata._uploads)
    yield
    carddata._uploads.clear()
    carddata._uploads.update(before)
