"""The layers: the core knows no game; games know no agent or front end; nothing else names a game."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src" / "sabbat"


def imports_of(folder: Path) -> set[tuple[str, str]]:
    found = set()
    for path in folder.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                found.add((str(path.relative_to(SRC)), node.module))
            elif isinstance(node, ast.Import):
                found.update((str(path.relative_to(SRC)), alias.name) for alias in node.names)
    return found


def test_core_imports_no_game_agent_or_front_end() -> None:
    bad = {(f, m) for f, m in imports_of(SRC / "core") if m.startswith("sabbat.") and not m.startswith("sabbat.core")}
    assert not bad


def test_games_import_no_agent_sim_or_front_end() -> None:
    forbidden = ("sabbat.agents", "sabbat.sim", "sabbat.cli", "sabbat.web", "sabbat.rl")
    bad = {(f, m) for f, m in imports_of(SRC / "games") if m.startswith(forbidden)}
    assert not bad


def test_games_do_not_import_each_other() -> None:
    bad = set()
    for package in (p for p in (SRC / "games").iterdir() if p.is_dir() and p.name != "__pycache__"):
        for f, m in imports_of(package):
            if m.startswith("sabbat.games.") and not m.startswith(f"sabbat.games.{package.name}"):
                bad.add((f, m))
    assert not bad


def test_front_ends_and_agents_use_no_game_internals() -> None:
    bad = set()
    for layer in ("agents", "sim", "cli"):
        for f, m in imports_of(SRC / layer):
            if m.startswith("sabbat.games."):
                bad.add((f, m))
    assert not bad


def test_no_file_outside_the_games_names_a_game() -> None:
    """Front ends, agents, RL and the studio find a game's parts through its declared interface
    (`Game`, its `ai` tuning, `part()`, `resource()`), never by its id: a plug-in game must get
    everything a shipped one gets. The browser's static files are checked by their own test."""
    from sabbat import games

    ids = [g for g in games.names() if games.get(g).package.startswith("sabbat.games.")]
    spelled = {s for g in ids for s in (g, g.replace("_", "-"), games.get(g).info.title["en"])}
    bad = []
    for path in SRC.rglob("*.py"):
        rel = path.relative_to(SRC)
        if rel.parts[0] == "games":
            continue
        text = path.read_text(encoding="utf-8")
        bad += [f"{rel}: {s}" for s in spelled if s in text]
    assert ids and not bad, bad
