"""Every dropped frame is said: inside the burst every message is answered, past it a
`rate_limited` frame comes before the 4429 close, a reader whose queue filled is told it skipped
versions, and every documented message is answered for every role."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect, WebSocketState

from sabbat.web.authority import Authority
from sabbat.web.fair import Shares
from sabbat.web.hub import Conn, Hub
from sabbat.web.limits import BURST, QUEUE_LIMIT
from sabbat.web.protocol import ws_table
from sabbat.web.store import Store
from tests.support.aio import run_async

from .helpers import Direct, create, frame_of, next_view


class _SlowSocket:
    """A client whose messages all arrive at once (the server reads them without pausing) and
    that reads its frames slowly, as over a real network."""

    def __init__(self, hub: Hub, table_id: str, messages: list[dict[str, Any]]) -> None:
        self.app = SimpleNamespace(state=SimpleNamespace(hub=hub, keeper=hub.authority.keeper, allow_origins=(),
                                                          shares=Shares()))
        self.scope: dict[str, Any] = {"client": ("127.0.0.1", 1)}
        self.headers: dict[str, str] = {}
        self.path_params = {"table_id": table_id}
        self.query_params: dict[str, str] = {}
        self.inbox = [{"type": "websocket.receive", "text": json.dumps(m)} for m in messages]
        self.sent: list[dict[str, Any]] = []
        self.closed: int | None = None
        self.client_state = WebSocketState.CONNECTED

    async def accept(self) -> None:
        pass

    async def receive(self) -> dict[str, Any]:
        if self.inbox:
            return self.inbox.pop(0)
        await asyncio.sleep(0.5)  # then the client goes away
        return {"type": "websocket.disconnect", "code": 1000}

    async def send_text(self, text: str) -> None:
        await asyncio.sleep(0.001)
        self.sent.append(json.loads(text))

    async def close(self, code: int = 1000, reason: str = "") -> None:
        self.closed = code
        self.client_state = WebSocketState.DISCONNECTED


def _hub(tmp_path: Path) -> tuple[Hub, str]:
    service = Direct(Store(str(tmp_path / "db.sqlite3")))
    table, _ = service.create({"game": "mystic_vale", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]})
    return Hub(Authority(service, service.store), pool=None), table.id


def test_every_ping_inside_the_burst_is_answered_by_a_slow_reader(tmp_path: Path) -> None:
    hub, table_id = _hub(tmp_path)
    pings = int(BURST) - 10
    assert pings > QUEUE_LIMIT
    ws = _SlowSocket(hub, table_id, [{"type": "hello", "token": None, "lang": "en"}, *[{"type": "ping"}] * pings])
    run_async(ws_table(ws))  # type: ignore[arg-type]
    kinds = [f["type"] for f in ws.sent]
    assert kinds.count("pong") == pings, kinds
    assert "error" not in kinds


def test_a_flood_hears_rate_limited_before_the_4429_close(client: TestClient) -> None:
    t = create(client, "mystic_vale", [{"kind": "human"}, {"kind": "human"}])
    with client.websocket_connect(f"/ws/tables/{t['table_id']}") as ws:
        ws.send_json({"type": "hello", "token": None, "lang": "en"})
        next_view(ws)
        for _ in range(400):
            ws.send_json({"type": "ping"})
        frames = []
        with pytest.raises(WebSocketDisconnect) as closed:
            for _ in range(1000):
                frames.append(ws.receive_json())
    assert closed.value.code == 4429
    assert frames[-1]["type"] == "error" and frames[-1]["code"] == "rate_limited"
    assert [f["type"] for f in frames].count("pong") >= BURST - 1


def test_a_reader_whose_queue_filled_is_told_it_skipped_versions(tmp_path: Path) -> None:
    hub, table_id = _hub(tmp_path)
    table = hub.service.tables[table_id]

    async def scenario() -> list[Any]:
        conn = Conn(ws=None, table_id=table_id, seat=None, token=None, lang="en")  # type: ignore[arg-type]
        hub.conns[table_id] = {conn}
        while not conn.crowded():
            conn.queue.put_nowait({"type": "pong"})
        hub.service.connected(table, 0, +1)  # a change while the queue is crowded
        assert conn.behind and conn in hub.conns[table_id]
        while not conn.queue.empty():
            conn.queue.get_nowait()
        hub.catch_up(conn)
        return [conn.queue.get_nowait()]

    (text,) = run_async(scenario())
    frame = json.loads(text)
    assert frame["type"] == "view" and frame["skipped"] is True and frame["seats"][0]["connected"] is True


def test_reclaim_and_name_are_answered_for_every_role(client: TestClient) -> None:
    t = create(client, "mystic_vale", [{"kind": "human"}, {"kind": "human"}])
    tid = t["table_id"]
    with client.websocket_connect(f"/ws/tables/{tid}") as spec, client.websocket_connect(f"/ws/tables/{tid}") as p0:
        spec.send_json({"type": "hello", "token": None, "lang": "ja"})
        next_view(spec)
        for kind in ("reclaim", "name"):
            spec.send_json({"type": kind, "name": "Ada", "msg_id": kind})
            error = frame_of(spec, "error")
            assert error["code"] == "spectator" and error["msg_id"] == kind and error["message"] == "観戦者は操作できません。"
        p0.send_json({"type": "hello", "token": t["seats"][0]["token"], "lang": "en"})
        next_view(p0)
        p0.send_json({"type": "reclaim", "msg_id": "r"})
        assert frame_of(p0, "ack")["msg_id"] == "r"
        p0.send_json({"type": "name", "name": "Ada", "msg_id": "n"})
        assert frame_of(p0, "ack")["msg_id"] == "n"
        assert next_view(p0)["seats"][0]["name"] == "Ada"
        p0.send_json({"type": "name", "name": "Ada", "msg_id": "n2"})  # no change: still answered
        assert frame_of(p0, "ack")["msg_id"] == "n2"
        p0.send_json({"type": "lang", "lang": "xx"})
        assert frame_of(p0, "error")["code"] == "bad_message"


def test_a_deeply_nested_frame_is_refused_and_closed_with_4400(client: TestClient) -> None:
    t = create(client, "mystic_vale", [{"kind": "human"}, {"kind": "human"}])
    with client.websocket_connect(f"/ws/tables/{t['table_id']}") as ws:
        ws.send_json({"type": "hello", "token": None, "lang": "en"})
        next_view(ws)
        ws.send_text('{"type": "ping", "x": ' + "[" * 20 + "]" * 20 + "}")
        error = frame_of(ws, "error")
        assert error["code"] == "bad_message" and "16 levels" in error["message"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4400
