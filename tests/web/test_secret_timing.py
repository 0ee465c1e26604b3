"""An AI's run of secret decisions ends for the others at a time that does not depend on the run.

The attack: an AI summons in secret (Monslaught's boss rounds), one decision for a pass and
several for a summon. The others see one change when the run ends, but each decision costs a
worker's reply and a commit, so the gap before that change grew with the number of decisions
and a patient reader could count them. The check: tables of AIs and an absent person played out through the real
hub, authority and worker pool; for every AI secret run, the gap between the change the others
see before it and the one that ends it, grouped by the run's length. With the pace
(`sabbat.web.pacing`) every run that takes less than a step ends one step after it began: the
gaps are at least a step, and those of short and long runs do not separate (their medians differ
by a small part of the step, and their ranges overlap). The pace's own figures (when each run
was released) are checked exactly, the gaps with room for a loaded machine.
"""

from __future__ import annotations

import asyncio
import statistics
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from sabbat.web.authority import Authority
from sabbat.web.hub import Hub
from sabbat.web.pacing import Pace
from sabbat.web.steps import Mark
from sabbat.web.store import Store
from sabbat.web.tables import TableService
from tests.support.aio import run_async

STEP_S = 0.8
"""The pace's step here: far above a run's own time on a quiet machine (tens of milliseconds) and
above it on a loaded one, below a test's patience."""
SEEDS = range(2)


def _runs(marks: list[Mark]) -> list[tuple[int, int]]:
    """Each secret run as (its length, the spectator's version once it ended)."""
    runs, version, length = [], 0, 0
    for owner, ended in marks:
        if owner is None:
            version += 1
            continue
        length += 1
        if ended:
            version += 1
            runs.append((length, version))
            length = 0
    return runs


class _Recorded(Pace):
    """The pace, noting for each run how long it took and after how long it was released."""

    def __init__(self, step_s: float) -> None:
        super().__init__(step_s)
        self.runs: list[tuple[float, float]] = []

    def hold(self, table_id: str) -> float:
        took = self.clock() - self.began[table_id][1]
        wait = super().hold(table_id)
        self.runs.append((took, took + wait))
        return wait


async def _play(db: str, seed: int, step_s: float) -> list[tuple[int, float, float, float]]:
    """One Monslaught table of two AIs and an absent person (the stand-in plays for them) played
    out through the real hub, authority and workers; per
    AI secret run: its length, how long it took, after how long the pace released it, and the
    gap a spectator saw (between the changes put in place before it and at its end)."""
    service = TableService(grace_s=0.0)  # the person leaves at once: the stand-in plays their seat
    service.deal = lambda: seed
    store = Store(db)
    authority = Authority(service, store)
    pool = ThreadPoolExecutor(1)
    hub = Hub(authority, pool, workers=1)
    hub.pace = pace = _Recorded(step_s)
    loop = hub.loop = asyncio.get_running_loop()
    seen: dict[int, float] = {}
    service.listeners.insert(0, lambda table: seen.setdefault(table.version_for(None), loop.time()))
    try:
        spec = {"game": "monslaught", "players": 3, "seats": [{"kind": "human"}, *[{"kind": "ai", "agent": "random"}] * 2],
                "leaver_agent": "random"}
        table, _ = await authority.create(spec, None)
        service.connected(table, 0, +1)  # the person comes and goes: the stand-in plays for a seat left,
        service.connected(table, 0, -1)  # never for one nobody came to
        deadline = loop.time() + 300
        while not table.state.is_terminal():
            assert loop.time() < deadline, f"the game stopped at version {table.version}"
            authority.tick()
            await asyncio.sleep(0.05)
        runs = _runs(table.steps.marks)
        assert len(runs) == len(pace.runs)
        return [(length, took, released, seen[v] - seen[v - 1])
                for (length, v), (took, released) in zip(runs, pace.runs, strict=True)]
    finally:
        pool.shutdown(wait=True)
        authority.close()
        store.close()


def _gaps(tmp_path: Path, step_s: float) -> list[tuple[int, float, float, float]]:
    out: list[tuple[int, float, float, float]] = []
    for seed in SEEDS:
        out += run_async(_play(str(tmp_path / f"t{seed}-{step_s}.sqlite3"), seed, step_s))
    return out


@pytest.mark.slow
def test_the_others_cannot_time_an_ais_secret_run(tmp_path: Path) -> None:
    runs = _gaps(tmp_path, STEP_S)
    # each run is released on a whole step from its start, one step when it took less
    for _, took, released, _ in runs:
        steps = round(released / STEP_S)  # (the pace reads the clock a moment after the note of `took`)
        assert steps >= 1 and abs(released - steps * STEP_S) < 0.01 and (took >= STEP_S or steps == 1)
    # what a reader sees: no run ends sooner than a step after the change before it
    assert min(gap for *_, gap in runs) >= STEP_S * 0.999, sorted(runs)
    # and the lengths do not separate (of the runs that took less than a step: on a loaded
    # machine a long run may take more, and end a step later)
    short = [gap for n, took, _, gap in runs if n <= 2 and took < STEP_S]
    long = [gap for n, took, _, gap in runs if n >= 4 and took < STEP_S]
    assert len(short) >= 3 and len(long) >= 3, f"the check needs short and long runs: {sorted(runs)}"
    assert abs(statistics.median(long) - statistics.median(short)) < STEP_S / 4, (short, long)
    assert min(long) <= max(short) + STEP_S / 4 and min(short) <= max(long) + STEP_S / 4, (short, long)


def test_the_pace_ends_every_run_on_a_whole_step() -> None:
    """The release, by a clock the test moves: a run that takes less than a step ends one step
    after it began, whatever its length; a longer one on the next whole step; a run begins once
    per seat, and a public decision forgets it."""
    now = [100.0]
    pace = Pace(2.0, clock=lambda: now[0])
    for took in (0.001, 0.011, 0.102, 1.999):
        now[0] = 100.0
        pace.deciding("t", 1)
        now[0] += took / 2
        pace.deciding("t", 1)  # its next decision: the same run
        now[0] += took / 2
        assert abs(now[0] + pace.hold("t") - 102.0) < 1e-9
    now[0] = 100.0
    pace.deciding("t", 1)
    now[0] = 102.5
    assert abs(pace.hold("t") - 1.5) < 1e-9
    pace.deciding("t", 1)
    pace.deciding("t", None)
    assert "t" not in pace.began
