"""Fair shares per client address: a client spending past its share waits; nobody else does.

The attack this answers: twenty connections asking for full views, or ten clients asking for
replay positions, from one address, made every other player's move wait for seconds. Each
address now has one share of the server, whatever number of connections it opens.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from sabbat.web.app import create_app
from sabbat.web.fair import KEEP, FairShare, Shares, address_of, client_key, request_cost
from tests.support.aio import run_async


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_an_address_past_its_share_waits_and_another_address_does_not() -> None:
    clock = FakeClock()
    shares = Shares(rate=10, burst=20, clock=clock)
    assert shares.charge("10.0.0.1", 20) == 0  # the burst
    assert shares.charge("10.0.0.1", 5) == 0.5  # five units past it: half a second at 10 a second
    assert shares.charge("10.0.0.2", 1) == 0  # a bystander spends its own share
    clock.now += 1.5  # the debt is paid off, and 10 units more earned
    assert shares.charge("10.0.0.1", 10) == 0
    assert shares.charge("10.0.0.1", 1) > 0


def test_a_quiet_spell_earns_no_more_than_the_burst() -> None:
    clock = FakeClock()
    shares = Shares(rate=10, burst=20, clock=clock)
    shares.charge("a", 1)
    clock.now += 3600
    assert shares.charge("a", 20) == 0 and shares.charge("a", 1) > 0


def test_idle_addresses_are_forgotten_so_many_addresses_cannot_fill_the_memory() -> None:
    clock = FakeClock()
    shares = Shares(rate=10, burst=20, clock=clock)
    for i in range(KEEP):
        shares.charge(f"10.1.{i // 256}.{i % 256}", 1)
    shares.charge("in-debt", 30)
    clock.now += 1  # every address but the one in debt has a full share again
    shares.charge("newcomer", 1)
    assert set(shares.buckets) == {"in-debt", "newcomer"}


def test_an_ipv6_client_has_one_share_for_its_whole_network() -> None:
    """A subscriber's whole /56 (what an ISP hands one home) is one client; another /56 is another."""
    assert client_key("2001:db8:1:2::17") == client_key("2001:db8:1:ff:ffff::9") == "2001:db8:1::/56"
    assert address_of({"client": ("2001:db8:1:2::17", 1)}) == address_of({"client": ("2001:db8:1:3::9", 1)})
    assert address_of({"client": ("2001:db8:1:100::17", 1)}) != address_of({"client": ("2001:db8:1:2::17", 1)})
    assert address_of({"client": ("192.0.2.7", 1)}) == "192.0.2.7"


def test_the_ipv6_prefix_that_makes_one_client_is_the_operators_to_set() -> None:
    assert client_key("2001:db8:1:2::17", 64) != client_key("2001:db8:1:3::17", 64)
    assert client_key("2001:db8:1:2::17", 48) == client_key("2001:db8:1:ff00::1", 48) == "2001:db8:1::/48"
    assert client_key("2001:db8:1:2::17", 128) == "2001:db8:1:2::17/128"


def test_an_ipv4_client_on_a_dual_stack_listener_is_its_ipv4_address() -> None:
    """IPv4-mapped IPv6 (::ffff:a.b.c.d) is the IPv4 address: IPv4 clients do not share one network's share."""
    assert client_key("::ffff:192.0.2.7") == "192.0.2.7"
    assert client_key("::ffff:192.0.2.7") != client_key("::ffff:198.51.100.9")
    assert address_of({"client": ("::ffff:192.0.2.7", 1)}) == address_of({"client": ("192.0.2.7", 1)})


def test_what_costs_more_costs_more() -> None:
    assert request_cost("GET", "/static/app.js") < request_cost("GET", "/api/tables") \
        < request_cost("GET", "/api/tables/x/replay/view") < request_cost("POST", "/api/tables")


def test_the_middleware_holds_back_the_flooder_not_the_bystander() -> None:
    """Thirty requests at once from one address and one from another: the bystander's is
    answered before the flooder's last, which waited off its debt."""
    shares = Shares(rate=100, burst=10)
    finished: list[tuple[str, float]] = []

    async def app(scope: Any, receive: Any, send: Any) -> None:
        finished.append((scope["client"][0], time.monotonic()))

    fair = FairShare(app, shares)

    async def request(address: str) -> None:
        await fair({"type": "http", "method": "GET", "path": "/api/x", "client": (address, 1)}, None, None)

    async def scenario() -> None:
        flood = [asyncio.create_task(request("10.0.0.66")) for _ in range(30)]
        await asyncio.sleep(0)
        await request("10.0.0.7")
        await asyncio.gather(*flood)

    t0 = time.monotonic()
    run_async(scenario())
    flooder = [t for who, t in finished if who == "10.0.0.66"]
    bystander = next(t for who, t in finished if who == "10.0.0.7")
    assert len(flooder) == 30
    assert max(flooder) - t0 >= 0.19  # 20 units past a burst of 10, at 100 a second
    assert bystander < max(flooder)


def test_many_connections_from_one_address_share_one_share(tmp_path: Path) -> None:
    """Five WebSockets asking for full views from one address run one debt; a player at
    another address owes nothing and is answered at once."""
    app = create_app(str(tmp_path / "t.sqlite3"), shares=Shares(rate=5, burst=40))
    with TestClient(app, client=("10.0.0.66", 1)) as flooder, TestClient(app, client=("10.0.0.7", 1)) as player:
        tid = flooder.post("/api/tables", json={"game": "mystic_vale", "players": 2, "seats": [
            {"kind": "human"}, {"kind": "human"}]}).json()["table_id"]
        sockets = [flooder.websocket_connect(f"/ws/tables/{tid}") for _ in range(5)]
        for ws in sockets:
            ws.__enter__()
            ws.send_json({"type": "hello", "lang": "en"})
            ws.receive_json()
        for ws in sockets:
            ws.send_json({"type": "view"})
            assert ws.receive_json()["type"] == "view"
        debt = app.state.shares.buckets["10.0.0.66"][0]
        assert debt < 0  # one table, five connections, one bill
        with player.websocket_connect(f"/ws/tables/{tid}") as ws:
            ws.send_json({"type": "hello", "lang": "en"})
            assert ws.receive_json()["type"] == "view"
            ws.send_json({"type": "ping"})
            assert ws.receive_json()["type"] == "pong"
        assert app.state.shares.buckets["10.0.0.7"][0] > 0
        for ws in sockets:
            ws.__exit__(None, None, None)


def test_an_ipv6_network_has_one_count_of_tables(tmp_path: Path) -> None:
    """Two addresses of one /56 are one client for the tables it may have in play."""
    app = create_app(str(tmp_path / "t.sqlite3"), tables_per_client=2)
    spec = {"game": "mystic_vale", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]}
    with TestClient(app, client=("2001:db8:5:6::1", 1)) as one, TestClient(app, client=("2001:db8:5:7::2", 1)) as two, \
            TestClient(app, client=("2001:db8:5:100::1", 1)) as elsewhere:
        assert one.post("/api/tables", json=spec).status_code == 201
        assert two.post("/api/tables", json=spec).status_code == 201
        assert one.post("/api/tables", json=spec).status_code == 429
        assert two.post("/api/tables", json=spec).status_code == 429
        assert elsewhere.post("/api/tables", json=spec).status_code == 201
