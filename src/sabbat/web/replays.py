"""Finished games' replay files and positions, built once and kept.

Why: a finished game never changes, so its replay file and each of its positions
are the same for everyone who asks. Building one replays the game from its start, tens of
milliseconds that a client asking again and again would make the server spend each time. A
position is built from the nearest state kept on the way (one every CHECKPOINT decisions), in a
thread of its own, so the event loop goes on serving moves meanwhile; everything here is only
touched from that thread.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from . import reveal
from .steps import Steps
from .table import Table
from .tables import TableService
from .viewtext import encode

CHECKPOINT = 32
"""Decisions between two states kept of a finished game."""
GAMES = 16
"""Finished games whose kept states are remembered."""
POSITION_BYTES = 32 * 1024 * 1024
"""Bytes of positions (step, seat, language) remembered, all games together."""
FILES = 32
"""Replay files remembered."""


def _bytes(data: Any) -> bytes:
    return encode(data).encode()


class Replays:
    """Replay files and positions of finished tables, answered as JSON bytes."""

    def __init__(self, service: TableService) -> None:
        self.service = service
        self.thread = ThreadPoolExecutor(1, thread_name_prefix="sabbat-replays")
        self.files: OrderedDict[str, bytes] = OrderedDict()
        self.positions: OrderedDict[tuple[str, int, int | None, str, bool], bytes] = OrderedDict()
        self.position_bytes = 0
        self.kept: OrderedDict[str, dict[int, Table]] = OrderedDict()
        """table id -> step -> a shadow table at that step (never moved again: copied to go on)."""

    async def file(self, table: Table) -> bytes:
        """The replay file (`sabbat replay` opens it); Rejected if the game is not over."""
        return await asyncio.get_running_loop().run_in_executor(self.thread, self._file, table)

    async def position(self, table: Table, step: int, seat: int | None, lang: str, everything: bool) -> bytes:
        """The game at `step` as `seat` saw it (None: a spectator); `everything` shows every
        hidden card too. The caller has checked that the game is over and the step exists."""
        return await asyncio.get_running_loop().run_in_executor(
            self.thread, self._position, table, step, seat, lang, everything)

    def close(self) -> None:
        self.thread.shutdown(wait=False, cancel_futures=True)

    def _file(self, table: Table) -> bytes:
        data = self.files.get(table.id)
        if data is None:
            data = _bytes(self.service.replay(table))
            _remember(self.files, table.id, data, FILES)
        return data

    def _position(self, table: Table, step: int, seat: int | None, lang: str, everything: bool) -> bytes:
        key = (table.id, step, seat, lang, everything)
        data = self.positions.get(key)
        if data is None:
            data = self.positions[key] = _bytes(self._frame(table, step, seat, lang, everything))
            self.position_bytes += len(data)
            while self.position_bytes > POSITION_BYTES and len(self.positions) > 1:
                self.position_bytes -= len(self.positions.popitem(last=False)[1])
        else:
            self.positions.move_to_end(key)
        return data

    def _frame(self, table: Table, step: int, seat: int | None, lang: str, everything: bool) -> dict[str, Any]:
        shadow = self._at(table, step)
        state = shadow.state
        frame = self.service.view(shadow, seat, lang)
        if everything:
            frame["observation"] = reveal.everything(state)
            frame["events"] = [{"i": i, "key": e.key, "params": e.params, "text": e.render(lang)}
                               for i, e in enumerate(state.events)]
        frame["legal"] = []
        frame["step"] = step
        frame["total_steps"] = table.version
        frame["everything"] = everything
        return frame

    def _at(self, table: Table, step: int) -> Table:
        """A fresh shadow table at `step`, played on from the nearest kept one."""
        kept = self.kept.get(table.id)
        if kept is None:
            state = table.game.new(table.state.num_players, table.state.seed, table.state.options)
            kept = {0: Table(table.id, table.game, state, table.seats, table.settings, table.created,
                             steps=Steps(state.num_players))}
            _remember(self.kept, table.id, kept, GAMES)
        else:
            self.kept.move_to_end(table.id)
        start = max(s for s in kept if s <= step)
        shadow = _copy(kept[start])
        for i, action in enumerate(table.state.history[start:step], start + 1):
            shadow.apply(action)
            if i % CHECKPOINT == 0 and i not in kept:
                kept[i] = _copy(shadow)
        return shadow


def _copy(table: Table) -> Table:
    steps = Steps(table.steps.num_players, list(table.steps.marks), list(table.steps.counts))
    return Table(table.id, table.game, table.state.clone(), table.seats, table.settings, table.created, steps=steps)


def _remember(cache: OrderedDict[Any, Any], key: Any, value: Any, size: int) -> None:
    cache[key] = value
    cache.move_to_end(key)
    while len(cache) > size:
        cache.popitem(last=False)
