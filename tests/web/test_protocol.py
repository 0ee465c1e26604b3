"""The HTTP API and the WebSocket protocol through the ASGI test client."""

from __future__ import annotations

import random

from starlette.testclient import TestClient

from sabbat import games

from .helpers import create, frame_of, next_view


def test_games_agents_and_cards_are_listed(client: TestClient) -> None:
    rows = client.get("/api/games").json()
    assert {r["id"] for r in rows} == set(games.names())
    mv = next(r for r in rows if r["id"] == "mystic_vale")
    assert mv["options"]["german_spirit_trade"]["kind"] == "bool"
    assert {a["name"] for a in client.get("/api/agents").json()} >= {"easy", "normal", "hard"}
    faces = client.get("/api/games/monslaught/cards?lang=ja").json()
    assert faces and all("name" in f for f in faces.values())
    assert client.get("/api/games/chess/cards").status_code == 404


def test_create_gives_a_secret_token_per_human_seat_only_once(client: TestClient) -> None:
    t = create(client, "mystic_vale", [{"kind": "human"}, {"kind": "human"}, {"kind": "ai", "agent": "random"}])
    tokens = [s.get("token") for s in t["seats"]]
    assert tokens[0] and tokens[1] and tokens[2] is None and tokens[0] != tokens[1]
    assert len(tokens[0]) >= 22  # 24 random bytes, url-safe: 192 bits
    row = client.get(f"/api/tables/{t['table_id']}").json()
    assert tokens[0] not in str(row) and row["status"] == "playing"
    assert t["table_id"] in [r["table_id"] for r in client.get("/api/tables").json()]


def test_bad_table_requests_are_refused_with_a_reason(client: TestClient) -> None:
    assert "chess" in client.post("/api/tables", json={"game": "chess"}).json()["error"]
    res = client.post("/api/tables", json={"game": "mystic_vale", "players": 9})
    assert res.status_code == 400 and "2 to 4" in res.json()["error"]
    res = client.post("/api/tables", json={"game": "mystic_vale", "players": 2, "options": {"german_spirit_trade": "maybe"}})
    assert res.status_code == 400 and "true or false" in res.json()["error"]
    res = client.post("/api/tables", content=b"{not json", headers={"Content-Type": "application/json"})
    assert res.status_code == 400
    assert client.get("/api/tables/nope").status_code == 404


def test_a_seat_acts_and_everyone_gets_their_own_view(client: TestClient) -> None:
    t = create(client, "mystic_vale", [{"kind": "human"}, {"kind": "human"}], deal=3)
    tid, tok0, tok1 = t["table_id"], t["seats"][0]["token"], t["seats"][1]["token"]
    with client.websocket_connect(f"/ws/tables/{tid}") as p0, client.websocket_connect(f"/ws/tables/{tid}") as p1, \
            client.websocket_connect(f"/ws/tables/{tid}") as spec:
        p0.send_json({"type": "hello", "token": tok0, "lang": "en"})
        p1.send_json({"type": "hello", "token": tok1, "lang": "ja"})
        spec.send_json({"type": "hello", "token": None, "lang": "en"})
        v0, v1, vs = next_view(p0), next_view(p1), next_view(spec)
        state = games.get("mystic_vale").new(2, 3)
        assert v0["observation"] == state.observation(0) and v1["observation"] == state.observation(1)
        assert vs["observation"] == state.observation(None) and vs["seat"] is None
        mover, other = (p0, p1) if v0["legal"] else (p1, p0)
        view = v0 if v0["legal"] else v1
        assert not (v1 if v0["legal"] else v0)["legal"] and not vs["legal"]
        mover.send_json({"type": "act", "msg_id": "a1", "version": view["version"], "action_id": 0})
        assert frame_of(mover, "ack") == {"type": "ack", "msg_id": "a1", "version": 1}
        assert next_view(mover)["version"] == 1 and next_view(other)["version"] == 1 and next_view(spec)["version"] == 1


