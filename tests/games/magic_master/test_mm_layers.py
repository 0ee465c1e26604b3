"""The package's modules import each other without a circle, lazily or not (issue 22).

Why: with the position at the bottom, rules as functions over it and the contract on top, each
module can be read, tested and tuned knowing only the modules below it.
"""

from __future__ import annotations

import ast
from pathlib import Path

import sabbat.games.magic_master as package

PACKAGE = Path(package.__file__).parent


def _imports() -> dict[str, set[str]]:
    """Module name -> the package's modules it imports anywhere in its text (functions included)."""
    names = {p.stem for p in PACKAGE.glob("*.py")}
    graph: dict[str, set[str]] = {}
    for path in PACKAGE.glob("*.py"):
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                if node.module:
                    found.add(node.module.split(".")[0])
                else:
                    found.update(alias.name for alias in node.names if alias.name in names)
        graph[path.stem] = found - {path.stem}
    return graph


def _circle(graph: dict[str, set[str]]) -> list[str] | None:
    done: set[str] = set()

    def visit(node: str, path: list[str]) -> list[str] | None:
        if node in path:
            return [*path[path.index(node):], node]
        if node in done:
            return None
        for nxt in sorted(graph.get(node, ())):
            found = visit(nxt, [*path, node])
            if found:
                return found
        done.add(node)
        return None

    for start in sorted(graph):
        found = visit(start, [])
        if found:
            return found
    return None


def test_no_module_of_the_package_imports_itself_through_others():
    assert _circle(_imports()) is None, " -> ".join(_circle(_imports()) or [])


def test_the_position_and_the_rules_never_import_the_contract_adapter():
    graph = _imports()
    for low in sorted(set(graph) - {"state", "__init__", "bots"}):
        assert "state" not in graph[low] and "__init__" not in graph[low], low


def test_the_position_knows_no_rule():
    assert _imports()["model"] <= {"actions", "cards", "groups"}


def test_the_bottom_knows_no_position():
    graph = _imports()
    for low in ("actions", "cards", "groups", "text"):
        assert graph[low] <= {"actions", "cards", "groups"}, low
