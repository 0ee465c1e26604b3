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
HINT_WORKER_SECOND = 120.0
"""A hint also costs its asker's address this many units per second it held an AI worker (a
second of the address's share, `ADDRESS_RATE`, per second of search), charged when the search
ends: one address's many connections asking for hints pay for the workers they keep busy."""
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
IPV6_PREFIX = 56
"""Bits of an IPv6 address that name one subscriber: ISPs hand a home a /56 (some a /48 or a
/64), and each address in it costs its holder nothing, so one share covers the whole prefix."""
FANOUT_FRAME = 0.25
"""Units a change costs its sender for each frame it makes the server send to another reader (a
spectator, another seat): a move or a name seen by sixty readers costs fifteen units more than
one seen by nobody, so a sender cannot make the server work for many readers at the price of one
message. (A frame is mostly built once for all its readers; sending it, compressed, is the cost.)"""
WRITE_COST = 5.0
"""Units a message that writes a row costs beyond the message itself (a new seat name): what
joining a seat costs over HTTP."""
ASKED_VIEWS_RATE = 400.0
"""Units of asked-for full views (one per VIEW_BYTES of them) a second the whole server sends,
all clients together; past it a `view` or `lang` message is refused (`busy`) until the budget
refills. Why a server-wide budget: each address pays for its views, but twenty addresses
together could still fill the event loop with views nobody needs to play; a view is never
needed to play on (every change sends one), so it is what waits when the server is busy."""
ASKED_VIEWS_BURST = 2 * ASKED_VIEWS_RATE
"""Units of asked-for views the server sends at once after a quiet spell."""
AI_SEATS_PER_CLIENT = 12
"""Default AI seats one client address's tables may have in play at once (three games of four)."""
AI_SEATS = 1000
"""Default AI seats all the server's tables may have in play at once (`ai_seats`)."""


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
    ipv6_prefix: int = IPV6_PREFIX
    """Bits of an IPv6 address that name one client (`fair.client_key`)."""
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
