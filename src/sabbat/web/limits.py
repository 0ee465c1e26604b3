"""What one client may send and hold: frame and body sizes, queue depth, message rate, and the
HTTP deadlines and connection caps `sabbat serve` enforces (in `http_limits`).

Why one place: the limits are a promise to client writers (docs/server.md states each); the
transport modules read them from here instead of each keeping its own numbers. Nothing heavy
is imported here, so the command line can show them as defaults.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

MAX_FRAME = 16 * 1024
"""Characters in one WebSocket message a client sends."""
MAX_DEPTH = 16
"""Levels of arrays and objects one WebSocket message may nest (an action needs three)."""
MAX_BODY = 2 * 1024 * 1024
"""Bytes in one HTTP request body."""
KEEP_S = 600.0
"""Default seconds a finished table nobody asks for stays in memory (`keeping`)."""
QUEUE_LIMIT = 64
"""Frames waiting for one connection; a client that lets more pile up is closed (4408)."""
RESERVE = 8
"""Room kept in a queue for the answers to one message: while fewer places are free, the
connection's next message waits (its client is slowed down, never silently ignored) and a table
change is not queued (the reader gets a full view marked `skipped` once its queue has drained)."""
VIEW_CACHE = 256
"""Full views kept built (per table change, reader and language) for readers asking again."""
VIEW_BYTES = 16 * 1024
"""A view a client asks for costs one message of its rate per this many bytes of it."""
HINT_BYTES = 1024
"""A hint costs its asker one unit (of its connection's rate and of its address's share) per this
many bytes of the position sent to an AI worker: writing, sending and reading it back are the
hint's cost to the server that grows with the table (a card file's many cards)."""
ROOM_WAIT_S = 30.0
"""How long a connection's next message waits for room in its queue before it is closed (4408)."""
RATE = 60.0
"""Messages a second one connection may send, on average."""
BURST = 120.0
"""Messages one connection may send at once after a quiet spell."""
FLOOD_CLOSE = 50
"""Messages refused for rate after which the connection is closed (4429)."""
ADDRESS_RATE = 120.0
"""Units of work a second one client address may spend, all its connections and requests
together (a WebSocket message is one unit; `fair.request_cost` prices HTTP requests)."""
ADDRESS_BURST = 600.0
"""Units one address may spend at once after a quiet spell (a page load, a few new tables)."""


@dataclass(frozen=True)
class Limits:
    """What one client may hold; `sabbat serve` options set them."""

    header_timeout_s: float = 10.0
    """A connection's request headers must be complete this long after it opens (or after its
    previous answer), else it is closed: half-open requests cannot pile up."""
    body_timeout_s: float = 30.0
    """A request's body must have arrived this long after its headers (2 MB at 70 KB/s)."""
    max_connections: int = 2000
    """Connections at once, all clients together (WebSockets included); past it new ones are
    closed at once (and a request that arrives while as many are busy gets 503)."""
    per_client: int = 64
    """Connections at once from one address (WebSockets included); past it, closed at once."""
    address_rate: float = ADDRESS_RATE
    """Units of work a second one client address may spend (`fair`); bursts of five seconds' worth."""
    proxies: tuple[str, ...] = ()
    """Addresses of trusted reverse proxies: their connections carry many clients, so the
    per-client cap is theirs to apply (see docs/hosting.md)."""


@dataclass
class Bucket:
    """Token bucket: RATE messages a second, bursts of BURST; counts the refusals (strikes)."""

    tokens: float = BURST
    refilled: float = field(default_factory=time.monotonic)
    strikes: int = 0

    def charge(self, messages: float) -> None:
        """Count work done for the client as that many more messages (a large view it asked for)."""
        self.tokens -= messages

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(BURST, self.tokens + (now - self.refilled) * RATE)
        self.refilled = now
        if self.tokens < 1:
            self.strikes += 1
            return False
        self.tokens -= 1
        return True
