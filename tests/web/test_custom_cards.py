"""A table whose creator uploaded a card file: it says so wherever it is listed, every card shows
that table's values, and AI seats, hints and the stand-in for an absent player play with them
(the AI workers are other processes, which never see the server's memory)."""

from __future__ import annotations

import json
import time
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from websockets.sync.client import connect

from sabbat import games
from sabbat.core import carddata
from sabbat.web import ai
from sabbat.web.app import create_app
from tests.support.card_files import frog_with_attack

from .helpers import create, next_view
from .serving import request, serving

PRACTICE = [{"kind": "human"}, {"kind": "ai", "agent": "random"}]


def test_a_table_with_uploaded_cards_says_so_in_the_lobby_its_row_and_its_view(client: TestClient) -> None:
    custom = create(client, "monslaught", PRACTICE, cards=frog_with_attack(10))
    shipped = create(client, "monslaught", PRACTICE)
    listed = {r["table_id"]: r for r in client.get("/api/tables").json()}
    assert listed[custom["table_id"]]["custom_cards"] is True
    assert "custom_cards" not in listed[shipped["table_id"]]
    assert client.get(f"/api/tables/{custom['table_id']}").json()["custom_cards"] is True
    with client.websocket_connect(f"/ws/tables/{custom['table_id']}") as ws:
        ws.send_json({"type": "hello", "token": None, "lang": "en"})
        assert next_view(ws)["custom_cards"] is True
    with client.websocket_connect(f"/ws/tables/{shipped['table_id']}") as ws:
        ws.send_json({"type": "hello", "token": None, "lang": "en"})
        assert "custom_cards" not in next_view(ws)


@pytest.mark.parametrize(("lang", "name"), [("en", "Frog"), ("ja", "カエル")])
def test_the_tables_cards_show_its_uploaded_values_and_what_changed(client: TestClient, lang: str, name: str) -> None:
    custom = create(client, "monslaught", PRACTICE, cards=frog_with_attack(10))
    shipped = create(client, "monslaught", PRACTICE)
    faces = client.get(f"/api/tables/{custom['table_id']}/cards?lang={lang}").json()
    assert faces["frog"]["attack"] == 10 and faces["frog"]["name"] == name
    assert client.get(f"/api/games/monslaught/cards?lang={lang}").json()["frog"]["attack"] == 3
    assert client.get(f"/api/tables/{shipped['table_id']}/cards?lang={lang}").json() == \
        client.get(f"/api/games/monslaught/cards?lang={lang}").json()
    # the catalogue is the same cards as the game's: every card a game can hold, none dealt
    assert set(faces) == set(client.get("/api/games/monslaught/cards").json())
    answer = client.get(f"/api/tables/{custom['table_id']}/cards/changes?lang={lang}").json()
    assert answer["custom"] is True
    [frog] = answer["changes"]
    assert (frog["id"], frog["name"], frog["change"]) == ("frog", name, "changed")
    assert frog["fields"] == [{"field": "attack", "shipped": "3", "here": "10"}]
    assert frog["shipped"] != frog["here"] and "10" in frog["here"]
    assert client.get(f"/api/tables/{shipped['table_id']}/cards/changes").json() == {"custom": False, "changes": []}
    assert client.get("/api/tables/nope/cards").status_code == 404


def _views(ws: Any, timeout: float) -> Any:
    """The next view frame, failing after `timeout` seconds without one."""
    deadline = time.monotonic() + timeout
    while True:
        left = deadline - time.monotonic()
        assert left > 0, "nothing moved: the AI never acted"
        try:
            frame = json.loads(ws.recv(timeout=left))
        except TimeoutError:
            raise AssertionError(f"nothing came for {timeout} s: the AI (or the hint) never acted") from None
        assert frame["type"] != "error", frame
        if frame["type"] in ("view", "hint"):
            return frame


