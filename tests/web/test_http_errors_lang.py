"""Every HTTP error speaks the request's language: `?lang=ja`, else Accept-Language, else English."""

from __future__ import annotations

import json
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
    ("POST", "/api/tables", {"game": "mystic_vale", "players": 9}, 400, "2 to 4 players", "2〜4人で遊ぶ"),
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


PROSE = re.compile(r"[A-Za-z][A-Za-z0-9_\-]*")
WORDS_OF_THE_PROTOCOL = {"AI", "JSON", "MB", "true", "false", "kind", "human", "ai", "agent", "seat", "seats", "cards",
                         "options", "clock", "per_move_s", "per_game_s", "msg_id", "hello", "lang", "en", "ja",
                         "Unicode", "ud800", "step", "all"}
"""Names a person types in a request, which a Japanese message quotes as they are."""
SURROGATE_CARDS = 'cards:\n  - {id: frog, name: {en: "Fr\\ud800g", ja: カエル}}\n'
BAD_SETUPS: list[tuple[str, Any]] = [
    ("an unknown option", {"game": "mystic_vale", "players": 2, "seats": PRACTICE, "options": {"bogus": 1}}),
    ("a bad option value (yes or no)", {"game": "mystic_vale", "players": 2, "seats": PRACTICE,
                                        "options": {"german_spirit_trade": "maybe"}}),
    ("a bad option value (a choice)", {"game": "monslaught", "players": 2, "seats": PRACTICE,
                                       "options": {"refill_hand": "sideways"}}),
    ("a wrong player count", {"game": "mystic_vale", "players": 9}),
    ("an unknown game", {"game": "chess"}),
    ("a card named with a lone surrogate", {"game": "monslaught", "players": 2, "seats": PRACTICE,
                                            "cards": SURROGATE_CARDS}),
    ("a card file that is not a card file", {"game": "monslaught", "players": 2, "seats": PRACTICE, "cards": 5}),
    ("too few seats", {"game": "mystic_vale", "players": 2, "seats": [{}]}),
    ("a seat of no kind", {"game": "mystic_vale", "players": 2, "seats": [{}, {}]}),
    ("options that are not an object", {"game": "mystic_vale", "players": 2, "seats": PRACTICE, "options": [1]}),
    ("a clock that is not an object", {"game": "mystic_vale", "players": 2, "seats": PRACTICE, "clock": 3}),
    ("a clock out of range", {"game": "mystic_vale", "players": 2, "seats": PRACTICE, "clock": {"per_game_s": 0}}),
    ("an AI not offered", {"game": "mystic_vale", "players": 2, "seats": [{"kind": "human"}, {"kind": "ai", "agent": "x"}]}),
    ("a body that is not JSON", "{not json"),
    ("a table that is not an object", []),
]


def _identifiers(client: TestClient, body: Any) -> set[str]:
    """What a refusal may quote as it is: the request's own words, the games' and options' names."""
    named = set(PROSE.findall(json.dumps(body))) | WORDS_OF_THE_PROTOCOL
    named |= {agent["name"] for agent in client.get("/api/agents").json()}
    for game in client.get("/api/games").json():
        named |= {game["id"], game["cli_name"], *game["options"]}
        named |= {str(c) for o in game["options"].values() for c in o["choices"]}
    return named | {w for name in list(named) for w in re.split(r"[_\-]", name)}


def _english_words(text: str, identifiers: set[str]) -> list[str]:
    return [w for w in PROSE.findall(text) if w not in identifiers]


@pytest.mark.parametrize(("what", "body"), BAD_SETUPS, ids=[b[0] for b in BAD_SETUPS])
def test_a_refused_table_reads_wholly_in_the_persons_language(client: TestClient, what: str, body: Any) -> None:
    """A Japanese page gets a refusal with no English words but the identifiers it quotes; an
    English one gets it in English; neither creates anything."""
    status, japanese = _ask(client, "POST", "/api/tables?lang=ja", body, {})
    assert status == 400 and JAPANESE.search(japanese), japanese
    assert not _english_words(japanese, _identifiers(client, body)), japanese
    assert "メッセージを読めませんでした" not in japanese or "a body" in what or "a table that" in what
    status, english = _ask(client, "POST", "/api/tables?lang=en", body, {})
    assert status == 400 and not JAPANESE.search(english) and len(_english_words(english, set())) > 3, english
    assert client.get("/api/tables").json() == []


def test_a_card_named_with_a_lone_surrogate_is_refused_up_front(client: TestClient) -> None:
    """The attack: a card file naming a card "\\ud800" made a table that could send no frame to
    anyone (no text encoding can write half a character). It is refused, saying why, whether the
    surrogate comes as an escape in the file or as a character in the request."""
    for cards in (SURROGATE_CARDS, 'cards:\n  - {id: frog, name: {en: "Fr\ud800g", ja: カエル}}\n'):
        body = {"game": "monslaught", "players": 2, "seats": PRACTICE, "cards": cards}
        status, english = _ask(client, "POST", "/api/tables", json.dumps(body), {})  # escaped as JSON does
        assert status == 400 and "card file was refused" in english, english
        assert "surrogate" in english or "not UTF-8" in english, english
    status, japanese = _ask(client, "POST", "/api/tables?lang=ja", {**body, "cards": SURROGATE_CARDS}, {})
    assert "サロゲート" in japanese
    assert client.get("/api/tables").json() == []


WS_BAD: list[tuple[str, Any]] = [
    ("an unknown message type", {"type": "bogus"}),
    ("a move without a message id", {"type": "act", "version": 0, "action_id": 0}),
    ("an illegal move", {"type": "act", "msg_id": "a", "version": 0, "action_id": 999}),
    ("a bad language", {"type": "lang", "lang": "xx"}),
    ("a frame that is not an object", [1, 2]),
    ("a frame that is not JSON", "{nope"),
]


@pytest.mark.parametrize(("what", "frame"), WS_BAD, ids=[b[0] for b in WS_BAD])
def test_a_refused_message_reads_wholly_in_the_persons_language(client: TestClient, what: str, frame: Any) -> None:
    table = create(client, "mystic_vale", PRACTICE, deal=3)
    token = table["seats"][0]["token"]
    for lang in ("ja", "en"):
        with client.websocket_connect(f"/ws/tables/{table['table_id']}") as ws:
            ws.send_json({"type": "hello", "token": token, "lang": lang})
            ws.receive_json()
            ws.send_text(frame if isinstance(frame, str) else json.dumps(frame))
            error = next(f for f in iter(ws.receive_json, None) if f["type"] == "error")
        message = error["message"]
        if lang == "ja":
            assert JAPANESE.search(message) and not _english_words(message, _identifiers(client, frame)), message
        else:
            assert not JAPANESE.search(message) and len(_english_words(message, set())) > 2, message


def test_a_bad_first_frame_is_refused_in_the_language_the_page_asked_for(client: TestClient) -> None:
    """Before its hello names a language, a connection is answered in its `?lang=` or Accept-Language."""
    table = create(client, "mystic_vale", PRACTICE)["table_id"]
    for path, headers, ja in ((f"/ws/tables/{table}?lang=ja", {}, True), (f"/ws/tables/{table}", {"Accept-Language": "ja"}, True),
                              (f"/ws/tables/{table}", {}, False)):
        with client.websocket_connect(path, headers=dict(headers)) as ws:
            ws.send_text("{nope")
            message = ws.receive_json()["message"]
        assert "JSON" in message and bool(JAPANESE.search(message)) == ja, message
