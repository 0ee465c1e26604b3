"""Addresses and names as the network knows them, on a real `sabbat serve`.

The attacks this answers: behind a dual-stack listener every IPv4 client arrived as an
IPv4-mapped IPv6 address and all of them shared one IPv6 network's limits; a hostile page whose
name resolves to 127.0.0.1 (DNS rebinding) could create tables and open WebSockets on a player's
own server, its Origin matching its Host; a server behind a proxy it was not told about made all
its clients one, without a word."""

from __future__ import annotations

import base64
import http.client
import json
import os
import socket
from pathlib import Path
from typing import Any

from sabbat.web.hosts import AllowedHosts

from .serving import request, serving

TABLE = {"game": "mystic_vale", "players": 2, "seats": [{"kind": "human"}, {"kind": "ai", "agent": "random"}]}


def _http(port: int, host: str, method: str = "GET", path: str = "/api/games", body: Any = None,
          headers: dict[str, str] | None = None, connect: str = "127.0.0.1") -> tuple[int, Any]:
    """(status, JSON answer or text) of a request sent with this exact `Host` header."""
    conn = http.client.HTTPConnection(connect, port, timeout=10)
    try:
        conn.putrequest(method, path, skip_host=True)
        conn.putheader("Host", host)
        data = b"" if body is None else json.dumps(body).encode()
        for name, value in {"Content-Type": "application/json", "Content-Length": str(len(data)), **(headers or {})}.items():
            conn.putheader(name, value)
        conn.endheaders(data)
        res = conn.getresponse()
        raw = res.read()
        kind = res.getheader("content-type", "")
        return res.status, json.loads(raw) if kind.startswith("application/json") else raw.decode(errors="replace")
    finally:
        conn.close()


def _ws_status(port: int, host: str, table: str, origin: str | None = None) -> int:
    """The status a WebSocket handshake to a table gets with this `Host` (101: opened)."""
    key = base64.b64encode(os.urandom(16)).decode()
    lines = [f"GET /ws/tables/{table} HTTP/1.1", f"Host: {host}", "Upgrade: websocket", "Connection: Upgrade",
             f"Sec-WebSocket-Key: {key}", "Sec-WebSocket-Version: 13"]
    if origin:
        lines.append(f"Origin: {origin}")
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        head = b""
        while b"\r\n" not in head:
            chunk = sock.recv(4096)
            if not chunk:
                break
            head += chunk
    return int(head.split(b" ", 2)[1])


def test_a_hostile_name_is_refused_over_http_and_websocket_on_a_loopback_server(tmp_path: Path) -> None:
    """A page at evil.example resolving to 127.0.0.1 sends Host: evil.example and its own
    matching Origin: it may neither create a table nor open a table's WebSocket."""
    with serving(tmp_path, "--host", "127.0.0.1") as (_, port):
        status, created = _http(port, f"127.0.0.1:{port}", "POST", "/api/tables", TABLE)
        assert status == 201, created
        table = created["table_id"]
        evil = f"evil.example:{port}"
        status, answer = _http(port, evil, "POST", "/api/tables", TABLE, {"Origin": f"http://{evil}"})
        assert status == 400 and "evil.example" in answer["error"] and "--allowed-host" in answer["error"], answer
        status, answer = _http(port, evil, "GET", "/api/games", headers={"Accept-Language": "ja"})
        assert status == 400 and "このサーバー" in answer["error"], answer
        assert _http(port, evil, "GET", f"/api/tables/{table}")[0] == 400
        assert _ws_status(port, evil, table, origin=f"http://{evil}") == 403
        assert _ws_status(port, "evil.example", table) == 403
        # the loopback names are the server's own, with or without a port
        for name in (f"127.0.0.1:{port}", f"localhost:{port}", f"[::1]:{port}", "localhost"):
            assert _http(port, name)[0] == 200, name
            assert _ws_status(port, name, table) == 101, name
        # nothing was created for the hostile name
        assert len(request(port, "GET", "/api/tables?status=playing")[1]) == 1
    log = (tmp_path / "serve.log").read_text()
    assert "refused a request for host 'evil.example:" in log and "--allowed-host" in log


