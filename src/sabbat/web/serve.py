"""`sabbat serve`: one process serving every table over HTTP and WebSocket."""

from __future__ import annotations

import gc
import logging
import logging.config
import multiprocessing
import os
import resource
import sys
from pathlib import Path
from typing import Any

import uvicorn
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory
from websockets.server import ServerProtocol

from sabbat import __version__

from . import accesslog
from .app import create_app
from .database import DatabaseUnavailable
from .fair import Shares
from .hosts import AllowedHosts, HostCheck
from .http_limits import guarded_protocol
from .limits import KEEP_S, MAX_FRAME, Limits
from .proxied import ProxyNotice
from .tables import TABLES_PER_CLIENT

log = logging.getLogger("sabbat.web")


def data_dir() -> Path:
    """Where the embedded database lives (XDG data directory)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "sabbat"


def run(host: str, port: int, db: str | None, workers: int, grace_s: float, allow_origins: tuple[str, ...],
        extra_agents: tuple[str, ...] = (), announce: bool = True, lobby: dict[str, Any] | None = None,
        limits: Limits | None = None, access_log: bool = False, keep_finished_s: float = KEEP_S,
        metrics_token: str | None = None, allowed_hosts: tuple[str, ...] = ()) -> None:
    """Serve until stopped; `lobby` holds create_app's lobby limits (`open_expiry_s`,
    `tables_per_client`). Forwarded headers (the client's address and scheme) are believed only
    from the `limits.proxies` addresses: anyone else could write them. Requests are served only
    for the loopback names, `allowed_hosts` and (listening beyond loopback) addresses (`hosts`)."""
    limits = limits or Limits()
    database = db or str(data_dir() / "sabbat.sqlite3")
    multiprocessing.current_process().name = f"sabbat:{port}"  # each line of the log says which server wrote it
    logging.config.dictConfig(accesslog.log_config("INFO"))
    try:
        app = create_app(database, workers=workers, grace_s=grace_s, allow_origins=allow_origins,
                         extra_agents=extra_agents, shares=Shares(limits.address_rate, 5 * limits.address_rate,
                                                                      ipv6_prefix=limits.ipv6_prefix),
                         keep_finished_s=keep_finished_s, access_log=access_log, metrics_token=metrics_token,
                         **(lobby or {}))
    except DatabaseUnavailable as exc:
        raise SystemExit(f"sabbat serve: {exc}") from None
    hosts = AllowedHosts(host, allowed_hosts)
    if not limits.proxies:
        app.add_middleware(ProxyNotice, tables=(lobby or {}).get("tables_per_client", TABLES_PER_CLIENT),
                           connections=limits.per_client)
    app.add_middleware(HostCheck, hosts=hosts)
    shown_host = f"[{host}]" if ":" in host else host
    config = uvicorn.Config(app, host=host, port=port, ws_max_size=MAX_FRAME * 4,
                            log_config=accesslog.log_config("INFO"), access_log=False, lifespan="on",
                            http=guarded_protocol(limits), ws=QuickDeflate, limit_concurrency=limits.max_connections,
                            proxy_headers=bool(limits.proxies), forwarded_allow_ips=list(limits.proxies) or None)
    server = uvicorn.Server(config)
    _open_files_for(limits.max_connections)
    _calm_garbage_collector()
    _quick_thread_handoff()
    where = database if "://" not in database else database.split("@")[-1]
    if announce:
        print(f"sabbat serve: http://{shown_host}:{port}/  (database: {where})", flush=True)
    keeper = app.state.keeper
    log.info("sabbat %s serving http://%s:%d/ (pid %d): database %s, %d tables in play to load, finished tables "
             "loaded when asked for and kept %gs, %d AI workers, proxies %s, host names %s, /metrics %s", __version__,
             shown_host, port, os.getpid(), where, len(keeper.pending), keep_finished_s, workers,
             ", ".join(limits.proxies) or "none", hosts.describe(), "with a token" if metrics_token else "from loopback only")
    server.run()


class QuickDeflate(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol with permessage-deflate at zlib's fastest level (1) instead
    of its default (6). Why: compressing the views was the largest single cost of a move on the
    event loop; level 1 compresses a view in about half the time for about 15% more bytes
    (benchmarks/server_load.py, docs/server.md). Window and memory stay uvicorn's."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.config.ws_per_message_deflate:
            self.conn = ServerProtocol(
                extensions=[ServerPerMessageDeflateFactory(server_max_window_bits=12, client_max_window_bits=12,
                                                           compress_settings={"memLevel": 5, "level": 1})],
                max_size=self.config.ws_max_size, logger=logging.getLogger("uvicorn.error"))


def _open_files_for(connections: int) -> None:
    """Let the process hold every connection it may accept, with room for the database and the
    workers: raise the soft limit on open files (often 1024) up to the hard one if need be."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = connections + 256
    if soft != resource.RLIM_INFINITY and soft < want:
        resource.setrlimit(resource.RLIMIT_NOFILE, (want if hard == resource.RLIM_INFINITY else min(want, hard), hard))


def _quick_thread_handoff() -> None:
    """Hand the interpreter between threads every millisecond instead of every five: the event
    loop shares it with the threads that commit moves and build replays, and a commit takes
    several turns, so while the loop is busy each turn's wait adds up in every move's latency."""
    sys.setswitchinterval(0.001)


def _calm_garbage_collector() -> None:
    """Keep full garbage collections rare and short: a server holds every live table's state, so
    a full pass over them (tens of milliseconds per thousand tables, more as logs grow) would stall
    every table's moves. Game states are freed by reference counting as moves replace them; what
    is alive at start is moved out of the collector's sight, and collections run less often."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 20, 100)
