"""Mutation testing of the Nameless Dark Lord rules modules against this folder's tests (run by hand,
never by CI: it takes tens of minutes). Not a test module: it lives outside tests/.

Each mutant changes one operator or constant in a copy of the package (comparison flipped, `+`/`-`
swapped, a whole number off by one, `and`/`or` swapped, `not` dropped, `min`/`max` swapped, True/False
swapped); the tests run against the copy (PYTHONPATH first), and the mutant is killed when they fail
or time out. Usage:

    .venv/bin/python tools/mutation/nameless_dark_lord.py OUT.json [module ...]
"""

from __future__ import annotations

import ast
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "src" / "sabbat" / "games" / "nameless_dark_lord"
TESTS = ROOT / "tests" / "games" / "nameless_dark_lord"
MODULES = ("rules.py", "sleeves.py", "rounds.py", "bidding.py", "board.py", "effects.py", "level_events.py", "scoring.py")
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


def _mutate(source: str, index: int) -> tuple[str, int, str] | None:
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


def _run_tests(src: Path, timeout: int) -> str:
    env = dict(os.environ, PYTHONPATH=str(src))
    cmd = [sys.executable, "-m", "pytest", str(TESTS), "-x", "-q", "-p", "no:cacheprovider"]
    try:
        done = subprocess.run(cmd, env=env, cwd=ROOT, capture_output=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        return "timeout"
    return "survived" if done.returncode == 0 else "killed"


def main(out: str, modules: list[str]) -> None:
    work = Path(tempfile.mkdtemp(prefix="ndl_mutants_"))
    shutil.copytree(ROOT / "src", work / "src")
    copy = work / "src" / "sabbat" / "games" / "nameless_dark_lord"
    assert _run_tests(work / "src", 300) == "survived", "the tests must pass on the unmutated copy"
    results = []
    started = time.time()
    for name in modules:
        original = (PACKAGE / name).read_text(encoding="utf-8")
        index = 0
        while (mutant := _mutate(original, index)) is not None:
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
        "game": "nameless_dark_lord", "tool": "tools/mutation/nameless_dark_lord.py",
        "modules": modules, "tests": "tests/games/nameless_dark_lord", "mutants": len(results),
        "killed": killed, "score": round(killed / max(1, len(results)), 4),
        "seconds": round(time.time() - started),
        "surviving": [r for r in results if r["outcome"] == "survived"],
    }
    Path(out).write_text(json.dumps(report, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    shutil.rmtree(work)
    print(f"{killed}/{len(results)} killed ({report['score']:.1%})")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:] or list(MODULES))
