"""Period detection and the periodicity certificates: known results, brute force, soundness."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from grundy.errors import InvalidArgument, InvalidGame
from grundy.heap.kernels import subtraction_values, take_break_values
from grundy.heap.period import (
    GUY_SMITH,
    K_HEAP,
    SUBTRACTION_WINDOW,
    Period,
    certify_subtraction,
    certify_take_break,
    detect_period,
    values_needed_subtraction,
    values_needed_take_break,
)


def brute_detect(values: list[int], min_repeats: int) -> tuple[int, int] | None:
    """The definition of detect_period, checked pair by pair."""
    size = len(values)
    for p in range(1, size):
        for n0 in range(size):
            if size - n0 < min_repeats * p:
                break
            if all(values[n + p] == values[n] for n in range(n0, size - p)):
                return n0, p
    return None


def is_periodic(values: np.ndarray, preperiod: int, period: int) -> bool:
    return bool(np.array_equal(values[preperiod + period:], values[preperiod:-period]))


class TestDetectPeriod:
    @given(st.lists(st.integers(0, 2), max_size=40), st.integers(1, 4))
    def test_matches_definition(self, values: list[int], min_repeats: int) -> None:
        assert detect_period(np.array(values, dtype=np.uint8), min_repeats) == brute_detect(
            values, min_repeats)

    def test_matches_definition_on_built_sequences(self) -> None:
        rng = random.Random(9)
        for _ in range(200):
            head = [rng.randint(0, 3) for _ in range(rng.randint(0, 12))]
            cycle = [rng.randint(0, 3) for _ in range(rng.randint(1, 6))]
            values = head + cycle * rng.randint(1, 6) + cycle[: rng.randint(0, len(cycle))]
            got = detect_period(np.array(values, dtype=np.uint8))
            assert got == brute_detect(values, 3)

    def test_kayles(self) -> None:
        assert detect_period(take_break_values([0, 7, 7], 1000)) == (71, 12)

    def test_no_period_in_short_or_growing_values(self) -> None:
        assert detect_period(np.arange(100, dtype=np.uint8)) is None
        assert detect_period(np.zeros(0, dtype=np.uint8)) is None
        assert detect_period(np.zeros(2, dtype=np.uint8)) is None

    def test_bad_min_repeats(self) -> None:
        with pytest.raises(InvalidArgument):
            detect_period(np.zeros(5, dtype=np.uint8), 0)

    def test_long_input_is_fast_enough(self) -> None:
        values = np.tile(np.arange(7, dtype=np.uint8), 3_000_000)
        values[:5] = 9
        assert detect_period(values) == (5, 7)


class TestCertifyTakeBreak:
    @pytest.mark.parametrize(("digits", "preperiod", "period"), [
        ([0, 7, 7], 71, 12),        # Kayles
        ([0, 0, 7], 53, 34),        # Dawson's Kayles
        ([0, 1, 3, 7], 52, 34),     # Dawson's Chess
    ])
    def test_known_octal_periods(self, digits: list[int], preperiod: int, period: int) -> None:
        needed = values_needed_take_break(digits, preperiod, period)
        values = take_break_values(digits, needed - 1)
        assert certify_take_break(digits, values) == Period(preperiod, period, True, GUY_SMITH)
        assert certify_take_break(digits, values[:-1]) is None

    def test_kayles_needs_168_values(self) -> None:
        assert values_needed_take_break([0, 7, 7], 71, 12) == 2 * 71 + 2 * 12 + 2

    def test_0_16(self) -> None:
        digits = [0, 1, 6]
        values = take_break_values(digits, values_needed_take_break(digits, 105351, 149459))
        period = certify_take_break(digits, values)
        assert period == Period(105351, 149459, True, GUY_SMITH)
        assert int(values.max()) == 23

    def test_0_56(self) -> None:
        digits = [0, 5, 6]
        values = take_break_values(digits, values_needed_take_break(digits, 326640, 144))
        assert certify_take_break(digits, values) == Period(326640, 144, True, GUY_SMITH)
        assert values[326639] != values[326639 + 144]

    def test_splitting_d0_uses_the_k_heap_criterion(self) -> None:
        values = take_break_values([4, 0, 7], 400)
        period = certify_take_break([4, 0, 7], values)
        assert period is not None and period.by == K_HEAP
        assert is_periodic(take_break_values([4, 0, 7], 3000), period.preperiod, period.period)

    def test_certificates_are_sound_on_random_codes(self) -> None:
        # Whatever is certified from a prefix must hold on the much longer sequence.
        rng = random.Random(31)
        certified = 0
        for _ in range(200):
            hexadecimal = rng.random() < 0.3
            top = 15 if hexadecimal else 7
            digits = [rng.choice([0, 4, 8] if hexadecimal else [0, 0, 4])]
            digits += [rng.randint(0, top) for _ in range(rng.randint(1, 4))]
            long = take_break_values(digits, 400 if hexadecimal else 2500)
            for cut in (40, 150, 400):
                period = certify_take_break(digits, long[:cut])
                if period is not None:
                    certified += 1
                    assert period.certified
                    assert period.by == (K_HEAP if digits[0] or max(digits) > 7 else GUY_SMITH)
                    assert values_needed_take_break(
                        digits, period.preperiod, period.period) <= cut
                    assert is_periodic(long, period.preperiod, period.period), digits
        assert certified > 60

    def test_arithmetic_periodicity_is_never_certified(self) -> None:
        # hex 0.ff: G(n) = n, and c.f grows too: no ordinary period.
        assert certify_take_break([0, 15, 15], take_break_values([0, 15, 15], 300)) is None
        assert certify_take_break([12, 15], take_break_values([12, 15], 200)) is None

    def test_bad_codes(self) -> None:
        with pytest.raises(InvalidGame):
            certify_take_break([], np.zeros(5, dtype=np.uint8))
        with pytest.raises(InvalidGame):
            certify_take_break([1, 7], np.zeros(5, dtype=np.uint8))


class TestCertifySubtraction:
    @pytest.mark.parametrize(("amounts", "preperiod", "period"), [
        ([3, 5, 8], 0, 11), ([1, 2], 0, 3), ([1, 2, 4, 8, 16], 0, 3)])
    def test_known(self, amounts: list[int], preperiod: int, period: int) -> None:
        needed = values_needed_subtraction(amounts, preperiod, period)
        values = subtraction_values(amounts, needed - 1)
        assert certify_subtraction(amounts, values) == Period(
            preperiod, period, True, SUBTRACTION_WINDOW)
        assert certify_subtraction(amounts, values[:-1]) is None

    def test_sound_on_random_sets(self) -> None:
        rng = random.Random(4)
        for _ in range(200):
            amounts = rng.sample(range(1, 25), rng.randint(1, 5))
            long = subtraction_values(amounts, 5000)
            for cut in (30, 100, 400):
                period = certify_subtraction(amounts, long[:cut])
                if period is not None:
                    assert is_periodic(long, period.preperiod, period.period), amounts

    def test_bad_sets(self) -> None:
        with pytest.raises(InvalidGame):
            certify_subtraction([], np.zeros(5, dtype=np.uint8))
        with pytest.raises(InvalidGame):
            certify_subtraction([0, 2], np.zeros(5, dtype=np.uint8))


class TestPeriod:
    def test_to_json(self) -> None:
        assert Period(71, 12, True, GUY_SMITH).to_json() == {
            "preperiod": 71, "period": 12, "certified": True, "by": GUY_SMITH, "saltus": 0}
        assert Period(3, 4).to_json() == {
            "preperiod": 3, "period": 4, "certified": False, "by": None, "saltus": 0}

    @pytest.mark.parametrize("n", [0, 5, 70, 71, 500, 10**18, 10**18 + 7, 10**100, 3**200])
    def test_value_at_follows_the_pattern(self, n: int) -> None:
        values = take_break_values([0, 7, 7], 2000)
        period = certify_take_break([0, 7, 7], values[:200])
        assert period is not None
        # The computed values far out, at a heap congruent to n mod 12, give the answer.
        expected = values[n] if n <= 2000 else values[1200 + (n - 1200) % 12]
        assert period.value_at(values[:200], n) == int(expected)

    def test_value_at_bad_input(self) -> None:
        period = Period(2, 3)
        with pytest.raises(InvalidArgument):
            period.value_at(np.zeros(10, dtype=np.uint8), -1)
        with pytest.raises(InvalidArgument):
            period.value_at(np.zeros(4, dtype=np.uint8), 100)

    def test_bad_period(self) -> None:
        with pytest.raises(InvalidArgument):
            Period(0, 0)


def reference_arithmetic(values: list[int], min_repeats: int = 3) -> tuple[int, int, int] | None:
    """The definition of detect_arithmetic_period over the whole sequence, step by step."""
    size = len(values)
    for p in range(1, min(1024, size // (min_repeats + 1)) + 1):
        saltus = values[-1] - values[-1 - p]
        preperiod = 0
        for n in range(size - p - 1, -1, -1):
            if values[n + p] - values[n] != saltus:
                preperiod = n + 1
                break
        tail = size - preperiod
        if tail >= min_repeats * p + p and 2 * tail >= size:
            return preperiod, p, saltus
    return None


class TestArithmeticWindow:
    """The search reads a window of the last values and goes back a window at a time."""

    def test_matches_the_definition(self, monkeypatch: pytest.MonkeyPatch) -> None:
        from grundy.heap import period as module

        monkeypatch.setattr(module, "ARITHMETIC_WINDOW", 64)
        rng = random.Random(5)
        for _ in range(300):
            period = rng.randint(1, 12)
            saltus = rng.choice([0, 0, 1, 3])
            head = [rng.randint(0, 20) for _ in range(rng.randint(0, 200))]
            block = [rng.randint(0, 20) for _ in range(period)]
            body = [block[i % period] + (i // period) * saltus
                    for i in range(rng.randint(0, 400))]
            values = head + body
            if len(values) < 2:
                continue
            # The window (64) cuts the search short only where the whole-sequence search
            # would look past it; compare where it does not.
            got = module.detect_arithmetic_period(np.array(values, dtype=np.uint16))
            expected = reference_arithmetic(values)
            if expected is not None and expected[1] * 4 > 64:
                continue
            assert got == expected, values
