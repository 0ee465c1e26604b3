"""The table authority: every write of a table leaves the event loop; on PostgreSQL a table is
owned under a lease whose fencing token the database checks on every write; a SQLite file is
served by one process."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from sabbat.web import ops
from sabbat.web.app import create_app
from sabbat.web.authority import Authority
from sabbat.web.database import DatabaseUnavailable
from sabbat.web.hub import Hub
from sabbat.web.ownership import Leases
from sabbat.web.rejected import Rejected
from sabbat.web.store import Fenced, LogRow, Store, fenced
from sabbat.web.table import Table
from sabbat.web.tables import TableService
from tests.support.aio import run_async

TWO = {"game": "mystic_vale", "players": 2, "seats": [{"kind": "human"}, {"kind": "human", "open": True}]}
WRITES = ("create", "claim_seat", "set_seat_name", "truncate", "set_status", "append_many")


@pytest.fixture
def pg_db(pg_url: str) -> str:
    """The test PostgreSQL with an empty schema."""
    engine = sa.create_engine(pg_url.replace("postgresql://", "postgresql+psycopg://"))
    with engine.begin() as c:
        c.execute(sa.text("DROP SCHEMA public CASCADE; CREATE SCHEMA public"))
    engine.dispose()
    return pg_url


def _record_threads(store: Store) -> dict[str, set[str]]:
    """Which thread ran each of the store's writes."""
    seen: dict[str, set[str]] = {}
    for name in WRITES:
        original: Callable[..., Any] = getattr(store, name)

        def wrapped(*args: Any, _name: str = name, _original: Callable[..., Any] = original) -> Any:
            seen.setdefault(_name, set()).add(threading.current_thread().name)
            return _original(*args)

        setattr(store, name, wrapped)
    return seen


def test_every_write_of_a_table_is_made_off_the_event_loop(tmp_path: Path) -> None:
    store = Store(str(tmp_path / "db.sqlite3"))
    seen = _record_threads(store)
    clock = [0.0]
    service = TableService(clock=lambda: clock[0], open_expiry_s=10)
    authority = Authority(service, store)

    async def main() -> None:
        loop_thread = threading.current_thread().name
        table, tokens = await authority.create(TWO, None)
        service.connected(table, 0, +1)  # its creator is at the table (a seat nobody came to would expire it)
        _, token1 = await authority.join(table.id, 1)
        await authority.rename(table, 0, "Ada")
        undone = False
        for _ in range(40):  # Mystic Vale's first turn has moves that reveal nothing: take one back
            seat = table.state.current_player
            token = tokens[0] if seat == 0 else token1
            if table.undo_ok == (seat, table.version):
                await authority.undo(table.id, token, table.version_for(seat))
                undone = True
                break
            legal = table.state.legal_actions()
            await authority.act(table.id, token, {"msg_id": f"m{table.version}", "version": table.version_for(seat),
                                                  "action_id": len(legal) - 1})
        assert undone
        waiting, _ = await authority.create(TWO, None)
        clock[0] = 11.0
        authority.tick()  # nobody joined `waiting`: it expires, written in the background
        while authority.tasks:
            await asyncio.sleep(0.01)
        assert waiting.expired
        assert loop_thread not in {name for names in seen.values() for name in names}

    run_async(main())
    authority.close()
    assert set(seen) == set(WRITES), seen
    assert all(names == {"sabbat-commit_0"} for names in seen.values()), seen
    stored = {row.id: row for row in Store(str(tmp_path / "db.sqlite3")).load_all()}
    assert sorted(row.status for row in stored.values()) == ["expired", "playing"]


def test_a_second_server_on_one_sqlite_file_is_refused_until_the_first_ends(tmp_path: Path) -> None:
    db = str(tmp_path / "t.sqlite3")
    pool = ThreadPoolExecutor(1)
    first = create_app(db, pool=pool)
    with pytest.raises(DatabaseUnavailable, match="another sabbat serve .* already serves the SQLite file"):
        create_app(db, pool=pool)
    from starlette.testclient import TestClient

    with TestClient(first):
        pass  # the first server starts and stops: its hold on the file ends with it
    with TestClient(create_app(db, pool=pool)) as again:
        assert again.get("/api/tables").status_code == 200
    pool.shutdown()


def _leases(url: str, owner: str, lease_s: float = 6.0) -> tuple[Store, Leases]:
    store = Store(url)
    return store, Leases(store, owner, lease_s)


def _row(table_id: str, idx: int, fence: int | None) -> LogRow:
    return LogRow(table_id, idx, {"kind": "x"}, 0, f"m{idx}", None, fence)


def _new_table(store: Store, leases: Leases) -> str:
    new = TableService().plan_table(TWO)
    leases.create(new.row)
    return new.row.id


def _end_lease(store: Store, table_id: str) -> None:
    """As if its owner stopped renewing long enough ago (paused, or cut off from the database)."""
    with store.engine.begin() as c:
        c.execute(sa.text("UPDATE leases SET until = 0 WHERE table_id = :t"), {"t": table_id})


