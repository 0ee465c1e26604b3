"""The layer map of docs/architecture.md, arrow by arrow: every import between two parts of sabbat
must be one the map draws; nothing else names a game.

Imports are read wherever they stand (module level, `if TYPE_CHECKING:`, inside functions), through
`support.import_graph.module_imports`, so a lazy import is an arrow like any other.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from tests.support.import_graph import module_imports

SRC = Path(__file__).resolve().parents[2] / "src"

MAY_IMPORT: dict[str, frozenset[str]] = {
    "core": frozenset(),
    "games": frozenset({"core"}),
    "a game": frozenset({"core"}),
    "agents": frozenset({"core", "games"}),
    "rl": frozenset({"core", "games", "agents"}),
    "sim": frozenset({"core", "games", "agents"}),
    "web": frozenset({"core", "games", "agents"}),
    "cli": frozenset({"core", "games", "agents", "sim", "web"}),
    "testing": frozenset({"core", "games", "agents", "rl", "sim", "web"}),
}
"""Each layer -> the layers below it that it may import (docs/architecture.md's map). `games` is
the registry (`sabbat.games.get`); `a game` is one game's package, which imports only itself and
the core. `testing` (the author's kit) sits above every other layer and nothing imports it."""


def layer(module: str) -> str | None:
    """The layer of a sabbat module; None for `sabbat` itself, which holds only the version."""
    parts = module.split(".")
    if len(parts) == 1:
        return None
    if parts[1] == "games" and len(parts) > 2:
        return "a game"
    return parts[1]


def game_of(module: str) -> str:
    return module.split(".")[2]


def forbidden(edges: dict[str, set[str]]) -> list[str]:
    """Every arrow of `edges` the layer map does not draw, as "importer -> imported"."""
    bad = []
    for source, targets in sorted(edges.items()):
        for target in sorted(targets):
            here, there = layer(source), layer(target)
            if here is None or there is None:
                continue
            if here == there == "a game":
                allowed = game_of(source) == game_of(target)
            else:
                allowed = here == there or there in MAY_IMPORT[here]
            if not allowed:
                bad.append(f"{source} -> {target}")
    return bad


@cache
def graph() -> dict[str, set[str]]:
    return module_imports(SRC)


def test_the_map_names_every_layer_there_is() -> None:
    assert {layer(m) for m in graph()} - {None} == set(MAY_IMPORT)


def test_every_import_is_an_arrow_the_layer_map_draws() -> None:
    assert forbidden(graph()) == []


def _pairs() -> list[tuple[str, str]]:
    """Every (importer layer, imported layer) the map forbids."""
    return [(a, b) for a in MAY_IMPORT for b in MAY_IMPORT if a != b and b not in MAY_IMPORT[a]] + [("a game", "another game")]


@pytest.mark.parametrize(("here", "there"), _pairs())
def test_each_forbidden_arrow_planted_in_sabbat_is_caught(here: str, there: str) -> None:
    edges = {m: set(t) for m, t in graph().items()}
    modules = sorted(edges)
    source = next(m for m in modules if layer(m) == here)
    if there == "another game":
        target = next(m for m in modules if layer(m) == "a game" and game_of(m) != game_of(source))
    else:
        target = next(m for m in modules if layer(m) == there)
    edges[source].add(target)
    assert forbidden(edges) == [f"{source} -> {target}"]


def test_the_two_arrows_once_found_are_read_from_source_and_caught(tmp_path: Path) -> None:
    """A function-level import of the terminal's session by the server's routes and a relative one
    of the terminal's views by the RL rendering: both read, both refused."""
    files = {
        "sabbat/__init__.py": "",
        "sabbat/cli/__init__.py": "",
        "sabbat/cli/session.py": "def rules_text():\n    return ''\n",
        "sabbat/cli/views.py": "def render():\n    return ''\n",
        "sabbat/web/__init__.py": "",
        "sabbat/web/routes.py": "async def api_rules():\n    from sabbat.cli.session import rules_text\n    return rules_text()\n",
        "sabbat/rl/__init__.py": "",
        "sabbat/rl/render.py": "def ansi():\n    from ..cli import views\n    return views.render()\n",
    }
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert forbidden(module_imports(tmp_path)) == [
        "sabbat.rl.render -> sabbat.cli", "sabbat.rl.render -> sabbat.cli.views",
        "sabbat.web.routes -> sabbat.cli", "sabbat.web.routes -> sabbat.cli.session",
    ]


def test_no_file_outside_the_games_names_a_game() -> None:
    """Front ends, agents, RL and the studio find a game's parts through its declared interface
    (`Game`, its `ai` tuning, `part()`, `resource()`), never by its id: a plug-in game must get
    everything a shipped one gets. The browser's static files are checked by their own test."""
    from sabbat import games

    root = SRC / "sabbat"
    ids = [g for g in games.names() if games.get(g).package.startswith("sabbat.games.")]
    spelled = {s for g in ids for s in (g, g.replace("_", "-"), games.get(g).info.title["en"])}
    bad = []
    for path in root.rglob("*.py"):
        rel = path.relative_to(root)
        if rel.parts[0] == "games":
            continue
        text = path.read_text(encoding="utf-8")
        bad += [f"{rel}: {s}" for s in spelled if s in text]
    assert ids and not bad, bad