def test_stale_illegal_wrong_turn_and_duplicate_messages(client: TestClient) -> None:
    t = create(client, "monslaught", [{"kind": "human"}, {"kind": "human"}], deal=5)
    tid = t["table_id"]
    conns = [client.websocket_connect(f"/ws/tables/{tid}") for _ in range(2)]
    with conns[0] as a, conns[1] as b:
        a.send_json({"type": "hello", "token": t["seats"][0]["token"], "lang": "en"})
        b.send_json({"type": "hello", "token": t["seats"][1]["token"], "lang": "en"})
        va, vb = next_view(a), next_view(b)
        mover, waiter, view = (a, b, va) if va["legal"] else (b, a, vb)
        waiter.send_json({"type": "act", "msg_id": "x", "version": view["version"], "action_id": 0})
        assert frame_of(waiter, "error")["code"] == "not_your_turn"
        mover.send_json({"type": "act", "msg_id": "x", "version": view["version"] + 5, "action_id": 0})
        err = frame_of(mover, "error")
        assert err["code"] == "stale" and err["msg_id"] == "x"
        assert next_view(mover)["version"] == view["version"]  # a stale client gets the current view again
        mover.send_json({"type": "act", "msg_id": "y", "version": view["version"], "action_id": 10_000})
        assert frame_of(mover, "error")["code"] == "illegal"
        mover.send_json({"type": "act", "msg_id": "y", "version": view["version"], "action": {"kind": "nonsense"}})
        assert frame_of(mover, "error")["code"] == "illegal"
        mover.send_json({"type": "act", "msg_id": "z", "version": view["version"], "action_id": 0})
        assert frame_of(mover, "ack") == {"type": "ack", "msg_id": "z", "version": 1}
        next_view(mover)
        mover.send_json({"type": "act", "msg_id": "z", "version": view["version"], "action_id": 0})
        assert frame_of(mover, "ack") == {"type": "ack", "msg_id": "z", "version": 1}  # idempotent, not applied twice
        assert client.get(f"/api/tables/{tid}").json()["version"] == 1


def test_wrong_token_and_unknown_table_are_refused(client: TestClient) -> None:
    t = create(client, "mystic_vale", [{"kind": "human"}, {"kind": "human"}])
    with client.websocket_connect(f"/ws/tables/{t['table_id']}") as ws:
        ws.send_json({"type": "hello", "token": "not-a-token", "lang": "ja"})
        err = ws.receive_json()
        assert err["code"] == "bad_token" and "トークン" in err["message"]
    with client.websocket_connect("/ws/tables/nope") as ws:
        ws.send_json({"type": "hello", "token": None, "lang": "en"})
        assert ws.receive_json()["code"] == "unknown_table"


def test_spectators_cannot_act(client: TestClient) -> None:
    t = create(client, "mystic_vale", [{"kind": "human"}, {"kind": "human"}])
    with client.websocket_connect(f"/ws/tables/{t['table_id']}") as ws:
        ws.send_json({"type": "hello", "token": None, "lang": "en"})
        view = next_view(ws)
        ws.send_json({"type": "act", "msg_id": "s", "version": view["version"], "action_id": 0})
        assert frame_of(ws, "error")["code"] == "spectator"


def test_open_seats_are_joined_from_the_lobby_once(client: TestClient) -> None:
    t = create(client, "mystic_vale", [{"kind": "human"}, {"kind": "human", "open": True}])
    tid = t["table_id"]
    assert [r["table_id"] for r in client.get("/api/tables?status=open").json()] == [tid]
    joined = client.post(f"/api/tables/{tid}/join", json={}).json()
    assert joined["seat"] == 1 and len(joined["token"]) >= 22
    assert client.post(f"/api/tables/{tid}/join", json={}).status_code == 409
    assert client.get("/api/tables?status=open").json() == []
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        ws.send_json({"type": "hello", "token": joined["token"], "lang": "en"})
        assert next_view(ws)["seat"] == 1


