"""Every HTTP error speaks the request's language: `?lang=ja`, else Accept-Language, else English."""

from __future__ import annotations

import re
from typing import Any

import pytest
from starlette.testclient import TestClient

from .helpers import create

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
PRACTICE = [{"kind": "human"}, {"kind": "ai", "agent": "random"}]
JSON = {"Content-Type": "application/json"}

# (method, path, body, status, English words, Japanese words); {table} is an unfinished table.
ERRORS: list[tuple[str, str, Any, int, str, str]] = [
    ("GET", "/api/games/chess/cards", None, 404, "There is no game chess", "ゲーム chess はありません"),
    ("GET", "/api/games/chess/rules", None, 404, "There is no game chess", "ゲーム chess はありません"),
    ("POST", "/api/tables", {"game": "chess"}, 400, "There is no game chess", "ゲーム chess はありません"),
    ("POST", "/api/tables", "{not json", 400, "the body is not JSON", "本文がJSONではありません"),
    ("POST", "/api/tables", [], 400, "a table is described by a JSON object", "JSONオブジェクト"),
    ("POST", "/api/tables", {"game": "mystic_vale", "players": 9}, 400, "2 to 4 players", "人数は2〜4人"),
    ("POST", "/api/tables", {"game": "mystic_vale", "players": 2, "seats": [{}]}, 400, "give exactly 2 seats",
     "席をちょうど2つ"),
    ("POST", "/api/tables", {"game": "mystic_vale", "players": 2, "seats": PRACTICE, "seed": "x"}, 400,
     "A seed is a whole number", "シードは"),
    ("POST", "/api/tables", {"game": "mystic_vale", "players": 2, "seats": PRACTICE, "clock": {"per_move_s": 0}}, 400,
     "per_move_s is a whole number of seconds", "per_move_s は1〜"),
    ("POST", "/api/tables", {"game": "mystic_vale", "players": 2, "seats": PRACTICE,
                             "options": {"german_spirit_trade": "maybe"}}, 400, "could not be set up", "卓を用意できませんでした"),
    ("POST", "/api/tables", {"game": "mystic_vale", "agent": "x", "seats": [{"kind": "human"}, {"kind": "ai", "agent": "x"}]},
     400, "That AI player is not offered here", "そのAIはここでは選べません"),
    ("GET", "/api/tables/nope", None, 404, "There is no table nope", "卓 nope はありません"),
    ("POST", "/api/tables/nope/join", {}, 404, "There is no table nope", "卓 nope はありません"),
    ("POST", "/api/tables/{table}/join", {"seat": "one"}, 400, "seat is a whole number", "seat は整数"),
    ("GET", "/api/tables/{table}/replay", None, 403, "once the game is over", "ゲーム終了後"),
    ("GET", "/api/nothing-here", None, 404, "There is nothing at this address", "このアドレスには何もありません"),
    ("DELETE", "/api/tables", None, 405, "does not take that method", "メソッドを受け付けません"),
]


def _ask(client: TestClient, method: str, path: str, body: Any, headers: dict[str, str]) -> tuple[int, str]:
    content = body if isinstance(body, str) else None
    res = client.request(method, path, json=None if isinstance(body, str) or body is None else body,
                         content=content, headers={**JSON, **headers})
    return res.status_code, str(res.json()["error"])


@pytest.mark.parametrize(("method", "path", "body", "status", "en", "ja"), ERRORS,
                         ids=[f"{e[0]} {e[1]} {e[3]} {e[4]}" for e in ERRORS])
def test_each_http_error_is_in_the_request_language(client: TestClient, method: str, path: str, body: Any,
                                                    status: int, en: str, ja: str) -> None:
    if "{table}" in path:
        table = create(client, "mystic_vale", PRACTICE)["table_id"]
        path = path.replace("{table}", table)
    english = _ask(client, method, path, body, {})
    assert english[0] == status and en in english[1] and not JAPANESE.search(english[1]), english
    sep = "&" if "?" in path else "?"
    japanese = _ask(client, method, f"{path}{sep}lang=ja", body, {})
    assert japanese[0] == status and ja in japanese[1], japanese
    assert _ask(client, method, path, body, {"Accept-Language": "ja,en;q=0.5"}) == japanese


def test_a_body_over_the_limit_is_refused_in_the_request_language(client: TestClient) -> None:
    big = b"{" + b" " * (2 * 1024 * 1024) + b"}"
    for lang, words in (("en", "larger than 2 MB"), ("ja", "大きすぎます")):
        res = client.post(f"/api/tables?lang={lang}", content=big, headers=JSON)
        assert res.status_code == 413 and words in res.json()["error"]
    assert client.get("/api/tables").json() == []


def test_a_name_that_cannot_be_shown_is_not_echoed_raw(client: TestClient) -> None:
    res = client.post("/api/tables", content=b'{"game": "chess\\udfff\\u0000"}', headers=JSON)
    assert res.status_code == 400 and "There is no game chess;" in res.json()["error"]
