"""A base install (no extras) plays, simulates and serves; what needs an extra says which, in one line.

Each case runs the command in a fresh interpreter where the extra's packages cannot be imported
(`sys.modules[name] = None` makes `import name` fail as if it were not installed).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from sabbat.core.extras import EXTRAS, needs

ALL_OPTIONAL = sorted(module for modules in EXTRAS.values() for module in modules)

RUN = """
import sys
for name in sys.argv[1].split(","):
    sys.modules[name] = None
sys.argv = ["sabbat", *sys.argv[2:]]
from sabbat.cli.main import main
main()
"""


def sabbat(blocked: list[str], *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path), "SABBAT_LANG": "en"}
    return subprocess.run([sys.executable, "-c", RUN, ",".join(blocked), *args], capture_output=True, text=True,
                          timeout=120, cwd=cwd, env=env)


@pytest.mark.slow
@pytest.mark.parametrize(("blocked", "args", "line"), [
    (["ray"], ["simulate", "mystic-vale", "-n", "2", "--backend", "ray"],
     "Ray is not installed: pip install 'sabbat[ray]'"),
    (["plotly"], ["simulate", "mystic-vale", "-n", "2", "--report", "r.html"],
     "Plotly is not installed: pip install 'sabbat[studio]'"),
    (["pyarrow"], ["simulate", "mystic-vale", "-n", "2", "--parquet", "r.parquet"],
     "pyarrow is not installed: pip install 'sabbat[studio]'"),
    (["numpy", "gymnasium", "pettingzoo"], ["simulate", "mystic-vale", "-n", "2", "--agents", "policy:p.zip"],
     "Gymnasium is not installed: pip install 'sabbat[rl]'"),
    (["torch", "sb3_contrib"], ["simulate", "mystic-vale", "-n", "2", "--agents", "policy:p.zip"],
     "PyTorch is not installed: pip install 'sabbat[rl-train]'"),
    (["psycopg"], ["serve", "--db", "postgresql://user:pw@127.0.0.1:9/none"],
     "psycopg (the PostgreSQL driver) is not installed: pip install 'sabbat[postgres]'"),
], ids=["ray", "plotly", "pyarrow", "rl", "rl-train", "postgres"])
def test_a_missing_extra_is_one_line_naming_it(tmp_path: Path, blocked: list[str], args: list[str], line: str) -> None:
    (tmp_path / "p.zip").write_bytes(b"PK")
    done = sabbat(blocked, *args, cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert done.stderr.strip() == f"Error: {line}"
    assert not (tmp_path / "r.html").exists() and not (tmp_path / "r.parquet").exists()


@pytest.mark.slow
def test_the_base_install_plays_and_simulates_without_any_extra(tmp_path: Path) -> None:
    done = sabbat(ALL_OPTIONAL, "simulate", "mystic-vale", "-n", "2", "--out", "r.jsonl", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "win rate by seat" in done.stdout and (tmp_path / "r.jsonl").is_file()
    assert sabbat(ALL_OPTIONAL, "games", cwd=tmp_path).returncode == 0


@pytest.mark.slow
def test_the_server_loads_without_any_extra(tmp_path: Path) -> None:
    code = ("import sys\nfor name in sys.argv[1].split(','):\n    sys.modules[name] = None\n"
            "from sabbat.web.app import create_app\ncreate_app(sys.argv[2])\n")
    done = subprocess.run([sys.executable, "-c", code, ",".join(ALL_OPTIONAL), str(tmp_path / "db.sqlite3")],
                          capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    assert done.returncode == 0, done.stderr


def test_other_import_errors_are_not_dressed_up_as_a_missing_extra() -> None:
    with pytest.raises(ModuleNotFoundError), needs("studio"):
        import sabbat_no_such_module  # noqa: F401
