"""The import graph of one game package, and a circle in it if there is one; and the graph of
every module of a source tree, which the import-circle and layer tests read.

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


def _module_name(root: Path, path: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def module_imports(root: Path, package: str = "sabbat") -> dict[str, set[str]]:
    """Module -> the modules of `package` (under the source folder `root`) that importing it runs.

    Every import counts wherever it stands: at module level, under `if TYPE_CHECKING:` and inside
    functions (a lazy import only moves a circle to run time). Importing `a.b.c` also runs the
    packages `a.b` and `a` above it, unless they are the importer's own (already running), so an
    arrow into a package's submodule is an arrow into the package's `__init__` too.
    A module named `a.b` in an import that is no module (`from a import b`, b a function) is `a`.
    """
    paths = {_module_name(root, p): p for p in (root / package).rglob("*.py")}
    edges: dict[str, set[str]] = {name: set() for name in paths}
    for name, path in paths.items():
        here = name if path.name == "__init__.py" else name.rpartition(".")[0]
        own = {".".join(name.split(".")[:i]) for i in range(1, name.count(".") + 2)}
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = here.rsplit(".", node.level - 1)[0] if node.level > 1 else here
                base = f"{base}.{node.module}" if node.level and node.module else (node.module or base)
                targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in paths else base for alias in node.names]
            else:
                continue
            for target in targets:
                parts = target.split(".")
                runs = ({".".join(parts[:i]) for i in range(1, len(parts))} - own) | {target}
                edges[name].update(m for m in runs if m in paths and m != name)
    return edges
