"""Allowed hosts: a request is served only when its `Host` names this server.

Why: a hostile page can make its own name resolve to 127.0.0.1 (DNS rebinding); the browser then
sends that page's requests and WebSockets to a player's own `sabbat serve`, and since the page's
`Origin` matches the `Host` it sent, the cross-site checks pass. The `Host` is the one thing
such a request cannot hide: it is the hostile name. So a server bound to loopback answers only
to the loopback names, and a public one to the names its operator configured (`--allowed-host`).
"""

from __future__ import annotations

import ipaddress
import json
import logging

from starlette.datastructures import Headers, QueryParams
from starlette.types import ASGIApp, Receive, Scope, Send

from sabbat.core import i18n

from .http_limits import request_lang

log = logging.getLogger("sabbat.web")

LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")
"""The names a loopback server answers to, whatever else is configured."""


def host_name(header: str) -> str:
    """The name in a `Host` header, lower-case, without its port or an IPv6 literal's brackets."""
    name = header.strip().lower()
    if name.startswith("["):
        return name[1:].partition("]")[0]
    if name.count(":") == 1:
        name = name.partition(":")[0]
    return name.rstrip(".")


def _is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def _is_loopback(name: str) -> bool:
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return name == "localhost"


class AllowedHosts:
    """Which `Host` names a server answers to: the loopback names, the name it listens on, the
    `names` the operator configured (`*`: any), and, when it listens beyond loopback, any address
    written as digits (a rebinding page always sends its own name, never an address)."""

    def __init__(self, bind: str, names: tuple[str, ...] = ()) -> None:
        self.any = "*" in names
        self.names = {*LOOPBACK_NAMES, host_name(bind), *(host_name(n) for n in names if n != "*")}
        self.addresses = not _is_loopback(bind)
        """Whether any address literal is this server's own (it listens beyond loopback)."""

    def allows(self, header: str | None) -> bool:
        """Whether a request with this `Host` header is for this server (none: not a browser)."""
        if header is None or self.any:
            return True
        name = host_name(header)
        return name in self.names or _is_loopback(name) or (self.addresses and _is_address(name))

    def describe(self) -> str:
        """The names, for the start-up log line."""
        if self.any:
            return "any"
        return ", ".join(sorted(self.names)) + (", any address" if self.addresses else "")


class HostCheck:
    """ASGI middleware: a request or WebSocket whose `Host` is not allowed is refused before
    anything runs (HTTP 400 with a JSON error; a WebSocket handshake 403)."""

    def __init__(self, app: ASGIApp, hosts: AllowedHosts) -> None:
        self.app = app
        self.hosts = hosts
        self.told = False

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        host = headers.get("host")
        if self.hosts.allows(host):
            await self.app(scope, receive, send)
            return
        if not self.told:
            self.told = True
            log.warning("refused a request for host %r: this server answers to %s (add its public name with "
                        "--allowed-host or SABBAT_ALLOWED_HOSTS; docs/hosting.md)", host, self.hosts.describe())
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008})
            return
        lang = request_lang(headers, QueryParams(scope.get("query_string", b"")))
        body = json.dumps({"error": i18n.render("web.host_not_allowed", lang, {"host": host_name(host or "")[:100]})},
                          ensure_ascii=False).encode()
        await send({"type": "http.response.start", "status": 400,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})
