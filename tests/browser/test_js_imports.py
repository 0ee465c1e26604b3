"""The browser code's ES module imports, read without a browser: every import names a file that
exists, and no module imports itself back through others (a circle makes load order matter and
leaves one side with unfinished bindings). The games' renderers are part of the graph: the
dynamic import of a renderer URL stands for an edge to each of them."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

from sabbat import games

STATIC = Path(__file__).resolve().parents[2] / "src" / "sabbat" / "web" / "static"
STATIC_IMPORT = re.compile(r"^\s*(?:import|export)\b[^'\"`;]*?\bfrom\s*['\"]([^'\"]+)['\"]|^\s*import\s*['\"]([^'\"]+)['\"]", re.M)
DYNAMIC_IMPORT = re.compile(r"\bimport\(\s*(?:['\"]([^'\"]+)['\"])?")


def fronts() -> dict[str, Path]:
    """Each game's front-end folder, by the game's id (as its files' URLs name it)."""
    found = {}
    for name in games.names():
        game = games.get(name)
        if game.web_package:
            found[game.info.id] = Path(str(resources.files(game.web_package)))
    return found


def resolve(spec: str, importer: Path, folders: dict[str, Path]) -> Path:
    """The file an import specifier names: relative to the importer, or a URL the server maps."""
    if spec.startswith("/static/games/"):
        game, _, rest = spec.removeprefix("/static/games/").partition("/")
        return folders[game] / rest
    if spec.startswith("/static/"):
        return STATIC / spec.removeprefix("/static/")
    assert spec.startswith("."), f"{importer.name}: import {spec!r} is neither relative nor a /static/ URL"
    return (importer.parent / spec).resolve()


def graph() -> dict[Path, set[Path]]:
    """Module -> the modules it imports, statically or dynamically."""
    folders = fronts()
    renderers = {f / "renderer.js" for f in folders.values() if (f / "renderer.js").is_file()}
    modules = [p for p in STATIC.rglob("*.js")] + [p for f in folders.values() for p in f.glob("*.js")]
    edges: dict[Path, set[Path]] = {}
    for module in modules:
        text = module.read_text(encoding="utf-8")
        specs = [a or b for a, b in STATIC_IMPORT.findall(text)]
        dynamic = DYNAMIC_IMPORT.findall(text)
        targets = {resolve(s, module, folders) for s in [*specs, *(d for d in dynamic if d)]}
        if any(not d for d in dynamic):  # import(url): the game's renderer, whichever it is
            targets |= renderers
        edges[module.resolve()] = {t.resolve() for t in targets}
    return edges


def cycle(edges: dict[Path, set[Path]]) -> list[Path]:
    """One import circle (its modules in order, the first repeated at the end), or []."""
    state: dict[Path, int] = {}  # 1: on the current path, 2: done
    path: list[Path] = []

    def visit(node: Path) -> list[Path]:
        state[node] = 1
        path.append(node)
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        path.pop()
        state[node] = 2
        return []

    for start in sorted(edges):
        if start not in state and (found := visit(start)):
            return found
    return []


def test_every_import_names_a_file_that_exists() -> None:
    edges = graph()
    assert len(edges) > 10
    missing = sorted(f"{m.name} -> {t}" for m, ts in edges.items() for t in ts if not t.is_file())
    assert missing == []


def test_the_browser_code_has_no_import_circle() -> None:
    found = cycle(graph())
    assert found == [], "import circle: " + " -> ".join(p.name for p in found)


def test_the_check_finds_a_circle_through_a_dynamic_import() -> None:
    """The shape the client once had: app.js loads lobby.js, which imported app.js back."""
    app, lobby, api = Path("app.js"), Path("lobby.js"), Path("api.js")
    assert cycle({app: {lobby, api}, lobby: {app, api}, api: set()}) == [app, lobby, app]
    assert cycle({app: {lobby, api}, lobby: {api}, api: set()}) == []
