"""The state's RNG: deterministic, uniform enough, cheap to copy."""

from collections import Counter

import pytest

from sabbat.core import Rng


def test_same_seed_same_stream() -> None:
    a, b = Rng(42), Rng(42)
    assert [a.next_u64() for _ in range(50)] == [b.next_u64() for _ in range(50)]


def test_different_seeds_differ() -> None:
    assert Rng(1).next_u64() != Rng(2).next_u64()


def test_below_stays_in_range_and_covers_it() -> None:
    rng = Rng(7)
    counts = Counter(rng.below(6) for _ in range(6000))
    assert set(counts) == set(range(6))
    assert all(800 < c < 1200 for c in counts.values())


def test_roll_is_one_based() -> None:
    rng = Rng(3)
    assert {rng.roll(6) for _ in range(500)} == {1, 2, 3, 4, 5, 6}


def test_below_rejects_empty_range() -> None:
    with pytest.raises(ValueError):
        Rng(0).below(0)


def test_shuffle_is_a_permutation_and_deterministic() -> None:
    a, b = list(range(30)), list(range(30))
    Rng(9).shuffle(a)
    Rng(9).shuffle(b)
    assert a == b and sorted(a) == list(range(30)) and a != list(range(30))


def test_copy_is_independent() -> None:
    a = Rng(5)
    b = a.copy()
    a.next_u64()
    assert b != a and b.copy() == b


def test_random_float_in_unit_interval() -> None:
    rng = Rng(11)
    xs = [rng.random() for _ in range(1000)]
    assert all(0.0 <= x < 1.0 for x in xs) and 0.4 < sum(xs) / len(xs) < 0.6


def test_keyed_is_fixed_by_its_key_and_every_part_of_it_counts() -> None:
    draws = [Rng.keyed(3, 7, 11).next_u64() for _ in range(2)]
    assert draws[0] == draws[1]
    others = {Rng.keyed(3, 7, 12).next_u64(), Rng.keyed(7, 3, 11).next_u64(), Rng.keyed(3, 7).next_u64(),
              Rng.keyed(3, 7, 11, 0).next_u64(), Rng.keyed().next_u64()}
    assert draws[0] not in others and len(others) == 5
