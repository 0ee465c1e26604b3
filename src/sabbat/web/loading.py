"""Tables rebuilt from the store: each replays its log under today's rules, and one whose log
no longer replays is stopped at its last good move, saying why, so it never keeps the others out."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Collection

from sabbat import games
from sabbat.core import GameState, carddata, lessons

from . import clocks
from .names import MAX_SEAT_NAME, MAX_TABLE_NAME, stored_name
from .rowcheck import BadRow, check_row
from .steps import Steps
from .store import TableRow
from .table import Seat, Stopped, Table

log = logging.getLogger(__name__)
REFUSED = "refused: "
"""How the reason of a row `rowcheck` refused begins (the others name the error that stopped the build)."""


def load_all(rows: list[TableRow], clock: Callable[[], float],
             agents: Collection[str]) -> tuple[dict[str, Table], dict[str, str]]:
    """Every stored table rebuilt from its log, and the ones this server cannot build (its game or
    options are gone, or a field a request could not have set: `rowcheck`, with `agents` the AI
    players offered here) with why: those stay in the database, left out."""
    tables: dict[str, Table] = {}
    unloadable: dict[str, str] = {}
    for row in rows:
        try:
            check_row(row, agents)
        except BadRow as exc:
            unloadable[row.id] = f"{REFUSED}{exc}"
            log.error("table %s is refused and left out (not loaded, not played): %s", row.id, exc)
            continue
        try:
            table = build(row, clock)
        except Exception as exc:  # noqa: BLE001 - a game or option this server lacks: the others go on
            unloadable[row.id] = f"{type(exc).__name__}: {exc}"
            log.warning("table %s (%s, rules version %s) cannot be rebuilt and is left out: %s",
                        row.id, row.game, row.rules_version, unloadable[row.id])
            continue
        for done, (action, seat, msg_id) in enumerate(row.actions):
            try:
                table.apply(table.game.action_from_json(action))
            except Exception as exc:  # noqa: BLE001 - any failure to replay stops this table alone
                table = _stopped(row, done, exc, clock)
                break
            if msg_id:
                table.msg_ids[(seat, msg_id)] = (table.version, table.version_for(seat))
                table.seats[seat].joined = True  # a person's move: they came to their seat
        if table.stopped is None and not table.state.is_terminal() and row.rules_version != table.game.info.rules_version:
            table.rules_then = row.rules_version  # its players are told (`Table.rules_notice`)
        if table.stopped is None:
            clocks.resume(table, row.moments, row.created, clock(), time.time())
        else:
            table.turn_started = clock()
        tables[row.id] = table
    return tables, unloadable


def _stopped(row: TableRow, done: int, exc: Exception, clock: Callable[[], float]) -> Table:
    """The table at the last move of its log that replays, stopped, saying why."""
    table = build(row, clock)
    for action, _seat, _msg_id in row.actions[:done]:
        table.apply(table.game.action_from_json(action))
    now = table.game.info.rules_version
    log.warning("table %s stopped: move %d of its log does not replay (%s: %s)", row.id, done + 1,
                type(exc).__name__, exc)  # the move itself only here: it may hold a secret choice
    params = {"game": row.game, "move": done + 1, "then": row.rules_version, "now": now}
    changed = row.rules_version != now or (row.cards is None and row.card_digest is not None
                                           and row.card_digest != table.game.card_digest())
    table.stopped = Stopped("stopped_rules_changed" if changed else "stopped_log_broken", params, row)
    table.creator = None  # no longer played: its creator is not kept (`keeping` clears the stored one)
    return table


def build(row: TableRow, clock: Callable[[], float], state: GameState | None = None) -> Table:
    """A stored (or just created) table at its first position, nobody connected yet; `state` is
    that position where the caller has built it already (a new table's check)."""
    game = games.get(row.game)
    if state is None:
        options = dict(row.options)
        if row.cards is not None:
            options["cards"] = carddata.upload(row.cards)[0]
        state = game.new(row.num_players, row.seed, options)
    seats = [Seat(s.seat, s.kind, s.agent, s.token_hash, s.open, stored_name(s.name, MAX_SEAT_NAME))
             for s in row.seats]
    for seat, stored in zip(seats, row.seats, strict=True):  # a name is set by its person only: they came
        seat.joined = seat.kind == "human" and (stored.came or seat.name is not None)
    settings = dict(row.settings)
    if "name" in settings:
        settings["name"] = stored_name(settings["name"], MAX_TABLE_NAME)
    per_game = row.settings.get("per_game_s")
    now = clock()
    for s in seats:
        if s.kind == "human":
            s.left_at = now  # nobody is connected yet: the grace counts from now (or their turn)
            if per_game:
                s.clock_left = float(per_game)
    table = Table(row.id, game, state, seats, settings, row.created, row.cards, Steps(row.num_players),
                  creator=row.creator, opened_at=now, expired=row.status == "expired")
    if isinstance(settings.get("lesson"), str):
        table.lesson = lessons.find(game.lessons(), settings["lesson"])
        table.advance_lesson()
    return table
