"""A seat's run of secret decisions reaches the other seats and the spectators as one change.

The attack: in a Monslaught boss round a pass is one decision and a summon several; in the
Nameless Dark Lord a seat puts its sleeves on in secret, one decision each. If every decision
sent the others a frame, or moved the version they are shown, they could count the decisions
and tell a pass from a summon. The check: from the start of a secret run, play it out in
several ways, through the real table service and fan-out, and compare what each other reader
receives: the same number of frames (one, when the run ends), and the same frames while the
choice stays secret.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from sabbat.core import Action
from sabbat.testing.playout import option_variants
from sabbat.testing.secrets import declares_secrets
from sabbat.web.authority import Authority
from sabbat.web.hub import Conn, Hub
from sabbat.web.steps import secret_mover
from sabbat.web.store import Store
from sabbat.web.table import Table

from .helpers import Direct, act

FORKS = 4
RUNS = 6


class Room:
    """A table of people with a recording connection per seat and one spectator."""

    def __init__(self, tmp_path: Path, game: str, players: int, options: dict[str, Any], clock: dict[str, int],
                 seed: int, prefix: list[Action]) -> None:
        # a stopped clock: every run takes the same time, so the clock readings in the frames agree
        self.service = Direct(Store(str(tmp_path / f"{game}-{seed}-{random.random()}.sqlite3")),
                                    clock=lambda: 1000.0)
        self.service.deal = lambda: seed
        self.hub = Hub(Authority(self.service, self.service.store), pool=None)
        self.table, self.tokens = self.service.create({"game": game, "players": players, "options": options, "clock": clock,
                                                       "seats": [{"kind": "human"}] * players})
        for action in prefix:
            self.table.apply(action)
        self.conns = {r: Conn(ws=None, table_id=self.table.id, seat=r, token=self.tokens.get(r or 0),  # type: ignore[arg-type]
                              lang="en") for r in [*range(players), None]}
        self.hub.conns[self.table.id] = set(self.conns.values())
        for seat in range(players):  # everyone has come to the table
            self.service.connected(self.table, seat, +1)
        self.hub.changed(self.table)
        self.received()

    def act(self, action: Action) -> None:
        t: Table = self.table
        seat = t.state.current_player
        assert seat is not None
        legal = t.state.legal_actions()
        act(self.service, t.id, self.tokens[seat], f"m{t.version}", t.version_for(seat), action_id=legal.index(action))

    def received(self) -> dict[int | None, list[Any]]:
        out: dict[int | None, list[Any]] = {}
        for reader, conn in self.conns.items():
            frames = []
            while not conn.queue.empty():
                frame = conn.queue.get_nowait()
                frame = json.loads(frame) if isinstance(frame, str) else frame
                frame.pop("table_id", None)  # each run plays on a table of its own
                frames.append(frame)
            out[reader] = frames
        return out


def _forks(game: str, players: int, options: dict[str, Any], seed: int) -> list[list[Action]]:
    """Histories that end where a seat begins a run of secret decisions."""
    from sabbat import games

    state = games.get(game).new(players, seed, options)
    pick = random.Random(seed)
    found: list[list[Action]] = []
    before: int | None = None
    while not state.is_terminal() and len(found) < FORKS:
        owner = secret_mover(state)
        if owner is not None and owner != before:
            found.append(list(state.history))
        before = owner
        state.apply(pick.choice(state.legal_actions()))
    return found


def _secret_cases() -> list[tuple[str, int, dict[str, Any], dict[str, int]]]:
    """Every game that declares secret choices, at three players where it can (else its smallest
    count), under the first option variant whose random game meets a secret run; the first of them
    again with clocks, which count down in every view."""
    from sabbat import games

    cases: list[tuple[str, int, dict[str, Any], dict[str, int]]] = []
    for name in games.names():
        game = games.get(name)
        if not declares_secrets(game):
            continue
        n = min(max(3, game.info.min_players), game.info.max_players)
        options = next((o for o in option_variants(game) if _forks(name, n, o, seed=5)), None)
        if options is not None:
            cases.append((name, n, options, {}))
    return [*cases, *[(g, n, o, {"per_move_s": 600, "per_game_s": 3600}) for g, n, o, _ in cases[:1]]]


SECRET_GAMES = _secret_cases()


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players", "options", "clock"), SECRET_GAMES)
def test_the_others_cannot_count_a_secret_run(tmp_path: Path, game: str, players: int, options: dict[str, Any],
                                              clock: dict[str, int]) -> None:
    lengths_differed = False
    for prefix in _forks(game, players, options, seed=5):
        seen: list[tuple[int, dict[int | None, list[Any]], bool]] = []
        for k in range(RUNS):
            room = Room(tmp_path, game, players, options, clock, 5, prefix)
            chooser = secret_mover(room.table.state)
            pick = random.Random(k)
            length = 0
            while secret_mover(room.table.state) == chooser:
                room.act(pick.choice(room.table.state.legal_actions()))
                length += 1
            still_secret = any(c.is_open(room.table.state) for c in room.table.state.secret_choices)
            others = {r: f for r, f in room.received().items() if r != chooser}
            seen.append((length, others, still_secret))
        lengths_differed |= len({length for length, _, _ in seen}) > 1
        counts = {tuple(len(f) for f in others.values()) for _, others, _ in seen}
        assert len(counts) == 1, f"the others receive a number of frames that depends on the run ({game}): {counts}"
        secret_ends = [others for _, others, still_secret in seen if still_secret]
        for others in secret_ends[1:]:
            assert others == secret_ends[0], f"the others' frames tell two secret runs apart ({game})"
    if game in ("monslaught", "nameless_dark_lord"):
        assert lengths_differed, "the check needs runs of different lengths to compare"
