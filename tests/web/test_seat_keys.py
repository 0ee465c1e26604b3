"""A seat's key can be changed: its holder gets a new link and the old one stops working at once
(its open connections closed); the table's creator takes back or reissues an invite nobody has
taken up. Tokens and the creator's key are kept only as hashes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from sabbat.web.app import create_app
from sabbat.web.fair import request_cost
from sabbat.web.table import hash_token

from .helpers import create, next_view

PEOPLE = [{"kind": "human"}, {"kind": "human"}]


def _hello(client: TestClient, table_id: str, token: str | None) -> dict[str, Any]:
    """The first frame a hello with `token` gets (a view, or the error that refuses it)."""
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        ws.send_json({"type": "hello", "token": token, "lang": "en"})
        frame: dict[str, Any] = ws.receive_json()
        return frame


def test_a_holder_replaces_their_token_and_the_old_link_stops_at_once(client: TestClient) -> None:
    t = create(client, "monslaught", PEOPLE)
    tid, old = t["table_id"], t["seats"][1]["token"]
    with client.websocket_connect(f"/ws/tables/{tid}") as leaked:  # someone who found the link
        leaked.send_json({"type": "hello", "token": old, "lang": "ja"})
        assert next_view(leaked)["seat"] == 1
        res = client.post(f"/api/tables/{tid}/token", json={"token": old})
        assert res.status_code == 200, res.text
        new = res.json()
        assert new["seat"] == 1 and new["token"] != old and new["invite_url"] == f"/t/{tid}#token={new['token']}"
        frame = leaked.receive_json()
        while frame["type"] == "view":
            frame = leaked.receive_json()
        assert frame["code"] == "token_replaced" and "新しいリンク" in frame["message"]
        with pytest.raises(WebSocketDisconnect) as closed:
            leaked.receive_json()
        assert closed.value.code == 4401
    assert _hello(client, tid, old)["code"] == "bad_token"
    assert _hello(client, tid, new["token"])["seat"] == 1
    again = client.post(f"/api/tables/{tid}/token?lang=ja", json={"token": old})
    assert again.status_code == 403 and "トークン" in again.json()["error"]
    assert client.post(f"/api/tables/{tid}/token", json={}).status_code == 403
    assert client.post(f"/api/tables/{tid}/token", json={"token": "x" * 500}).status_code == 403
    assert client.post("/api/tables/0123456789abcdef/token", json={"token": old}).status_code == 404


def test_the_creator_withdraws_and_reissues_an_invite_nobody_took_up(client: TestClient) -> None:
    t = create(client, "monslaught", PEOPLE)
    tid, key, invite = t["table_id"], t["creator_key"], t["seats"][1]["token"]
    assert key and key not in (invite, t["seats"][0]["token"])
    url = f"/api/tables/{tid}/invites"
    res = client.post(url, json={"creator": key, "seat": 1, "action": "withdraw"})
    assert res.status_code == 200 and res.json() == {"seat": 1, "withdrawn": True}
    assert _hello(client, tid, invite)["code"] == "bad_token"
    row = client.get(f"/api/tables/{tid}").json()
    assert row["seats"][1].get("unclaimed") and row["open_seats"] == []  # withdrawn: nobody may join it
    res = client.post(url, json={"creator": key, "seat": 1, "action": "reissue"})
    assert res.status_code == 200
    fresh = res.json()["token"]
    assert res.json()["invite_url"] == f"/t/{tid}#token={fresh}"
    assert _hello(client, tid, fresh)["seat"] == 1  # the friend came: the seat is theirs now
    taken = client.post(url + "?lang=ja", json={"creator": key, "seat": 1, "action": "withdraw"})
    assert taken.status_code == 409 and "席 2" in taken.json()["error"]
    assert _hello(client, tid, fresh)["seat"] == 1


@pytest.mark.parametrize(("body", "status", "en", "ja"), [
    ({"creator": "wrong", "seat": 1, "action": "withdraw"}, 403, "creator", "作った人"),
    ({"seat": 1, "action": "withdraw"}, 403, "creator", "作った人"),
    ({"creator": None, "seat": 1, "action": "burn"}, 400, "withdraw, reissue", "withdraw, reissue"),
    ({"creator": None, "seat": 7, "action": "withdraw"}, 400, "seat", "seat"),
    ({"creator": None, "seat": 2, "action": "withdraw"}, 400, "Seat 3", "席 3"),
    ({"creator": None, "seat": 0, "action": "withdraw"}, 400, "Seat 1", "席 1"),
])
def test_a_wrong_invite_request_is_refused_in_each_language(client: TestClient, body: dict[str, Any], status: int,
                                                             en: str, ja: str) -> None:
    t = create(client, "monslaught", [{"kind": "human", "open": True}, {"kind": "human"}, {"kind": "ai"}])
    if "creator" in body and body["creator"] is None:
        body = {**body, "creator": t["creator_key"]}
    for lang, words in (("en", en), ("ja", ja)):
        res = client.post(f"/api/tables/{t['table_id']}/invites?lang={lang}", json=body)
        assert res.status_code == status and words in res.json()["error"], res.text
    assert _hello(client, t["table_id"], t["seats"][1]["token"])["seat"] == 1  # nothing changed


def test_new_tokens_last_across_a_restart_and_are_stored_only_as_hashes(tmp_path: Path) -> None:
    db = tmp_path / "keys.sqlite3"
    with TestClient(create_app(str(db))) as client:
        t = create(client, "monslaught", PEOPLE)
        tid = t["table_id"]
        rotated = client.post(f"/api/tables/{tid}/token", json={"token": t["seats"][0]["token"]}).json()["token"]
        reissued = client.post(f"/api/tables/{tid}/invites",
                               json={"creator": t["creator_key"], "seat": 1, "action": "reissue"}).json()["token"]
    stored = b"".join(p.read_bytes() for p in tmp_path.iterdir() if p.name.startswith("keys.sqlite3"))
    for secret in (rotated, reissued, t["creator_key"]):
        assert secret.encode() not in stored
    with TestClient(create_app(str(db))) as client:
        assert _hello(client, tid, rotated)["seat"] == 0 and _hello(client, tid, reissued)["seat"] == 1
        for old in (t["seats"][0]["token"], t["seats"][1]["token"]):
            assert _hello(client, tid, old)["code"] == "bad_token"


def test_a_message_sent_on_a_replaced_token_changes_nothing(client: TestClient) -> None:
    t = create(client, "monslaught", PEOPLE)
    tid, old = t["table_id"], t["seats"][1]["token"]
    service = client.app.state.service  # type: ignore[attr-defined]
    table = service.tables[tid]
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        ws.send_json({"type": "hello", "token": old, "lang": "en"})
        next_view(ws)
        table.seats[1].token_hash = hash_token("another")  # replaced between two of this reader's messages
        ws.send_json({"type": "name", "name": "Mallory", "msg_id": "n1"})
        frame = ws.receive_json()
        while frame["type"] == "view":
            frame = ws.receive_json()
        assert frame["code"] == "bad_token"
    assert table.seats[1].name != "Mallory"


def test_changing_a_seat_key_costs_its_sender_a_write() -> None:
    for path in ("/api/tables/x/token", "/api/tables/x/invites"):
        assert request_cost("POST", path) == request_cost("POST", "/api/tables/x/join") > request_cost("GET", "/api/tables/x")
