"""Where simulated games run: this process, a local process pool, or Ray (one machine or a cluster).

Every backend runs the same pure function on the same tasks, and a game is fully decided by its
seed and seats, so the backend changes only the order in which results arrive, never the results.
Callers that need an order sort by the task's place in the plan.
"""

from __future__ import annotations

import logging
import multiprocessing
import socket
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

from sabbat.core.errors import SabbatError
from sabbat.core.extras import needs
from sabbat.core.safeio import shown

T = TypeVar("T")
R = TypeVar("R")

BACKENDS = ("local", "ray")


class BackendError(SabbatError):
    """The backend could not be started or reached (an unknown name, a Ray address that answers no one)."""


def chunk_size(tasks: int, workers: int) -> int:
    """Tasks sent together: large enough to hide the cost of a round trip, small enough to balance the load."""
    return max(1, min(16, tasks // (workers * 8) or 1))


def imap_unordered(
    fn: Callable[[T], R], tasks: Sequence[T], workers: int = 1, backend: str = "local", address: str | None = None,
    chunk: int | None = None,
) -> Iterator[R]:
    """`fn` over `tasks`, results in completion order; `workers` at a time, `chunk` tasks a batch
    (default `chunk_size`; 1 where each result should arrive as soon as it is ready).

    `local` with one worker runs in this process (easiest to debug); with more, a process pool.
    `ray` runs on a local Ray instance of `workers` CPUs, or on the cluster at `address`
    (`auto`, `host:6379` or `ray://host:10001`), keeping two batches in flight per CPU it has.
    """
    if backend == "local":
        yield from _local(fn, tasks, workers, chunk or chunk_size(len(tasks), workers))
    elif backend == "ray":
        yield from _ray(fn, tasks, workers, address, chunk or chunk_size(len(tasks), workers))
    else:
        raise BackendError(f"unknown backend {backend!r}: use one of {', '.join(BACKENDS)}")


def _local(fn: Callable[[T], R], tasks: Sequence[T], workers: int, size: int) -> Iterator[R]:
    if workers <= 1 or len(tasks) <= 1:
        for task in tasks:
            yield fn(task)
        return
    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if "fork" in methods else None)
    with ctx.Pool(min(workers, len(tasks))) as pool:
        yield from pool.imap_unordered(fn, tasks, chunksize=size)


def _check_reachable(address: str) -> None:
    """Ray waits for an address that answers nobody for minutes, retrying: ask once, briefly, first."""
    if address == "auto":
        return
    host, _, port = address.removeprefix("ray://").rpartition(":")
    if not host or not port.isdigit():
        raise BackendError(f"a Ray address is auto, host:port or ray://host:port, not {shown(address, 60)!r}")
    try:
        socket.create_connection((host, int(port)), timeout=5).close()
    except (OSError, ValueError):
        raise BackendError(f"nothing answers at {shown(address, 60)}: is Ray running there (`ray status`)?") from None


def _batch(fn: Callable[[Any], Any], tasks: list[Any]) -> list[Any]:
    return [fn(task) for task in tasks]


def _ray(fn: Callable[[T], R], tasks: Sequence[T], workers: int, address: str | None, size: int) -> Iterator[R]:
    with needs("ray"):
        import ray

    started = not ray.is_initialized()
    if started:
        if address:
            _check_reachable(address)
        try:
            if address:
                ray.init(address=address, log_to_driver=False, logging_level=logging.ERROR)
            else:
                ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False, logging_level=logging.ERROR)
        except (ConnectionError, RuntimeError, ValueError) as exc:
            where = f"at {address}" if address else "on this machine"
            raise BackendError(f"could not start or reach Ray {where}: {str(exc).splitlines()[0][:200]}") from None
    try:
        remote = ray.remote(_batch)
        chunks = [list(tasks[i:i + size]) for i in range(0, len(tasks), size)]
        in_flight = max(2, 2 * int(ray.cluster_resources().get("CPU", workers)))
        pending: list[Any] = []
        for chunk in chunks:
            pending.append(remote.remote(fn, chunk))
            while len(pending) >= in_flight:
                done, pending = ray.wait(pending, num_returns=1)
                yield from ray.get(done[0])
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            yield from ray.get(done[0])
    finally:
        if started:
            ray.shutdown()
