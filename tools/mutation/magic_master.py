"""Mutation testing of the Magic Master rules modules against this folder's tests (run by hand, never
by CI: it takes about half an hour on one core). Not a test module: it lives outside tests/.

The mutation operators are the Nameless Dark Lord script's (`_mutate`: comparison flipped, `+`/`-`
swapped, a whole number off by one, `and`/`or` swapped, `not` dropped, `min`/`max` swapped,
True/False swapped), imported rather than copied. The run works on a snapshot of `src` and of the
tests it needs (so editing the tests meanwhile changes nothing); each mutant is written into the
snapshot, the tests run against it (PYTHONPATH first, one process, `-x`) and it is killed when they
fail or time out. `--budget SECONDS` stops early and records how far it got; `--stride K` tests
every K-th mutation site only (a systematic sample, for a shared machine); `--only RUN.json` re-runs
just the mutants that survived an earlier run (same stride). Usage:

    .venv/bin/python tools/mutation/magic_master.py OUT.json [--budget S] [--stride K] [--only RUN.json] [module ...]
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
PACKAGE = ROOT / "src" / "sabbat" / "games" / "magic_master"
MODULES = ("regroup.py", "combat.py", "effects.py", "groups.py", "flow.py", "setup.py")


def _operators() -> object:
    path = ROOT / "tools" / "mutation" / "nameless_dark_lord.py"
    spec = importlib.util.spec_from_file_location("ndl_mutate_rules", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _snapshot(work: Path) -> None:
    shutil.copytree(ROOT / "src", work / "src")
    tests = work / "tests"
    tests.mkdir()
    shutil.copy(ROOT / "tests" / "conftest.py", tests / "conftest.py")
    shutil.copytree(ROOT / "tests" / "support", tests / "support")
    (tests / "games").mkdir()
    for name in ("__init__.py", "conftest.py"):  # the folder's own: each game folder on the import path
        shutil.copy(ROOT / "tests" / "games" / name, tests / "games" / name)
    shutil.copytree(ROOT / "tests" / "games" / "magic_master", tests / "games" / "magic_master")
    (work / "pytest.ini").write_text("[pytest]\npythonpath = tests\n", encoding="utf-8")


def _run_tests(work: Path, timeout: int) -> str:
    env = dict(os.environ, PYTHONPATH=str(work / "src"))
    cmd = [sys.executable, "-m", "pytest", str(work / "tests" / "games" / "magic_master"), "-x", "-q",
           "-p", "no:cacheprovider", "-c", str(work / "pytest.ini"), "--rootdir", str(work)]
    try:
        done = subprocess.run(cmd, env=env, cwd=work, capture_output=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        return "timeout"
    return "survived" if done.returncode == 0 else "killed"


def main(out: str, args: list[str]) -> None:
    budget = float("inf")
    stride = 1
    only: list[tuple[str, int, str]] | None = None
    while args[:1] in (["--budget"], ["--stride"], ["--only"]):
        if args[0] == "--budget":
            budget = float(args[1])
        elif args[0] == "--stride":
            stride = int(args[1])
        else:
            earlier = json.loads(Path(args[1]).read_text(encoding="utf-8"))
            only = [(r["module"], r["line"], r["mutation"]) for r in earlier["surviving"]]
        args = args[2:]
    modules = args or list(MODULES)
    mutate = _operators()._mutate  # type: ignore[attr-defined]
    work = Path(tempfile.mkdtemp(prefix="mm_mutants_"))
    _snapshot(work)
    copy = work / "src" / "sabbat" / "games" / "magic_master"
    assert _run_tests(work, 300) == "survived", "the tests must pass on the unmutated copy"
    results = []
    started = time.time()
    stopped = False
    for name in modules:
        original = (PACKAGE / name).read_text(encoding="utf-8")
        index = 0
        while not stopped and (mutant := mutate(original, index)) is not None:
            text, line, label = mutant
            index += 1
            if (index - 1) % stride:
                continue
            if only is not None:
                if (name, line, label) not in only:
                    continue
                only.remove((name, line, label))
            (copy / name).write_text(text, encoding="utf-8")
            outcome = _run_tests(work, 120)
            code = original.splitlines()[line - 1].strip() if line else ""
            results.append({"module": name, "line": line, "mutation": label, "code": code, "outcome": outcome})
            print(f"{len(results):4d} {outcome:8s} {name}:{line} {label}  {code[:70]}", flush=True)
            stopped = time.time() - started > budget
        (copy / name).write_text(original, encoding="utf-8")
    killed = sum(1 for r in results if r["outcome"] != "survived")
    report = {
        "game": "magic_master", "tool": "tools/mutation/magic_master.py",
        "modules": modules, "tests": "tests/games/magic_master", "mutants": len(results),
        "killed": killed, "score": round(killed / max(1, len(results)), 4),
        "seconds": round(time.time() - started), "stopped_by_budget": stopped, "stride": stride,
        "surviving": [r for r in results if r["outcome"] == "survived"],
    }
    Path(out).write_text(json.dumps(report, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    shutil.rmtree(work)
    print(f"{killed}/{len(results)} killed ({report['score']:.1%})")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])
