"""Every frame a reader was sent is one it may see, checked after the game from the stored log.

Two checks, for each reader (each seat and a spectator) of each table:
- replayed: the game is replayed from its final log on a fresh engine, and each frame the reader
  got must be, at some point of that log with the reader's version, what the engine itself says
  the reader sees there (its observation, its events, its legal actions and their words, the
  scores it may see) and everything else a view of that point shows. A frame of a move that is
  not in the log (a ghost of a process that lost the table), of another reader's eyes or with a
  wrong version fails here.
- resampled: at some of those points, everything hidden from the reader is drawn again with other
  seeds (`sabbat.testing.hidden`'s worlds) and the reader's view built again: it must be the frame
  the reader got, so the frame could not tell the real cards from other cards.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from sabbat.core import GameState, Rng
from sabbat.testing.hidden import spectator_world
from sabbat.web import loading
from sabbat.web.steps import Steps
from sabbat.web.store import Store, TableRow
from sabbat.web.table import Table
from sabbat.web.tables import TableService

from .cluster import Seat

LIVE = ("seats", "thinking", "can_undo", "skipped", "events_from", "events_total", "kept")
"""What a view shows that is not the game's: who is connected and the clocks, an AI thinking, an
undo offered (only its mover's), and how the frame was sent. Everything else is compared."""
RESAMPLE_EVERY = 4
"""One frame in this many per reader is checked against resampled worlds too."""
WORLDS = 2


@dataclass
class Tally:
    frames: int = 0
    resampled: int = 0
    differed: int = 0
    """Resampled worlds that were not the real position (so the check was not vacuous)."""


def shown(frame: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in frame.items() if k not in LIVE}


def _json(x: Any) -> Any:
    return json.loads(json.dumps(x))


def seen_by(state: GameState, reader: int | None) -> dict[str, Any]:
    """What the engine says `reader` sees of `state`, in a view's words: read from the game's
    contract directly, not through the server's view builder."""
    over = state.is_terminal()
    legal = []
    if reader is not None and not over and state.current_player == reader:
        legal = [{"id": i, "action": a.to_json(), "text": state.describe_action(a, "en")}
                 for i, a in enumerate(state.legal_actions())]
    return _json({"observation": state.observation(reader), "current_player": None if over else state.current_player,
                  "events": [{"i": i, "key": e.key, "params": e.params, "text": e.render("en")}
                             for i, e in enumerate(state.events_for(reader))],
                  "legal": legal, "scores": state.scores() if over else state.visible_scores(reader),
                  "winners": state.winners() if over else []})


def _engine_part(frame: dict[str, Any]) -> dict[str, Any]:
    legal = [{k: entry[k] for k in ("id", "action", "text")} for entry in frame["legal"]]
    return {**{k: frame[k] for k in ("observation", "current_player", "events", "scores", "winners")}, "legal": legal}


def _both(view: dict[str, Any], engine: dict[str, Any]) -> dict[str, Any]:
    """A view's game part and, beside it under `engine:` keys, the engine's own reading."""
    return {**view, **{f"engine:{k}": v for k, v in engine.items()}}


def _points(row: TableRow) -> list[Table]:
    """The table at each point of its log (0 moves, 1 move...), each a table of its own."""
    table = loading.build(row, lambda: 0.0)
    points = [_at(table, table.state.clone())]
    for action, _seat, _msg_id in row.actions:
        table.apply(table.game.action_from_json(action))
        points.append(_at(table, table.state.clone()))
    return points


def _at(table: Table, state: GameState) -> Table:
    steps = Steps(table.steps.num_players)
    for m in table.steps.marks:
        steps.add(m)
    return Table(table.id, table.game, state, table.seats, table.settings, table.created, table.cards, steps)


def _world(state: GameState, reader: int | None, rng: Rng) -> GameState:
    if reader is None:
        return spectator_world(state, rng)
    world = state.determinize(reader, rng)
    world.history, world.events = state.history, state.events  # the log and its length are the reader's
    return world


def check_frames(db: str, readers: list[Seat], seed: int = 7) -> Tally:
    """Check every recorded frame of `readers` against the tables' logs in `db` (see above)."""
    service = TableService()
    store = Store(db)
    try:
        rows = {r.id: r for r in store.load_rows(sorted({s.table for s in readers}))}
    finally:
        store.close()
    rng = Rng(seed)
    tally = Tally()
    for table_id, row in rows.items():
        points = _points(row)
        for reader in [s for s in readers if s.table == table_id]:
            who = "the spectator" if reader.seat is None else f"seat {reader.seat}"
            expected: dict[int, list[tuple[Table, dict[str, Any]]]] = {}
            for point in points:
                view = shown(service.view(point, reader.seat, "en"))
                engine = seen_by(point.state, reader.seat)
                expected.setdefault(view["version"], []).append((point, _both(view, engine)))
            assert reader.frames, f"{who} of {table_id} got no view"
            for k, frame in enumerate(reader.frames):
                got = _both(shown(frame), _engine_part(frame))
                matches = [point for point, view in expected.get(got["version"], []) if view == got]
                if not matches:
                    near = expected.get(got["version"], [(None, {})])[-1][1]
                    diff = [f"{key}: {str(got.get(key))[:120]} != {str(near.get(key))[:120]}"
                            for key in {*got, *near} if got.get(key) != near.get(key)]
                    raise AssertionError(f"{who} of {table_id} got a frame at its version {got['version']} that is "
                                         f"no view of the log it may see: {diff[:3]}")
                tally.frames += 1
                if k % RESAMPLE_EVERY or got["status"] != "playing":
                    continue  # everything is shown at the end: nothing is left to resample
                point = matches[0]
                for _ in range(WORLDS):
                    world = _world(point.state, reader.seat, rng)
                    again = _both(shown(service.view(_at(point, world), reader.seat, "en")), seen_by(world, reader.seat))
                    assert again == got, (f"{who} of {table_id}: its frame at version {got['version']} changes when "
                                          f"what it cannot see is drawn again: "
                                          f"{[key for key in {*got, *again} if again.get(key) != got.get(key)]}")
                    tally.differed += world.to_json()["state"] != point.state.to_json()["state"]
                tally.resampled += 1
    return tally
