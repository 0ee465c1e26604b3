"""The lobby's side of the tables: which are listed where, and when a table nobody joined expires."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .names import MAX_SEAT_NAME, MAX_TABLE_NAME, stored_name
from .store import TableRow
from .table import Seat, Table

OPEN_EXPIRY_S = 3600.0
"""Default seconds a table may wait with a seat nobody has claimed before it expires."""
LISTED = 200
"""The most tables one listing shows (the newest)."""


def listing(tables: Iterable[Table], status: str | None = None,
            elsewhere: Iterable[dict[str, Any]] = ()) -> list[dict[str, Any]]:
    """Newest first, at most LISTED: `open` (a seat to claim), `playing` (the default), `finished`
    (for replays) or `stopped` (a log that no longer replays). An expired table, and a lesson's
    (one person's own), is listed nowhere; its id still finds it. `elsewhere` are the rows other
    processes published (a cluster on PostgreSQL; a lesson's is never published); a table held
    here is listed as it is here."""
    wanted = {"open": "playing", "finished": "finished", "stopped": "stopped"}.get(status or "", "playing")
    here = list(tables)
    rows = {r["table_id"]: r for r in elsewhere}
    rows.update((t.id, t.row()) for t in here)
    lessons = {t.id for t in here if t.lesson is not None}
    chosen = [r for r in rows.values() if r["status"] == wanted and r["table_id"] not in lessons
              and (status != "open" or r["open_seats"])]
    return sorted(chosen, key=lambda r: -r["created"])[:LISTED]


def unclaimed_too_long(table: Table, now: float, expiry_s: float) -> bool:
    """A seat still waits for its person, `expiry_s` after the table opened (an open seat nobody
    claimed, an invite nobody took up): it expires. No AI plays a seat nobody came to."""
    return table.unclaimed() and now - table.opened_at > expiry_s


def stored_row(row: TableRow, moves: int) -> dict[str, Any]:
    """A finished table's lobby row read from the database alone (not replayed): nobody is
    connected, and `version` is its number of moves."""
    seats = [Seat(s.seat, s.kind, s.agent, s.token_hash, s.open, stored_name(s.name, MAX_SEAT_NAME)).public()
             for s in row.seats]
    return {"table_id": row.id, "game": row.game, "players": row.num_players, "seats": seats,
            "status": row.status, "created": row.created, "version": moves,
            "name": stored_name(row.settings.get("name"), MAX_TABLE_NAME),
            "open_seats": [], **({"seed": row.seed} if row.settings.get("seed_chosen") else {}),
            **({"custom_cards": True} if row.cards is not None else {})}
