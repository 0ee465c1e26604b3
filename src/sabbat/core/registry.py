"""A registry of named things loaded lazily from `module:attribute` strings.

Names come from code (`add`) or from installed distributions' entry points (`add_entry_points`),
so a plug-in distribution registers its things without touching sabbat.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from importlib.metadata import entry_points
from typing import Generic, TypeVar

T = TypeVar("T")


def normalize(name: str) -> str:
    """`some-game`, `Some_Game` and `some_game` name the same thing."""
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

    def add_entry_points(self, group: str) -> list[str]:
        """Register every entry point of `group` (name -> `module:attribute`); their targets."""
        found = entry_points(group=group)
        for ep in found:
            self.add(ep.name, ep.value)
        return [ep.value for ep in found]

    def names(self) -> list[str]:
        """Every registered name, sorted, so listings do not depend on how things were installed."""
        return sorted(self._targets)

    def __contains__(self, name: str) -> bool:
        return normalize(name) in self._targets

    def get(self, name: str) -> T:
        key = normalize(name)
        if key not in self._loaded:
            target = self._targets.get(key)
            if target is None:
                raise self._error(
                    f"unknown {self.kind} {name!r}; choose one of: {', '.join(n.replace('_', '-') for n in self.names())}"
                )
            module, _, attr = target.partition(":")
            try:
                self._loaded[key] = getattr(importlib.import_module(module), attr)
            except (ImportError, AttributeError) as exc:
                raise self._error(f"the {self.kind} {name!r} is registered as {target} but cannot be loaded: {exc}") from exc
        return self._loaded[key]
