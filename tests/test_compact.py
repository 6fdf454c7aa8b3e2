"""Values held without numpy (grundy.heap.compact): short runs answered by the C kernel import
no numpy, from the command line to the output and the disk cache; and every step on compact
values (slices, counts, period searches, the period's continuation, the frequencies, the
cache, the reports and the printed output) gives what the same step gives on numpy arrays,
on seeded random values and codes."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from grundy.cli import main
from grundy.heap import engine, native
from grundy.heap.cache import SequenceCache
from grundy.heap.compact import (
    CompactValues,
    as_array,
    first_index,
    same_values,
    to_compact,
    value_counts,
)
from grundy.heap.masks import fewest_rare
from grundy.heap.period import (
    certify_take_break,
    detect_arithmetic_period,
    detect_period,
)
from grundy.heap.takebreak import TakeAndBreak
from grundy.heap.tiling import extend_by_period
from grundy.sequences import Frequencies, sequence_report

needs_c = pytest.mark.skipif(native.library() is None, reason="no C compiler here")


def random_values(rng: random.Random) -> np.ndarray:
    """A head, then a tail with a period, maybe growing by a saltus, in a random width."""
    head = [rng.randrange(6) for _ in range(rng.randrange(0, 200))]
    period = [rng.randrange(6) for _ in range(rng.randrange(1, 30))]
    saltus = rng.choice([0, 0, 1, 3])
    tail = [v + saltus * k for k in range(rng.randrange(1, 30)) for v in period]
    top = max(head + tail)
    dtype = rng.choice([t for t in (np.uint8, np.uint16, np.uint32, np.uint64)
                        if np.iinfo(t).max >= top])
    return np.array(head + tail, dtype=dtype)


def test_compact_values_read_as_numpy_arrays_do() -> None:
    rng = random.Random(2819)
    for _ in range(300):
        array = random_values(rng)
        held = to_compact(array)
        assert held.itemsize == array.dtype.itemsize and len(held) == len(array)
        a, b = sorted(rng.randrange(-len(array) - 2, len(array) + 2) for _ in range(2))
        assert held[a:b].tolist() == array[a:b].tolist()
        assert held[a:][:7].tolist() == array[a:][:7].tolist()
        k = rng.randrange(len(array))
        assert held[k] == int(array[k]) and held[-1 - k] == int(array[-1 - k])
        assert held.max() == int(array.max())
        assert value_counts(held) == np.bincount(array.astype(np.int64)).tolist()
        top = int(array.max())
        assert first_index(held, top) == first_index(array, top) == int(np.argmax(array))
        assert np.array_equal(as_array(held), array) and as_array(held).dtype == array.dtype
        assert held.narrowed().tolist() == array.tolist()
        assert held.narrowed().itemsize == np.min_scalar_type(top).itemsize
        assert same_values(held, array) and same_values(held.converted(8), held)
    with pytest.raises(IndexError):
        CompactValues.of([1, 2])[2]


def test_period_searches_agree_on_compact_values_and_numpy_arrays() -> None:
    rng = random.Random(2820)
    for _ in range(300):
        array = random_values(rng)
        held = to_compact(array)
        assert detect_period(held) == detect_period(array)
        assert detect_arithmetic_period(held) == detect_arithmetic_period(array)
        assert detect_arithmetic_period(held, 2) == detect_arithmetic_period(array, 2)
        assert certify_take_break([0, 7, 7], held) == certify_take_break([0, 7, 7], array)


def test_an_arithmetic_period_behind_the_window_is_found_in_both_forms() -> None:
    # The window of the last 65536 values repeats throughout: the search reads further back.
    values = np.array([9, 9, 9] + [k // 2 for k in range(140000)], dtype=np.uint32)
    expected = detect_arithmetic_period(values)
    assert expected == (3, 2, 1)
    assert detect_arithmetic_period(to_compact(values)) == expected


def test_the_continuation_by_a_period_agrees_in_both_forms() -> None:
    rng = random.Random(2821)
    for _ in range(200):
        preperiod, period = rng.randrange(0, 50), rng.randrange(1, 40)
        size = preperiod + period + rng.randrange(0, 100)
        start = [rng.randrange(200) for _ in range(preperiod + period)]
        values = start + [start[preperiod + (m - preperiod) % period]
                          for m in range(len(start), size)]
        array = np.array(values, dtype=np.uint8)
        n = rng.randrange(0, 3000)
        expected = extend_by_period(array, preperiod, period, 0, n)
        got = extend_by_period(to_compact(array), preperiod, period, 0, n)
        assert isinstance(got, CompactValues) and got.tolist() == expected.tolist()


def test_the_rare_common_split_is_the_same_from_a_list_of_counts() -> None:
    rng = random.Random(2822)
    for _ in range(100):
        counts = [rng.randrange(0, 50) for _ in range(rng.choice([3, 40, 700, 3000]))]
        assert fewest_rare(counts) == fewest_rare(np.array(counts, dtype=np.int64))


def test_the_cache_writes_the_same_file_from_either_form(tmp_path: Path) -> None:
    rng = random.Random(2823)
    for trial in range(20):
        array = random_values(rng)
        one, other = SequenceCache(tmp_path / f"a{trial}"), SequenceCache(tmp_path / f"b{trial}")
        one.store("octal:0.77", array)
        other.store("octal:0.77", to_compact(array))
        assert one.path("octal:0.77").read_bytes() == other.path("octal:0.77").read_bytes()
        loaded = other.load_any("octal:0.77")
        assert isinstance(loaded, CompactValues) and loaded.tolist() == array.tolist()


def random_octal(rng: random.Random) -> str:
    """An octal code with a move: digits 0-7 after the point, the last not 0."""
    digits = [rng.randint(0, 7) for _ in range(rng.randint(0, 3))] + [rng.randint(1, 7)]
    return "0." + "".join(map(str, digits))


def fresh_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine, "_sequences", {})
    monkeypatch.setattr(engine, "_periods", {})
    monkeypatch.setattr(engine, "_looked_on_disk", {})
    monkeypatch.setitem(engine._disk, "cache", None)


def in_numpy(monkeypatch: pytest.MonkeyPatch) -> None:
    """The C kernel's values handed on as numpy arrays: every later step takes numpy's path."""
    compact = native.native_values

    def as_numpy(*args: object) -> object:
        found = compact(*args)  # type: ignore[arg-type]
        return None if found is None else as_array(found)

    monkeypatch.setattr(native, "native_values", as_numpy)


@needs_c
def test_reports_and_output_are_those_of_the_numpy_path_on_random_codes(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    rng = random.Random(2824)
    codes = ["0.16", "0.07", "0.56"] + [random_octal(rng) for _ in range(25)]
    for code in codes:
        n = rng.choice([rng.randrange(0, 3000), rng.randrange(3000, 80000)])
        argv = ["sequence", "--period", "--frequencies", f"octal:{code}", "--to", str(n),
                "--no-cache"]
        results = []
        for numpy_path in (False, True):
            with monkeypatch.context() as patch:
                fresh_engine(patch)
                if numpy_path:
                    in_numpy(patch)
                report = sequence_report(TakeAndBreak(code), n, period=True, frequencies=True)
                main([*argv, "--json"])
                main(argv)
                main([*argv, "--no-values"])
            results.append((report.to_json(), capsys.readouterr().out))
        assert results[0] == results[1], code


@needs_c
def test_frequencies_of_compact_values_are_numpys() -> None:
    values = native.native_values(TakeAndBreak("0.167").rules, 30000, None)
    assert values is not None
    assert Frequencies.of(values) == Frequencies.of(as_array(values))


def imported_numpy(*argv: str, env: dict[str, str]) -> tuple[bool, str]:
    """Runs the command line in a process of its own: whether numpy was imported, and what
    was printed."""
    check = ("import runpy, sys\n"
             f"sys.argv = ['grundy', *{list(argv)!r}]\n"
             "try:\n    runpy.run_module('grundy', run_name='__main__')\n"
             "except SystemExit as stop:\n    assert not stop.code, stop.code\n"
             "print('numpy' in sys.modules, 'numba' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True,
                          timeout=120, check=True, env={**os.environ, **env})
    *printed, last = done.stdout.splitlines()
    assert last in ("False False", "True False", "True True"), last
    return last.startswith("True"), "\n".join(printed)


@needs_c
@pytest.mark.parametrize("argv", [
    ("sequence", "--no-values", "--no-cache", "--period", "octal:0.16", "--to", "524287"),
    ("sequence", "--no-values", "--no-cache", "--period", "--frequencies", "octal:0.56",
     "--to", "300000"),
    ("sequence", "--json", "--no-cache", "--period", "--frequencies", "octal:0.167", "--to",
     "20000"),
])
def test_short_runs_import_no_numpy(argv: tuple[str, ...], tmp_path: Path) -> None:
    used, printed = imported_numpy(*argv, env={"GRUNDY_CACHE_DIR": str(tmp_path)})
    assert not used and "octal" in printed


@needs_c
def test_short_runs_with_the_cache_import_no_numpy(tmp_path: Path) -> None:
    env = {"GRUNDY_CACHE_DIR": str(tmp_path)}
    argv = ("sequence", "octal:0.16", "--to", "100000", "--period")
    first = imported_numpy(*argv, env=env)
    assert sorted(p.suffix for p in tmp_path.glob("*.seq")) == [".seq"]
    # Read back from the cache, then longer, then proved and kept with its period.
    assert imported_numpy(*argv, env=env) == first == (False, first[1])
    assert not imported_numpy("sequence", "--no-values", "--period", "dawson", "--to",
                              "1000000", env=env)[0]
    used, printed = imported_numpy("value", "octal:0.16", "1000000000000", env=env)
    assert not used and "nim-value 3 (by period)" in printed
    assert list(tmp_path.glob("*.period.json"))
    used, again = imported_numpy("value", "octal:0.16", "1000000000000", env=env)
    assert not used and again == printed


def test_without_the_c_library_compact_values_read_the_same(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from grundy.heap import compact

    rng = random.Random(2825)
    arrays = [random_values(rng) for _ in range(100)]
    expected = [(detect_arithmetic_period(a), value_counts(to_compact(a)),
                 to_compact(a).max(), to_compact(a).converted(8).tolist()) for a in arrays]
    monkeypatch.setattr(compact, "library", lambda: None)
    for array, answer in zip(arrays, expected, strict=True):
        held = to_compact(array)
        assert (detect_arithmetic_period(held), value_counts(held), held.max(),
                held.converted(8).tolist()) == answer
