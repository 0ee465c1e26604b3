"""Table names are checked like seat names: text of bounded length, refused (never cut) otherwise,
and a bad name stored before the check never breaks the lobby."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from sabbat import games
from sabbat.web.app import create_app
from sabbat.web.store import SeatRow, Store, TableRow

PRACTICE = [{"kind": "human"}, {"kind": "ai", "agent": "random"}]


def _create(client: TestClient, name_json: str, lang: str = "en") -> tuple[int, str]:
    """Create a table whose name is given as raw JSON (a lone surrogate cannot be sent any other way)."""
    body = f'{{"game": "mystic_vale", "players": 2, "seats": {json.dumps(PRACTICE)}, "name": {name_json}}}'
    res = client.post(f"/api/tables?lang={lang}", content=body.encode(), headers={"Content-Type": "application/json"})
    return res.status_code, res.json().get("error", "") if res.status_code >= 400 else ""


@pytest.mark.parametrize("name_json", ['"\\udfff"', '"Friday \\ud800 game"', '"' + "x" * 10_000 + '"',
                                       '"' + "x" * 81 + '"', '"a\\u0000b"', '"a\\u202eb"', "5", '["a"]'])
def test_a_table_name_that_is_not_plain_text_is_refused_not_cut(client: TestClient, name_json: str) -> None:
    status, error = _create(client, name_json)
    assert (status, error) == (400, "A table name is 1 to 80 characters of text (no control characters).")
    lobby = client.get("/api/tables")
    assert lobby.status_code == 200 and lobby.json() == []


def test_the_refusal_is_in_the_request_language(client: TestClient) -> None:
    assert _create(client, '"\\udfff"', "ja") == (400, "卓の名前は1〜80文字の文字列にしてください（制御文字は使えません）。")


def test_a_plain_table_name_is_kept_as_written_and_the_lobby_lists_it(client: TestClient) -> None:
    assert _create(client, '"  金曜日の  game "')[0] == 201
    assert _create(client, '"' + "y" * 80 + '"')[0] == 201
    assert _create(client, '"   "')[0] == 201  # blank: no name
    names = sorted(str(row["name"]) for row in client.get("/api/tables").json())
    assert names == ["None", "y" * 80, "金曜日の game"]


def test_names_stored_before_the_check_do_not_break_the_lobby(tmp_path: Path) -> None:
    db = str(tmp_path / "old.sqlite3")
    store = Store(db)
    store.create(TableRow(
        id="0123456789abcdef", game="mystic_vale", rules_version=games.get("mystic_vale").info.rules_version, num_players=2, seed=7, options={}, cards=None,
        settings={"name": "old\udfff\x00 table" + "z" * 200, "leaver_agent": "normal"}, created=time.time(),
        status="playing", seats=[SeatRow(0, "human", token_hash="h", name="Aki\x07"), SeatRow(1, "ai", agent="random")]))
    store.close()
    with TestClient(create_app(db)) as c:
        lobby = c.get("/api/tables")
        assert lobby.status_code == 200, lobby.text
        [row] = lobby.json()
        table = c.get("/api/tables/0123456789abcdef").json()
        assert table == row
        shown = json.dumps(row, ensure_ascii=False)
        assert "old table" + "z" * 71 in shown and "z" * 72 not in shown
        assert "\\u0000" not in shown and "\\u0007" not in shown and '"Aki"' in shown
