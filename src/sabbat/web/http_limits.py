"""Limits that keep one stranger from holding the HTTP server.

Why two layers: a request whose headers never finish never reaches the application, so the
header and body deadlines and the per-client connection cap live in the socket protocol
(uvicorn's own has none of them); the body's size is checked in the application layer as it
streams, so a huge body is refused at the limit instead of being read whole first.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
from collections.abc import Callable

from starlette.datastructures import Headers, QueryParams
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from sabbat.core import i18n

from .fair import client_key
from .limits import MAX_BODY, Limits


def request_lang(headers: Headers, query: QueryParams) -> str:
    """The language of a request's answers: `?lang=`, else Accept-Language, else English."""
    lang = query.get("lang") or ""
    if lang in i18n.LOCALES:
        return lang
    return "ja" if headers.get("accept-language", "").lower().startswith("ja") else "en"


def proxy_matcher(proxies: tuple[str, ...]) -> Callable[[str], bool]:
    """Whether an address is one of `proxies` (addresses or networks such as 10.0.0.0/8; `*` is
    any address), as uvicorn reads `forwarded_allow_ips`."""
    if "*" in proxies:
        return lambda host: True
    networks = []
    for proxy in proxies:
        with contextlib.suppress(ValueError):
            networks.append(ipaddress.ip_network(proxy, strict=False))

    def match(host: str) -> bool:
        try:
            address = ipaddress.ip_address(host)
        except ValueError:
            return host in proxies
        return any(address in network for network in networks)

    return match


def guarded_protocol(limits: Limits) -> type[HttpToolsProtocol]:
    """uvicorn's HTTP protocol with deadlines and a per-client cap; one class per server, whose
    connections share one table of open connections by address."""
    by_client: dict[str, set[asyncio.BaseTransport]] = {}
    is_proxy = proxy_matcher(limits.proxies)

    class GuardedProtocol(HttpToolsProtocol):
        deadline: asyncio.TimerHandle | None = None
        host: str | None = None
        """The client's key in the per-client table (`fair.client_key`); None if not counted."""

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            if len(self.connections) > limits.max_connections:
                transport.abort()  # full: holding it would only spend a file descriptor
                return
            host = self.client[0] if self.client else None
            if host is not None and not is_proxy(host):
                host = self.host = client_key(host, limits.ipv6_prefix)
                mine = {t for t in by_client.get(host, ()) if not t.is_closing()}
                if len(mine) >= limits.per_client:
                    transport.abort()
                    return
                mine.add(transport)
                by_client[host] = mine
            self._expect_within(limits.header_timeout_s)

        def connection_lost(self, exc: Exception | None) -> None:
            self._expect_within(None)
            host = self.host
            mine = by_client.get(host or "")
            if mine is not None:
                mine.discard(self.transport)
                if not mine:
                    del by_client[host or ""]
            super().connection_lost(exc)

        def on_headers_complete(self) -> None:
            upgrading = self.parser.should_upgrade() and self._should_upgrade()  # a WebSocket: no body
            self._expect_within(None if upgrading else limits.body_timeout_s)
            super().on_headers_complete()

        def on_message_complete(self) -> None:
            self._expect_within(None)
            super().on_message_complete()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self._expect_within(limits.header_timeout_s)

        def _expect_within(self, seconds: float | None) -> None:
            """Close the connection unless the next step (headers, or the body) ends in time."""
            if self.deadline is not None:
                self.deadline.cancel()
            self.deadline = None if seconds is None else self.loop.call_later(seconds, self._too_slow)

        def _too_slow(self) -> None:
            self.deadline = None
            if not self.transport.is_closing():
                self.transport.close()

    return GuardedProtocol


class BodyTooLarge(Exception):
    """A request's body passed the limit while it streamed."""


class BodyCut(Exception):
    """The client went away (or was closed for slowness) before its body ended: nothing to answer."""


class BodyLimit:
    """Refuse a request body over `max_body` bytes with 413: at once when its Content-Length says
    so, else as soon as the bytes read pass the limit, so no more than the limit is ever held."""

    def __init__(self, app: ASGIApp, max_body: int = MAX_BODY) -> None:
        self.app = app
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = Headers(scope=scope).get("content-length")
        if length is not None and not (length.isascii() and length.isdigit() and len(length) < 19
                                       and int(length) <= self.max_body):
            await self._refuse(scope, send)
            return
        seen = 0
        started = done = False

        async def counted() -> Message:
            nonlocal seen, done
            message = await receive()
            if done:
                return message
            if message["type"] == "http.disconnect":
                raise BodyCut
            seen += len(message.get("body", b""))
            if seen > self.max_body:
                raise BodyTooLarge
            done = not message.get("more_body", False)
            return message

        async def watched(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counted, watched)
        except BodyTooLarge:
            if not started:
                await self._refuse(scope, send)
        except BodyCut:
            pass

    async def _refuse(self, scope: Scope, send: Send) -> None:
        lang = request_lang(Headers(scope=scope), QueryParams(scope.get("query_string", b"")))
        size = f"{self.max_body / (1024 * 1024):g} MB"
        body = json.dumps({"error": i18n.render("web.body_too_large", lang, {"max": size})}, ensure_ascii=False).encode()
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                                (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": body})

