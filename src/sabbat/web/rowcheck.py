"""Stored tables checked again before they are loaded, as strictly as the request that made them.

Why: a row in the database may come from an older server with looser checks, a restored
backup, or a hand edit. What a request may not name (an AI that is not offered here, a player
count the game does not have, a clock out of range, a seat of an unknown kind) must not come in
through the database either: an agent name reaches the AI loader, which may read files by name.
A row that fails is not loaded or played; the operator's log says which field and why.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from sabbat import games
from sabbat.core import SabbatError, lessons
from sabbat.core.game import SEED_RANGE
from sabbat.core.options import check_options

from .store import TableRow

MAX_CLOCK_S = 7 * 24 * 3600
"""The longest per-move or per-game clock a request may set (`tables`)."""
STATUSES = ("playing", "finished", "expired")
MAX_CREATOR = 64
"""The longest creator key (`creators.key`): the `tables.creator` column's width."""


class BadRow(SabbatError):
    """A stored table that this server refuses to load; the message names the field and why."""


def shown(value: Any) -> str:
    """A stored value as a log line may show it: short, quoted, no control characters."""
    return repr(value)[:60]


def check_row(row: TableRow, agents: Collection[str]) -> None:
    """Raise BadRow unless every field of the stored table is one a request could have made;
    `agents` are the AI players this server offers (the levels and the operator's)."""
    try:
        game = games.get(row.game)
    except SabbatError:
        raise BadRow(f"game {shown(row.game)} is not a game of this server") from None
    n = row.num_players
    if not isinstance(n, int) or isinstance(n, bool) or n not in game.info.player_counts:
        raise BadRow(f"player count {shown(n)} is not one {game.info.cli_name} is played by")
    if not isinstance(row.seed, int) or isinstance(row.seed, bool) or row.seed not in SEED_RANGE:
        raise BadRow(f"seed {shown(row.seed)} is out of range")
    if row.status not in STATUSES:
        raise BadRow(f"status {shown(row.status)} is not one of {', '.join(STATUSES)}")
    if not isinstance(row.options, dict) or "cards" in row.options or not all(isinstance(k, str) for k in row.options):
        raise BadRow("options are not an object of named options")
    try:
        check_options(game.info.cli_name, game.info.options, row.options)
    except SabbatError as exc:
        raise BadRow(f"options: {exc}") from None
    if row.cards is not None and not isinstance(row.cards, str):
        raise BadRow("the card file is not text")
    _check_seats(row, agents)
    _check_settings(row, game, agents)
    creator = row.creator
    if creator is not None and not (isinstance(creator, str) and 0 < len(creator) <= MAX_CREATOR
                                    and creator.isascii() and creator.isprintable()):
        raise BadRow(f"its creator {shown(creator)} is not an address key (1 to {MAX_CREATOR} printable characters)")
    for i, (_action, seat, msg_id) in enumerate(row.actions):
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n:
            raise BadRow(f"move {i + 1} names seat {shown(seat)}")
        if msg_id is not None and not (isinstance(msg_id, str) and 0 < len(msg_id) <= 64):
            raise BadRow(f"move {i + 1} has a message id that is not 1 to 64 characters")


def _check_seats(row: TableRow, agents: Collection[str]) -> None:
    if [s.seat for s in row.seats] != list(range(row.num_players)):
        raise BadRow(f"its seats are not 1 to {row.num_players}, one each")
    for s in row.seats:
        where = f"seat {s.seat + 1}"
        if s.kind == "ai":
            if s.agent not in agents:
                raise BadRow(f"{where}'s AI {shown(s.agent)} is not one this server offers")
            if s.token_hash is not None or s.open:
                raise BadRow(f"{where} is an AI with a token or open to join")
        elif s.kind == "human":
            if s.agent is not None:
                raise BadRow(f"{where} is a person's seat naming an AI {shown(s.agent)}")
            if s.token_hash is not None and not isinstance(s.token_hash, str):
                raise BadRow(f"{where}'s token digest is not text")
        else:
            raise BadRow(f"{where} is of kind {shown(s.kind)}, neither human nor ai")
        if s.name is not None and not isinstance(s.name, str):
            raise BadRow(f"{where}'s name is not text")
        if s.came and s.kind != "human":
            raise BadRow(f"{where} is an AI's seat that a person came to")


def _check_settings(row: TableRow, game: Any, agents: Collection[str]) -> None:
    settings = row.settings
    if not isinstance(settings, dict):
        raise BadRow("its settings are not an object")
    for key in ("per_move_s", "per_game_s"):
        value = settings.get(key)
        if value is not None and (not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAX_CLOCK_S):
            raise BadRow(f"clock {key} {shown(value)} is not 1 to {MAX_CLOCK_S} seconds")
    leaver = settings.get("leaver_agent")
    if leaver is not None and leaver not in agents:
        raise BadRow(f"the stand-in AI {shown(leaver)} is not one this server offers")
    name = settings.get("name")
    if name is not None and not isinstance(name, str):
        raise BadRow("its name is not text")
    lesson = settings.get("lesson")
    if lesson is not None and (not isinstance(lesson, str) or lessons.find(game.lessons(), lesson) is None):
        raise BadRow(f"lesson {shown(lesson)} is not one of {game.info.cli_name}'s")
    if not isinstance(settings.get("seed_chosen", False), bool):
        raise BadRow("seed_chosen is not true or false")
    creator = settings.get("creator_hash")
    if creator is not None and not isinstance(creator, str):
        raise BadRow("its creator's key digest is not text")
