"""Every frame the server sends is a function of what its reader may know.

The attack: a seat (or a spectator) reads anything in its frames — scores, action texts, tie
breaks, the version — that depends on a card it cannot see. The check: at many positions of
random games, resample everything hidden from the reader (a determinization from its point of
view; for a spectator, from every seat's in turn) and build the reader's frame again through the
real view builder. Any difference is a leak.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from sabbat import games
from sabbat.core import GameState
from sabbat.core.rng import Rng
from sabbat.web.store import Store
from sabbat.web.table import Table

from .helpers import Direct

CASES = [(g, n) for g in games.names() for n in games.get(g).info.player_counts]
CHECK_RATE = 0.05
"""The share of positions checked: a dozen or so per game, from the first decisions to the last."""
WORLDS = 2
MAX_DECISIONS = 3000
MIN_POSITIONS = 16


def _service(tmp_path: Path) -> Direct:
    return Direct(Store(str(tmp_path / "db.sqlite3")))


def _table(service: Direct, game: str, n: int, seed: int) -> Table:
    service.deal = lambda: seed
    table, _ = service.create({"game": game, "players": n, "seats": [{"kind": "human"}] * n})
    return table


def _world(state: GameState, reader: int | None, rng: Rng) -> GameState:
    """A position `reader` cannot tell from `state`: hidden cards, choices and decks redrawn."""
    world = state
    for p in ([reader] if reader is not None else range(state.num_players)):
        world = world.determinize(p, rng)
    world.history = state.history  # the reader's log and the number of moves are public to it
    world.events = state.events
    return world


def _frames(service: Direct, table: Table, reader: int | None, rng: Rng) -> list[dict[str, object]]:
    frames = [service.view(table, reader, "en")]
    for _ in range(WORLDS):
        shadow = Table(table.id, table.game, _world(table.state, reader, rng), table.seats, table.settings,
                       table.created, table.cards, table.steps)
        frames.append(service.view(shadow, reader, "en"))
    return frames


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players"), CASES)
def test_no_frame_depends_on_what_its_reader_cannot_see(tmp_path: Path, game: str, players: int) -> None:
    service = _service(tmp_path)
    rng = Rng(players * 7919 + len(game))
    pick = random.Random(players)
    checked = 0
    for seed in range(11, 31):  # short games: more of them, until enough positions are checked
        if checked >= MIN_POSITIONS:
            break
        table = _table(service, game, players, seed)
        for step in range(MAX_DECISIONS):
            if table.state.is_terminal():  # everything is shown at the end: nothing left to resample
                break
            if step == 0 or pick.random() < CHECK_RATE:
                for reader in [*range(players), None]:
                    real, *others = _frames(service, table, reader, rng)
                    for other in others:
                        assert _differences(real, other) == [], f"seat {reader} at decision {step}"
                checked += 1
            table.apply(pick.choice(table.state.legal_actions()))
    assert checked >= MIN_POSITIONS


def _differences(a: dict[str, object], b: dict[str, object]) -> list[str]:
    return [f"{k}: {a[k]!r} != {b.get(k)!r}"[:300] for k in a if a[k] != b.get(k)]
