"""Fair shares of the server per client address: every request and message costs units of work,
and an address that spends faster than its share waits for its next one to be read.

Why waiting and not refusing: a refusal still costs the server a parsed request and an answer,
so a client sending as fast as it can would keep the server busy with refusals; a client whose
next request is simply not read yet costs nothing while it waits (its bytes wait in the
network), and its own connections are the only ones slowed. Why per address and not per
connection: twenty connections from one client would otherwise have twenty shares.
"""

from __future__ import annotations

import asyncio
import ipaddress
import time
from collections.abc import Callable

from starlette.types import ASGIApp, Receive, Scope, Send

from .limits import ADDRESS_BURST, ADDRESS_RATE, IPV6_PREFIX

KEEP = 4096
"""Addresses remembered before those whose share is full again (idle ones) are forgotten."""


class Shares:
    """Token buckets per address: `rate` units a second, `burst` at once after a quiet spell;
    spending beyond runs a debt that the address's next work waits off."""

    def __init__(self, rate: float = ADDRESS_RATE, burst: float = ADDRESS_BURST,
                 clock: Callable[[], float] = time.monotonic, ipv6_prefix: int = IPV6_PREFIX) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.ipv6_prefix = ipv6_prefix
        """Bits of an IPv6 address that name one client (`client_key`)."""
        self.buckets: dict[str, list[float]] = {}
        """address -> [units left (negative: in debt), when last counted]."""

    def charge(self, address: str | None, units: float) -> float:
        """Spend `units` of the address's share; the seconds its work should wait (0: none)."""
        if address is None or units <= 0:
            return 0.0
        now = self.clock()
        bucket = self.buckets.get(address)
        if bucket is None:
            if len(self.buckets) >= KEEP:
                self._forget_idle(now)
            bucket = self.buckets[address] = [self.burst, now]
        left = min(self.burst, bucket[0] + (now - bucket[1]) * self.rate) - units
        bucket[0], bucket[1] = left, now
        return 0.0 if left >= 0 else -left / self.rate

    def owes(self, address: str) -> bool:
        """Whether the address has spent past its share (its next work would wait)."""
        bucket = self.buckets.get(address)
        return bucket is not None and bucket[0] + (self.clock() - bucket[1]) * self.rate < 0

    async def take(self, address: str | None, units: float) -> None:
        """Spend `units`, waiting first while the address is in debt."""
        wait = self.charge(address, units)
        if wait > 0:
            await asyncio.sleep(wait)

    def _forget_idle(self, now: float) -> None:
        for address, (left, at) in list(self.buckets.items()):
            if left + (now - at) * self.rate >= self.burst:
                del self.buckets[address]


def request_cost(method: str, path: str) -> float:
    """Units one HTTP request costs, roughly its share of the server's time: a static file is
    cheap, a new table or a replay position is built by the server."""
    if path.startswith("/static/"):
        return 0.25
    if not path.startswith("/api/"):
        return 1.0
    if path == "/api/tables":
        return 10.0 if method == "POST" else 2.0
    if path.endswith(("/join", "/token", "/invites")):  # a seat's key written to the database
        return 5.0
    if path.endswith("/replay") or path.endswith("/replay/view"):
        return 5.0
    return 1.0


WEBSOCKET_OPEN = 5.0
"""Units opening a WebSocket costs (its handshake and the full view it is sent)."""


CLIENT = "sabbat.client"
"""Where `FairShare` leaves the request's `client_key` in its scope for the routes."""


def client_key(host: str, ipv6_prefix: int = IPV6_PREFIX) -> str:
    """Whose share (and whose connection and table caps) an address counts against: IPv4 as it
    is, also when it arrives IPv4-mapped (::ffff:a.b.c.d, from a dual-stack listener); IPv6 by
    its network of `ipv6_prefix` bits, so that stepping through the addresses one subscriber
    holds does not earn it more."""
    if ":" not in host:
        return host
    try:
        address = ipaddress.IPv6Address(host)
    except ValueError:
        return host
    if address.ipv4_mapped is not None:
        return str(address.ipv4_mapped)
    return str(ipaddress.IPv6Network((address, ipv6_prefix), strict=False))


def address_of(scope: Scope) -> str | None:
    """The client's `client_key`, from its address as the server believes it (a trusted proxy's
    forwarded one), as `FairShare` reckoned it."""
    if CLIENT in scope:
        return str(scope[CLIENT]) if scope[CLIENT] is not None else None
    client = scope.get("client")
    return client_key(str(client[0])) if client else None


class FairShare:
    """ASGI middleware: each request and WebSocket waits off its address's debt before it runs."""

    def __init__(self, app: ASGIApp, shares: Shares) -> None:
        self.app = app
        self.shares = shares

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            client = scope.get("client")
            key = scope[CLIENT] = client_key(str(client[0]), self.shares.ipv6_prefix) if client else None
            cost = request_cost(scope["method"], scope["path"]) if scope["type"] == "http" else WEBSOCKET_OPEN
            await self.shares.take(key, cost)
        await self.app(scope, receive, send)
