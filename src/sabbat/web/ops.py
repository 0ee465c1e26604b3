"""What a load balancer and an operator's monitoring ask: `/healthz` (the process answers),
`/readyz` (it can serve: its database answers and its tables in play are loaded) and `/metrics`
(Prometheus' text format).

Why `/metrics` is not public: its figures say how busy the site is and nothing about any table,
but an operator decides who reads them. Without `--metrics-token` only a client on this machine
that came straight to the server (loopback, no `X-Forwarded-For`: nothing relayed by a proxy) may
read them; with one, whoever sends `Authorization: Bearer TOKEN`, and nobody else.
"""

from __future__ import annotations

import asyncio
import collections
import ipaddress
import secrets
import time
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import BaseRoute, Route

from .hub import Hub
from .keeping import Keeper
from .metrics import Reading

DB_CHECK_S = 2.0
"""A readiness answer reuses the database check of the last this many seconds."""
DB_TIMEOUT_S = 3.0
"""A database that has not answered in this many seconds is not reachable."""


def routes() -> list[BaseRoute]:
    return [Route("/healthz", healthz), Route("/readyz", readyz), Route("/metrics", metrics)]


async def healthz(request: Request) -> Response:
    """Alive: the event loop answers (a balancer restarts nothing on this; see /readyz)."""
    return JSONResponse({"status": "ok"})


async def readyz(request: Request) -> Response:
    """Ready for players: 200 once the database answers and every table in play is loaded (on
    PostgreSQL, every one whose lease this process took at start: a cluster's other tables are
    its peers'); 503, saying which is missing, before that or while the database is unreachable
    (a balancer then sends players to the other processes)."""
    keeper: Keeper = request.app.state.keeper
    problems: dict[str, Any] = {}
    if keeper.pending or not keeper.loaded.is_set():  # still loading, or the loader failed (its log says why)
        problems["tables_loading"] = len(keeper.pending)
    why = await _database(request)
    if why is not None:
        problems["database"] = why
    if problems:
        return JSONResponse({"status": "not ready", **problems}, status_code=503)
    body: dict[str, Any] = {"status": "ready", "tables": len(keeper.service.tables)}
    if keeper.authority.leases is not None:  # a cluster: this process's share of the tables in play
        body["owned"] = sum(1 for t in keeper.service.tables.values() if t.fence is not None)
    return JSONResponse(body)


async def _database(request: Request) -> str | None:
    """None if the database answered a trivial query lately, else why not (its error's type)."""
    state = request.app.state
    checked: tuple[float, str | None] | None = getattr(state, "db_checked", None)
    now = time.monotonic()
    if checked is not None and now - checked[0] < DB_CHECK_S:
        return checked[1]
    keeper: Keeper = state.keeper
    try:
        await asyncio.wait_for(asyncio.to_thread(keeper.store.ping), DB_TIMEOUT_S)
        why = None
    except TimeoutError:
        why = "no answer"
    except Exception as exc:  # noqa: BLE001 - whatever the driver raises, the database is not usable
        why = type(exc).__name__
    state.db_checked = (time.monotonic(), why)
    return why


def may_read_metrics(request: Request) -> bool:
    """The token, if the operator set one; else a loopback client that came straight here."""
    token: str | None = request.app.state.metrics_token
    if token:
        given = request.headers.get("authorization", "")
        return secrets.compare_digest(given.encode(), f"Bearer {token}".encode())
    if "x-forwarded-for" in request.headers or request.client is None:
        return False
    try:
        return ipaddress.ip_address(request.client.host).is_loopback
    except ValueError:
        return False


async def metrics(request: Request) -> Response:
    if not may_read_metrics(request):
        return PlainTextResponse("metrics: only from this machine, or with the --metrics-token\n", status_code=403)
    hub: Hub = request.app.state.hub
    keeper: Keeper = request.app.state.keeper
    text = hub.metrics.render(readings(hub, keeper))
    return PlainTextResponse(text, media_type="text/plain; version=0.0.4")


def readings(hub: Hub, keeper: Keeper) -> list[Reading]:
    """The figures read now: tables in memory by status, tables still loading, connections, the
    AI's lines and what the keeper loaded and forgot."""
    statuses = collections.Counter(t.status for t in hub.service.tables.values())
    owned = sum(1 for t in hub.service.tables.values() if t.fence is not None)
    thinking = hub.thinking
    return [
        ("sabbat_tables", "gauge", "Tables in memory in this process, by status.",
         [({"status": s}, statuses.get(s, 0)) for s in ("playing", "finished", "stopped", "expired")]),
        ("sabbat_tables_loading", "gauge", "Tables in play not loaded yet since start.", [({}, len(keeper.pending))]),
        ("sabbat_table_loads_total", "counter",
         "Tables rebuilt from their logs since start (in play at start, or asked for).", [({}, keeper.loads)]),
        ("sabbat_tables_forgotten_total", "counter",
         "Finished tables dropped from memory since start (nobody asked for a while).", [({}, keeper.forgotten)]),
        ("sabbat_connections", "gauge", "Open WebSocket connections to tables.",
         [({}, sum(len(c) for c in hub.conns.values()))]),
        ("sabbat_ai_waiting", "gauge", "AI jobs waiting for a worker, by line.",
         [({"line": line}, len(jobs)) for line, jobs in thinking.lines.items()]),
        ("sabbat_ai_running", "gauge", "AI jobs running in the workers.", [({}, thinking.running)]),
        ("sabbat_commits_waiting", "gauge", "Moves waiting for the next group commit.",
         [({}, len(hub.authority.commits.waiting))]),
        ("sabbat_tables_owned", "gauge",
         "Tables this process holds a lease on (PostgreSQL: its share of a cluster; 0 on SQLite).", [({}, owned)]),
    ]
