"""Replay positions are built once, from states kept along the way, and read the same as a
position replayed from the start: the cache changes the cost, never the answer."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from sabbat import games
from sabbat.web import reveal
from sabbat.web.replays import CHECKPOINT, Replays
from sabbat.web.steps import Steps
from sabbat.web.store import Store
from sabbat.web.table import Seat, Table
from tests.support.aio import run_async

from .helpers import Direct


def _finished(game_name: str, seed: int) -> Table:
    game = games.get(game_name)
    state = game.new(2, seed)
    table = Table("t1", game, state, [Seat(0, "human"), Seat(1, "human")], {}, 0.0, steps=Steps(2))
    rng = random.Random(seed)
    while not state.is_terminal():
        table.apply(rng.choice(state.legal_actions()))
    return table


def _from_the_start(service: Direct, table: Table, step: int, seat: int | None, lang: str,
                    everything: bool) -> dict[str, Any]:
    """The position as the server built it before it kept anything: replayed from move one."""
    state = table.game.new(table.state.num_players, table.state.seed, table.state.options)
    shadow = Table(table.id, table.game, state, table.seats, table.settings, table.created, steps=Steps(2))
    for action in table.state.history[:step]:
        shadow.apply(action)
    frame = service.view(shadow, seat, lang)
    if everything:
        frame["observation"] = reveal.everything(state)
        frame["events"] = [{"i": i, "key": e.key, "params": e.params, "text": e.render(lang)}
                           for i, e in enumerate(state.events)]
    frame.update(legal=[], step=step, total_steps=table.version, everything=everything)
    return json.loads(json.dumps(frame))


@pytest.mark.parametrize("game_name", ["monslaught", "mystic_vale"])
def test_every_position_reads_as_if_replayed_from_the_start(tmp_path: Path, game_name: str) -> None:
    service = Direct(Store(str(tmp_path / "db.sqlite3")))
    table = _finished(game_name, 11)
    assert table.version > 2 * CHECKPOINT
    replays = Replays(service)
    rng = random.Random(5)
    steps = list(range(table.version + 1))
    rng.shuffle(steps)  # out of order: later positions are built before earlier ones
    try:
        for step in steps[:60] + [0, table.version]:
            seat = rng.choice([None, 0, 1])
            everything = rng.random() < 0.3
            got = json.loads(run_async(replays.position(table, step, seat, "ja", everything)))
            assert got == _from_the_start(service, table, step, seat, "ja", everything), step
    finally:
        replays.close()


def test_a_position_asked_again_is_not_built_again(tmp_path: Path) -> None:
    service = Direct(Store(str(tmp_path / "db.sqlite3")))
    table = _finished("mystic_vale", 3)
    replays = Replays(service)
    built: list[int] = []
    view = service.view
    service.view = lambda t, *a, **k: (built.append(t.version), view(t, *a, **k))[1]  # type: ignore[method-assign]
    try:
        first = run_async(replays.position(table, 40, None, "en", True))
        for _ in range(20):
            assert run_async(replays.position(table, 40, None, "en", True)) == first
        assert built == [40]
        file = run_async(replays.file(table))
        assert run_async(replays.file(table)) is file
        assert len(json.loads(file)["actions"]) == table.version
    finally:
        replays.close()


def test_kept_positions_stay_within_their_byte_budget(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from sabbat.web import replays as module

    monkeypatch.setattr(module, "POSITION_BYTES", 200_000)
    service = Direct(Store(str(tmp_path / "db.sqlite3")))
    table = _finished("mystic_vale", 4)
    replays = Replays(service)
    try:
        for step in range(0, 60, 3):
            run_async(replays.position(table, step, None, "en", True))
        assert replays.position_bytes == sum(len(b) for b in replays.positions.values()) <= 200_000
        assert (table.id, 57, None, "en", True) in replays.positions  # the newest are the ones kept
        assert (table.id, 0, None, "en", True) not in replays.positions
    finally:
        replays.close()
