"""What a message costs is paid by its sender: the frames it makes the server send to other
readers, the AI seats it seats, the full views it asks for. Asserted on the accounting (units
charged, seats refused, views refused), never on timing."""

from __future__ import annotations

import asyncio
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from sabbat.core import i18n
from sabbat.web.app import create_app
from sabbat.web.authority import Authority
from sabbat.web.fair import Shares
from sabbat.web.hub import Conn, Hub
from sabbat.web.limits import ASKED_VIEWS_BURST, FANOUT_FRAME, VIEW_BYTES, WRITE_COST
from sabbat.web.protocol import _handle
from sabbat.web.store import Store
from sabbat.web.thinking import Thinking
from tests.support.aio import run_async

from .helpers import Direct

SPECTATORS = 12


def _hub(tmp_path: Path) -> tuple[Hub, Any, dict[int, str]]:
    service = Direct(Store(str(tmp_path / "db.sqlite3")))
    table, tokens = service.create({"game": "mystic_vale", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]})
    return Hub(Authority(service, service.store), pool=None), table, tokens


def _conn(table: Any, seat: int | None, token: str | None, address: str) -> Conn:
    return Conn(ws=None, table_id=table.id, seat=seat, token=token, lang="en", address=address)  # type: ignore[arg-type]


def _spent(shares: Shares, address: str) -> float:
    return shares.burst - shares.buckets.get(address, [shares.burst])[0]


def test_a_rename_seen_by_n_readers_costs_its_sender_n_frames_and_a_write(tmp_path: Path) -> None:
    """Renaming a seat at a table with twelve spectators and another seat sends thirteen frames
    to other readers: the sender pays for each of them and for the row written; the readers
    pay nothing. A name that changes nothing sends nothing and costs nothing."""
    hub, table, tokens = _hub(tmp_path)
    shares = hub.shares = Shares(clock=lambda: 0.0)

    async def scenario() -> tuple[float, float, float]:
        me = _conn(table, 0, tokens[0], "10.0.0.1")
        readers = [_conn(table, None, None, "10.0.0.2") for _ in range(SPECTATORS)] + [_conn(table, 1, tokens[1], "10.0.0.3")]
        hub.conns[table.id] = {me, *readers}
        for conn in hub.conns[table.id]:
            hub.push_view(table, conn, full=True)
        await _handle(hub, me, {"type": "name", "msg_id": "r1", "name": "Mallory"}, shares)
        assert all(reader.queue.qsize() == 2 for reader in readers)  # the hello view and the renamed one
        renamed = _spent(shares, "10.0.0.1")
        await _handle(hub, me, {"type": "name", "msg_id": "r2", "name": "Mallory"}, shares)
        again = _spent(shares, "10.0.0.1") - renamed
        return renamed, again, _spent(shares, "10.0.0.2") + _spent(shares, "10.0.0.3")

    renamed, again, readers_paid = run_async(scenario())
    assert renamed == pytest.approx((SPECTATORS + 1) * FANOUT_FRAME + WRITE_COST)
    assert again == 0 and readers_paid == 0


def test_a_move_seen_by_n_spectators_costs_the_mover_n_frames(tmp_path: Path) -> None:
    hub, table, tokens = _hub(tmp_path)
    shares = hub.shares = Shares(clock=lambda: 0.0)

    async def scenario() -> float:
        mover = table.state.current_player
        me = _conn(table, mover, tokens[mover], "10.0.0.1")
        readers = [_conn(table, None, None, "10.0.0.2") for _ in range(SPECTATORS)]
        hub.conns[table.id] = {me, *readers}
        for conn in hub.conns[table.id]:
            hub.push_view(table, conn, full=True)
        await _handle(hub, me, {"type": "act", "msg_id": "m1", "version": table.version_for(mover), "action_id": 0}, shares)
        return _spent(shares, "10.0.0.1")

    assert run_async(scenario()) == pytest.approx(SPECTATORS * FANOUT_FRAME)


def test_views_asked_for_past_the_server_s_budget_are_refused_whoever_asks(tmp_path: Path) -> None:
    """Forty addresses, each well within its own share, ask for full views: once the whole
    server's budget of asked-for views is spent, the next is refused (`views_busy`, in the
    asker's language) instead of built and sent, and the budget's spending matches the views."""
    hub, table, _ = _hub(tmp_path)
    shares = Shares(clock=lambda: 0.0)
    hub.asked = Shares(hub.asked.rate, hub.asked.burst, clock=lambda: 0.0)

    async def scenario() -> tuple[list[int], list[dict[str, Any]]]:
        served: list[int] = []
        refused: list[dict[str, Any]] = []
        for n in range(400):
            conn = _conn(table, None, None, f"10.1.{n // 10}.{n % 10}")
            conn.lang = "ja" if n % 2 else "en"
            await _handle(hub, conn, {"type": "view", "msg_id": f"v{n}"}, shares)
            frame = conn.queue.get_nowait()
            if isinstance(frame, str):
                served.append(len(frame))
            else:
                assert isinstance(frame, dict)
                refused.append(frame)
        return served, refused

    served, refused = run_async(scenario())
    units = sum(1 + size / VIEW_BYTES for size in served)
    assert ASKED_VIEWS_BURST <= units <= ASKED_VIEWS_BURST + 1 + max(served) / VIEW_BYTES  # the budget, then no more
    assert refused and {f["code"] for f in refused} == {"views_busy"}
    assert {f["message"] for f in refused} == {i18n.render("web.views_busy", lang) for lang in ("en", "ja")}
    assert all(left > 0 for left, _ in shares.buckets.values())  # no asker was over its own share


