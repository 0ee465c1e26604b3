"""How hard the checks look: the number of random games, derived from one figure."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Settings:
    """`seeds` random games per player count for the cheap checks; the costly ones (which look
    at every seat's view at sampled points) play a tenth as many, and each option variant or
    secret-choice check a twentieth (never fewer than two)."""

    seeds: int = 40

    @property
    def deep(self) -> int:
        return max(2, self.seeds // 10)

    @property
    def variants(self) -> int:
        return max(2, self.seeds // 20)
