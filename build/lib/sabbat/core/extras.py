"""The optional parts of sabbat and the pip extra that installs each.

A base install plays, simulates and serves on SQLite; plots, Parquet files, Ray, PostgreSQL and the
RL environments come with extras. Code that needs one imports it inside `needs(extra)`, so a
missing package is one line naming the extra to install instead of a traceback.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from .errors import SabbatError

EXTRAS: dict[str, dict[str, str]] = {
    "postgres": {"psycopg": "psycopg (the PostgreSQL driver)"},
    "studio": {"plotly": "Plotly", "pyarrow": "pyarrow"},
    "ray": {"ray": "Ray"},
    "rl": {"numpy": "NumPy", "gymnasium": "Gymnasium", "pettingzoo": "PettingZoo"},
    "rl-train": {"torch": "PyTorch", "stable_baselines3": "Stable-Baselines3", "sb3_contrib": "sb3-contrib"},
}
"""extra -> {top-level module it installs: the name a person knows it by}."""


class MissingExtra(SabbatError):
    """An optional package is not installed; the message names the extra that brings it."""


def missing(extra: str, module: str) -> MissingExtra:
    """The one-line error for `module` (a top-level name listed under `extra`) not being installed."""
    return MissingExtra(f"{EXTRAS[extra][module]} is not installed: pip install 'sabbat[{extra}]'")


@contextmanager
def needs(extra: str) -> Iterator[None]:
    """Imports in this block that fail for a package of `extra` raise `MissingExtra`; any other
    import error (a broken install of something else) is left as it is."""
    try:
        yield
    except ImportError as exc:
        top = (exc.name or "").partition(".")[0]
        if top not in EXTRAS[extra]:
            raise
        raise missing(extra, top) from None
