"""Running a coroutine from a test, whatever else the test worker has running."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")


def run_async(coro: Coroutine[Any, Any, T]) -> T:
    """`asyncio.run` in a thread of its own. Why: once a worker has run a browser test, Playwright's
    sync API keeps an event loop running in that worker's main thread, where `asyncio.run` refuses
    to start."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()
