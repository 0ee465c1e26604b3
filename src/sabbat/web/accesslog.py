"""The server's log lines: time, level and process on every line, and (with `--access-log`) one
line per request with how long it took.

Why our own access log and not uvicorn's: uvicorn's line has no duration, and an operator looking
for a slow request, or a balancer's health checks gone slow, needs it. A WebSocket is logged once,
when it ends, with how long it was open. The client's address is the one the server believes
(behind a `--proxy`, the forwarded one); a seat's token never appears (it travels after `#` in an
invite link, which no browser sends, and inside the WebSocket's messages).
"""

from __future__ import annotations

import logging
import time
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

FORMAT = "%(asctime)s %(levelname)s %(processName)s[%(process)d] %(name)s: %(message)s"
"""Every line of the server's log: time (with milliseconds), level, process name and id, logger."""

log = logging.getLogger("sabbat.access")


def log_config(level: str) -> dict[str, Any]:
    """uvicorn's logging configuration with FORMAT on stderr for uvicorn's and sabbat's loggers."""
    handler = {"class": "logging.StreamHandler", "formatter": "line", "stream": "ext://sys.stderr"}
    return {
        "version": 1, "disable_existing_loggers": False,
        "formatters": {"line": {"format": FORMAT}},
        "handlers": {"stderr": handler},
        "loggers": {
            "uvicorn": {"handlers": ["stderr"], "level": level, "propagate": False},
            "uvicorn.access": {"handlers": [], "level": "WARNING", "propagate": False},
            "sabbat": {"handlers": ["stderr"], "level": "INFO", "propagate": False},
        },
    }


class AccessLog:
    """ASGI middleware: one `sabbat.access` line per request or WebSocket, with its duration."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status = [0]
        logged = [False]

        async def watched(message: Message) -> None:
            kind = message["type"]
            if kind == "http.response.start":
                status[0] = message["status"]
            elif kind == "http.response.body" and not message.get("more_body"):
                logged[0] = True  # before the last bytes leave: a client that reads the log then finds it
                _line(scope, status[0], time.perf_counter() - started)
            elif kind == "websocket.accept":
                status[0] = 101
            elif kind == "websocket.close" and not status[0]:
                status[0] = 403  # refused before it opened
            await send(message)

        try:
            await self.app(scope, receive, watched)
        finally:
            if not logged[0]:
                _line(scope, status[0] or 500, time.perf_counter() - started)


def _line(scope: Scope, status: int, seconds: float) -> None:
    client = scope.get("client")
    who = f"{client[0]}:{client[1]}" if client else "-"
    path = scope.get("path", "")
    query = scope.get("query_string", b"")
    if query:
        path += "?" + query.decode("latin-1")
    method = scope.get("method", "WS")
    log.info('%s - "%s %s HTTP/%s" %d %.1fms', who, method, path, scope.get("http_version", "1.1"), status,
             seconds * 1000)
