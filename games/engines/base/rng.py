"""Deterministic random numbers whose whole state is one plain int.

SplitMix64: tiny, fast, well distributed, and defined purely with 64-bit integer arithmetic, so the
same seed gives the same draws on every machine and Python version. Engines keep the int in their
state (``state["rng"]``) and write it back after drawing.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class Rng:
    """A SplitMix64 generator. ``state`` is a plain int that round-trips through JSON."""

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        # Scramble once so that small neighbouring seeds start far apart.
        rng = cls(seed)
        rng.state = rng.next_u64()
        return rng

    def next_u64(self) -> int:
        self.state = (self.state + _GOLDEN) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform int in [0, n), without modulo bias (rejection sampling)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            value = self.next_u64()
            if value < limit:
                return value % n

    def randint(self, low: int, high: int) -> int:
        """Uniform int in [low, high], both ends included."""
        return low + self.below(high - low + 1)

    def die(self, sides: int = 6) -> int:
        return self.randint(1, sides)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        result = list(items)
        self.shuffle(result)
        return result
