"""Seat tokens changed after the table was made: a holder's new link, a creator's invite taken back.

Why: a token is the key to its seat, and a link can leak (a chat forwarded, a screen shared).
The seat's holder may replace their token at any time: the old link stops working at once and
every connection opened with it is closed. The table's creator may take back an invite nobody
has taken up yet, or replace it with a new one, with the creator's key (given once, with the
table); a seat its person came to is theirs, and only they may change its key. Like the seat
tokens, the creator's key is kept only as a hash.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from .rejected import Rejected
from .table import Table, hash_token
from .tables import TableService

ACTIONS = ("withdraw", "reissue")


@dataclass
class Rekey:
    """A seat's token about to change: the new token (None: the invite is withdrawn)."""

    table: Table
    seat: int
    token: str | None

    @property
    def token_hash(self) -> str | None:
        return None if self.token is None else hash_token(self.token)


def _usable(table: Table) -> None:
    if table.expired:
        raise Rejected("table_expired")


def plan_rotate(service: TableService, table: Table, token: Any) -> Rekey:
    """The holder of `token` gets a new token for their seat; Rejected `bad_token` for any other."""
    _usable(table)
    seat = service.seat_of(table, token) if isinstance(token, str) else None
    if seat is None:
        raise Rejected("bad_token")
    return Rekey(table, seat, secrets.token_urlsafe(24))


def plan_reissue(table: Table, key: Any, seat: Any, action: Any) -> Rekey:
    """The creator (`key`) withdraws seat `seat`'s invite, or replaces it with a new one
    (`action`): only a person's seat reached by invite link that nobody has come to yet."""
    _usable(table)
    if action not in ACTIONS:
        raise Rejected.because("invite_action", choices=", ".join(ACTIONS))
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(table.seats):
        raise Rejected.because("seat_number")
    stored = table.settings.get("creator_hash")
    if not isinstance(key, str) or len(key) > 200 or not isinstance(stored, str) \
            or not secrets.compare_digest(stored, hash_token(key)):
        raise Rejected("not_creator")
    s = table.seats[seat]
    if s.kind != "human" or s.open:
        raise Rejected("not_invited", seat=seat + 1)
    if s.joined:
        raise Rejected("invite_taken", seat=seat + 1)
    return Rekey(table, seat, secrets.token_urlsafe(24) if action == "reissue" else None)
