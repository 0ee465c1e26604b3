"""Each game's browser front end comes from the game's own package: the server finds it through
`Game.web_package` (importlib.resources, so a game from another distribution works the same), says
where its renderer is and hands out its messages; a game without one gets the generic view; nothing
but the front end's own flat script, data and style files can be fetched."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from sabbat import games
from sabbat.core.game import Game

SHIPPED = [n for n in games.names() if type(games.get(n)).__module__.startswith("sabbat.games.")]


@pytest.mark.parametrize("name", SHIPPED)
def test_a_shipped_game_serves_its_renderer_and_both_languages_of_messages(client: TestClient, name: str) -> None:
    en = client.get(f"/api/games/{name}/front?lang=en").json()
    ja = client.get(f"/api/games/{name}/front?lang=ja").json()
    assert en["renderer"] == ja["renderer"] == f"/static/games/{name}/renderer.js"
    assert client.get(en["style"]).headers["content-type"].startswith("text/css")
    assert len(en["messages"]) > 10 and set(en["messages"]) == set(ja["messages"])
    assert en["messages"] != ja["messages"]
    script = client.get(en["renderer"])
    assert script.status_code == 200 and script.headers["content-type"].startswith("text/javascript")
    assert "export function render(" in script.text


@pytest.mark.parametrize("path", [
    "/static/games/mystic_vale/__init__.py", "/static/games/mystic_vale/..%2F__init__.py",
    "/static/games/mystic_vale/renderer.js.map", "/static/games/mystic_vale/Renderer.js",
    "/static/games/mystic_vale/missing.js",
])
def test_only_the_front_ends_own_files_are_served(client: TestClient, path: str) -> None:
    res = client.get(path, headers={"Accept-Language": "ja"})
    assert res.status_code == 404
    if res.headers["content-type"] == "application/json":
        error = res.json()["error"]  # the game's own refusal, or the server's for no such address
        assert "ブラウザ用のファイル" in error or "このアドレスには何もありません" in error


def test_an_unknown_game_is_refused_with_the_games_to_choose_from(client: TestClient) -> None:
    for path in ("/api/games/chess/front", "/static/games/chess/renderer.js"):
        res = client.get(path)
        assert res.status_code == 404 and "mystic-vale" in res.json()["error"]


class _Plain(Game):
    """A game with no front end of its own."""

    info = games.get("mystic_vale").info


def _serve_as(monkeypatch: pytest.MonkeyPatch, game: Game) -> None:
    real = games.get
    monkeypatch.setattr(games, "get", lambda name: game if name == "plugged" else real(name))


def test_a_game_without_a_front_end_is_drawn_by_the_generic_view(client: TestClient,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    _serve_as(monkeypatch, _Plain())
    assert client.get("/api/games/plugged/front?lang=ja").json() == {"renderer": None, "style": None, "messages": {}}
    assert client.get("/static/games/plugged/renderer.js").status_code == 404


def _package(root: Path, name: str, files: dict[str, Any]) -> str:
    """An importable package `name` in `root` holding `files` (a plug-in's web sub-package)."""
    folder = root / name
    folder.mkdir()
    (folder / "__init__.py").write_text('"""A plug-in game\'s browser front end."""\n', encoding="utf-8")
    for file, content in files.items():
        (folder / file).write_text(json.dumps(content), encoding="utf-8")
    return name


def test_a_plug_ins_front_end_is_found_through_its_package_and_english_fills_gaps(
        client: TestClient, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.syspath_prepend(str(tmp_path))
    plugin = _Plain()
    plugin.web_package = _package(tmp_path, "plugged_front", {"en.json": {"x.a": "A", "x.b": "B"}, "ja.json": {"x.a": "エー"}})
    _serve_as(monkeypatch, plugin)
    front = client.get("/api/games/plugged/front?lang=ja").json()
    assert front == {"renderer": None, "style": None, "messages": {"x.a": "エー", "x.b": "B"}}
    assert client.get("/static/games/plugged/en.json").json() == {"x.a": "A", "x.b": "B"}


def test_a_plug_ins_broken_messages_file_is_named(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from sabbat.web import game_front

    monkeypatch.syspath_prepend(str(tmp_path))
    plugin = _Plain()
    plugin.web_package = _package(tmp_path, "broken_front", {"en.json": ["not", "an", "object"]})
    with pytest.raises(ValueError, match="broken_front/en.json must be one JSON object of strings"):
        game_front.messages(plugin, "en")