def test_a_configured_public_name_is_served(tmp_path: Path) -> None:
    with serving(tmp_path, "--host", "127.0.0.1", "--allowed-host", "play.example.org") as (_, port):
        status, created = _http(port, "play.example.org", "POST", "/api/tables", TABLE,
                                {"Origin": "https://play.example.org"})
        assert status == 201, created
        assert _ws_status(port, "play.example.org", created["table_id"], origin="https://play.example.org") == 101
        assert _http(port, "Play.Example.org:443")[0] == 200
        assert _http(port, "evil.example")[0] == 400
        assert _http(port, f"127.0.0.1:{port}")[0] == 200


def test_a_server_listening_beyond_loopback_answers_its_addresses_not_other_names(tmp_path: Path) -> None:
    """Bound to every address, with no name configured: an address written as digits is its own
    (a rebinding page always sends a name), a name is not."""
    with serving(tmp_path, "--host", "0.0.0.0") as (_, port):
        assert _http(port, f"127.0.0.1:{port}")[0] == 200
        assert _http(port, f"192.0.2.10:{port}")[0] == 200
        assert _http(port, f"evil.example:{port}")[0] == 400


def test_ipv4_clients_of_a_dual_stack_proxy_are_each_their_own_client(tmp_path: Path) -> None:
    """nginx listening on [::] with ipv6only=off forwards IPv4 clients as ::ffff:a.b.c.d: each
    still has its own table quota (one here), rather than all IPv4 sharing one IPv6 network's."""
    with serving(tmp_path, "--proxy", "127.0.0.1", "--tables-per-client", "1") as (_, port):
        def create(client: str) -> int:
            return request(port, "POST", "/api/tables", TABLE, headers={"X-Forwarded-For": client})[0]

        assert (create("::ffff:192.0.2.7"), create("::ffff:198.51.100.9"), create("::ffff:192.0.2.7")) == (201, 201, 429)
        assert create("192.0.2.7") == 429  # the same client, however it arrives
        # an IPv6 subscriber's /56 is one client; the next /56 is another
        assert (create("2001:db8:1:2::1"), create("2001:db8:1:ff::2"), create("2001:db8:1:100::1")) == (201, 429, 201)


def test_the_ipv6_prefix_of_one_client_is_configurable(tmp_path: Path) -> None:
    with serving(tmp_path, "--proxy", "127.0.0.1", "--tables-per-client", "1", "--ipv6-prefix", "64") as (_, port):
        def create(client: str) -> int:
            return request(port, "POST", "/api/tables", TABLE, headers={"X-Forwarded-For": client})[0]

        assert (create("2001:db8:1:2::1"), create("2001:db8:1:3::1"), create("2001:db8:1:2::99")) == (201, 201, 429)


def test_a_server_behind_a_proxy_it_was_not_told_about_says_so_once(tmp_path: Path) -> None:
    with serving(tmp_path) as (_, port):
        assert request(port, "GET", "/api/games")[0] == 200
        for _ in range(3):
            assert request(port, "GET", "/api/games", headers={"X-Forwarded-For": "203.0.113.5"})[0] == 200
    log = (tmp_path / "serve.log").read_text()
    assert log.count("--proxy is not set") == 1, log[-3000:]
    line = next(line for line in log.splitlines() if "--proxy is not set" in line)
    assert "127.0.0.1 sends x-forwarded-for" in line and "10 tables and 64 connections" in line
    assert "--proxy 127.0.0.1" in line and "WARNING" in line


def test_a_server_told_about_its_proxy_does_not_warn(tmp_path: Path) -> None:
    with serving(tmp_path, "--proxy", "127.0.0.1") as (_, port):
        assert request(port, "GET", "/api/games", headers={"X-Forwarded-For": "203.0.113.5"})[0] == 200
    assert "--proxy is not set" not in (tmp_path / "serve.log").read_text()


def test_a_server_answers_to_the_name_it_listens_on() -> None:
    hosts = AllowedHosts("games.lan")
    assert hosts.allows("games.lan:8000") and hosts.allows("GAMES.LAN") and not hosts.allows("evil.example")
    assert not AllowedHosts("127.0.0.1").allows("games.lan")
