"""The compiled nim-sequence kernels against plain brute force, known sequences and each other.

The brute forces below are written from the rules of the games (take-and-break codes,
Grundy's game, subtraction) with Python sets; they share nothing with the kernels.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from grundy.errors import InvalidArgument, InvalidGame
from grundy.heap.kernels import (
    SequenceInterrupted,
    generic_values,
    grundy_game_values,
    sparse_run,
    subtraction_values,
    take_break_values,
)

import oeis
from naive import naive_take_break_values, naive_values

pytestmark = pytest.mark.slow

KAYLES_A002186 = oeis.KAYLES_A002186
DAWSON_A002187 = oeis.DAWSONS_CHESS_A002187


# -- independent brute force ----------------------------------------------------------

def mex(values: set[int]) -> int:
    m = 0
    while m in values:
        m += 1
    return m


def heaps_left(digit: int, taken: int, rest: int) -> Iterator[tuple[int, ...]]:
    """Every multiset of heaps left by removing `taken` tokens under `digit`."""
    if taken and digit & 1 and rest == 0:
        yield ()
    if taken and digit & 2 and rest > 0:
        yield (rest,)
    if digit & 4:
        for a in range(1, rest):
            yield (a, rest - a)
    if digit & 8:
        for a in range(1, rest):
            for b in range(1, rest - a):
                yield (a, b, rest - a - b)


def brute_take_break(digits: list[int], n: int) -> list[int]:
    g: list[int] = []
    for size in range(n + 1):
        seen = set()
        for taken, digit in enumerate(digits):
            if taken <= size:
                for parts in heaps_left(digit, taken, size - taken):
                    value = 0
                    for part in parts:
                        value ^= g[part]
                    seen.add(value)
        g.append(mex(seen))
    return g


def brute_grundy_game(n: int) -> list[int]:
    g: list[int] = []
    for size in range(n + 1):
        g.append(mex({g[a] ^ g[size - a] for a in range(1, size) if 2 * a != size}))
    return g


def brute_subtraction(amounts: list[int], n: int) -> list[int]:
    g: list[int] = []
    for size in range(n + 1):
        g.append(mex({g[size - s] for s in amounts if s <= size}))
    return g


def random_code(rng: random.Random, hexadecimal: bool) -> list[int]:
    top = 15 if hexadecimal else 7
    before = rng.choice([0, 0, 0, 4, 8, 12] if hexadecimal else [0, 0, 0, 4])
    return [before] + [rng.randint(0, top) for _ in range(rng.randint(1, 6))]


octal_codes = st.builds(lambda d0, rest: [d0, *rest], st.sampled_from([0, 0, 4]),
                        st.lists(st.integers(0, 7), min_size=1, max_size=7))
hex_codes = st.builds(lambda d0, rest: [d0, *rest], st.sampled_from([0, 4, 8, 12]),
                      st.lists(st.integers(0, 15), min_size=1, max_size=4))


# -- take-and-break codes -------------------------------------------------------------

class TestParallelBlocks:
    """The kernel that guesses each block's values and runs its proof scans in parallel."""

    def test_random_codes_match_naive(self) -> None:
        rng = random.Random(23)
        for _ in range(40):
            digits = random_code(rng, hexadecimal=False)
            if not any(d & 4 for d in digits):
                digits[rng.randrange(len(digits))] |= 4
            n = rng.randint(0, 4000)
            fast = take_break_values(digits, n, threads=2)
            slow = naive_take_break_values(digits, n)
            assert fast.dtype == slow.dtype
            assert np.array_equal(fast, slow), digits

    @pytest.mark.parametrize("code", [[0, 3, 7, 6], [0, 3, 5, 4], [4, 0, 7], [0, 3, 5, 4, 1],
                                      [4, 7], [0, 1, 6]])
    def test_long_runs_equal_the_serial_kernel(self, code: list[int]) -> None:
        n = 60000
        assert np.array_equal(take_break_values(code, n, threads=2),
                              take_break_values(code, n, threads=1))

    def test_grundys_game_matches_naive(self) -> None:
        # Early on new rare heaps come every few hundred heaps: many guesses fail.
        n = 30000
        assert np.array_equal(grundy_game_values(n, threads=2), naive_values([4], n, True))

    def test_widening_to_uint16_matches_naive(self) -> None:
        digits = [0] + [7] * 300
        values = take_break_values(digits, 700, threads=2)
        assert values.dtype == np.uint16 and values.max() > 255
        assert np.array_equal(values, naive_take_break_values(digits, 700))

    def test_prefix_extension(self) -> None:
        full = take_break_values([0, 3, 7, 6], 20000, threads=2)
        part = take_break_values([0, 3, 7, 6], 7777, threads=1)
        assert np.array_equal(take_break_values([0, 3, 7, 6], 20000, prefix=part, threads=2),
                              full)

    def test_bad_thread_counts(self) -> None:
        for threads in (0, -1, 1.5, True):
            with pytest.raises(InvalidArgument, match="threads"):
                take_break_values([0, 7, 7], 10, threads=threads)  # type: ignore[arg-type]


