"""No import circle among sabbat's modules: each module can be read knowing only those below it.

Imports are read with `ast` from every module under src/sabbat, wherever they stand: at module level,
under `if TYPE_CHECKING:` (a circle of types is still two modules that must be understood together)
and inside functions (a lazy import that closes a circle only moves the failure to run time).
Importing a package's submodule runs the package's `__init__` first, so that is an arrow too.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from tests.support.import_graph import module_imports

SRC = Path(__file__).resolve().parents[2] / "src"


@cache
def graph() -> dict[str, set[str]]:
    """Module -> the sabbat modules it imports (read once per run)."""
    return module_imports(SRC)


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


def _plant(root: Path, files: dict[str, str]) -> dict[str, set[str]]:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return module_imports(root, "pkg")


def test_a_circle_closed_by_a_function_level_import_through_a_package_is_caught(tmp_path: Path) -> None:
    """The shape of a circle once in sabbat: a registry's lazy import of one module of a package
    whose `__init__` imports a module that imports the registry again."""
    edges = _plant(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/registry/__init__.py": "def load():\n    from pkg.extra.tool import make\n    return make\n",
        "pkg/extra/__init__.py": "if True:\n    from .user import use\n",
        "pkg/extra/tool.py": "def make():\n    return 1\n",
        "pkg/extra/user.py": "from pkg import registry\n\ndef use():\n    return registry\n",
    })
    assert circles(edges) == [["pkg.extra", "pkg.extra.user", "pkg.registry"]]


def test_a_module_importing_its_own_package_siblings_is_no_circle(tmp_path: Path) -> None:
    """`pkg.a.b` importing `pkg.a.c` finds `pkg.a` already running: no arrow back to it."""
    edges = _plant(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/a/__init__.py": "from .b import f\n",
        "pkg/a/b.py": "from pkg.a.c import g\n\ndef f():\n    return g\n",
        "pkg/a/c.py": "def g():\n    return 1\n",
    })
    assert edges["pkg.a.b"] == {"pkg.a.c"} and circles(edges) == []


def test_no_import_circle_among_sabbat_modules() -> None:
    assert circles(graph()) == []
