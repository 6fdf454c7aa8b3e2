"""The kernel of two-heap split rows, for codes whose moves leave three heaps, against the
plain mex method (tests/naive.py), the rules' brute force and CGSuite's test data."""

from __future__ import annotations

import random

import numpy as np
import pytest

from grundy.errors import SequenceInterrupted, TooBig
from grundy.heap.codes import TakeBreakCode
from grundy.heap.engine import check_computable
from grundy.heap.period import certify_take_break
from grundy.heap.takebreak import MAX_TRIPLE_STEPS, TakeAndBreak
from grundy.heap.triples import ring_size, triple_cost, triple_values
from test_kernels import brute_take_break

from naive import naive_values

# CGSuite's test of game.heap.TakeAndBreak("0.3F") (lib/core/src/test/scala/org/cgsuite/
# lang/GameHeapTest.scala): the values of heaps 0..20, the options of heap 20, and no
# period found in the values of heaps up to 2000.
CGSUITE_0_3F = [0, 1, 2, 0, 1, 2, 3, 4, 5, 3, 4, 5, 6, 7, 8, 6, 7, 8, 9, 10, 11]
CGSUITE_0_3F_OPTIONS_OF_20 = 38


def random_hex_code(rng: random.Random) -> TakeBreakCode:
    """A code with at least one digit that leaves three heaps; now and then a digit whose
    two-heap splits must be unequal (``!``)."""
    digits = [rng.choice([0, 0, 4, 8, 12])] + [rng.randint(0, 15)
                                               for _ in range(rng.randint(1, 5))]
    if not any(d & 8 for d in digits):
        digits[rng.randrange(len(digits))] |= 8
    halves = [k for k, d in enumerate(digits) if d & 12 == 4]
    unequal = (rng.choice(halves),) if halves and rng.random() < 0.3 else ()
    return TakeBreakCode(tuple(digits), unequal)


class TestAgainstNaive:
    def test_seeded_random_codes(self) -> None:
        rng = random.Random(26)
        for _ in range(200):
            code = random_hex_code(rng)
            n = rng.randint(0, 400)
            fast = triple_values(code, n)
            slow = naive_values(code.digits, n, unequal=code.unequal)
            assert fast.dtype == slow.dtype, code
            assert np.array_equal(fast, slow), code

    def test_small_codes_against_the_rules(self) -> None:
        rng = random.Random(3)
        for _ in range(40):
            code = random_hex_code(rng)
            if code.unequal:
                continue
            n = rng.randint(0, 40)
            assert triple_values(code, n).tolist() == brute_take_break(list(code.digits), n)

    @pytest.mark.parametrize("digits", [[0, 8], [0, 15], [12, 15], [4, 14], [0, 5, 8],
                                        [8], [0, 0, 0, 8], [4, 8, 3, 8, 6]])
    def test_longer_runs(self, digits: list[int]) -> None:
        # Values that grow (0.8, c.f, 0.58) and values that stay small (0.f, 4.e).
        assert np.array_equal(triple_values(digits, 1200), naive_values(digits, 1200))

    def test_octal_codes_too(self) -> None:
        rng = random.Random(8)
        for _ in range(30):
            digits = [rng.choice([0, 4])] + [rng.randint(0, 7) for _ in range(rng.randint(1, 4))]
            if not any(digits):
                continue
            n = rng.randint(0, 500)
            assert np.array_equal(triple_values(digits, n), naive_values(digits, n)), digits


class TestCGSuite:
    def test_first_values_and_options(self) -> None:
        game = TakeAndBreak("0.3F", hexadecimal=True)
        assert triple_values([0, 3, 15], 20).tolist() == CGSUITE_0_3F
        assert len(list(game.heap_options(20))) == CGSUITE_0_3F_OPTIONS_OF_20

    def test_2000_values_and_no_period(self) -> None:
        # CGSuite publishes no values past heap 20; the 2000 are checked against the plain
        # mex method, and like CGSuite's CheckPeriodicity(2000) no ordinary period is found
        # in them (the arithmetic one is, tests/test_arithmetic_proof.py).
        values = triple_values([0, 3, 15], 2000)
        assert np.array_equal(values, naive_values([0, 3, 15], 2000))
        assert certify_take_break(TakeBreakCode((0, 3, 15)), values) is None


class TestRuns:
    def test_prefix_extension_equals_full_computation(self) -> None:
        rng = random.Random(5)
        for _ in range(30):
            code = random_hex_code(rng)
            n = rng.randint(0, 400)
            full = triple_values(code, n)
            cut = rng.randint(0, n + 1)
            assert np.array_equal(triple_values(code, n, prefix=full[:cut].copy()), full)

    def test_values_widen_past_255(self) -> None:
        values = triple_values([12, 15], 300)
        assert values.dtype == np.uint16 and values.max() > 255
        assert np.array_equal(values, naive_values([12, 15], 300))

    def test_interrupt_keeps_a_valid_prefix(self) -> None:
        calls: list[int] = []

        def stop_after_two(count: int) -> None:
            calls.append(count)
            if len(calls) == 2:
                raise KeyboardInterrupt

        with pytest.raises(SequenceInterrupted) as caught:
            triple_values([0, 3, 15], 30000, progress=stop_after_two)
        partial = caught.value.values
        assert len(partial) == calls[-1] < 30001
        assert np.array_equal(partial, naive_values([0, 3, 15], len(partial) - 1))

    def test_the_ring_holds_every_row_a_heap_reads(self) -> None:
        # Heap i reads rows down to (i - t) - (i - t) // 3 for a removal t that leaves three
        # heaps, and i - k for one that leaves two.
        code = TakeBreakCode((0, 4, 0, 8))
        n = 999
        assert ring_size(code, n) > max(n - ((n - 3) - (n - 3) // 3), 1)


class TestLimits:
    def test_game_uses_the_kernel_past_the_old_limit(self) -> None:
        game = TakeAndBreak("0.3F", hexadecimal=True)
        assert np.array_equal(game.values(2000), naive_values([0, 3, 15], 2000))

    def test_estimate_grows_with_n(self) -> None:
        code = TakeBreakCode((0, 3, 15))
        first = triple_values(code, 4096)
        small, large = triple_cost(code, first, 10**4), triple_cost(code, first, 10**6)
        assert small[0] < MAX_TRIPLE_STEPS < large[0]
        assert small[1] < large[1]

    def test_too_big_is_refused_up_front(self) -> None:
        with pytest.raises(TooBig) as caught:
            check_computable(TakeAndBreak("c.18", hexadecimal=True), 10**6)
        assert "steps; the limit is" in str(caught.value)