def test_ai_seats_a_hint_and_the_stand_in_play_with_uploaded_cards_in_worker_processes(tmp_path: Path) -> None:
    """A real `sabbat serve` (its AI workers are processes): the AI seat moves, a hint comes, and
    once the person leaves the stand-in plays their seat to the end."""
    with serving(tmp_path, "--grace", "0.3") as (_proc, port):
        status, made = request(port, "POST", "/api/tables", {
            "game": "monslaught", "players": 2, "seats": PRACTICE, "cards": frog_with_attack(10),
            "leaver_agent": "random"})
        assert status == 201, made
        tid, token = made["table_id"], made["seats"][0]["token"]
        with connect(f"ws://127.0.0.1:{port}/ws/tables/{tid}", origin=f"http://127.0.0.1:{port}") as ws:
            ws.send(json.dumps({"type": "hello", "token": token, "lang": "en"}))
            view = _views(ws, 60)
            while not view.get("legal") or len(view["legal"]) < 2:  # the AI seat's moves come first, if any
                if view.get("legal"):
                    ws.send(json.dumps({"type": "act", "msg_id": f"m{view['version']}", "version": view["version"],
                                        "action_id": 0}))
                view = _views(ws, 60)
            ws.send(json.dumps({"type": "hint"}))
            while (hint := _views(ws, 60))["type"] != "hint":
                pass
            assert 0 <= hint["action_id"] < len(view["legal"])
        deadline = time.monotonic() + 300  # the person has left: the stand-in plays their seat
        while (row := request(port, "GET", f"/api/tables/{tid}")[1])["status"] != "finished":
            assert time.monotonic() < deadline, f"the table stalled at version {row['version']}"
            time.sleep(0.5)
        assert (tmp_path / "serve.log").read_text().count("failed at table") == 0
        finished = {r["table_id"]: r for r in request(port, "GET", "/api/tables?status=finished")[1]}
        assert finished[tid]["custom_cards"] is True  # read from the database: still says so


def test_a_worker_holds_only_the_newest_uploaded_card_files(monkeypatch: pytest.MonkeyPatch) -> None:
    """What the card files cost a worker is bounded: it keeps the newest `HELD_UPLOADS` it was sent,
    and never drops one the process had before (thinking in threads, the server's own)."""
    monkeypatch.setattr(ai, "_held", OrderedDict())
    own, _ = carddata.upload(frog_with_attack(99))
    files = [frog_with_attack(20 + i) for i in range(ai.HELD_UPLOADS + 3)]
    try:
        for text in [*files, frog_with_attack(99)]:
            ai._hold(text)
        assert len(ai._held) == ai.HELD_UPLOADS and own not in ai._held
        assert carddata.upload(frog_with_attack(99)) == (own, False)
        assert carddata.upload(files[-1])[1] is False  # still held
        assert carddata.upload(files[0])[1] is True  # dropped: registered again only now
    finally:
        for text in [*files, frog_with_attack(99)]:
            carddata.forget_upload(carddata.upload(text)[0])


def test_each_games_shipped_card_file_downloads_to_start_ones_own_from(tmp_path: Path) -> None:
    pool = ThreadPoolExecutor(1)
    with TestClient(create_app(str(tmp_path / "t.sqlite3"), pool=pool)) as client:
        listed = {g["id"]: g["card_file"] for g in client.get("/api/games").json()}
        assert {name for name in listed if listed[name]} >= {"bellum_magica", "magic_master", "monslaught",
                                                             "mystic_vale", "nameless_dark_lord"}
        assert listed["knockout"] is False  # the tests' own game has none: its answer is checked below
        for name in games.names():
            res = client.get(f"/api/games/{name}/cards.yaml", headers={"Accept-Language": "ja"})
            if not games.get(name).has_card_file:  # a game whose cards are part of its rules
                assert listed[name] is False and res.status_code == 404
                assert "カードファイルがありません" in res.json()["error"]
                continue
            assert listed[name] is True and res.status_code == 200, res.text
            assert res.content == games.get(name).resource("cards.yaml").read_bytes()
            assert res.headers["content-disposition"] == f'attachment; filename="{name}-cards.yaml"'
        unknown = client.get("/api/games/nonsense/cards.yaml", headers={"Accept-Language": "ja"})
        assert unknown.status_code == 404 and "nonsense" in unknown.json()["error"]
    pool.shutdown()
