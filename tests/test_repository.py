"""The repository holds sources: generated reports and records are rebuilt (scripts/rebuild-results), not committed."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LIMIT = 1 << 20
"""No tracked file outside examples/ (shipped trained policies) is larger than 1 MiB."""


def tracked() -> list[str]:
    try:
        done = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True, timeout=60)
    except (OSError, subprocess.SubprocessError):
        pytest.skip("not a git checkout")
    return [name for name in done.stdout.decode("utf-8", "replace").split("\0") if name]


def test_no_tracked_file_outside_examples_is_over_one_mebibyte() -> None:
    big = [(name, size) for name in tracked() if not name.startswith("examples/")
           for path in [ROOT / name] if path.is_file() and (size := path.stat().st_size) > LIMIT]
    assert not big, f"generated or oversized files are tracked: {big}"


def test_generated_reports_and_records_are_not_tracked() -> None:
    generated = [name for name in tracked() if name.endswith((".parquet", ".npz"))
                 or name.startswith(("build/", "dist/"))
                 or (name.startswith("benchmarks/results/") and name.endswith(".html"))]
    assert not generated, f"rebuild these with scripts/rebuild-results instead of committing them: {generated}"


def test_tests_start_event_loops_through_run_async() -> None:
    """A bare `asyncio.run` in a test passes alone and fails once a browser test ran in the same worker
    (Playwright keeps a loop running there); `support.aio.run_async` works in both cases."""
    tests = Path(__file__).resolve().parent
    bare = [str(p.relative_to(tests)) for p in sorted(tests.rglob("*.py"))
            if p.name != "aio.py" and p != Path(__file__).resolve() and "asyncio.run(" in p.read_text(encoding="utf-8")]
    assert bare == []


def test_the_shipped_javascript_has_no_test_hook() -> None:
    """A browser test reads what it needs from the page or through a hook it adds itself
    (tests/browser/helpers.py: VIEW_HOOK); nothing in the shipped client exists for the tests."""
    hooked = [f"{path.relative_to(ROOT)}:{n}" for path in sorted((ROOT / "src" / "sabbat").rglob("*.js"))
              for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
              if "window.__" in line or "browser test" in line]
    assert not hooked, hooked
