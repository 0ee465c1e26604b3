"""Mutation testing of one game's rules modules against its tests (run by hand, never by CI: it takes
tens of minutes). Not a test module: it lives outside tests/.

Each mutant changes one operator or constant in a copy of `src` (comparison flipped, `+`/`-` swapped,
a whole number off by one, `and`/`or` swapped, `not` dropped, `min`/`max` swapped, True/False
swapped); the game's tests run against the copy (PYTHONPATH first, one process at a time) and the
mutant is killed when they fail or time out. Run it from a scratch copy of the repository so that
tests written meanwhile do not change the run. Usage:

    .venv/bin/python tools/mutation/mutate.py GAME OUT.json [module ...] [--tests PATH]
    .venv/bin/python tools/mutation/mutate.py GAME OUT.json --rerun FIRST.json [--tests PATH]

Without modules, every module of the game's package is mutated but those that only show, word,
load or play it (NOT_RULES). `--rerun` runs only the survivors of FIRST.json again (same source,
the tests as they are now), against `--tests` if given: a file of tests added since. A module
written `rules.py/2` is sampled: only every second of its mutants is run.
"""

from __future__ import annotations

import argparse
import ast
import importlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
NOT_RULES = {"__init__", "actions", "bots", "cards", "cardtext", "describe", "encode", "estimate", "evaluate",
             "faces", "features", "invariants", "observe", "terminal", "text"}
"""Modules that word, draw, load, encode, check or play a game rather than rule it (by the names the
games use): the heuristic player, views and texts, the card loader, the RL encoding, the estimate."""
SWAP_CMP = {ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt, ast.Eq: ast.NotEq,
            ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In, ast.Is: ast.IsNot, ast.IsNot: ast.Is}
SWAP_BIN = {ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.FloorDiv, ast.FloorDiv: ast.Mult}


def _sites(tree: ast.AST) -> Iterator[tuple[ast.AST, str]]:
    """Every node that one mutation can change, with a short label."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare) and type(node.ops[0]) in SWAP_CMP:
            yield node, f"{type(node.ops[0]).__name__}->{SWAP_CMP[type(node.ops[0])].__name__}"
        elif isinstance(node, ast.BinOp) and type(node.op) in SWAP_BIN:
            yield node, f"{type(node.op).__name__}->{SWAP_BIN[type(node.op)].__name__}"
        elif isinstance(node, ast.BoolOp):
            yield node, "and<->or"
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            yield node, "drop not"
        elif isinstance(node, ast.Constant) and type(node.value) is int:
            yield node, f"{node.value}->{node.value + 1}"
        elif isinstance(node, ast.Constant) and type(node.value) is bool:
            yield node, f"{node.value}->{not node.value}"
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("min", "max"):
            yield node, f"{node.func.id}->{'max' if node.func.id == 'min' else 'min'}"


def mutate(source: str, index: int) -> tuple[str, int, str] | None:
    """The source with mutation number `index` applied, its line and label; None past the last."""
    tree = ast.parse(source)
    for i, (node, label) in enumerate(_sites(tree)):
        if i != index:
            continue
        if isinstance(node, ast.Compare):
            node.ops[0] = SWAP_CMP[type(node.ops[0])]()
        elif isinstance(node, ast.BinOp):
            node.op = SWAP_BIN[type(node.op)]()
        elif isinstance(node, ast.BoolOp):
            node.op = ast.Or() if isinstance(node.op, ast.And) else ast.And()
        elif isinstance(node, ast.UnaryOp):
            node.operand = ast.UnaryOp(ast.Not(), node.operand)  # `not not x`: the `not` undone
        elif isinstance(node, ast.Constant):
            value = node.value
            node.value = (not value) if isinstance(value, bool) else int(value) + 1  # type: ignore[arg-type]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            node.func.id = "max" if node.func.id == "min" else "min"
        return ast.unparse(tree), getattr(node, "lineno", 0), label
    return None


def _run_tests(src: Path, tests: Path, timeout: int) -> str:
    env = dict(os.environ, PYTHONPATH=str(src))
    cmd = [sys.executable, "-m", "pytest", str(tests), "-x", "-q", "-p", "no:cacheprovider"]
    try:
        done = subprocess.run(cmd, env=env, cwd=ROOT, capture_output=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        return "timeout"
    return "survived" if done.returncode == 0 else "killed"


def rules_modules(package: Path) -> list[str]:
    """The game package's modules that rule it: all but NOT_RULES."""
    return sorted(p.name for p in package.glob("*.py") if p.stem not in NOT_RULES)


def run(game: str, out: str, modules: list[str], tests: Path, rerun: str | None = None) -> None:
    """Mutate `modules` of `game` one change at a time (or only the survivors of `rerun`)."""
    from sabbat import games

    package_name = games.get(game).package
    package = Path(list(importlib.import_module(package_name).__path__)[0])
    inside = package.relative_to(ROOT / "src")
    work = Path(tempfile.mkdtemp(prefix=f"{game}_mutants_"))
    shutil.copytree(ROOT / "src", work / "src")
    copy = work / "src" / inside
    assert _run_tests(work / "src", tests, 300) == "survived", "the tests must pass on the unmutated copy"
    todo: list[tuple[str, int]] = []
    if rerun:
        first = json.loads(Path(rerun).read_text(encoding="utf-8"))
        todo = [(r["module"], r["index"]) for r in first["surviving"]]
        modules = list(dict.fromkeys(m for m, _ in todo))
    modules = modules or rules_modules(package)
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
        "game": game, "tool": "tools/mutation/mutate.py", "modules": modules,
        "tests": str(tests.relative_to(ROOT)) if tests.is_relative_to(ROOT) else str(tests),
        "mutants": len(results), "killed": killed,
        "score": round(killed / max(1, len(results)), 4), "seconds": round(time.time() - started),
        "surviving": [r for r in results if r["outcome"] == "survived"],
    }
    Path(out).write_text(json.dumps(report, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    shutil.rmtree(work)
    print(f"{killed}/{len(results)} killed ({report['score']:.1%})")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game")
    parser.add_argument("out")
    parser.add_argument("modules", nargs="*", help="module file names (default: the rules modules)")
    parser.add_argument("--tests", help="the tests to run (default: tests/games/GAME)")
    parser.add_argument("--rerun", help="a first run's report: run only its survivors")
    args = parser.parse_args(argv)
    tests = Path(args.tests).resolve() if args.tests else ROOT / "tests" / "games" / args.game
    run(args.game, args.out, args.modules, tests, args.rerun)


if __name__ == "__main__":
    main()
