"""A server behind a proxy it was not told about says so once in its log.

Why: without `--proxy`, every request relayed by a reverse proxy comes from the proxy's address,
so all the site's clients are one client: together they may hold 10 tables and 64 connections,
and share one share of the server's work. Nothing fails at first, so an operator would not
notice until the site filled up; a forwarded-for header on a request shows it at once.
"""

from __future__ import annotations

import logging

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Receive, Scope, Send

log = logging.getLogger("sabbat.web")

FORWARDED = ("x-forwarded-for", "forwarded", "x-real-ip")
"""Headers a reverse proxy adds with the client's address."""


class ProxyNotice:
    """ASGI middleware for a server without `--proxy`: the first request that carries a
    forwarded-for header is logged as a warning; every request passes unchanged."""

    def __init__(self, app: ASGIApp, tables: int, connections: int) -> None:
        self.app = app
        self.tables, self.connections = tables, connections
        """The per-client caps all the proxy's clients then share (for the message)."""
        self.told = False

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if not self.told and scope["type"] in ("http", "websocket"):
            headers = Headers(scope=scope)
            if any(name in headers for name in FORWARDED):
                self.told = True
                client = scope.get("client")
                proxy = str(client[0]) if client else "ADDRESS"
                log.warning("requests arrive through a proxy (%s sends %s) but --proxy is not set: every client "
                            "behind it counts as that one address, so all of them together may have %d tables "
                            "and %d connections and share one client's share of the server; start it with "
                            "--proxy %s (docs/hosting.md)", proxy, next(n for n in FORWARDED if n in headers),
                            self.tables, self.connections, proxy)
        await self.app(scope, receive, send)
