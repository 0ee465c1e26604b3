"""The Ray backend against a real local Ray instance: the same games, the same results as local runs.

One Ray instance (two CPUs, no dashboard) serves the module and is shut down at its end; the
backend uses it rather than starting its own, as it would on a cluster (`--address`).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from sabbat.cli.main import cli
from sabbat.sim.backends import BackendError, imap_unordered
from sabbat.sim.parallel import plan, run_jobs
from sabbat.sim.tournament import run_tournament

ray = pytest.importorskip("ray")


def test_the_cli_starts_and_stops_its_own_ray(tmp_path: Path) -> None:
    """Run first, before the module's instance: `--backend ray` with no Ray running starts one and shuts it down."""
    files = []
    for backend in ("ray", "local"):
        out = tmp_path / f"{backend}.jsonl"
        result = CliRunner().invoke(cli, ["simulate", "magic-master", "-n", "6", "--agents", "random", "--jobs", "2",
                                          "--backend", backend, "--out", str(out), "--no-card-stats"])
        assert result.exit_code == 0, result.output
        files.append(sorted(out.read_text(encoding="utf-8").splitlines()))
    assert files[0] == files[1] and len(files[0]) == 6
    assert not ray.is_initialized()


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield
    finally:
        ray.shutdown()


def plain(records: list) -> list:
    return sorted((r.to_json() for r in records), key=lambda d: (d["seed"], d["agents"]))


def test_simulate_on_ray_gives_the_local_results(local_ray: None) -> None:
    jobs = plan("magic_master", 3, ["heuristic", "random"], 10, 7, {})
    on_ray = plain(list(run_jobs(jobs, 2, backend="ray")))
    assert on_ray == plain(list(run_jobs(jobs, 1))) == plain(list(run_jobs(jobs, 2)))
    assert ray.is_initialized()  # the backend leaves a Ray it did not start running


def test_tournament_on_ray_gives_the_local_result(local_ray: None) -> None:
    args = ("bellum_magica", ["heuristic", "random"], 2)
    on_ray = run_tournament(*args, games=6, jobs=2, seed=3, backend="ray")
    local = run_tournament(*args, games=6, jobs=1, seed=3)
    assert on_ray.to_json() == local.to_json()


def test_an_unknown_backend_is_refused() -> None:
    with pytest.raises(BackendError, match="unknown backend"):
        list(imap_unordered(abs, [1], backend="spark"))