def test_an_ai_seat_moves_by_itself_and_a_finished_game_downloads_as_a_replay(client: TestClient) -> None:
    t = create(client, "magic_master", [{"kind": "human"}, {"kind": "ai", "agent": "random"}], seed=2)
    tid = t["table_id"]
    rng = random.Random(0)
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        ws.send_json({"type": "hello", "token": t["seats"][0]["token"], "lang": "en"})
        view = next_view(ws)
        assert client.get(f"/api/tables/{tid}/replay").status_code == 403
        while view["status"] == "playing":
            if view["legal"]:
                ws.send_json({"type": "act", "msg_id": f"m{view['version']}", "version": view["version"],
                              "action_id": rng.choice(view["legal"])["id"]})
            view = next_view(ws)
        assert view["winners"] and all(isinstance(x, int) for x in view["scores"])
    from sabbat.core.replay import Replay

    data = client.get(f"/api/tables/{tid}/replay").json()
    final = Replay.from_json(data).run(games.get)
    assert final.is_terminal() and len(final.history) == view["version"]
    step = client.get(f"/api/tables/{tid}/replay/view?step=1&seat=0").json()
    assert step["version"] == 1 and step["total_steps"] == view["version"]


def test_websocket_origin_is_checked(client: TestClient) -> None:
    t = create(client, "mystic_vale", [{"kind": "human"}, {"kind": "human"}])
    import pytest
    from starlette.websockets import WebSocketDisconnect

    with pytest.raises(WebSocketDisconnect), \
            client.websocket_connect(f"/ws/tables/{t['table_id']}", headers={"origin": "http://evil.example"}) as ws:
        ws.receive_json()
    with client.websocket_connect(f"/ws/tables/{t['table_id']}", headers={"origin": "http://testserver"}) as ws:
        ws.send_json({"type": "hello", "token": None, "lang": "en"})
        assert next_view(ws)["type"] == "view"


def test_the_browser_client_is_served(client: TestClient) -> None:
    for path in ("/", "/t/abc", "/replay/abc"):
        res = client.get(path)
        assert res.status_code == 200 and "<html" in res.text.lower()


def test_a_hint_names_one_of_the_movers_options_with_a_winning_chance(client: TestClient) -> None:
    t = create(client, "mystic_vale", [{"kind": "human"}, {"kind": "human"}], deal=5)
    tid = t["table_id"]
    rng = random.Random(5)
    with client.websocket_connect(f"/ws/tables/{tid}") as p0, client.websocket_connect(f"/ws/tables/{tid}") as p1:
        p0.send_json({"type": "hello", "token": t["seats"][0]["token"], "lang": "ja"})
        p1.send_json({"type": "hello", "token": t["seats"][1]["token"], "lang": "ja"})
        views = {0: next_view(p0), 1: next_view(p1)}
        socks = {0: p0, 1: p1}
        while True:  # random moves until the mover has a real choice
            seat = 0 if views[0]["legal"] else 1
            view = views[seat]
            if len(view["legal"]) > 1:
                break
            socks[seat].send_json({"type": "act", "msg_id": f"m{view['version']}", "version": view["version"],
                                   "action_id": rng.randrange(len(view["legal"]))})
            views = {0: next_view(p0), 1: next_view(p1)}
        socks[1 - seat].send_json({"type": "hint"})
        assert frame_of(socks[1 - seat], "error")["code"] == "not_your_turn"
        socks[seat].send_json({"type": "hint"})
        hint = frame_of(socks[seat], "hint")
        assert 0 <= hint["action_id"] < len(view["legal"])
        assert hint["text"] == view["legal"][hint["action_id"]]["text"]
        assert isinstance(hint["estimate"], float) and 0.0 <= hint["estimate"] <= 1.0
