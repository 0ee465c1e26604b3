"""Uploaded card files: checked off the event loop, paid for by their sender, refusals counted.

Why: reading and checking a card file is the costliest work one request can ask of the server.
Its game's declared bounds (`sabbat.core.carddata.CardBounds`, with the file's bytes, values and
nesting) keep it to tens of milliseconds, but in the event loop even that would hold every
other table's moves. So the check runs in one thread of its own, one file at a time (however
many arrive, the loop keeps its turns); the sender's share pays for the file's bytes before the
check starts; and a refused file counts as one of its sender's tables for a while
(`REFUSED_HOLD_S`), so refusals cannot be sent faster than tables could be made.
"""

from __future__ import annotations

import asyncio
import collections
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from sabbat.core import carddata
from sabbat.core.errors import CardFileTooLarge
from sabbat.core.game import Game

from .fair import KEEP, Shares
from .rejected import Rejected

T = TypeVar("T")

CARD_BYTES_PER_UNIT = 256
"""A card file costs its sender's share one unit (a WebSocket message's worth) per this many bytes:
the largest file allowed (64 KB) costs 256 units, two seconds of an address's share."""
REFUSED_HOLD_S = 60.0
"""How long a refused card file counts as one of its sender's tables."""

_CODES = {"bytes": "cards_too_long", "values": "cards_too_many_values", "depth": "cards_too_deep",
          "count": "cards_too_many_copies", "cards": "cards_too_many_cards"}


def card_text(value: Any) -> str | None:
    """The card file a lobby request sends (None: the shipped cards), refused at once if it is not
    text or is over the size bound: nothing reads it before this."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise Rejected.setup("cards_text")
    try:
        carddata.check_size(value.encode("utf-8", "surrogatepass"))
    except CardFileTooLarge as exc:
        raise Rejected("cards_too_long", found=f"{exc.found:,}", limit=f"{exc.limit:,}") from None
    return value


def price(text: str) -> float:
    """Units of its sender's share a card file costs (`CARD_BYTES_PER_UNIT`)."""
    return len(text.encode("utf-8", "surrogatepass")) / CARD_BYTES_PER_UNIT


def over_bound(exc: CardFileTooLarge, game: Game) -> Rejected:
    """A card file over one of its bounds, refused naming the bound, in each person's language."""
    found = "" if exc.found is None else f"{exc.found:,}"
    return Rejected(_CODES[exc.bound], limit=f"{exc.limit:,}", found=found, game=game.info.title)


class Refusals:
    """When each sender's card files were refused, for `REFUSED_HOLD_S` (the table cap counts them)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic, hold_s: float = REFUSED_HOLD_S) -> None:
        self.clock = clock
        self.hold_s = hold_s
        self.times: dict[str, collections.deque[float]] = {}

    def add(self, client: str | None) -> None:
        if client is None:
            return
        if client not in self.times and len(self.times) >= KEEP:
            for other in list(self.times):  # senders who never came back are forgotten once their time is up
                self.held(other)
        self.times.setdefault(client, collections.deque()).append(self.clock())

    def held(self, client: str) -> int:
        """Card files `client` had refused within the last `hold_s` seconds."""
        times = self.times.get(client)
        if times is None:
            return 0
        now = self.clock()
        while times and now - times[0] >= self.hold_s:
            times.popleft()
        if not times:
            del self.times[client]
        return len(times)


class CardChecks:
    """The work of checking card files, in one thread of its own (one file at a time)."""

    def __init__(self, shares: Shares | None = None) -> None:
        self.shares = shares
        self.thread = ThreadPoolExecutor(1, thread_name_prefix="sabbat-cards")

    async def check(self, work: Callable[[], T], text: str, client: str | None, refused: Refusals) -> T:
        """`work()` (the check of card file `text`, sent by `client`) run in the checking thread once
        the sender's share has paid for the file; a refusal is counted in `refused`."""
        if self.shares is not None:
            await self.shares.take(client, price(text))
        try:
            return await asyncio.get_running_loop().run_in_executor(self.thread, work)
        except Rejected:
            refused.add(client)
            raise

    def close(self) -> None:
        self.thread.shutdown(wait=False, cancel_futures=True)
