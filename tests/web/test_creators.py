"""The per-address caps (tables, AI seats) hold after a restart and across the processes of a
cluster: each table in play stores its creator's address key, and a new table is counted against
the stored ones where it is written. The key is kept only while the table is played."""

from __future__ import annotations

import signal
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from alembic import command
from starlette.testclient import TestClient

from sabbat.web import creators, schema
from sabbat.web.app import create_app
from sabbat.web.database import database_url
from sabbat.web.loading import load_all
from sabbat.web.rejected import Rejected
from sabbat.web.rowcheck import BadRow, check_row
from sabbat.web.store import LogRow, Store, tables_t
from sabbat.web.tables import LEVELS

from .cluster import Cluster
from .helpers import Direct, create, frame_of, next_view
from .serving import free_port, request, serving
from .test_upgrades import _spoil

PEOPLE = {"game": "mystic_vale", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]}
WITH_AI = {"game": "mystic_vale", "players": 2, "seats": [{"kind": "human"}, {"kind": "ai", "agent": "random"}]}
CAPS = ("--tables-per-client", "3", "--ai-seats-per-client", "2")
"""Three tables and two AI seats per address: one AI table over the seats' cap leaves room for a table."""


def _creators(db: str) -> dict[str, str | None]:
    engine = sa.create_engine(database_url(db))
    try:
        with engine.connect() as c:
            return {r.id: r.creator for r in c.execute(sa.select(tables_t.c.id, tables_t.c.creator))}
    finally:
        engine.dispose()


def _post(port: int, spec: dict[str, Any], source: str) -> tuple[int, Any]:
    return request(port, "POST", "/api/tables", spec, source=source)


def test_an_address_at_its_caps_stays_there_after_a_restart(tmp_path: Path) -> None:
    """The gap: the creator lived in memory only, so after a restart an address that held its
    quota of tables and AI seats could create a whole quota again."""
    with serving(tmp_path, *CAPS) as (_, port):
        for _ in range(2):
            status, made = _post(port, WITH_AI, "127.0.0.2")
            assert status == 201, made
    assert sorted(_creators(str(tmp_path / "serve.sqlite3")).values()) == ["127.0.0.2", "127.0.0.2"]
    with serving(tmp_path, *CAPS) as (_, port):  # the same database file, a new process
        status, refused = _post(port, WITH_AI, "127.0.0.2")
        assert status == 429 and "2 AI seats" in refused["error"], refused
        assert _post(port, PEOPLE, "127.0.0.2")[0] == 201  # its third table: no AI seat
        status, refused = _post(port, PEOPLE, "127.0.0.2")
        assert status == 429 and "3 tables" in refused["error"], refused
        assert _post(port, WITH_AI, "127.0.0.3")[0] == 201  # another address is not held back


def test_two_processes_over_one_database_count_an_address_once(db_url: str) -> None:
    """Two services over one database stand in for two processes: neither holds the other's
    tables in memory, and the caps count both."""
    one, two = Direct(Store(db_url), tables_per_client=3, ai_seats_per_client=2), \
        Direct(Store(db_url), tables_per_client=3, ai_seats_per_client=2)
    try:
        one.create(WITH_AI, "192.0.2.7")
        two.create(WITH_AI, "192.0.2.7")
        with pytest.raises(Rejected) as refused:
            one.create(WITH_AI, "192.0.2.7")
        assert refused.value.code == "too_many_ai_seats" and refused.value.params["held"] == 2
        one.create(PEOPLE, "192.0.2.7")
        for service in (one, two):
            with pytest.raises(Rejected) as refused:
                service.create(PEOPLE, "192.0.2.7")
            assert refused.value.code == "too_many_tables"
        two.create(WITH_AI, "192.0.2.8")
        assert len(one.tables) == 2 and len(two.tables) == 2  # nothing refused was kept
        assert sorted(r for r in _creators(db_url).values() if r) == ["192.0.2.7"] * 3 + ["192.0.2.8"]
    finally:
        one.store.close()
        two.store.close()


