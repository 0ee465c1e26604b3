"""A stranger cannot hold the HTTP server: half-open and slow requests are dropped after a few
seconds, one address holds a bounded number of connections, and a huge body is refused at the
limit while it streams, without the server reading it whole. Against a real `sabbat serve`."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from .serving import answer_of, closed_within, is_closed, request, serving

HEADER_S = 2.0
BODY_S = 2.0
PER_CLIENT = 20
TOTAL = 150


@pytest.fixture(scope="module")
def port(tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    with serving(tmp_path_factory.mktemp("limits"), "--header-timeout", str(HEADER_S), "--body-timeout", str(BODY_S),
                 "--max-per-client", str(PER_CLIENT), "--max-connections", str(TOTAL)) as (_, p):
        yield p


def _half_open(port: int, source: str, count: int) -> list[socket.socket]:
    """`count` requests from `source` whose headers never end."""
    socks = []
    for _ in range(count):
        s = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(source, 0))
        s.sendall(b"GET /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        socks.append(s)
    return socks


def _rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


def test_one_address_holds_a_bounded_number_of_connections(port: int) -> None:
    socks = _half_open(port, "127.0.0.2", 200)
    try:
        assert closed_within(socks, 0.5) == 200 - PER_CLIENT
        assert request(port, "GET", "/api/tables", source="127.0.0.3")[0] == 200  # everyone else is served at once
    finally:
        for s in socks:
            s.close()


def test_half_open_requests_are_dropped_after_the_header_timeout(port: int) -> None:
    flood = [s for i in range(TOTAL // PER_CLIENT + 1) for s in _half_open(port, f"127.0.1.{i + 1}", PER_CLIENT)]
    try:
        started = time.monotonic()
        assert closed_within(flood, 0.3) >= len(flood) - TOTAL  # the server holds no more than its total
        assert request(port, "GET", "/api/tables", source="127.0.0.4", quiet=True)[0] in (0, 503)  # full: refused
        assert all(is_closed(s, HEADER_S + 2) for s in flood)
        assert time.monotonic() - started < HEADER_S + 2
        assert request(port, "GET", "/api/tables", source="127.0.0.4")[0] == 200  # and serves again
    finally:
        for s in flood:
            s.close()


def test_headers_sent_slowly_do_not_keep_a_connection(port: int) -> None:
    with socket.create_connection(("127.0.0.1", port), source_address=("127.0.0.5", 0)) as s:
        started = time.monotonic()
        s.sendall(b"GET /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        closed = False
        while time.monotonic() - started < HEADER_S + 3 and not closed:
            try:
                s.sendall(b"X-A: b\r\n")  # a header line every 0.2 s, never the end
            except (BrokenPipeError, ConnectionResetError):
                closed = True
            closed = closed or is_closed(s, 0.2)
        assert closed and time.monotonic() - started < HEADER_S + 1.5


def test_a_body_sent_slowly_is_dropped_after_the_body_timeout(port: int) -> None:
    with socket.create_connection(("127.0.0.1", port), source_address=("127.0.0.6", 0)) as s:
        s.sendall(b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                  b"Content-Length: 1000\r\n\r\n{\"game\":")
        started = time.monotonic()
        assert is_closed(s, BODY_S + 2)
        assert time.monotonic() - started > BODY_S - 0.5


@pytest.mark.parametrize(("lang", "words"), [("en", "larger than 2 MB"), ("ja", "大きすぎます")])
def test_a_body_announced_too_large_is_refused_before_it_is_read(port: int, lang: str, words: str) -> None:
    with socket.create_connection(("127.0.0.1", port), source_address=("127.0.0.7", 0)) as s:
        s.sendall(f"POST /api/tables?lang={lang} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                  f"Content-Length: {500 * 1024 * 1024}\r\n\r\n".encode())
        answer = answer_of(s, 5)  # and the connection is closed: the server reads no more of it
        assert answer.startswith("HTTP/1.1 413") and words in answer, answer


def test_a_streamed_body_is_refused_at_the_limit_without_being_held(tmp_path: Path) -> None:
    """Chunked, so no length says it up front: the server counts while it reads, answers 413
    after about 2 MB and closes, and its memory does not grow with what the client still sends."""
    with serving(tmp_path) as (proc, p):
        before = _rss_kb(proc.pid)
        with socket.create_connection(("127.0.0.1", p)) as s:
            s.sendall(b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                      b"Transfer-Encoding: chunked\r\n\r\n")
            chunk = b"%x\r\n%s\r\n" % (64 * 1024, b" " * 64 * 1024)
            sent = [0]

            def pour() -> None:
                try:
                    while sent[0] < 200 * 1024 * 1024:
                        s.sendall(chunk)
                        sent[0] += 64 * 1024
                except OSError:
                    pass

            pourer = threading.Thread(target=pour)
            pourer.start()
            answer = answer_of(s, 20)
            pourer.join(20)
        assert answer.startswith("HTTP/1.1 413"), answer[:200]
        assert sent[0] < 100 * 1024 * 1024  # refused long before the 200 MB were sent
        assert _rss_kb(proc.pid) - before < 30 * 1024


def test_a_proxy_is_not_capped_as_one_client_and_only_a_proxy_is_believed(tmp_path: Path) -> None:
    with serving(tmp_path, "--proxy", "127.0.0.0/24", "--max-per-client", "5", "--access-log") as (_, p):
        through_proxy = _half_open(p, "127.0.0.20", 30)  # many people behind one proxy
        stranger = _half_open(p, "127.0.1.20", 10)
        try:
            assert closed_within(through_proxy, 0.5) == 0
            assert closed_within(stranger, 0.5) == 5
        finally:
            for s in through_proxy + stranger:
                s.close()
        forwarded = {"X-Forwarded-For": "203.0.113.7"}
        assert request(p, "GET", "/api/games?from=proxy", source="127.0.0.21", headers=forwarded)[0] == 200
        assert request(p, "GET", "/api/games?from=stranger", source="127.0.1.21", headers=forwarded)[0] == 200
        log = (tmp_path / "serve.log").read_text()
        assert '203.0.113.7:0 - "GET /api/games?from=proxy' in log
        assert '127.0.1.21:' in log and "203.0.113.7:0 - \"GET /api/games?from=stranger" not in log
