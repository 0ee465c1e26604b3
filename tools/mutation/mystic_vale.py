"""Mutation testing of the Mystic Vale rules modules against this folder's tests (run by hand, never by
CI: it takes tens of minutes). Not a test module: it lives outside tests/.

The mutation operators are the Nameless Dark Lord script's (`_mutate`: comparison flipped, `+`/`-`
swapped, a whole number off by one, `and`/`or` swapped, `not` dropped, `min`/`max` swapped,
True/False swapped), imported rather than copied, so the scores of all games count the same things.
Each mutant is written into a copy of `src`, the game's tests run against it (PYTHONPATH first, one
process at a time) and it is killed when they fail or time out. Run it from a scratch copy of the
repository so that tests written meanwhile do not change the run. Usage:

    .venv/bin/python tools/mutation/mystic_vale.py OUT.json [module ...]
    .venv/bin/python tools/mutation/mystic_vale.py --rerun FIRST.json OUT.json [TESTS]

`--rerun` runs only the survivors of FIRST.json again (same source, the tests as they are now),
against TESTS if given: a file of tests added since, when the others are unchanged, so that a
mutant surviving it survives the whole folder too. A
module written `rules.py/2` is sampled: only every second of its mutants (those whose number is a
multiple of 2) is run, to keep a run on a shared machine under the hour.
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
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
GAME = "mystic_vale"
# Rules only: the position's derived values, the constants, the turn, the legal actions, the effects,
# scoring and setup. Not the contract adapter (state: hand-overs only), the heuristic player (bots), the
# win-chance estimate (evaluate), views/describe/cardtext/faces (text), the prebuilt actions, the card file loader
# (cards) or the invariant checker.
MODULES = ("model.py", "constants.py", "turn.py", "legal.py", "effects.py", "scoring.py", "setup.py")

Mutate = Callable[[str, int], "tuple[str, int, str] | None"]


def _operators() -> Mutate:
    path = ROOT / "tools" / "mutation" / "nameless_dark_lord.py"
    spec = importlib.util.spec_from_file_location("ndl_mutate_rules", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module._mutate  # type: ignore[no-any-return]


def _run_tests(src: Path, tests: Path, timeout: int) -> str:
    env = dict(os.environ, PYTHONPATH=str(src))
    cmd = [sys.executable, "-m", "pytest", str(tests), "-x", "-q", "-p", "no:cacheprovider"]
    try:
        done = subprocess.run(cmd, env=env, cwd=ROOT, capture_output=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        return "timeout"
    return "survived" if done.returncode == 0 else "killed"


def run(game: str, out: str, modules: list[str], rerun: str | None = None, only: str | None = None) -> None:
    """Mutate `modules` of `game` one change at a time (or only the survivors of `rerun`)."""
    mutate = _operators()
    package = ROOT / "src" / "sabbat" / "games" / game
    tests = ROOT / only if only else ROOT / "tests" / "games" / game
    work = Path(tempfile.mkdtemp(prefix=f"{game}_mutants_"))
    shutil.copytree(ROOT / "src", work / "src")
    copy = work / "src" / "sabbat" / "games" / game
    assert _run_tests(work / "src", tests, 300) == "survived", "the tests must pass on the unmutated copy"
    todo: list[tuple[str, int]] = []
    if rerun:
        first = json.loads(Path(rerun).read_text(encoding="utf-8"))
        todo = [(r["module"], r["index"]) for r in first["surviving"]]
        modules = list(dict.fromkeys(m for m, _ in todo))
    results: list[dict[str, Any]] = []
    started = time.time()
    for spec in modules:
        name, _, every = spec.partition("/")
        stride = int(every or 1)
        original = (package / name).read_text(encoding="utf-8")
        wanted = [i for m, i in todo if m == name] if rerun else None
        index = 0
        while (mutant := mutate(original, index)) is not None:
            if (index in wanted) if wanted is not None else index % stride == 0:
                text, line, label = mutant
                (copy / name).write_text(text, encoding="utf-8")
                outcome = _run_tests(work / "src", tests, 120)
                code = original.splitlines()[line - 1].strip() if line else ""
                results.append({"module": name, "index": index, "line": line, "mutation": label, "code": code,
                                "outcome": outcome})
                print(f"{len(results):4d} {outcome:8s} {name}:{line} {label}  {code[:70]}", flush=True)
            index += 1
        (copy / name).write_text(original, encoding="utf-8")
    killed = sum(1 for r in results if r["outcome"] != "survived")
    report = {
        "game": game, "tool": f"tools/mutation/{game}.py", "modules": modules,
        "tests": only or f"tests/games/{game}", "mutants": len(results), "killed": killed,
        "score": round(killed / max(1, len(results)), 4), "seconds": round(time.time() - started),
        "surviving": [r for r in results if r["outcome"] == "survived"],
    }
    Path(out).write_text(json.dumps(report, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    shutil.rmtree(work)
    print(f"{killed}/{len(results)} killed ({report['score']:.1%})")


def main(game: str, default: tuple[str, ...], argv: list[str]) -> None:
    if argv[:1] == ["--rerun"]:
        run(game, argv[2], [], rerun=argv[1], only=argv[3] if len(argv) > 3 else None)
    else:
        run(game, argv[0], argv[1:] or list(default))


if __name__ == "__main__":
    main(GAME, MODULES, sys.argv[1:])
