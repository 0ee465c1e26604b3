"""docs/hosting.md as written: a real nginx with the page's configuration (its ports and
certificate swapped for the test's) in front of a real `sabbat serve`, over TLS with a
certificate made here. The lobby loads, a table is created and a move is played over a WebSocket
through nginx; the server sees the client's own address, and the cross-site checks still hold."""

from __future__ import annotations

import asyncio
import http.client
import json
import re
import shutil
import ssl
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import websockets

from tests.support.aio import run_async

from .cluster import cluster_config
from .serving import free_port, nginx_conf, serving

DOC = Path(__file__).parents[2] / "docs" / "hosting.md"
NGINX = shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin:/sbin")
OPENSSL = shutil.which("openssl")
CLIENT = "127.0.0.9"
"""The test's client address (Linux answers on all of 127.0.0.0/8): not the proxy's 127.0.0.1."""

pytestmark = pytest.mark.skipif(NGINX is None or OPENSSL is None,
                                reason="nginx or openssl is not installed (scripts/system-deps installs nginx)")


def site_config(tls_port: int, http_port: int, upstream: int, cert: Path, key: Path) -> str:
    """The page's nginx configuration with this test's ports and certificate."""
    [text] = re.findall(r"```nginx\n(.*?)```", DOC.read_text(), re.S)
    swaps = {"listen 443 ssl;": f"listen 127.0.0.1:{tls_port} ssl;", "listen 80;": f"listen 127.0.0.1:{http_port};",
             "127.0.0.1:8000": f"127.0.0.1:{upstream}",
             "/etc/letsencrypt/live/play.example.org/fullchain.pem": str(cert),
             "/etc/letsencrypt/live/play.example.org/privkey.pem": str(key)}
    for old, new in swaps.items():
        assert text.count(old) == 1, f"docs/hosting.md no longer has {old!r}"
        text = text.replace(old, new)
    return text


