"""Start-up and memory follow the tables in play: finished games stay in the database until
someone asks for one (its page, replay or log), are forgotten again after a while, and the port
answers while the tables in play are still loading (a table not loaded yet is waited for, or
refused with a clear "loading, retry", never a 500)."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from sabbat.web import keeping, loading
from sabbat.web.app import create_app
from sabbat.web.keeping import Keeper
from sabbat.web.store import LogRow, Store

from .helpers import Direct

HUMANS = [{"kind": "human"}, {"kind": "human"}]


def _finished_game(service: Direct, seed: int) -> tuple[str, int]:
    """A two-person Magic Master game played to its end and stored; (table id, its moves)."""
    service.deal = lambda: seed
    table, _ = service.create({"game": "magic_master", "players": 2, "seats": HUMANS})
    state, rng, rows = table.state.clone(), random.Random(seed), []
    while not state.is_terminal():
        seat = state.current_player
        assert seat is not None
        action = rng.choice(state.legal_actions())
        idx = len(state.history)
        state.apply(action)
        rows.append(LogRow(table.id, idx, action.to_json(), seat, f"m{idx}", "finished" if state.is_terminal() else None))
    service.store.append_many(rows)
    return table.id, len(rows)


def _history(db: str, finished: int, playing: int) -> tuple[list[str], list[str], dict[str, int]]:
    """A database with `finished` finished games (the first two played for real, the others
    marked finished) and `playing` tables in play; (finished ids, playing ids, moves of the real ones)."""
    service = Direct(Store(db))
    real = dict(_finished_game(service, seed) for seed in (1, 2))
    done = list(real)
    for _ in range(finished - len(real)):
        table, _ = service.create({"game": "magic_master", "players": 2, "seats": HUMANS})
        service.store.set_status(table.id, "finished")
        done.append(table.id)
    live = [service.create({"game": "monslaught", "players": 2, "seats": HUMANS})[0].id for _ in range(playing)]
    service.store.close()
    return done, live, real


@pytest.fixture
def pool() -> Iterator[ThreadPoolExecutor]:
    executor = ThreadPoolExecutor(2)
    yield executor
    executor.shutdown(wait=True, cancel_futures=True)


def _ready(client: TestClient) -> None:
    started = time.monotonic()
    while client.get("/readyz").status_code != 200:
        assert time.monotonic() - started < 20, client.get("/readyz").text
        time.sleep(0.02)


def test_start_up_loads_the_tables_in_play_and_no_finished_game(tmp_path: Path, pool: ThreadPoolExecutor,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    db = str(tmp_path / "t.sqlite3")
    done, live, real = _history(db, finished=40, playing=3)
    built: list[str] = []
    real_load_all = loading.load_all

    def counted(rows: list[Any], clock: Any, agents: Any) -> Any:
        built.extend(r.id for r in rows)
        return real_load_all(rows, clock, agents)

    monkeypatch.setattr(loading, "load_all", counted)
    with TestClient(create_app(db, pool=pool)) as client:
        _ready(client)
        assert sorted(built) == sorted(live)
        service = client.app.state.service  # type: ignore[attr-defined]
        assert sorted(service.tables) == sorted(live)
        # the lobby lists every finished game from the database, without replaying one
        listed = {r["table_id"]: r for r in client.get("/api/tables?status=finished").json()}
        assert set(listed) == set(done) and sorted(built) == sorted(live)
        first = done[0]
        assert listed[first]["version"] == real[first] and listed[first]["status"] == "finished"
        # asked for, a finished game is loaded (once) and its page, replay and positions are there
        row = client.get(f"/api/tables/{first}")
        assert row.status_code == 200 and row.json()["status"] == "finished"
        replay = client.get(f"/api/tables/{first}/replay")
        assert replay.status_code == 200 and len(replay.json()["actions"]) == real[first]
        view = client.get(f"/api/tables/{first}/replay/view", params={"step": real[first], "seat": "all"})
        assert view.status_code == 200 and view.json()["status"] == "finished"
        with client.websocket_connect(f"/ws/tables/{first}") as ws:
            ws.send_json({"type": "hello", "token": None, "lang": "en"})
            assert ws.receive_json()["status"] == "finished"
        assert built.count(first) == 1 and len(built) == len(live) + 1
        # nobody asks for it any more: it is forgotten, and loaded again when asked for
        keeper: Keeper = client.app.state.keeper  # type: ignore[attr-defined]
        keeper.keep_s = 0.0
        client.app.state.hub.forget(keeper)  # type: ignore[attr-defined]
        assert first not in service.tables and sorted(service.tables) == sorted(live)
        assert client.get(f"/api/tables/{first}/replay").json() == replay.json()
        assert built.count(first) == 2
        assert client.get("/api/tables/nosuchtable").status_code == 404


def test_a_finished_table_with_a_reader_is_not_forgotten(tmp_path: Path, pool: ThreadPoolExecutor) -> None:
    db = str(tmp_path / "t.sqlite3")
    done, _, _ = _history(db, finished=2, playing=0)
    with TestClient(create_app(db, pool=pool, keep_finished_s=0.0)) as client:
        with client.websocket_connect(f"/ws/tables/{done[0]}") as ws:
            ws.send_json({"type": "hello", "token": None, "lang": "ja"})
            ws.receive_json()
            client.app.state.hub.forget(client.app.state.keeper)  # type: ignore[attr-defined]
            assert done[0] in client.app.state.service.tables  # type: ignore[attr-defined]
            ws.send_json({"type": "view"})
            assert ws.receive_json()["status"] == "finished"


def test_the_port_answers_while_tables_load_and_a_table_not_loaded_yet_says_so(
        tmp_path: Path, pool: ThreadPoolExecutor, monkeypatch: pytest.MonkeyPatch) -> None:
    db = str(tmp_path / "t.sqlite3")
    _, live, _ = _history(db, finished=2, playing=2)
    release = threading.Event()
    real_load_all = loading.load_all

    def slow(rows: list[Any], clock: Any, agents: Any) -> Any:
        release.wait(20)  # the database is slow today
        return real_load_all(rows, clock, agents)

    monkeypatch.setattr(loading, "load_all", slow)
    monkeypatch.setattr(keeping, "LOAD_WAIT_S", 0.3)
    try:
        with TestClient(create_app(db, pool=pool)) as client:
            assert client.get("/healthz").json() == {"status": "ok"}
            ready = client.get("/readyz")
            assert ready.status_code == 503 and ready.json()["tables_loading"] == 2
            page = client.get(f"/api/tables/{live[0]}", headers={"Accept-Language": "ja"})
            assert page.status_code == 503 and page.headers["retry-after"] == "1"
            assert "読み込み中" in page.json()["error"]
            english = client.get(f"/api/tables/{live[0]}/replay")
            assert english.status_code == 503 and "still being loaded" in english.json()["error"]
            with client.websocket_connect(f"/ws/tables/{live[1]}") as ws:
                ws.send_json({"type": "hello", "token": None, "lang": "en"})
                frame = ws.receive_json()
                assert frame["type"] == "error" and frame["code"] == "loading"
                with pytest.raises(WebSocketDisconnect) as closed:
                    ws.receive_json()
                assert closed.value.code == 1013  # try again later: the browser reconnects by itself
            release.set()
            _ready(client)
            assert client.get(f"/api/tables/{live[0]}").json()["status"] == "playing"
            assert sorted(r["table_id"] for r in client.get("/api/tables").json()) == sorted(live)
    finally:
        release.set()


def test_a_request_for_a_table_still_loading_waits_for_it(tmp_path: Path, pool: ThreadPoolExecutor,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    db = str(tmp_path / "t.sqlite3")
    _, live, _ = _history(db, finished=0, playing=1)
    real_load_all = loading.load_all

    def slowish(rows: list[Any], clock: Any, agents: Any) -> Any:
        time.sleep(0.3)
        return real_load_all(rows, clock, agents)

    monkeypatch.setattr(loading, "load_all", slowish)
    with TestClient(create_app(db, pool=pool)) as client:
        assert client.get(f"/api/tables/{live[0]}").json()["status"] == "playing"
        assert client.get("/api/tables").json()[0]["table_id"] == live[0]
