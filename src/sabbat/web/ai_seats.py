"""How many AI seats may be in play at once: per client address and on the whole server.

Why bounds and not only a fair line: every AI seat in play asks the workers for moves for as long
as its game runs, and a table of AI players alone asks without pause. The workers' line is shared
by creator (`thinking`), but a bound declared up front refuses the table with a clear reason
before any work, instead of letting one address's tables take a growing part of the workers.
"""

from __future__ import annotations

from collections.abc import Iterable

from .creators import too_many_ai_seats
from .rejected import Rejected
from .table import Table


def check(tables: Iterable[Table], client: str | None, adding: int, per_client: int, total: int) -> None:
    """Refuse a new table's `adding` AI seats past either bound, counting the tables held here (a
    table in play counts until its game ends); `client` is the creator's key (`creators.key`).
    The per-address bound is counted again over every process as the table is written
    (`creators.check`); the server's bound is this process's, whose workers play the seats."""
    if adding <= 0:
        return
    held = mine = 0
    for table in tables:
        if table.status != "playing":
            continue
        n = sum(1 for s in table.seats if s.kind == "ai")
        held += n
        if client is not None and table.creator == client:
            mine += n
    if client is not None:
        too_many_ai_seats(mine, adding, per_client)
    if held + adding > total:
        raise Rejected("server_ai_full", limit=total)
