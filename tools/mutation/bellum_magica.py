"""Mutation testing of the Bellum Magica rules modules against this folder's tests (run by hand, never
by CI: it takes about half an hour). Not a test module: it lives outside tests/.

The mutation operators are the Nameless Dark Lord script's (`_mutate`: comparison flipped, `+`/`-`
swapped, a whole number off by one, `and`/`or` swapped, `not` dropped, `min`/`max` swapped,
True/False swapped), imported rather than copied. Each mutant is written into a copy of `src`, the
tests run against it (PYTHONPATH first) and it is killed when they fail or time out. Usage:

    .venv/bin/python tools/mutation/bellum_magica.py OUT.json [module ...]
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "src" / "sabbat" / "games" / "bellum_magica"
TESTS = ROOT / "tests" / "games" / "bellum_magica"
MODULES = ("constants.py", "flow.py", "setup.py")


def _operators() -> object:
    path = ROOT / "tools" / "mutation" / "nameless_dark_lord.py"
    spec = importlib.util.spec_from_file_location("ndl_mutate_rules", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _run_tests(src: Path, timeout: int) -> str:
    env = dict(os.environ, PYTHONPATH=str(src))
    cmd = [sys.executable, "-m", "pytest", str(TESTS), "-x", "-q", "-p", "no:cacheprovider"]
    try:
        done = subprocess.run(cmd, env=env, cwd=ROOT, capture_output=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        return "timeout"
    return "survived" if done.returncode == 0 else "killed"


def main(out: str, modules: list[str]) -> None:
    mutate = _operators()._mutate  # type: ignore[attr-defined]
    work = Path(tempfile.mkdtemp(prefix="bellum_mutants_"))
    shutil.copytree(ROOT / "src", work / "src")
    copy = work / "src" / "sabbat" / "games" / "bellum_magica"
    assert _run_tests(work / "src", 300) == "survived", "the tests must pass on the unmutated copy"
    results = []
    started = time.time()
    for name in modules:
        original = (PACKAGE / name).read_text(encoding="utf-8")
        index = 0
        while (mutant := mutate(original, index)) is not None:
            text, line, label = mutant
            index += 1
            (copy / name).write_text(text, encoding="utf-8")
            outcome = _run_tests(work / "src", 120)
            code = original.splitlines()[line - 1].strip() if line else ""
            results.append({"module": name, "line": line, "mutation": label, "code": code, "outcome": outcome})
            print(f"{len(results):4d} {outcome:8s} {name}:{line} {label}  {code[:70]}", flush=True)
        (copy / name).write_text(original, encoding="utf-8")
    killed = sum(1 for r in results if r["outcome"] != "survived")
    report = {
        "game": "bellum_magica", "tool": "tools/mutation/bellum_magica.py",
        "modules": modules, "tests": "tests/games/bellum_magica", "mutants": len(results),
        "killed": killed, "score": round(killed / max(1, len(results)), 4),
        "seconds": round(time.time() - started),
        "surviving": [r for r in results if r["outcome"] == "survived"],
    }
    Path(out).write_text(json.dumps(report, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    shutil.rmtree(work)
    print(f"{killed}/{len(results)} killed ({report['score']:.1%})")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:] or list(MODULES))
