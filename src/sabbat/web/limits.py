"""How much of the server one client may hold: the numbers `sabbat serve` enforces (in
`http_limits`), kept free of heavy imports so the command line can show them as defaults."""

from __future__ import annotations

from dataclasses import dataclass

MAX_BODY = 2 * 1024 * 1024


@dataclass(frozen=True)
class Limits:
    """What one client may hold; `sabbat serve` options set them."""

    header_timeout_s: float = 10.0
    """A connection's request headers must be complete this long after it opens (or after its
    previous answer), else it is closed: half-open requests cannot pile up."""
    body_timeout_s: float = 30.0
    """A request's body must have arrived this long after its headers (2 MB at 70 KB/s)."""
    max_connections: int = 2000
    """Connections at once, all clients together (WebSockets included); past it, 503."""
    per_client: int = 64
    """Connections at once from one address (WebSockets included); past it, closed at once."""
    proxies: tuple[str, ...] = ()
    """Addresses of trusted reverse proxies: their connections carry many clients, so the
    per-client cap is theirs to apply (see docs/hosting.md)."""
