"""The server: the table authority behind an HTTP API and a WebSocket per reader (Starlette,
run by uvicorn). Routes are in `routes`, the WebSocket protocol in `protocol`, fan-out of
views in `hub`, client limits in `limits`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.routing import WebSocketRoute

from . import ai, ops
from .accesslog import AccessLog
from .authority import Authority
from .fair import FairShare, Shares
from .http_limits import BodyLimit
from .hub import Hub
from .keeping import Keeper
from .limits import AI_SEATS, AI_SEATS_PER_CLIENT, KEEP_S
from .lobby import OPEN_EXPIRY_S
from .ownership import Leases, SoleProcess, process_name
from .protocol import ws_table
from .replays import Replays
from .routes import ERROR_HANDLERS, http_routes
from .store import Store
from .tables import LEVELS, TABLES_PER_CLIENT, TableService

log = logging.getLogger("sabbat.web")
CLOCK_FRAME_S = 5.0
"""How often the readers of a table whose clock runs get a `clocks` frame."""
FORGET_S = 10.0
"""How often finished tables nobody looks at are looked for, to forget them."""


def create_app(db: str, workers: int = 2, grace_s: float = 60.0, allow_origins: tuple[str, ...] = (),
               pool: Any = None, extra_agents: tuple[str, ...] = (), open_expiry_s: float = OPEN_EXPIRY_S,
               tables_per_client: int = TABLES_PER_CLIENT, ai_seats_per_client: int = AI_SEATS_PER_CLIENT,
               ai_seats_total: int = AI_SEATS, shares: Shares | None = None,
               keep_finished_s: float = KEEP_S, access_log: bool = False,
               metrics_token: str | None = None) -> Starlette:
    """The whole server; `db` is a SQLite path or a postgresql:// URL. `extra_agents` are AI
    players the operator offers beside the levels (`sabbat serve --agent`); a table with a seat
    nobody claimed expires after `open_expiry_s`; one client address may have
    `tables_per_client` tables waiting or in play, and its tables `ai_seats_per_client` AI seats in
    play (`ai_seats_total` on the whole server, `ai_seats`). `shares` are the client addresses' fair
    shares of the server (`fair`; the defaults unless given). The tables in play load in the
    background once the server runs; a finished one loads when asked for and is forgotten
    `keep_finished_s` after the last time it was (`keeping`). `access_log` logs every request
    with its duration; `metrics_token` lets whoever sends it read /metrics (`ops`)."""
    store = Store(db)
    sole = SoleProcess(Path(store.engine.url.database or "")) if _sqlite_file(store) else None
    leases = Leases(store, process_name()) if store.engine.dialect.name == "postgresql" else None
    service = TableService(grace_s=grace_s, agents=(*LEVELS, *extra_agents), open_expiry_s=open_expiry_s,
                           tables_per_client=tables_per_client, ai_seats_per_client=ai_seats_per_client,
                           ai_seats_total=ai_seats_total)
    shares = shares or Shares()
    authority = Authority(service, store, leases, keep_finished_s, shares)
    service.arrivals.append(authority.arrived)  # each person's first coming is written (in the server's loop)
    keeper = authority.keeper
    keeper.expect()
    own_pool = pool is None
    hub = Hub(authority, pool if pool is not None else ai.make_pool(workers), workers, shares)
    replays = Replays(service)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        hub.loop = asyncio.get_running_loop()
        hub.resume_all()
        loader = asyncio.create_task(keeper.load_live())
        ticker = asyncio.create_task(_tick(hub, keeper))
        renewer = asyncio.create_task(authority.keep_leases())
        listener = asyncio.create_task(authority.listen())
        try:
            yield
        finally:
            ticker.cancel()
            loader.cancel()
            renewer.cancel()
            listener.cancel()
            try:
                await authority.hand_over()
            except Exception:
                log.exception("could not hand the tables over")
            hub.thinking.close()
            if own_pool:
                hub.pool.shutdown(wait=False, cancel_futures=True)
            authority.close()
            replays.close()
            store.close()
            if sole is not None:
                sole.release()

    routes = [*ops.routes(), *http_routes(), WebSocketRoute("/ws/tables/{table_id}", ws_table)]
    middleware = [Middleware(FairShare, shares=shares), Middleware(BodyLimit)]
    if access_log:
        middleware.insert(0, Middleware(AccessLog))
    app = Starlette(routes=routes, lifespan=lifespan, middleware=middleware, exception_handlers=ERROR_HANDLERS)
    app.state.shares = shares
    app.state.replays = replays
    app.state.service = service
    app.state.authority = authority
    app.state.hub = hub
    app.state.keeper = keeper
    app.state.metrics_token = metrics_token
    app.state.allow_origins = allow_origins
    return app


async def _tick(hub: Hub, keeper: Keeper) -> None:
    """Run the clocks twice a second; tell the readers the time left every CLOCK_FRAME_S; forget
    the finished tables nobody looks at every FORGET_S."""
    beats = 0
    while True:
        await asyncio.sleep(0.5)
        beats += 1
        try:
            hub.authority.tick()
            if beats % int(CLOCK_FRAME_S / 0.5) == 0:
                hub.clock_frames()
            if beats % int(FORGET_S / 0.5) == 0:
                hub.forget(keeper)
        except Exception:
            log.exception("clock tick failed")


def _sqlite_file(store: Store) -> bool:
    """A SQLite database in a file (not in memory): one server process may use it."""
    return store.engine.dialect.name == "sqlite" and store.engine.url.database not in (None, "", ":memory:")
