"""An `ack` goes to the move it acknowledges: never to a move that was not applied."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from .helpers import create, next_view


def _until_pong(ws: Any) -> list[dict[str, Any]]:
    """The frames before the pong (a connection's messages are answered in order)."""
    frames = []
    for _ in range(200):
        frame: dict[str, Any] = ws.receive_json()
        if frame["type"] == "pong":
            return frames
        frames.append(frame)
    raise AssertionError("no pong")


def _mine_after(ws: Any, version: int, seen: list[dict[str, Any]]) -> dict[str, Any]:
    """The first view past `version` in which this seat must decide (or the game is over)."""
    for frame in seen:
        if frame["type"] == "view" and frame["version"] > version and (frame["legal"] or frame["status"] != "playing"):
            return frame
    while True:
        view = next_view(ws)
        if view["version"] > version and (view["legal"] or view["status"] != "playing"):
            return view


def test_contested_moves_from_two_connections_are_each_acked_once_to_their_sender(client: TestClient) -> None:
    """The same seat open on two devices sends a move from both, round after round: one is
    applied and acknowledged to its sender alone; the other hears `stale` and no ack."""
    t = create(client, "mystic_vale", [{"kind": "human"}, {"kind": "ai", "agent": "random"}], deal=3)
    tid, token = t["table_id"], t["seats"][0]["token"]
    with client.websocket_connect(f"/ws/tables/{tid}") as a, client.websocket_connect(f"/ws/tables/{tid}") as b:
        socks = {"a": a, "b": b}
        views = {}
        for name, ws in socks.items():
            ws.send_json({"type": "hello", "token": token, "lang": "en"})
            view = next_view(ws)
            views[name] = view if view["legal"] else _mine_after(ws, -1, [])
        rounds = 0
        while rounds < 40 and views["a"]["status"] == "playing":
            version = views["a"]["version"]
            assert views["b"]["version"] == version
            for name, ws in socks.items():
                ws.send_json({"type": "act", "msg_id": f"{name}{rounds}", "version": version, "action_id": 0})
                ws.send_json({"type": "ping"})
            acked = []
            for name, ws in socks.items():
                frames = _until_pong(ws)
                answers = [f for f in frames if f["type"] in ("ack", "error")]
                assert len(answers) == 1 and answers[0].get("msg_id") == f"{name}{rounds}", frames
                if answers[0]["type"] == "ack":
                    acked.append(name)
                else:
                    assert answers[0]["code"] == "stale", answers
                views[name] = _mine_after(ws, version, frames)
            assert len(acked) == 1, (rounds, acked)
            rounds += 1
        assert rounds >= 20