def test_two_requests_at_once_cannot_both_slip_under_the_cap(pg_url: str) -> None:
    """Two processes writing a table of one address at once: the second counts only once the
    first is written (a lock per address in the write's transaction), so it is refused."""
    engine = sa.create_engine(database_url(pg_url))
    with engine.begin() as c:
        c.execute(sa.text("DROP SCHEMA public CASCADE; CREATE SCHEMA public"))
    engine.dispose()
    one, two = Direct(Store(pg_url), tables_per_client=1), Direct(Store(pg_url), tables_per_client=1)
    first, second = (s.planned(d, s.first_state(d)) for s, d in
                     ((one, one.draft_table(PEOPLE, "192.0.2.7")), (two, two.draft_table(PEOPLE, "192.0.2.7"))))
    quota = one.quota(first)
    assert quota is not None
    check = partial(creators.check, quota=quota)
    counted = threading.Event()

    def slow(c: sa.Connection) -> None:  # counted, then still writing while the other counts
        check(c)
        counted.set()
        time.sleep(1.0)

    try:
        with ThreadPoolExecutor(1) as pool:
            written = pool.submit(one.store.create, first.row, slow)
            assert counted.wait(10)
            with pytest.raises(Rejected) as refused:
                two.store.create(second.row, partial(creators.check, quota=two.quota(second)))
            assert refused.value.code == "too_many_tables"
            written.result()
        assert list(_creators(pg_url)) == [first.row.id]
    finally:
        one.store.close()
        two.store.close()


def test_a_table_that_ends_no_longer_counts_and_forgets_its_creator(db_url: str) -> None:
    """The address is kept only while the table is played: a finished or expired table's creator
    is cleared, and it leaves room for another table."""
    now = [0.0]
    service = Direct(Store(db_url), tables_per_client=2, open_expiry_s=60.0, clock=lambda: now[0])
    try:
        done, _ = service.create(PEOPLE, "192.0.2.7")
        waiting, _ = service.create(PEOPLE, "192.0.2.7")
        with pytest.raises(Rejected):
            service.create(PEOPLE, "192.0.2.7")
        # its last move, as the authority writes one (the table's status with it)
        service.store.append_many([LogRow(done.id, 0, done.state.legal_actions()[0].to_json(), 0, "m", "finished")])
        del service.tables[done.id]
        now[0] = 61.0
        assert service.tick() == [waiting] and waiting.expired  # nobody came to it: it expires, and is written so
        assert _creators(db_url) == {done.id: None, waiting.id: None}
        fresh = Direct(Store(db_url), tables_per_client=2)  # another process: only the database knows
        fresh.create(PEOPLE, "192.0.2.7")
        fresh.create(PEOPLE, "192.0.2.7")
        fresh.store.close()
    finally:
        service.store.close()


def test_a_reloaded_table_has_its_creator_back_and_a_stopped_one_forgets_it(tmp_path: Path) -> None:
    """After a restart a table in play is its creator's again (its AI moves are served as that
    address's, `thinking`); one whose log no longer replays is stopped, not played, and its
    creator is cleared from the database."""
    db = str(tmp_path / "t.sqlite3")
    pool = ThreadPoolExecutor(2)
    try:
        with TestClient(create_app(db, pool=pool)) as client:
            kept = create(client, "mystic_vale", [{"kind": "human"}, {"kind": "human"}])["table_id"]
            t = create(client, "mystic_vale", [{"kind": "human"}, {"kind": "human"}])
            spoilt = t["table_id"]
            table = client.app.state.service.tables[spoilt]  # type: ignore[attr-defined]
            with client.websocket_connect(f"/ws/tables/{spoilt}") as ws:
                ws.send_json({"type": "hello", "token": t["seats"][table.state.current_player]["token"]})
                ws.send_json({"type": "act", "msg_id": "a", "version": next_view(ws)["version"], "action_id": 0})
                frame_of(ws, "ack")
        assert _creators(db) == {kept: "testclient", spoilt: "testclient"}
        _spoil(db, spoilt, 0)
        with TestClient(create_app(db, pool=pool)) as client:
            assert client.get(f"/api/tables/{spoilt}").json()["status"] == "stopped"
            tables = client.app.state.service.tables  # type: ignore[attr-defined]
            assert tables[kept].creator == "testclient" and tables[spoilt].creator is None
        assert _creators(db) == {kept: "testclient", spoilt: None}
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def test_a_stored_creator_is_checked_when_read(tmp_path: Path) -> None:
    service = Direct(Store(str(tmp_path / "t.sqlite3")))
    table, _ = service.create(PEOPLE, "2001:db8::/56")
    [row] = service.store.load_all()
    assert row.creator == "2001:db8::/56"
    check_row(row, LEVELS)
    for bad in ("", "x" * 65, "192.0.2.7\n", "bad\u200baddress", 7):
        row.creator = bad  # type: ignore[assignment]
        with pytest.raises(BadRow, match="creator"):
            check_row(row, LEVELS)
        assert table.id in load_all([row], service.clock, LEVELS)[1]
    service.store.close()


