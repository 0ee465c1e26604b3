"""Lesson tables: made from the game's declaration, one person's own (in no lobby list), and
followed step by step in that person's view, also after a restart."""

from __future__ import annotations

from pathlib import Path

from starlette.testclient import TestClient

from sabbat import games
from sabbat.web.store import Store
from sabbat.web.tables import TableService

from .helpers import Direct, act


def test_the_lobby_lists_each_games_lessons_with_titles_in_both_languages(client: TestClient) -> None:
    rows = {g["id"]: g for g in client.get("/api/games").json()}
    for game_id in ("mystic_vale", "nameless_dark_lord", "monslaught", "bellum_magica", "magic_master"):
        lessons = rows[game_id]["lessons"]
        assert lessons and all(lesson["title"]["en"] and lesson["title"]["ja"] != lesson["title"]["en"] for lesson in lessons)


def test_a_lesson_table_has_the_declared_deal_and_gentle_ai_and_is_listed_nowhere(client: TestClient) -> None:
    res = client.post("/api/lessons", json={"game": "mystic_vale", "name": "Ann"})
    assert res.status_code == 201, res.text
    body = res.json()
    lesson = games.get("mystic_vale").lessons()[0]
    service: TableService = client.app.state.service  # type: ignore[attr-defined]
    table = service.get(body["table_id"])
    assert table.state.seed == lesson.seed and table.state.num_players == lesson.players
    assert [(s.kind, s.agent) for s in table.seats] == [("human", None)] + [("ai", lesson.opponents)] * (lesson.players - 1)
    assert table.seats[0].name == "Ann" and "token" in body["seats"][0]
    listed = [r["table_id"] for status in ("", "?status=open") for r in client.get("/api/tables" + status).json()]
    assert body["table_id"] not in listed
    assert client.get(f"/api/tables/{body['table_id']}").status_code == 200  # its id still finds it


def test_only_the_learner_sees_the_lesson_in_their_language(client: TestClient) -> None:
    body = client.post("/api/lessons", json={"game": "monslaught"}).json()
    service: TableService = client.app.state.service  # type: ignore[attr-defined]
    table = service.get(body["table_id"])
    en = service.view(table, 0, "en")["lesson"]
    ja = service.view(table, 0, "ja")["lesson"]
    assert en["step"] == "welcome" and en["index"] == 0 and en["total"] == len(table.lesson.steps)  # type: ignore[union-attr]
    assert en["text"] != ja["text"] and "⟦" not in en["text"] + ja["text"]
    assert "lesson" not in service.view(table, None, "en")


def test_an_unknown_lesson_is_refused_in_the_readers_language(client: TestClient) -> None:
    en = client.post("/api/lessons", json={"game": "mystic_vale", "lesson": "nope"})
    ja = client.post("/api/lessons?lang=ja", json={"game": "mystic_vale", "lesson": "nope"})
    assert en.status_code == ja.status_code == 400
    assert "lesson" in en.json()["error"] and "レッスン" in ja.json()["error"]


def test_the_lesson_moves_on_with_the_learners_moves_and_survives_a_restart(tmp_path: Path) -> None:
    db = str(tmp_path / "db.sqlite3")
    service = Direct(Store(db))
    table, tokens = service.create_lesson({"game": "mystic_vale"})
    assert table.lesson is not None and table.lesson_at == 0
    for i in range(2):  # the learner's own moves (the first player of this deal); no AI here moves
        assert table.state.current_player == 0
        act(service, table.id, tokens[0], f"m{i}", table.version_for(0), action_id=0)
    assert table.lesson_at == 1
    again = Direct(Store(db))
    again.load()
    rebuilt = again.get(table.id)
    assert rebuilt.lesson == table.lesson and rebuilt.lesson_at == table.lesson_at