def test_a_write_under_a_lease_taken_over_is_refused_by_the_database(pg_db: str) -> None:
    a_store, a = _leases(pg_db, "a")
    b_store, b = _leases(pg_db, "b")
    tid = _new_table(a_store, a)
    a_store.append_many([_row(tid, 0, 1)])
    assert b.take([tid]) == {}, "a running lease is not taken"
    _end_lease(a_store, tid)
    assert b.take([tid]) == {tid: 2}
    with pytest.raises(Fenced):
        a_store.append_many([_row(tid, 1, 1)])  # the old owner comes back: its move is refused
    with pytest.raises(Fenced):
        a_store.claim_seat(tid, 1, "x" * 64, 1)
    b_store.append_many([_row(tid, 1, 2)])
    assert [seat for _, seat, _ in b_store.load_rows([tid])[0].actions] == [0, 0]
    assert a.renew() == ({tid}, set()) and b.renew() == (set(), set()), "a hears the table was taken over"
    for s in (a_store, b_store):
        s.close()


def test_a_takeover_waits_for_the_owners_write_and_reads_the_log_with_it(pg_db: str) -> None:
    a_store, a = _leases(pg_db, "a")
    b_store, b = _leases(pg_db, "b")
    tid = _new_table(a_store, a)
    _end_lease(a_store, tid)  # the owner's lease ended while its write was on the way
    taken: dict[str, int] = {}
    with a_store.engine.begin() as c:
        fenced(c, tid, 1)
        c.execute(sa.text("INSERT INTO actions (table_id, idx, action, seat, msg_id) VALUES (:t, 0, '{}', 0, 'm0')"),
                  {"t": tid})
        thief = threading.Thread(target=lambda: taken.update(b.take([tid])))
        thief.start()
        time.sleep(0.3)
        assert thief.is_alive(), "the takeover waits for the write under way"
    thief.join(10)
    assert taken == {tid: 2}
    assert len(b_store.load_rows([tid])[0].actions) == 1, "the new owner reads the log with that move"
    for s in (a_store, b_store):
        s.close()


def test_a_process_past_its_lease_gives_its_tables_up_and_another_takes_them(pg_db: str) -> None:
    store_a, leases_a = _leases(pg_db, "a", lease_s=2.0)
    store_b, leases_b = _leases(pg_db, "b", lease_s=2.0)
    a = Authority(TableService(), store_a, leases_a)
    b = Authority(TableService(), store_b, leases_b)
    lost: list[Table] = []
    a.lost.append(lost.append)
    told: list[Table] = []
    b.service.listeners.append(told.append)  # the hub: an AI whose turn it is moves

    async def main() -> None:
        table, tokens = await a.create({**TWO, "seats": [{"kind": "human"}, {"kind": "human"}]}, None)
        seat = table.state.current_player
        with pytest.raises(Rejected) as held:
            await b.find(table.id)
        assert held.value.code == "moving", "another process holds it: retry"
        leases_a.deadlines[table.id] = time.monotonic() - 1  # a paused past its lease, by its own clock
        with pytest.raises(Rejected) as moving:
            await a.act(table.id, tokens[seat], {"msg_id": "m", "version": 0, "action_id": 0})
        assert moving.value.code == "moving" and lost == [table] and table.id not in a.service.tables
        await asyncio.sleep(2.1)  # the lease in the database ends: b takes the table at its first request
        again = await b.find(table.id)
        assert again.fence == 2 and again.version == 0 and told == [again], "a table taken over is announced"
        await b.act(table.id, tokens[seat], {"msg_id": "m", "version": 0, "action_id": 0})
        assert again.version == 1

    run_async(main())
    for authority, store in ((a, store_a), (b, store_b)):
        authority.close()
        store.close()


def test_a_process_starting_on_postgresql_loads_the_free_tables_and_a_finished_game_when_asked(pg_db: str) -> None:
    store, leases = _leases(pg_db, "a")
    playing = _new_table(store, leases)
    done = TableService().plan_table(TWO)
    store.create(done.row)  # a game over, written before leases existed: it has none
    store.set_status(done.row.id, "finished")
    _end_lease(store, playing)
    service = TableService()
    started = Authority(service, Store(pg_db), Leases(store, "b"))
    assert started.keeper.expect() == 1  # the free table in play, its lease taken now

    async def main() -> None:
        await started.keeper.load_live()
        assert service.tables[playing].fence == 2 and done.row.id not in service.tables
        finished = await started.find(done.row.id)  # read when asked for, with no lease
        assert finished.id == done.row.id and finished.fence is None
        owned = [r for r in ops.readings(Hub(started, pool=None), started.keeper) if r[0] == "sabbat_tables_owned"]
        assert owned[0][3] == [({}, 1)], "the taken table is owned; the finished one read without a lease is not"

    run_async(main())
    started.close()
    store.close()


def test_a_lesson_is_never_published_to_the_other_processes_lobbies(pg_db: str) -> None:
    store, leases = _leases(pg_db, "a")
    authority = Authority(TableService(), store, leases)

    async def main() -> None:
        lesson, _ = await authority.create_lesson({"game": "mystic_vale"}, None)
        table, _ = await authority.create(TWO, None)
        await authority._publish()
        published = [row["table_id"] for row in leases.lobby()]
        assert table.id in published and lesson.id not in published

    run_async(main())
    authority.close()
    store.close()