class TestNaiveTakeBreak:
    def test_matches_brute_force_on_random_codes(self) -> None:
        rng = random.Random(7)
        for _ in range(60):
            digits = random_code(rng, hexadecimal=rng.random() < 0.4)
            n = rng.randint(0, 40)
            assert naive_take_break_values(digits, n).tolist() == brute_take_break(digits, n)

    def test_kayles_is_oeis_a002186(self) -> None:
        values = naive_take_break_values([0, 7, 7], len(KAYLES_A002186) - 1)
        assert values.tolist() == KAYLES_A002186


class TestTakeBreakValues:
    def test_kayles_is_oeis_a002186(self) -> None:
        values = take_break_values([0, 7, 7], len(KAYLES_A002186) - 1)
        assert values.tolist() == KAYLES_A002186
        assert values.dtype == np.uint8

    def test_dawsons_kayles_is_oeis_a002187_shifted(self) -> None:
        values = take_break_values([0, 0, 7], len(DAWSON_A002187))
        assert values[1:].tolist() == DAWSON_A002187
        assert values[0] == 0

    def test_dawsons_chess_is_oeis_a002187(self) -> None:
        values = take_break_values([0, 1, 3, 7], len(DAWSON_A002187) - 1)
        assert values.tolist() == DAWSON_A002187

    def test_small_codes_match_brute_force(self) -> None:
        rng = random.Random(11)
        for _ in range(60):
            digits = random_code(rng, hexadecimal=rng.random() < 0.4)
            n = rng.randint(0, 45)
            assert take_break_values(digits, n).tolist() == brute_take_break(digits, n)

    def test_seeded_octal_codes_match_naive(self) -> None:
        rng = random.Random(2024)
        for _ in range(150):
            digits = random_code(rng, hexadecimal=False)
            n = rng.randint(0, 1500)
            fast = take_break_values(digits, n)
            slow = naive_take_break_values(digits, n)
            assert fast.dtype == slow.dtype
            assert np.array_equal(fast, slow), digits

    def test_seeded_hexadecimal_codes_match_naive(self) -> None:
        rng = random.Random(16)
        for _ in range(80):
            digits = random_code(rng, hexadecimal=True)
            n = rng.randint(0, 220)
            fast = take_break_values(digits, n)
            assert np.array_equal(fast, naive_take_break_values(digits, n)), digits

    @given(octal_codes, st.integers(0, 700))
    def test_octal_matches_naive(self, digits: list[int], n: int) -> None:
        assert np.array_equal(take_break_values(digits, n), naive_take_break_values(digits, n))

    @given(hex_codes, st.integers(0, 150))
    def test_hexadecimal_matches_naive(self, digits: list[int], n: int) -> None:
        assert np.array_equal(take_break_values(digits, n), naive_take_break_values(digits, n))

    @pytest.mark.parametrize("code", [[0, 3, 7, 6], [0, 3, 5, 4], [0, 1, 6], [0, 5, 6],
                                      [4, 0, 7], [4, 0, 0, 7], [4, 7], [8, 0, 7], [12, 1]])
    def test_long_runs_match_naive(self, code: list[int]) -> None:
        # 0.376: the proof scan dominates; 4.07, 4.007, 4.7: splitting without taking.
        n = 600 if code[0] & 8 else 12000
        assert np.array_equal(take_break_values(code, n), naive_take_break_values(code, n))

    def test_proof_scan_runs_on_0_376(self) -> None:
        run = sparse_run([0, 3, 7, 6], 20000)
        assert run.proof_scan_steps > 20000
        assert np.array_equal(run.values, take_break_values([0, 3, 7, 6], 20000))

    def test_prefix_extension_equals_full_computation(self) -> None:
        rng = random.Random(3)
        for _ in range(30):
            digits = random_code(rng, hexadecimal=rng.random() < 0.3)
            n = rng.randint(0, 300)
            full = take_break_values(digits, n)
            cut = rng.randint(0, n + 1)
            extended = take_break_values(digits, n, prefix=full[:cut].copy())
            assert np.array_equal(extended, full)
            assert extended.dtype == full.dtype

    def test_prefix_longer_than_n_is_cut(self) -> None:
        full = take_break_values([0, 7, 7], 50)
        assert np.array_equal(take_break_values([0, 7, 7], 20, prefix=full), full[:21])

    def test_values_past_255_widen_to_uint16(self) -> None:
        # hex 0.ff: G(n) = n, so values leave uint8 at n = 256.
        values = take_break_values([0, 15, 15], 300)
        assert values.dtype == np.uint16
        assert values.tolist() == list(range(301))
        assert take_break_values([0, 15, 15], 255).dtype == np.uint8

    def test_widening_in_the_middle_matches_naive(self) -> None:
        values = take_break_values([12, 15], 200)
        naive = naive_take_break_values([12, 15], 200)
        assert values.max() > 255
        assert values.dtype == np.uint16
        assert np.array_equal(values, naive)

    def test_progress_is_called_with_counts(self) -> None:
        counts: list[int] = []
        take_break_values([0, 7, 7], 30000, progress=counts.append)
        assert counts and counts == sorted(counts) and counts[-1] == 30001

    def test_interrupt_keeps_a_valid_prefix(self) -> None:
        calls = []

        def stop_after_two(count: int) -> None:
            calls.append(count)
            if len(calls) == 2:
                raise KeyboardInterrupt

        with pytest.raises(SequenceInterrupted) as caught:
            take_break_values([0, 3, 7, 6], 50000, progress=stop_after_two)
        partial = caught.value.values
        assert isinstance(caught.value, KeyboardInterrupt)
        assert len(partial) == calls[-1] < 50001
        assert np.array_equal(partial, take_break_values([0, 3, 7, 6], len(partial) - 1))

    @pytest.mark.parametrize(("digits", "n", "error"), [
        ([0, 7, 7], -1, InvalidArgument),
        ([], 5, InvalidGame),
        ([0, 16], 5, InvalidGame),
        ([0, -1], 5, InvalidGame),
        ([1, 7], 5, InvalidGame),
        ([2, 7], 5, InvalidGame),
        ([0, 7.0], 5, InvalidGame),
    ])
    def test_bad_arguments(self, digits: list[int], n: int, error: type[ValueError]) -> None:
        with pytest.raises(error) as caught:
            take_break_values(digits, n)
        assert "\n" not in str(caught.value)
        with pytest.raises(error):
            naive_take_break_values(digits, n)

    def test_bad_prefix(self) -> None:
        with pytest.raises(InvalidArgument):
            take_break_values([0, 7, 7], 5, prefix=np.array([1, 2]))
        with pytest.raises(InvalidArgument):
            take_break_values([0, 7, 7], 5, prefix=np.array([[0]]))


