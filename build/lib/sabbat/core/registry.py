"""A registry of named things loaded lazily from `module:attribute` strings."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")


def normalize(name: str) -> str:
    """`mystic-vale`, `Mystic_Vale` and `mystic_vale` name the same thing."""
    return name.strip().lower().replace("-", "_").replace(" ", "_")


class Registry(Generic[T]):
    def __init__(self, kind: str, error: Callable[[str], Exception]) -> None:
        self.kind = kind
        self._error = error
        self._targets: dict[str, str] = {}
        self._loaded: dict[str, T] = {}

    def add(self, name: str, target: str) -> None:
        """Register `name` as `module:attribute`, imported on first use."""
        self._targets[normalize(name)] = target

    def names(self) -> list[str]:
        return list(self._targets)

    def __contains__(self, name: str) -> bool:
        return normalize(name) in self._targets

    def get(self, name: str) -> T:
        key = normalize(name)
        if key not in self._loaded:
            target = self._targets.get(key)
            if target is None:
                raise self._error(
                    f"unknown {self.kind} {name!r}; choose one of: {', '.join(n.replace('_', '-') for n in self._targets)}"
                )
            module, _, attr = target.partition(":")
            self._loaded[key] = getattr(importlib.import_module(module), attr)
        return self._loaded[key]
