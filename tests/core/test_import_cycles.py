"""No import circle among sabbat's modules: each module can be read knowing only those below it.

Imports are read with `ast` from every module under src/sabbat, wherever they stand: at module level,
under `if TYPE_CHECKING:` (a circle of types is still two modules that must be understood together)
and inside functions (a lazy import that closes a circle only moves the failure to run time).
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def graph() -> dict[str, set[str]]:
    """Module -> the sabbat modules it imports (read once per run)."""
    paths = {module_name(p): p for p in (SRC / "sabbat").rglob("*.py")}
    edges: dict[str, set[str]] = {name: set() for name in paths}
    for name, path in paths.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{base}.{node.module}" if node.level and node.module else (node.module or base)
                targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in paths else base
                           for alias in node.names]
            else:
                continue
            edges[name].update(t for t in targets if t in paths and t != name)
    return edges


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def connect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(edges[v]):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            connect(v)
    return found


def test_the_finder_sees_a_circle() -> None:
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_the_reader_follows_relative_and_absolute_imports() -> None:
    edges = graph()
    assert "sabbat.core.errors" in edges["sabbat.core.extras"]
    assert "sabbat.core" in edges["sabbat.agents.base"] or "sabbat.core.state" in edges["sabbat.agents.base"]


def test_no_import_circle_among_sabbat_modules() -> None:
    assert circles(graph()) == []
