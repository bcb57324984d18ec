"""SplitMix64, the one generator both engines use for chance nodes and random agents.

>>> rng = SplitMix64(0)
>>> hex(rng.next())
'0xe220a8397b1dcdaf'
>>> hex(rng.next())
'0x6e789e6aa1b965f4'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import SupportsIndex

from ._args import count as _count
from ._args import seed as _seed

__all__ = ["SplitMix64"]

_MASK = (1 << 64) - 1


class SplitMix64:
    """Steele, Lea and Flood's SplitMix64 with boardcore's ``below`` (see DESIGN.md)."""

    __slots__ = ("state",)

    def __init__(self, seed: SupportsIndex) -> None:
        # A plain int whatever was given (a numpy integer would keep numpy arithmetic).
        self.state = _seed(seed)

    def next(self) -> int:
        """The next 64-bit output."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: SupportsIndex) -> int:
        """A number in ``0..n`` (the high 64 bits of ``next() * n``); ``n`` from 1 to 2**64,
        an int or anything with ``__index__`` (a numpy integer is taken as a plain int: numpy
        arithmetic would overflow), not a bool."""
        bound = _count(n, "below(n): n", 1, _MASK + 1)
        return (self.next() * bound) >> 64

    def choose_weighted(self, weights: Sequence[SupportsIndex]) -> int:
        """Index of the first outcome whose running weight sum exceeds ``below(sum)``."""
        given = [_count(w, "choose_weighted: a weight", 0, _MASK) for w in weights]
        r = self.below(_count(sum(given), "choose_weighted: the sum of the weights", 1, _MASK + 1))
        running = 0
        for i, w in enumerate(given):
            running += w
            if running > r:
                return i
        raise AssertionError("unreachable: r < sum(weights)")
