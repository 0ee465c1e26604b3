"""`sabbat serve`: one process serving every table over HTTP and WebSocket."""

from __future__ import annotations

import gc
import os
from pathlib import Path

import uvicorn

from .app import MAX_FRAME, create_app


def data_dir() -> Path:
    """Where the embedded database lives (XDG data directory)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "sabbat"


def run(host: str, port: int, db: str | None, workers: int, grace_s: float, allow_origins: tuple[str, ...],
        extra_agents: tuple[str, ...] = (), announce: bool = True) -> None:
    database = db or str(data_dir() / "sabbat.sqlite3")
    app = create_app(database, workers=workers, grace_s=grace_s, allow_origins=allow_origins,
                     extra_agents=extra_agents)
    shown_host = f"[{host}]" if ":" in host else host
    config = uvicorn.Config(app, host=host, port=port, ws_max_size=MAX_FRAME * 4, log_level="warning",
                            access_log=False, lifespan="on")
    server = uvicorn.Server(config)
    _calm_garbage_collector()
    if announce:
        where = database if "://" not in database else database.split("@")[-1]
        print(f"sabbat serve: http://{shown_host}:{port}/  (database: {where})", flush=True)
    server.run()


def _calm_garbage_collector() -> None:
    """Keep full garbage collections rare and short: a server holds every live table's state, so
    a full pass over them (tens of milliseconds per thousand tables, more as logs grow) would stall
    every table's moves. Game states are freed by reference counting as moves replace them; what
    is alive at start is moved out of the collector's sight, and collections run less often."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 20, 100)
