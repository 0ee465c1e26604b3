"""sabbat.rl stands on the contract: no game's modules, no server, no simulation."""

from __future__ import annotations

import ast
from pathlib import Path

RL = Path(__file__).resolve().parents[2] / "src" / "sabbat" / "rl"


def test_rl_uses_no_game_internals() -> None:
    bad = set()
    for path in RL.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            bad.update((path.name, n) for n in names if n.startswith(("sabbat.games.", "sabbat.web", "sabbat.sim")))
    assert not bad


def test_heavy_training_stack_is_imported_lazily() -> None:
    tree = ast.parse((RL / "policy.py").read_text(encoding="utf-8"))
    top = {a.name for n in tree.body if isinstance(n, ast.Import) for a in n.names}
    top |= {n.module for n in tree.body if isinstance(n, ast.ImportFrom) and n.module}
    assert not {m for m in top if m.split(".")[0] in ("torch", "sb3_contrib", "stable_baselines3")}