def test_an_address_key_that_is_no_address_is_stored_as_a_digest() -> None:
    assert creators.key("198.51.100.4") == "198.51.100.4" and creators.key(None) is None
    for odd in ("x" * 65, "bad\u200baddress", "tab\there", ""):
        stored = creators.key(odd)
        assert stored is not None and stored.startswith("#") and len(stored) == 41 and stored == creators.key(odd)


def test_the_creator_migration_upgrades_and_downgrades(db_url: str) -> None:
    """Revision 0005 adds `tables.creator` (unknown for the tables already stored) and its index;
    stepping back to 0004 drops them and keeps every table."""
    engine = sa.create_engine(database_url(db_url))
    try:
        with engine.begin() as conn:
            command.upgrade(schema.config(conn), "0004")
            conn.execute(sa.text("INSERT INTO tables (id, game, rules_version, num_players, seed, options, cards, "
                                 "settings, created, status) VALUES ('old1', 'mystic_vale', '1', 2, '5', '{}', NULL, "
                                 "'{\"leaver_agent\": \"normal\"}', 1.0, 'playing')"))
            conn.execute(sa.text("INSERT INTO seats (table_id, seat, kind, agent, token_hash, open, name) VALUES "
                                 "('old1', 0, 'ai', 'random', NULL, false, NULL), "
                                 "('old1', 1, 'ai', 'random', NULL, false, NULL)"))
        Store(db_url).close()  # upgraded at start
        columns = {c["name"] for c in sa.inspect(engine).get_columns("tables")}
        assert "creator" in columns
        assert "tables_creator" in {i["name"] for i in sa.inspect(engine).get_indexes("tables")}
        assert _creators(db_url) == {"old1": None}
        service = Direct(Store(db_url))
        assert service.load() == 1 and service.tables["old1"].creator is None  # counts for nobody
        service.store.close()
        with engine.begin() as conn:
            conn.execute(tables_t.update().values(creator="192.0.2.7"))
            schema.downgrade(conn, "0004")
        engine.dispose()
        assert "creator" not in {c["name"] for c in sa.inspect(engine).get_columns("tables")}
        assert "tables_creator" not in {i["name"] for i in sa.inspect(engine).get_indexes("tables")}
        with engine.connect() as conn:
            assert conn.execute(sa.text("SELECT id, status FROM tables")).all() == [("old1", "playing")]
            assert conn.execute(sa.text("SELECT count(*) FROM seats")).scalar() == 2
        Store(db_url).close()  # and up again
        assert _creators(db_url) == {"old1": None}
    finally:
        engine.dispose()


def _launch(port: int, db: str) -> tuple[list[str], dict[str, str]]:
    """One process of the cluster, straight on its port (no proxy: the peer is the client)."""
    return ([sys.executable, "-m", "sabbat.cli.main", "serve", "--host", "127.0.0.1", "--port", str(port), *CAPS],
            {"SABBAT_DATABASE": db, "SABBAT_WORKERS": "1"})


@pytest.mark.slow
def test_an_address_reaching_both_processes_of_a_cluster_has_one_quota(pg_url: str, tmp_path: Path) -> None:
    """The gap: each process counted only the tables it held in memory, so an address whose
    requests reached two processes (nginx spreads them) had two quotas."""
    engine = sa.create_engine(pg_url.replace("postgresql://", "postgresql+psycopg://"))
    with engine.begin() as c:
        c.execute(sa.text("DROP SCHEMA public CASCADE; CREATE SCHEMA public"))
    engine.dispose()
    c = Cluster(tmp_path, pg_url, [free_port(), free_port()], launch=_launch)
    try:
        for port in c.ports:
            c.start(port)
        first, second = c.ports
        answers = [_post(port, WITH_AI, "127.0.0.2") for port in (first, second, first, second)]
        assert [a[0] for a in answers] == [201, 201, 429, 429], answers
        assert all("2 AI seats" in a[1]["error"] for a in answers[2:]), answers
        answers = [_post(port, PEOPLE, "127.0.0.2") for port in (second, first, second)]
        assert [a[0] for a in answers] == [201, 429, 429], answers
        assert all("3 tables" in a[1]["error"] for a in answers[1:]), answers
        assert _post(second, WITH_AI, "127.0.0.3")[0] == 201
        assert sorted(r for r in _creators(pg_url).values() if r) == ["127.0.0.2"] * 3 + ["127.0.0.3"]
        assert set(c.owners().values()) == {first, second}  # both processes own tables of that address
    finally:
        for port in list(c.procs):
            c.stop(port, signal.SIGKILL)
