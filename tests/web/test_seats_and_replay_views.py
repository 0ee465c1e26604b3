"""A person names their seat (validated, kept after a restart), a full table says it is full, and a
finished game's replay shows everything: every hand, every private zone, Monslaught's boss row;
the rules summary is served for the table's rules panel."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from sabbat.web.rejected import Rejected
from sabbat.web.store import Store

from .helpers import Direct, create, frame_of, next_view


def test_a_person_names_their_seat_over_the_socket(client: TestClient) -> None:
    t = create(client, "mystic_vale", [{"kind": "human"}, {"kind": "ai", "agent": "random"}], seed=1)
    with client.websocket_connect(f"/ws/tables/{t['table_id']}") as ws:
        ws.send_json({"type": "hello", "token": t["seats"][0]["token"], "lang": "en"})
        next_view(ws)
        ws.send_json({"type": "name", "name": "  Ada   Lovelace "})
        for _ in range(20):
            view = next_view(ws)
            if view["seats"][0].get("name"):
                break
        assert view["seats"][0]["name"] == "Ada Lovelace"
        for bad in ("", "   ", "x" * 41, "a\u0000b", "bidi\u202e", 7):
            ws.send_json({"type": "name", "name": bad})
            error = frame_of(ws, "error")
            assert error["code"] == "bad_seat_name" and "1 to 40" in error["message"]
    assert client.get(f"/api/tables/{t['table_id']}").json()["seats"][0]["name"] == "Ada Lovelace"


def test_a_spectator_has_no_seat_to_name(tmp_path: Path) -> None:
    service = Direct(Store(str(tmp_path / "db.sqlite3")), tmp_path)
    table, _ = service.create({"game": "mystic_vale", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]})
    with pytest.raises(Rejected, match="spectator"):
        service.rename(table, None, "Ada")
    service.rename(table, 1, "Bo")
    again = Direct(Store(str(tmp_path / "db.sqlite3")), tmp_path)
    again.load()
    assert again.tables[table.id].seats[1].name == "Bo", "the name is stored"


def test_joining_a_full_table_says_it_is_full(client: TestClient) -> None:
    t = create(client, "mystic_vale", [{"kind": "human"}, {"kind": "human", "open": True}, {"kind": "human", "open": True}])
    url = f"/api/tables/{t['table_id']}/join"
    assert client.post(url, json={"seat": 1}).status_code == 200
    res = client.post(url + "?lang=ja", json={"seat": 1})
    assert res.status_code == 409 and "席 2" in res.json()["error"]
    assert client.post(url, json={}).json()["seat"] == 2
    res = client.post(url, json={})
    assert res.status_code == 409 and res.json()["error"] == "This table has no open seat left."


def _finish(client: TestClient, game: str, players: int) -> str:
    t = create(client, game, [{"kind": "ai", "agent": "random"}] * players, seed=3)
    for _ in range(600):
        if client.get(f"/api/tables/{t['table_id']}").json()["status"] == "finished":
            return str(t["table_id"])
        time.sleep(0.05)
    raise AssertionError("the AI game did not finish")


@pytest.mark.slow
def test_the_replays_everything_view_shows_every_hand_and_the_boss_row(client: TestClient) -> None:
    tid = _finish(client, "monslaught", 2)
    total = client.get(f"/api/tables/{tid}").json()["version"]
    for step in (total // 2, total):
        view = client.get(f"/api/tables/{tid}/replay/view?step={step}&seat=all").json()
        obs = view["observation"]
        assert view["everything"] is True and obs["everything"] is True
        assert all(p["hand"] is not None for p in obs["players"]), "every hand is shown"
        assert all(b["id"] for b in obs["bosses"]), "every boss is face up"
        spectator = client.get(f"/api/tables/{tid}/replay/view?step={step}").json()["observation"]
        assert any(p["hand"] is None for p in spectator["players"]) or step == total
        assert not any(b["id"] is None for b in obs["bosses"])


def test_the_everything_view_gives_each_seat_its_private_zones(client: TestClient) -> None:
    tid = _finish(client, "magic_master", 2)
    view = client.get(f"/api/tables/{tid}/replay/view?step=3&seat=all").json()
    private = view["observation"]["seat_private"]
    assert len(private) == 2 and all("my_hand" in p or "my_chars" in p for p in private)


def test_the_rules_summary_is_served_in_the_asked_language(client: TestClient) -> None:
    en = client.get("/api/games/monslaught/rules?lang=en").json()
    ja = client.get("/api/games/monslaught/rules?lang=ja").json()
    assert en["text"].startswith("# Monslaught") and "モンスロート" in ja["text"]
    assert client.get("/api/games/nope/rules").status_code == 404


def test_the_replay_opens_at_its_last_step_whatever_the_public_count(client: TestClient) -> None:
    """`step=last` is the final position: a spectator's count of a table with secret moves (Bellum
    Magica's goblins) is smaller than its number of moves, and the viewer opened before the end."""
    tid = _finish(client, "bellum_magica", 2)
    public = client.get(f"/api/tables/{tid}").json()["version"]
    last = client.get(f"/api/tables/{tid}/replay/view?step=last&seat=all").json()
    assert last["step"] == last["total_steps"] > public
    assert last["status"] == "finished" and last["winners"]


def test_a_move_that_is_almost_always_a_mistake_carries_its_caution_to_the_mover_only(client: TestClient) -> None:
    t = create(client, "nameless_dark_lord", [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}], deal=5)
    tid, tok0 = t["table_id"], t["seats"][0]["token"]
    with client.websocket_connect(f"/ws/tables/{tid}") as p0, client.websocket_connect(f"/ws/tables/{tid}") as spec:
        p0.send_json({"type": "hello", "token": tok0, "lang": "ja"})
        spec.send_json({"type": "hello", "token": None, "lang": "en"})
        mine, theirs = next_view(p0), next_view(spec)
        cautions = [e for e in mine["legal"] if e.get("caution")]
        assert [e["action"]["kind"] for e in cautions] == ["sleeve_done"] and "パス" in cautions[0]["caution"]
        assert mine["notes"] == [] and theirs["legal"] == [] and theirs["notes"] == []