# -- Grundy's game --------------------------------------------------------------------

class TestGrundyGame:
    def test_matches_brute_force(self) -> None:
        assert grundy_game_values(1200).tolist() == brute_grundy_game(1200)

    def test_matches_naive_kernel_further(self) -> None:
        assert np.array_equal(grundy_game_values(20000), naive_values([4], 20000, unequal=True))

    def test_flammenkamps_first_sparse_values(self) -> None:
        # Flammenkamp's page "Sprague-Grundy Values of Grundy's Game": the sparse values
        # (popcount(G(n) & ...11110) even) of heaps 0..231, heap and value.
        published = {0: 0, 1: 0, 2: 0, 3: 1, 4: 0, 6: 1, 7: 0, 9: 1, 10: 0, 12: 1, 15: 1,
                     20: 0, 23: 0, 26: 0, 28: 1, 31: 1, 34: 1, 37: 1, 40: 1, 43: 1, 46: 1,
                     49: 1, 50: 0, 52: 1, 53: 0, 55: 1, 58: 1, 61: 1, 87: 7, 90: 7, 93: 7,
                     146: 6, 149: 6, 152: 6, 158: 11, 161: 11, 164: 11, 167: 11, 176: 7,
                     179: 7, 181: 12, 182: 7, 185: 7, 188: 7, 190: 12, 193: 12, 196: 10,
                     231: 10}
        values = grundy_game_values(231).tolist()
        sparse = {n: v for n, v in enumerate(values) if bin(v & ~1).count("1") % 2 == 0}
        assert sparse == published

    def test_prefix_extension(self) -> None:
        full = grundy_game_values(5000)
        for cut in (0, 1, 2, 3, 777, 5000, 5001):
            assert np.array_equal(grundy_game_values(5000, prefix=full[:cut].copy()), full)

    def test_interrupt(self) -> None:
        def stop(count: int) -> None:
            raise KeyboardInterrupt

        with pytest.raises(SequenceInterrupted) as caught:
            grundy_game_values(100000, progress=stop)
        partial = caught.value.values
        assert 0 < len(partial) < 100001
        assert np.array_equal(partial, grundy_game_values(len(partial) - 1))