@pytest.fixture
def nginx(tmp_path: Path) -> Iterator[tuple[int, int, ssl.SSLContext, Path]]:
    """(nginx's TLS port, sabbat's port, a client TLS context trusting the test's certificate,
    sabbat's home) — sabbat serve started as the page says, behind nginx started as the page says."""
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run([str(OPENSSL), "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
                    "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", str(key), "-out", str(cert)],
                   check=True, capture_output=True)
    tls_port, http_port, upstream = free_port(), free_port(), free_port()
    conf = nginx_conf(tmp_path, site_config(tls_port, http_port, upstream, cert, key))
    run = conf.parent
    home = tmp_path / "sabbat"
    home.mkdir()
    with serving(home, "--host", "127.0.0.1", "--proxy", "127.0.0.1", "--access-log", port=upstream):
        proxy = subprocess.Popen([str(NGINX), "-p", str(run), "-c", str(conf)],
                                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        try:
            context = ssl.create_default_context(cafile=str(cert))
            started = time.monotonic()
            while _get(tls_port, context, "/api/games")[0] != 200:
                assert proxy.poll() is None, proxy.stdout.read().decode() if proxy.stdout else ""
                assert time.monotonic() - started < 15, (run / "error.log").read_text()
                time.sleep(0.1)
            yield tls_port, http_port, context, home
        finally:
            proxy.terminate()
            proxy.wait(10)


def _get(port: int, context: ssl.SSLContext, path: str, method: str = "GET", body: Any = None,
         headers: dict[str, str] | None = None) -> tuple[int, str]:
    conn = http.client.HTTPSConnection("127.0.0.1", port, context=context, timeout=10, source_address=(CLIENT, 0))
    try:
        conn.request(method, path, body=None if body is None else json.dumps(body), headers=headers or {})
        res = conn.getresponse()
        return res.status, res.read().decode()
    except OSError:
        return 0, ""
    finally:
        conn.close()


async def _play_one_move(port: int, context: ssl.SSLContext, table: str, token: str) -> dict[str, Any]:
    origin = f"https://127.0.0.1:{port}"
    async with websockets.connect(f"wss://127.0.0.1:{port}/ws/tables/{table}", ssl=context, origin=origin) as ws:  # type: ignore[arg-type]
        await ws.send(json.dumps({"type": "hello", "token": token, "lang": "en"}))
        while True:
            frame = json.loads(await asyncio.wait_for(ws.recv(), 20))
            if frame["type"] == "view" and frame["legal"]:
                await ws.send(json.dumps({"type": "act", "msg_id": "m1", "version": frame["version"],
                                          "action_id": frame["legal"][0]["id"]}))
            elif frame["type"] == "ack":
                return dict(frame)
            assert frame["type"] != "error", frame


async def _refused_from(port: int, context: ssl.SSLContext, table: str, origin: str) -> bool:
    try:
        async with websockets.connect(f"wss://127.0.0.1:{port}/ws/tables/{table}", ssl=context, origin=origin) as ws:  # type: ignore[arg-type]
            await ws.send(json.dumps({"type": "hello", "lang": "en"}))
            await asyncio.wait_for(ws.recv(), 10)
    except (websockets.InvalidStatus, websockets.ConnectionClosed):
        return True
    return False


def test_the_documented_nginx_serves_the_lobby_and_a_game_over_tls(nginx: tuple[int, int, ssl.SSLContext, Path]) -> None:
    port, http_port, context, home = nginx
    status, page = _get(port, context, "/")
    assert status == 200 and "<title" in page.lower()
    origin = {"Origin": f"https://127.0.0.1:{port}", "Content-Type": "application/json"}
    status, text = _get(port, context, "/api/tables?who=me", "POST", {"game": "mystic_vale", "players": 2,
                        "seats": [{"kind": "human"}, {"kind": "ai", "agent": "random"}]}, origin)
    assert status == 201, text
    created = json.loads(text)
    ack = run_async(_play_one_move(port, context, created["table_id"], created["seats"][0]["token"]))
    assert ack["version"] >= 1
    # the server saw the client's own address through the proxy, not nginx's
    log = (home / "serve.log").read_text()
    assert f'{CLIENT}:0 - "POST /api/tables?who=me HTTP/1.1" 201' in log, log[-2000:]
    # the cross-site checks still compare against the Host the browser sent
    evil = {**origin, "Origin": "https://evil.example"}
    assert _get(port, context, "/api/tables", "POST", {"game": "mystic_vale"}, evil)[0] == 403
    assert run_async(_refused_from(port, context, created["table_id"], "https://evil.example"))
    # plain HTTP only redirects to TLS
    conn = http.client.HTTPConnection("127.0.0.1", http_port, timeout=10)
    conn.request("GET", "/")
    assert conn.getresponse().status == 301
    conn.close()


def test_the_documented_nginx_refuses_a_large_body(nginx: tuple[int, int, ssl.SSLContext, Path]) -> None:
    port, _, context, _ = nginx
    big = {"game": "mystic_vale", "name": "x" * (3 * 1024 * 1024)}
    headers = {"Origin": f"https://127.0.0.1:{port}", "Content-Type": "application/json"}
    assert _get(port, context, "/api/tables", "POST", big, headers)[0] == 413


def test_the_documented_cluster_config_passes_nginx_t(tmp_path: Path) -> None:
    """The cluster section's upstream in the page's configuration is valid nginx (the cluster test
    then runs it with three processes)."""
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run([str(OPENSSL), "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
                    "-keyout", str(key), "-out", str(cert)], check=True, capture_output=True)
    ports = [free_port() for _ in range(3)]
    conf = nginx_conf(tmp_path, cluster_config(free_port(), free_port(), ports, cert, key))
    checked = subprocess.run([str(NGINX), "-t", "-p", str(conf.parent), "-c", str(conf)], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr


def test_the_documented_nginx_refuses_too_many_requests_in_json(nginx: tuple[int, int, ssl.SSLContext, Path]) -> None:
    """nginx's own 429 (past `limit_req`) is the server's `{"error"}` form, in the client's language."""
    port, _, context, _ = nginx
    for lang, words in (("en", "Too many requests"), ("ja", "リクエストが多すぎます")):
        for _ in range(400):
            status, text = _get(port, context, "/api/games", headers={"Accept-Language": lang})
            if status == 429:
                assert words in json.loads(text)["error"], text
                break
        else:
            raise AssertionError("nginx never refused")
