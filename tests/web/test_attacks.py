"""Attacks on `sabbat serve` over HTTP, each written as the attacker would try it.

- choosing the deal of a table where other people sit (the seed tells every hand);
- making the server load a file by name (an AI seat `policy:<path>`, an uploaded card file
  left on disk at a name its sender can work out), or think forever (`ismcts:1e9s`);
- another web site making a visitor's browser create or join tables (cross-site requests).
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from sabbat.core import carddata
from sabbat.web.tables import LEVELS

from .helpers import create

TWO_PEOPLE = [{"kind": "human"}, {"kind": "human"}]
PRACTICE = [{"kind": "human"}, {"kind": "ai", "agent": "random"}]


def _post(client: TestClient, body: object, path: str = "/api/tables", **headers: str) -> tuple[int, str]:
    res = client.post(path, json=body, headers=headers)
    return res.status_code, res.json().get("error", "") if res.status_code >= 400 else ""


# ----- the deal ---------------------------------------------------------------------------
@pytest.mark.parametrize("seats", [TWO_PEOPLE, [{"kind": "human"}, {"kind": "human", "open": True}],
                                   [{"kind": "human", "open": True}, {"kind": "ai", "agent": "random"}]])
def test_nobody_chooses_the_deal_of_a_table_with_other_people(client: TestClient, seats: list[dict[str, object]]) -> None:
    status, error = _post(client, {"game": "monslaught", "players": 2, "seats": seats, "seed": 42})
    assert status == 400 and "every other seat is an AI" in error
    assert client.get("/api/tables").json() == []


def test_a_table_with_people_gets_a_deal_from_the_servers_own_randomness(client: TestClient) -> None:
    service = client.app.state.service  # type: ignore[attr-defined]
    seeds = set()
    for _ in range(3):
        t = create(client, "monslaught", TWO_PEOPLE)
        seeds.add(service.tables[t["table_id"]].state.seed)
        row = client.get(f"/api/tables/{t['table_id']}").json()
        assert "seed" not in row
    assert len(seeds) == 3


def test_a_practice_table_may_choose_its_deal_and_shows_it(client: TestClient) -> None:
    t = create(client, "mystic_vale", PRACTICE, seed=42)
    assert client.get(f"/api/tables/{t['table_id']}").json()["seed"] == 42
    assert [r.get("seed") for r in client.get("/api/tables").json()] == [42]


def test_a_finished_games_replay_carries_its_seed(client: TestClient) -> None:
    t = create(client, "magic_master", [{"kind": "ai", "agent": "random"}] * 2, seed=7)
    for _ in range(600):  # the two AI seats play it out
        if client.get(f"/api/tables/{t['table_id']}").json()["status"] == "finished":
            break
        time.sleep(0.05)
    assert client.get(f"/api/tables/{t['table_id']}/replay").json()["seed"] == 7


# ----- files and budgets from the network -----------------------------------------------------
HOSTILE_AGENTS = ["policy:/etc/passwd", "policy:/no/such/file.zip", "policy:cards/0123.yaml", "ismcts:1e9s",
                  "rollout:infs", "hard:nans", "hard:60s", "ismcts:100000000", "normal:../../x", "HEURISTIC "]


@pytest.mark.parametrize("agent", HOSTILE_AGENTS)
def test_an_ai_seat_is_one_of_the_offered_players_and_nothing_else(client: TestClient, agent: str) -> None:
    status, error = _post(client, {"game": "mystic_vale", "players": 2,
                                   "seats": [{"kind": "human"}, {"kind": "ai", "agent": agent}]})
    if agent.strip().lower() == "heuristic":
        assert status == 201
        return
    assert status == 400
    assert error == f"That AI player is not offered here; choose one of: {', '.join(sorted(LEVELS))}."


def test_the_stand_in_for_a_leaver_is_an_offered_player_too(client: TestClient) -> None:
    status, error = _post(client, {"game": "mystic_vale", "players": 2, "seats": TWO_PEOPLE,
                                   "leaver_agent": "policy:/etc/passwd"})
    assert status == 400 and "not offered here" in error and "/etc" not in error


def test_the_operator_may_offer_more_ai_players(tmp_path: Path) -> None:
    from sabbat.web.app import create_app

    app = create_app(str(tmp_path / "t.sqlite3"), extra_agents=("hard:1s",))
    with TestClient(app) as c:
        assert "hard:1s" in {a["name"] for a in c.get("/api/agents").json()}
        assert _post(c, {"game": "mystic_vale", "players": 2,
                         "seats": [{"kind": "human"}, {"kind": "ai", "agent": "hard:1s"}]})[0] == 201


@pytest.mark.parametrize("text", ["not: [valid", "cards: []\n", "x" * 100])
def test_a_refused_card_file_never_touches_the_disk_and_no_answer_names_a_path(
        client: TestClient, tmp_path: Path, text: str) -> None:
    before = sorted(p for p in tmp_path.rglob("*") if p.suffix != ".sqlite3" and "sqlite3" not in p.name)
    uploads = set(carddata._uploads)  # other tests' accepted uploads may be there already
    status, error = _post(client, {"game": "mystic_vale", "players": 2, "seats": PRACTICE, "cards": text})
    assert status == 400 and error.startswith("The card file was refused: it ")
    assert carddata.UPLOAD_DIR not in error and str(tmp_path) not in error
    after = sorted(p for p in tmp_path.rglob("*") if p.suffix != ".sqlite3" and "sqlite3" not in p.name)
    assert after == before
    assert set(carddata._uploads) == uploads  # forgotten too


# ----- requests from other web sites ------------------------------------------------------------
def test_a_request_without_a_json_body_is_refused(client: TestClient) -> None:
    body = '{"game": "mystic_vale", "players": 2}'
    for kind in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"):
        res = client.post("/api/tables", content=body, headers={"Content-Type": kind})
        assert res.status_code == 403, kind
        assert "same site" in res.json()["error"]
    assert client.get("/api/tables").json() == []


@pytest.mark.parametrize(("headers", "allowed"), [
    ({"Origin": "http://evil.example"}, False),
    ({"Origin": "null"}, False),
    ({"Origin": "http://testserver"}, True),
    ({"Sec-Fetch-Site": "cross-site"}, False),
    ({"Sec-Fetch-Site": "same-site"}, False),
    ({"Sec-Fetch-Site": "same-origin"}, True),
    ({}, True),  # no browser sent it: no other site can have
])
def test_a_request_from_another_site_is_refused(client: TestClient, headers: dict[str, str], allowed: bool) -> None:
    status, _ = _post(client, {"game": "mystic_vale", "players": 2, "seats": PRACTICE}, **headers)
    assert status == (201 if allowed else 403)


def test_joining_from_another_site_is_refused(client: TestClient) -> None:
    t = create(client, "mystic_vale", [{"kind": "human"}, {"kind": "human", "open": True}])
    status, _ = _post(client, {}, f"/api/tables/{t['table_id']}/join", Origin="http://evil.example")
    assert status == 403
    assert client.get(f"/api/tables/{t['table_id']}").json()["open_seats"] == [1]


def test_the_japanese_refusal_is_in_japanese(client: TestClient) -> None:
    res = client.post("/api/tables?lang=ja", content="{}", headers={"Content-Type": "text/plain"})
    assert res.status_code == 403 and "同じサイト" in res.json()["error"]


def test_an_allowed_origin_may_create(tmp_path: Path) -> None:
    from sabbat.web.app import create_app

    app = create_app(str(tmp_path / "t.sqlite3"), allow_origins=("https://play.example",))
    with TestClient(app) as c:
        assert _post(c, {"game": "mystic_vale", "players": 2, "seats": PRACTICE}, Origin="https://play.example")[0] == 201


# ----- names -------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["x" * 41, "Aki\x00", "a\u202eb", "\u200b"])
def test_a_seat_name_that_is_not_plain_text_is_refused_not_cut(client: TestClient, name: str) -> None:
    status, error = _post(client, {"game": "mystic_vale", "players": 2,
                                   "seats": [{"kind": "human", "name": name}, {"kind": "ai", "agent": "random"}]})
    assert status == 400 and error == "A name is 1 to 40 characters of text."
    assert client.get("/api/tables").json() == []


def test_a_plain_name_is_kept_as_written(client: TestClient) -> None:
    t = create(client, "mystic_vale", [{"kind": "human", "name": "  あき  Aki "}, {"kind": "ai", "agent": "random"}])
    assert client.get(f"/api/tables/{t['table_id']}").json()["seats"][0]["name"] == "あき Aki"
