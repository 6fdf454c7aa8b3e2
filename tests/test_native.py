"""The C kernel of short runs (grundy.heap.native): the same values as the numba kernels on
random codes, the same periods as numba's search, numba's kernels where it cannot be had,
and a short sequence run that imports no numba.  The kernel chosen by the values seen
(grundy.heap.choice): the all-common kernel's values equal the rare/common kernel's, and
``grundy sequence --json`` names the kernel."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from grundy.heap import native
from grundy.heap.choice import ALL_COMMON, RARE_COMMON, SEEN_FIRST, choose
from grundy.heap.codes import SPLIT_IN_TWO, TakeBreakCode
from grundy.heap.compact import as_array, to_compact
from grundy.heap.kernels import all_common_values, grundy_game_values, take_break_values
from grundy.heap.period import DETECT_RULE, take_break_rule
from grundy.heap.period_search import first_period as compiled_first_period

from naive import naive_take_break_values

needs_c = pytest.mark.skipif(native.library() is None, reason="no C compiler here")


def random_code(rng: random.Random) -> TakeBreakCode:
    """A code whose moves leave at most two heaps, some splits kept unequal."""
    while True:
        digits = [rng.choice([0, 4])] + [rng.randint(0, 7) for _ in range(rng.randint(1, 5))]
        unequal = tuple(k for k, d in enumerate(digits) if d & 4 and rng.random() < 0.2)
        if any(digits[1:]) or digits[0]:
            return TakeBreakCode(tuple(digits), unequal=unequal)


@needs_c
def test_values_equal_the_numba_kernel_on_random_codes() -> None:
    rng = random.Random(2028)
    for _ in range(150):
        code = random_code(rng)
        n = rng.randint(0, 2500)
        expected = take_break_values(code, n)
        known = rng.randint(0, n + 1)
        got = native.native_values(code, n, expected[:known] if known else None)
        assert got is not None
        assert as_array(got).dtype == expected.dtype, code
        assert np.array_equal(as_array(got), expected), (code, n, known)


@needs_c
def test_values_of_long_runs_with_many_values() -> None:
    # 0.167 reaches values above 32 and changes its mask on the way; Grundy's game keeps
    # its parts unequal; 4.07 splits without taking.
    for code, n in ((TakeBreakCode.parse("0.167"), 60000), (SPLIT_IN_TWO, 20000),
                    (TakeBreakCode.parse("4.07"), 20000)):
        expected = (grundy_game_values(n) if code is SPLIT_IN_TWO
                    else take_break_values(code, n))
        got = native.native_values(code, n, None)
        assert got is not None and np.array_equal(as_array(got), expected), code


def test_three_heap_moves_are_left_to_numba() -> None:
    assert native.native_values(TakeBreakCode((0, 8)), 100, None) is None


def least_period(values: np.ndarray, pmax: int, a: int, floor: int, b: int, c: int
                 ) -> tuple[int, int]:
    """The period search by its definition: each p, its least preperiod e, the rule."""
    size = len(values)
    for p in range(1, pmax + 1):
        differ = np.flatnonzero(values[p:] != values[:-p])
        e = int(differ[-1]) + 1 if len(differ) else 0
        if a * max(e, floor) + b * p + c <= size:
            return p, e
    return 0, 0


@needs_c
def test_period_searches_equal_the_definition_on_random_values() -> None:
    # Long repeats make common tails longer than the 255 that z keeps.
    rng = np.random.default_rng(28)
    for trial in range(200):
        head = rng.integers(0, 4, size=int(rng.integers(0, 300)))
        period = rng.integers(0, 4, size=int(rng.integers(1, 40)))
        tail = np.tile(period, int(rng.integers(1, 40)))
        dtype = (np.uint8, np.uint16, np.uint32)[trial % 3]
        values = np.concatenate((head, tail)).astype(dtype)
        for rule in (DETECT_RULE, take_break_rule([0, 7, 7])[0], (1, 0, 1, 3)):
            a, floor, b, c = rule
            pmax = min(max(0, (len(values) - c) // b), max(len(values) - 1, 0))
            if pmax < 1:
                continue
            expected = least_period(values, pmax, a, floor, b, c)
            z = np.empty(pmax + 1, dtype=np.uint8)
            assert tuple(map(int, compiled_first_period(values, z, a, floor, b, c))) == expected
            assert native.first_period(values, pmax, a, floor, b, c) == expected
            assert native.first_period(to_compact(values), pmax, a, floor, b, c) == expected


@pytest.mark.slow
def test_no_compiler_means_the_numba_kernels(tmp_path: Path) -> None:
    check = ("from grundy.heap.native import library, native_values\n"
             "from grundy.heap.codes import TakeBreakCode\n"
             "print(library(), native_values(TakeBreakCode((0, 7, 7)), 10, None))\n"
             "from grundy.heap.kernels import take_break_values\n"
             "print(take_break_values([0, 7, 7], 10).tolist())")
    env = {**os.environ, "CC": str(tmp_path / "no-such-compiler"),
           "NUMBA_CACHE_DIR": str(tmp_path / "cache")}
    done = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True,
                          timeout=120, check=True, env=env)
    assert done.stdout.splitlines() == ["None None", "[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2]"]


@needs_c
def test_a_short_sequence_imports_no_numba() -> None:
    check = ("from grundy.cli import main\n"
             "main(['sequence', '--period', '--no-values', '--no-cache', 'octal:0.16', "
             "'--to', '524287'])\nimport sys\nprint('numba' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True,
                          timeout=120, check=True)
    assert "Periodic from heap 105,351 with period 149,459" in done.stdout
    assert done.stdout.splitlines()[-1] == "False"


def test_all_common_kernel_equals_the_rare_common_kernel_on_random_codes() -> None:
    rng = random.Random(1728)
    for _ in range(100):
        code = random_code(rng)
        n = rng.randint(0, 2000)
        expected = take_break_values(code, n)
        known = rng.randint(0, n + 1)
        got = all_common_values(code, n, expected[:known] if known else None)
        assert got.dtype == expected.dtype and np.array_equal(got, expected), (code, n)


def test_all_common_kernel_widens_past_one_byte() -> None:
    # 0.7777777777 (take 1..10, leave one or two heaps) passes 255 before heap 3000.
    code = TakeBreakCode.parse("0.7777777777")
    got = all_common_values(code, 3000)
    assert int(got.max()) > 255 and got.dtype == np.uint16
    assert np.array_equal(got, naive_take_break_values(code.digits, 3000))


@pytest.mark.parametrize(("code", "kernel"), [
    ("0.167", RARE_COMMON), ("0.56", RARE_COMMON),   # sparse: a few percent rare
    ("0.004", ALL_COMMON), ("0.024", ALL_COMMON),    # a third of the heaps rare
])
def test_the_kernel_is_chosen_by_the_values_seen(code: str, kernel: str) -> None:
    parsed = TakeBreakCode.parse(code)
    values = take_break_values(parsed, 4 * SEEN_FIRST)
    assert choose(parsed, values[:SEEN_FIRST // 2]) == RARE_COMMON  # too few seen
    assert choose(parsed, values) == kernel


def sequence_json(*args: str, cache: Path) -> dict[str, object]:
    done = subprocess.run([sys.executable, "-m", "grundy", "sequence", "--json", *args],
                          capture_output=True, text=True, timeout=120, check=True,
                          env={**os.environ, "GRUNDY_CACHE_DIR": str(cache)})
    data: dict[str, object] = json.loads(done.stdout)
    return data


@pytest.mark.slow
def test_sequence_json_names_the_kernel(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    assert sequence_json("--no-values", "octal:0.167", "--to", "50000",
                         cache=cache)["kernel"] == RARE_COMMON
    assert sequence_json("--no-values", "octal:0.004", "--to", "50000",
                         cache=cache)["kernel"] == ALL_COMMON
    # Dawson's Kayles is proved periodic early: the rest is filled from its period.
    assert sequence_json("--no-values", "dawson", "--to", "100000",
                         cache=cache)["kernel"] == "period"
    # Values read back from the cache were computed by no kernel in this run.
    again = sequence_json("--no-values", "octal:0.167", "--to", "50000", cache=cache)
    assert "kernel" not in again and again["game"] == "octal:0.167"