# -- subtraction games ----------------------------------------------------------------

class TestSubtraction:
    def test_random_sets_match_brute_force(self) -> None:
        rng = random.Random(5)
        for _ in range(80):
            amounts = rng.sample(range(1, 30), rng.randint(1, 6))
            n = rng.randint(0, 400)
            assert subtraction_values(amounts, n).tolist() == brute_subtraction(amounts, n)

    @given(st.sets(st.integers(1, 40), min_size=1, max_size=8), st.integers(0, 500))
    def test_matches_brute_force(self, amounts: set[int], n: int) -> None:
        assert subtraction_values(sorted(amounts), n).tolist() == brute_subtraction(
            sorted(amounts), n)

    def test_take_one_to_300_widens_to_uint16(self) -> None:
        values = subtraction_values(range(1, 301), 1000)
        assert values.dtype == np.uint16
        assert values.tolist() == [k % 301 for k in range(1001)]

    def test_widens_to_uint32_from_a_prefix(self) -> None:
        # Take 1..70000: G(n) = n mod 70001; start just below the uint16 limit.
        prefix = np.arange(65530, dtype=np.uint16)
        values = subtraction_values(range(1, 70001), 65540, prefix=prefix)
        assert values.dtype == np.uint32
        assert values[65530:].tolist() == list(range(65530, 65541))

    def test_prefix_extension(self) -> None:
        full = subtraction_values([2, 7, 9], 500)
        for cut in (0, 1, 5, 250, 501):
            assert np.array_equal(subtraction_values([2, 7, 9], 500, prefix=full[:cut]), full)

    def test_squares_match_generic(self) -> None:
        squares = [k * k for k in range(1, 40)]
        fast = subtraction_values(squares, 1500)
        slow = generic_values(lambda n: [(n - s,) for s in squares if s <= n], 1500)
        assert np.array_equal(fast, slow)

    def test_amounts_larger_than_every_heap(self) -> None:
        assert subtraction_values([10, 20], 5).tolist() == [0] * 6

    @pytest.mark.parametrize("amounts", [[], [0], [-2, 3], [1.5]])
    def test_bad_sets(self, amounts: list[int]) -> None:
        with pytest.raises(InvalidGame):
            subtraction_values(amounts, 5)


# -- any heap game --------------------------------------------------------------------

class TestGeneric:
    def test_kayles_by_options(self) -> None:
        def kayles(n: int) -> Iterator[tuple[int, ...]]:
            for taken in (1, 2):
                for left in range(n - taken + 1):
                    yield tuple(p for p in (left, n - taken - left) if p)

        assert generic_values(kayles, 104).tolist() == KAYLES_A002186

    def test_prefix(self) -> None:
        def nim(n: int) -> list[tuple[int, ...]]:
            return [(k,) if k else () for k in range(n)]

        assert generic_values(nim, 10, prefix=np.arange(4)).tolist() == list(range(11))

    def test_bad_option(self) -> None:
        with pytest.raises(InvalidArgument):
            generic_values(lambda n: [(n,)], 3)
