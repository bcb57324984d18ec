"""SplitMix64 and the draws built on it (DESIGN.md, "Randomness"), Python side.

Expected outputs come from published test vectors and from `_splitmix64` below, a separate
transcription of the algorithm with plain integer arithmetic.
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Iterator

import numpy as np
import pytest

from boardcore.errors import ParameterError
from boardcore.rng import SplitMix64

MOD = 2**64


def _splitmix64(seed: int) -> Iterator[int]:
    """Steele, Lea and Flood's generator, written out again for cross-checking."""
    s = seed % MOD
    while True:
        s = (s + 0x9E3779B97F4A7C15) % MOD
        z = s
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) % MOD
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) % MOD
        yield z ^ (z >> 31)


SEEDS = [0, 1, 42, 1234567, 2**32, 2**63, MOD - 1, 0x9E3779B97F4A7C15]


# The first outputs of the reference splitmix64.c for seeds 0 and 1234567 (as it prints them).
PUBLISHED = [
    (0, [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F, 0xF88BB8A8724C81EC]),
    (
        1234567,
        [
            6457827717110365317,
            3203168211198807973,
            9817491932198370423,
            4593380528125082431,
            16408922859458223821,
        ],
    ),
]


@pytest.mark.parametrize(("seed", "outputs"), PUBLISHED)
def test_published_vectors(seed: int, outputs: list[int]) -> None:
    rng = SplitMix64(seed)
    assert [rng.next() for _ in outputs] == outputs


def test_more_vectors() -> None:
    expected = {
        1: [0x910A2DEC89025CC1, 0xBEEB8DA1658EEC67, 0xF893A2EEFB32555E],
        42: [0xBDD732262FEB6E95, 0x28EFE333B266F103, 0x47526757130F9F52],
        MOD - 1: [0xE4D971771B652C20, 0xE99FF867DBF682C9, 0x382FF84CB27281E9],
    }
    for seed, outputs in expected.items():
        assert list(itertools.islice(_splitmix64(seed), 3)) == outputs
        rng = SplitMix64(seed)
        assert [rng.next() for _ in range(3)] == outputs


@pytest.mark.parametrize("seed", SEEDS)
def test_matches_an_independent_implementation(seed: int) -> None:
    rng = SplitMix64(seed)
    for expected in itertools.islice(_splitmix64(seed), 1000):
        value = rng.next()
        assert value == expected
        assert 0 <= value < MOD


def test_seed_sums_wrap_mod_2_64() -> None:
    # Game i of a batch seeded S uses seed S + i (mod 2**64).
    wrapped, plain = SplitMix64(MOD - 1 + 4), SplitMix64(3)
    assert [wrapped.next() for _ in range(5)] == [plain.next() for _ in range(5)]


@pytest.mark.parametrize("seed", SEEDS)
def test_below_is_the_high_64_bits_of_next_times_n(seed: int) -> None:
    sizes = [1, 2, 3, 5, 7, 10, 24, 100, 83305, 2**32 + 1, 2**63, MOD - 1, MOD]
    rng = SplitMix64(seed)
    outputs = _splitmix64(seed)
    for n in sizes * 20:
        assert rng.below(n) == (next(outputs) * n) >> 64


@pytest.mark.parametrize("seed", SEEDS)
def test_below_bounds(seed: int) -> None:
    rng = SplitMix64(seed)
    for n in (1, 2, 3, 6, 7, 1000, MOD - 1):
        for _ in range(200):
            assert 0 <= rng.below(n) < n
    assert all(rng.below(1) == 0 for _ in range(100))
    # For a power of two the draw is the output's top bits.
    twin = _splitmix64(seed)
    rng = SplitMix64(seed)
    for k in range(1, 65):
        assert rng.below(2**k) == next(twin) >> (64 - k)


def test_below_takes_one_output() -> None:
    rng = SplitMix64(7)
    rng.below(10)
    rng.below(3)
    twin = SplitMix64(7)
    twin.next()
    twin.next()
    assert rng.next() == twin.next()


def test_below_rejects_non_positive_n() -> None:
    rng = SplitMix64(0)
    for n in (0, -1, MOD + 1):
        with pytest.raises(
            ParameterError, match=rf"^below\(n\): n must be from 1 to {MOD}, not {n}$"
        ):
            rng.below(n)


def test_below_takes_numpy_integers_as_plain_ints() -> None:
    # A numpy integer times a 64-bit output overflowed numpy arithmetic: a wrong draw, -1.
    for n in (np.int64(5), np.uint64(5), np.int32(5), np.array(5)):
        assert SplitMix64(7).below(n) == SplitMix64(7).below(5)
    assert SplitMix64(7).below(np.uint64(MOD - 1)) == SplitMix64(7).next() * (MOD - 1) >> 64


@pytest.mark.parametrize("n", [True, np.True_, 1.0, "3", None])
def test_below_refuses_what_is_not_an_integer(n: object) -> None:
    with pytest.raises(TypeError, match="below\\(n\\): n must be an int"):
        SplitMix64(0).below(n)  # type: ignore[arg-type]


def test_choose_weighted_checks_its_weights() -> None:
    rng = SplitMix64(0)
    assert rng.choose_weighted([np.int64(0), np.int64(3)]) == 1
    with pytest.raises(ParameterError, match="the sum of the weights must be from 1"):
        rng.choose_weighted([0, 0])
    with pytest.raises(ParameterError, match="a weight must be from 0"):
        rng.choose_weighted([2, -1])
    with pytest.raises(TypeError, match="a weight must be an int"):
        rng.choose_weighted([0.5, 1])  # type: ignore[list-item]


def _first_exceeding(weights: list[int], r: int) -> int:
    """The first index whose running weight sum exceeds ``r``: found by bisecting the running
    sums, a formulation independent of the one under test."""
    assert 0 <= r < sum(weights), "r must be below the sum of the weights"
    return bisect.bisect_right(list(itertools.accumulate(weights)), r)


@pytest.mark.parametrize(
    "weights", [[1], [1, 1], [1, 2, 3], [0, 5, 0, 1], [3, 0], [1] * 36, [2**40, 1, 2**40]]
)
def test_weighted_choice(weights: list[int]) -> None:
    # r = below(sum of weights); the first outcome whose running sum exceeds r.
    for seed in SEEDS:
        rng = SplitMix64(seed)
        twin = _splitmix64(seed)
        for _ in range(200):
            r = (next(twin) * sum(weights)) >> 64
            chosen = rng.choose_weighted(weights)
            assert chosen == _first_exceeding(weights, r)
            assert weights[chosen] > 0


def test_weighted_choice_maps_each_draw() -> None:
    # Weights [1, 2, 3]: r = 0 -> 0; r = 1, 2 -> 1; r = 3, 4, 5 -> 2.
    assert [_first_exceeding([1, 2, 3], r) for r in range(6)] == [0, 1, 1, 2, 2, 2]
    rng = SplitMix64(99)
    twin = SplitMix64(99)
    seen = set()
    for _ in range(300):
        r = twin.below(6)
        seen.add(r)
        assert rng.choose_weighted([1, 2, 3]) == [0, 1, 1, 2, 2, 2][r]
    assert seen == set(range(6))
