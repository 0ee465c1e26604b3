"""The import graph of one game package, and a circle in it if there is one.

Why: with the position at the bottom, rules as functions over it and the contract on top, each
module can be read, tested and tuned knowing only the modules below it. Each game's layers test
states its own layers with these.
"""

from __future__ import annotations

import ast
from pathlib import Path


def package_imports(package_dir: Path) -> dict[str, set[str]]:
    """Module name -> the package's modules it imports anywhere in its text (functions included)."""
    names = {p.stem for p in package_dir.glob("*.py")}
    graph: dict[str, set[str]] = {}
    for path in package_dir.glob("*.py"):
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                if node.module:
                    found.add(node.module.split(".")[0])
                else:
                    found.update(alias.name for alias in node.names if alias.name in names)
        graph[path.stem] = found - {path.stem}
    return graph


def circle(graph: dict[str, set[str]]) -> list[str] | None:
    """A chain of imports that comes back to where it started, or None."""
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


def layers_broken(package_dir: Path, low: tuple[str, ...] | None = None,
                  adapter: tuple[str, ...] = ("state", "__init__")) -> list[str]:
    """What breaks the game's layering: an import circle (as a chain), or a low module that imports
    the contract adapter (`low`: the modules below it; default every module but the adapter)."""
    graph = package_imports(package_dir)
    chain = circle(graph)
    broken = [" -> ".join(chain)] if chain else []
    below = low if low is not None else tuple(sorted(set(graph) - set(adapter)))
    return broken + [f"{m} imports {sorted(graph[m] & set(adapter))}" for m in below if graph[m] & set(adapter)]
