"""Bad input to the server gets an error frame or a closed connection; other tables keep playing."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from sabbat.web.authority import Authority
from sabbat.web.hub import Conn, Hub
from sabbat.web.limits import QUEUE_LIMIT
from sabbat.web.store import Store
from tests.support.aio import run_async

from .helpers import Direct, create, frame_of, next_view


def _other_table_still_plays(client: TestClient, tid: str, token: str) -> None:
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        ws.send_json({"type": "hello", "token": token, "lang": "en"})
        view = next_view(ws)
        while not view["legal"]:
            view = next_view(ws)
        ws.send_json({"type": "act", "msg_id": f"ok{view['version']}", "version": view["version"], "action_id": 0})
        assert frame_of(ws, "ack")["version"] == view["version"] + 1


def test_each_kind_of_bad_frame_is_answered_and_the_server_keeps_serving(client: TestClient) -> None:
    good = create(client, "mystic_vale", [{"kind": "human"}, {"kind": "ai", "agent": "random"}], seed=2)
    bad = create(client, "mystic_vale", [{"kind": "human"}, {"kind": "human"}])
    url = f"/ws/tables/{bad['table_id']}"
    # not JSON, not an object, not a hello first: an error frame, then the connection closes
    for text in ("{nope", "[1, 2]", '{"type": "act"}'):
        with client.websocket_connect(url) as ws:
            ws.send_text(text)
            frame = ws.receive_json()
            assert frame["type"] == "error" and frame["code"] == "bad_message"
    # nested deep, and oversized
    with client.websocket_connect(url) as ws:
        ws.send_text("[" * 100_000 + "]" * 100_000)
        assert ws.receive_json()["code"] == "bad_message"
    with client.websocket_connect(url) as ws:
        ws.send_json({"type": "hello", "token": None, "lang": "en"})
        next_view(ws)
        ws.send_text('{"type": "ping", "pad": "' + "x" * 40_000 + '"}')
        assert frame_of(ws, "error")["code"] == "bad_message"
    # unknown message types and garbage fields are refused, the connection stays usable
    with client.websocket_connect(url) as ws:
        ws.send_json({"type": "hello", "token": bad["seats"][0]["token"], "lang": "en"})
        view = next_view(ws)
        ws.send_json({"type": "fly"})
        assert frame_of(ws, "error")["code"] == "bad_message"
        ws.send_json({"type": "act", "msg_id": "x" * 500, "version": view["version"], "action_id": 0})
        assert frame_of(ws, "error")["code"] == "bad_message"
        ws.send_json({"type": "act", "msg_id": "f", "version": 1e999, "action_id": 0})
        assert frame_of(ws, "error")["code"] in ("stale", "not_your_turn")
        ws.send_json({"type": "ping"})
        assert frame_of(ws, "pong")["type"] == "pong"
    _other_table_still_plays(client, good["table_id"], good["seats"][0]["token"])


def test_a_flood_is_rate_limited_then_closed(client: TestClient) -> None:
    t = create(client, "mystic_vale", [{"kind": "human"}, {"kind": "human"}])
    other = create(client, "monslaught", [{"kind": "human"}, {"kind": "ai", "agent": "random"}])
    with client.websocket_connect(f"/ws/tables/{t['table_id']}") as ws:
        ws.send_json({"type": "hello", "token": None, "lang": "en"})
        next_view(ws)
        for _ in range(400):
            ws.send_json({"type": "ping"})
        codes = []
        with pytest.raises(WebSocketDisconnect):
            for _ in range(1000):
                frame = ws.receive_json()
                if frame["type"] == "error":
                    codes.append(frame["code"])
        assert "rate_limited" in codes
    _other_table_still_plays(client, other["table_id"], other["seats"][0]["token"])


def test_a_client_that_stops_reading_is_dropped_without_blocking(tmp_path: Path) -> None:
    service = Direct(Store(str(tmp_path / "db.sqlite3")))
    hub = Hub(Authority(service, service.store), pool=None)
    table, _ = service.create({"game": "mystic_vale", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]})

    async def scenario() -> None:
        conn = Conn(ws=None, table_id=table.id, seat=None, token=None, lang="en")  # type: ignore[arg-type]
        hub.conns[table.id] = {conn}
        for _ in range(QUEUE_LIMIT + 5):
            hub.push_view(table, conn, full=True)  # nobody reads this queue
        assert conn not in hub.conns[table.id]

    run_async(scenario())


def test_tokens_never_reach_the_logs(client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    t = create(client, "mystic_vale", [{"kind": "human"}, {"kind": "human", "open": True}])
    joined = client.post(f"/api/tables/{t['table_id']}/join", json={}).json()
    with client.websocket_connect(f"/ws/tables/{t['table_id']}") as ws:
        ws.send_json({"type": "hello", "token": t["seats"][0]["token"], "lang": "en"})
        next_view(ws)
        ws.send_json({"type": "hello", "token": joined["token"]})
        frame_of(ws, "error")
    text = caplog.text
    assert t["seats"][0]["token"] not in text and joined["token"] not in text


@pytest.mark.parametrize(("lang", "unknown", "not_json"), [
    ("en", "unknown message type 'fly'", "the frame is not JSON"),
    ("ja", "不明なメッセージの種類です: 'fly'", "フレームがJSONではありません"),
])
def test_a_refused_frame_says_why_in_the_readers_language(client: TestClient, lang: str, unknown: str,
                                                          not_json: str) -> None:
    t = create(client, "mystic_vale", [{"kind": "human"}, {"kind": "human"}])
    url = f"/ws/tables/{t['table_id']}"
    with client.websocket_connect(url) as ws:
        ws.send_json({"type": "hello", "token": t["seats"][0]["token"], "lang": lang})
        next_view(ws)
        ws.send_json({"type": "fly"})
        assert unknown in frame_of(ws, "error")["message"]
        ws.send_text("{nope")
        assert not_json in frame_of(ws, "error")["message"]