def _spec(*kinds: str) -> dict[str, Any]:
    return {"game": "mystic_vale", "players": len(kinds),
            "seats": [{"kind": "human"} if k == "h" else {"kind": "ai", "agent": "random"} for k in kinds]}


def _from(app: Any) -> Any:
    """The app, each request coming from the address its `X-Test-Client` header names: three
    senders through one client, so the app runs its lifespan once, as a real server does (each
    entered TestClient runs its own, and a second shutdown would wait on locks the first one's
    event loop held)."""
    async def wrapped(scope: Any, receive: Any, send: Any) -> None:
        for name, value in scope.get("headers", ()):
            if name == b"x-test-client":
                scope = {**scope, "client": (value.decode(), 1)}
        await app(scope, receive, send)
    return wrapped


def test_ai_seats_past_the_address_s_bound_and_the_server_s_are_refused(tmp_path: Path) -> None:
    """Three AI seats per address and five on the server: the fourth from one address is
    refused (429, en and ja, changing nothing), and so is the sixth from anyone (503)."""
    pool = ThreadPoolExecutor(1)
    app = create_app(str(tmp_path / "t.sqlite3"), pool=pool, ai_seats_per_client=3, ai_seats_total=5)
    one, two, three = ({"X-Test-Client": f"10.0.0.{n}"} for n in (1, 2, 3))
    try:
        with TestClient(_from(app)) as client:
            assert client.post("/api/tables", json=_spec("h", "a"), headers=one).status_code == 201
            assert client.post("/api/tables", json=_spec("h", "a", "a"), headers=one).status_code == 201
            tables = len(app.state.service.tables)
            refused = client.post("/api/tables", json=_spec("h", "a"), headers=one)
            assert refused.status_code == 429
            assert refused.json()["error"] == i18n.render("web.too_many_ai_seats", "en", {"held": 3, "limit": 3})
            ja = client.post("/api/tables?lang=ja", json=_spec("h", "a"), headers=one)
            assert ja.json()["error"] == i18n.render("web.too_many_ai_seats", "ja", {"held": 3, "limit": 3})
            assert len(app.state.service.tables) == tables
            assert client.post("/api/tables", json=_spec("h", "h"), headers=one).status_code == 201  # people are not AI seats
            assert client.post("/api/tables", json=_spec("h", "a", "a"), headers=two).status_code == 201  # five on the server
            full = client.post("/api/tables", json=_spec("h", "a"), headers=three)
            assert full.status_code == 503
            assert full.json()["error"] == i18n.render("web.server_ai_full", "en", {"limit": 5})
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


class _Held(Executor):
    """Runs nothing until told: `finish()` completes the oldest job that started."""

    def __init__(self) -> None:
        self.started: list[str] = []
        self.open: list[tuple[str, Future[Any]]] = []

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        self.started.append(args[0])
        self.open.append((args[0], future))
        return future

    def finish(self) -> None:
        _, future = self.open.pop(0)
        future.set_result(None)


def test_ai_moves_are_served_by_creator_so_one_address_s_tables_cannot_starve_another_s() -> None:
    """Fifty AI tables of one address asked first, each taking a second of search; a table of
    another address asks last, and its AI move is the next to run once a worker is free."""
    now = [0.0]

    async def scenario() -> int:
        pool = _Held()
        thinking = Thinking(pool, workers=1, clock=lambda: now[0])
        for i in range(50):
            thinking.move(f"t{i}", lambda n: n, (f"flood{i}",), lambda r, e: None, owner="10.0.0.66")
        for _ in range(3):  # the flooder's first searches, a second each
            now[0] += 1.0
            pool.finish()
            for _ in range(5):
                await asyncio.sleep(0)
        thinking.move("mine", lambda n: n, ("mine",), lambda r, e: None, owner="10.0.0.7")
        now[0] += 1.0
        pool.finish()
        for _ in range(5):
            await asyncio.sleep(0)
        return pool.started.index("mine")

    assert run_async(scenario()) == 4  # three flood jobs ran, one was running, then the other creator's


def test_tables_of_ai_players_alone_never_hold_every_worker() -> None:
    """Ten tables where nobody plays ask first; with two workers one of them is left free, and a
    person's table's AI move starts at once."""
    async def scenario() -> list[str]:
        pool = _Held()
        thinking = Thinking(pool, workers=2)
        for i in range(10):
            thinking.move(f"t{i}", lambda n: n, (f"alone{i}",), lambda r, e: None, owner="10.0.0.66", unwatched=True)
        thinking.move("mine", lambda n: n, ("mine",), lambda r, e: None, owner="10.0.0.7")
        return pool.started

    assert run_async(scenario()) == ["alone0", "mine"]
