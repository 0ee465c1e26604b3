"""The one source of chance inside a game state.

A tiny splitmix64 generator: its whole state is one integer, so cloning a game
state costs a single int copy and a replay only needs the seed.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

from . import codec

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


@codec.serializable
class Rng:
    """Seeded generator owned by a state (or by an agent, for its own sampling)."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next_u64(self) -> int:
        self.state = s = (self.state + _GOLDEN) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n) (Lemire's multiply-shift with rejection)."""
        if n <= 0:
            raise ValueError(f"Rng.below needs a positive bound, got {n}")
        threshold = (-n) % n if n & (n - 1) else 0
        while True:
            m = self.next_u64() * n
            if (m & _MASK) >= threshold:
                return m >> 64

    def roll(self, sides: int = 6) -> int:
        """One die of `sides` faces, 1-based."""
        return 1 + self.below(sides)

    def random(self) -> float:
        """Uniform float in [0, 1)."""
        return (self.next_u64() >> 11) * (1.0 / (1 << 53))

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates in place."""
        below = self.below
        for i in range(len(items) - 1, 0, -1):
            j = below(i + 1)
            items[i], items[j] = items[j], items[i]

    @classmethod
    def keyed(cls, *key: int) -> Rng:
        """A generator fixed by `key`: a lot a rule draws from it is the same each time the rule asks,
        and the state's own stream (its deals) stays as it would be without the lot."""
        rng = cls(len(key))
        for k in key:
            rng = cls(rng.next_u64() ^ (k & _MASK))
        return rng

    def spawn(self) -> Rng:
        """An independent generator seeded from this one."""
        return Rng(self.next_u64())

    def copy(self) -> Rng:
        return Rng(self.state)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    def __hash__(self) -> int:
        return hash(self.state)

    def __repr__(self) -> str:
        return f"Rng(state={self.state})"
