"""Sequences beyond memory: the first values and a sliding window report what a full run
reports (frequencies, largest value, period), or stop and say why."""

from __future__ import annotations

import json
import os
import random
import re
import signal
import subprocess
import sys
import time
import tracemalloc
from typing import Any
from unittest import mock

import numpy as np
import pytest

from grundy.budget import Budget, work_limit
from grundy.cli import main
from grundy.errors import TooBig
from grundy.heap import kernels
from grundy.heap.checkpoint import BadCheckpoint
from grundy.heap.codes import SPLIT_IN_TWO, TakeBreakCode
from grundy.heap.engine import beyond_memory, use_disk_cache
from grundy.heap.kernels import fewest_rare, grundy_game_values, take_break_values
from grundy.heap.period import DETECT_RULE, _search, certify_take_break
from grundy.heap.takebreak import TakeAndBreak
from grundy.heap.window import (
    LONGEST_RUN,
    WindowCheckpoint,
    _track_exceptions,
    _WindowRun,
    head_length,
    state_seal,
    window_run,
)
from grundy.sequences import Frequencies, windowed_report

from naive import naive_values

pytestmark = pytest.mark.slow


@pytest.fixture(autouse=True)
def no_disk_cache() -> Any:
    use_disk_cache(False)
    yield None
    use_disk_cache(True)


def expected_period(code: TakeBreakCode, values: np.ndarray[Any, Any], longest: int
                    ) -> tuple[tuple[int, int] | None, bool]:
    """What a full run reports for the period (proved, else seen over half the values, as
    ``find_period`` but for arithmetic periods), when it is at most ``longest``."""
    proved = None if code.unequal else certify_take_break(code, values)
    if proved is not None:
        found, certified = (proved.preperiod, proved.period), True
    else:
        seen = _search(values, *DETECT_RULE)
        if seen is None or len(values) - seen[0] < len(values) / 2:
            return None, False
        found, certified = seen, False
    return (found, certified) if found[1] <= longest else (None, False)


def direct_powers(full: np.ndarray[Any, Any]) -> list[list[int]]:
    """The counts of heaps 1..2^k - 1 of each value, for every 2^k <= len(full), each
    counted on its own from the values."""
    return [np.bincount(full[1: 1 << k], minlength=1).tolist()
            for k in range(len(full).bit_length())]


def trimmed(row: np.ndarray[Any, Any] | None) -> list[int] | None:
    if row is None:
        return None
    every = row.tolist()
    while len(every) > 1 and every[-1] == 0:
        every.pop()
    return every


def assert_same_as_full(code: TakeBreakCode, full: np.ndarray[Any, Any], memory: int,
                        threads: int = 1) -> None:
    n = len(full) - 1
    run = window_run(code, n, memory, period=True, threads=threads)
    assert run.head < n + 1 and run.window < n + 1  # the window mode was used
    assert np.array_equal(run.counts, np.bincount(full[1:])), code.text
    assert [trimmed(row) for row in run.powers] == direct_powers(full), code.text
    assert run.largest == int(full.max())
    assert run.first_heap == int(np.argmax(full))
    period, certified = expected_period(code, full, run.periods_up_to)
    assert run.period == period, code.text
    assert (run.theorem is not None) == certified


def assert_a_true_stop(message: str, full: np.ndarray[Any, Any], head: int) -> None:
    """A run stopped by a new rare heap stopped at a heap rare under the best mask of the
    first part (the mask kept beyond it); other stops are proof scans that ran out, or rare
    heaps too far apart for the window."""
    rare = re.search(r"heap (\d+) is a new rare heap", message)
    if rare is None:
        assert re.search(r"the proof scan of heap \d+ needs smaller parts|the rare heaps \(the "
                         r"last at \d+\) need a window of", message), message
        return
    heap = int(rare.group(1))
    mask, _ = fewest_rare(np.bincount(full[1:head]))
    assert heap >= head and bin(int(full[heap]) & mask).count("1") % 2 == 0, message


def random_two_heap_code(rng: random.Random) -> TakeBreakCode:
    digits = [rng.choice([0, 0, 4])] + [rng.randint(0, 7) for _ in range(rng.randint(1, 5))]
    if not any(d & 4 for d in digits):
        digits[rng.randrange(len(digits))] |= 4
    if not any(digits[1:]):
        digits.append(3)
    return TakeBreakCode.of(digits)


class TestAgainstFullRuns:
    def test_random_codes_against_the_naive_method(self) -> None:
        rng = random.Random(41)
        done = stopped = 0
        for _ in range(150):
            code = random_two_heap_code(rng)
            n = rng.randint(2000, 5000)
            full = naive_values(code.digits, n)
            memory = rng.randint(n // 2, n)
            try:
                assert_same_as_full(code, full, memory)
                done += 1
            except TooBig as stop:
                assert_a_true_stop(str(stop), full, head_length(memory, period=True))
                stopped += 1
        # Random codes' values often keep growing (new rare heaps for ever): both occur.
        assert done > 30 and stopped > 30, (done, stopped)

    @pytest.mark.parametrize(("code", "n", "memory"), [
        ("0.77", 100_000, 9_000),
        ("0.354", 400_000, 40_000),
        ("0.167", 1_000_000, 30_000),
        ("0.16", 1_200_000, 900_000),       # period 149459: longer than those followed
        ("0.56", 1_100_000, 500_000),       # period 144 from 326640
        ("0.156", 200_000, 20_000),        # period 349 from 3479
        ("0.644", 200_000, 20_000),        # period 442 from 3256
        ("0.127", 200_000, 150_000),       # period 4 from 46578
        ("4.7", 100_000, 20_000),          # the k-heap criterion
    ])
    def test_known_codes_against_the_kernel(self, code: str, n: int, memory: int) -> None:
        parsed = TakeBreakCode.parse(code)
        assert_same_as_full(parsed, take_break_values(parsed, n), memory)

    def test_two_threads(self) -> None:
        code = TakeBreakCode.parse("0.354")
        assert_same_as_full(code, take_break_values(code, 300_000), 30_000, threads=2)

    def test_grundys_game_with_room_for_its_rare_heaps(self) -> None:
        # Under the best mask of heaps 1..95832 (254), the last rare heap is 82860.
        full = grundy_game_values(400_000)
        assert_same_as_full(SPLIT_IN_TWO, full, 300_000, threads=2)

    @pytest.mark.parametrize("memory", [30_000, 60_000])
    def test_values_that_widen_in_the_window(self, memory: int) -> None:
        # Pretend that one byte of the window holds values below 40 only: the window is
        # widened on the way, and shrinks to the memory left.
        head = head_length(memory, period=True)
        widened = []

        def small_limit(values: np.ndarray[Any, Any]) -> int:
            if values.dtype != np.uint8:
                return 1 << 16
            if len(values) != head:
                widened.append(len(values))
                return 40
            return 256

        code = TakeBreakCode.parse("0.354")
        full = take_break_values(code, 200_000)
        with mock.patch.object(kernels, "_limit", small_limit):
            assert_same_as_full(code, full, memory)
        assert widened


class TestStops:
    def test_a_new_rare_heap_stops_the_run(self) -> None:
        # Grundy's game has new rare heaps for long: a small first part cannot hold them.
        with pytest.raises(TooBig, match="heap 13334 is a new rare heap"):
            window_run(SPLIT_IN_TWO, 300_000, 30_000, name="grundy-game")
        # It is rare under the best mask of heaps 1..13332, the first part.
        values = grundy_game_values(13334)
        mask, _ = fewest_rare(np.bincount(values[1:13333]))
        assert bin(int(values[13334]) & mask).count("1") % 2 == 0

    def test_a_scan_deeper_than_the_values_kept_stops_the_run(self) -> None:
        code = TakeBreakCode.parse("0.1704")
        with pytest.raises(TooBig, match="the proof scan of heap 1375 needs smaller parts "
                                         "than the 585 kept"):
            window_run(code, 2434, 1840, period=True)
        # Indeed either heap 1375 is a new rare heap (only a scan of all its splits shows
        # it) or the moves the run could look at (a smaller part up to 585, a rare part, or
        # one heap left) leave a value below heap 1375's unmatched.
        full = naive_values(code.digits, 1375)
        head = head_length(1840, period=True)
        mask, _ = fewest_rare(np.bincount(full[1:head]))
        rare = {h for h in range(1, head) if bin(int(full[h]) & mask).count("1") % 2 == 0}
        seen = set()
        for parts in TakeAndBreak("0.1704").heap_options(1375):
            if len(parts) < 2 or min(parts) <= 585 or rare & set(parts):
                seen.add(int(np.bitwise_xor.reduce(full[list(parts)])) if parts else 0)
        least_unseen = min(set(range(len(seen) + 1)) - seen)
        assert (bin(int(full[1375]) & mask).count("1") % 2 == 0) or least_unseen < full[1375]

    def test_ctrl_c_is_an_interrupt(self) -> None:
        def interrupt(count: int) -> None:
            if count > 50_000:
                raise KeyboardInterrupt

        with pytest.raises(KeyboardInterrupt):
            window_run(TakeBreakCode.parse("0.354"), 400_000, 30_000, progress=interrupt)


class TestMemory:
    def test_the_values_kept_fit_the_budget(self) -> None:
        code = TakeBreakCode.parse("0.354")
        memory = 200_000
        window_run(code, 100_000, memory, period=True, threads=1)  # loads the kernels
        tracemalloc.start()
        try:
            run = window_run(code, 1_500_000, memory, period=True, threads=1)
            _, peak = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
        # The tables of the method (the range of values, the rare heaps) take a few KB, and
        # the counts at each power of two a row of 8-byte counts each (21 rows here).
        powers = sum(row.nbytes for row in run.powers if row is not None)
        assert powers < 24_000 and peak < memory + 32_000 + powers, (peak, powers)


class TestLastExceptions:
    def test_against_a_plain_search(self) -> None:
        rng = random.Random(8)
        for _ in range(200):
            size = rng.randint(2, 400)
            period = rng.randint(1, 20)
            pattern = [rng.randint(0, 3) for _ in range(period)]
            values = np.array([pattern[k % period] if k >= rng.randint(0, size)
                               else rng.randint(0, 3) for k in range(size)], dtype=np.uint8)
            most = rng.randint(1, size)
            last = np.arange(-1, most, dtype=np.int64)
            skip = np.zeros(most + 1, dtype=np.uint8)
            start = 1
            while start < size:
                stop = min(size, start + rng.randint(1, 50))
                _track_exceptions(values, 0, start, stop, last, most, skip)
                start = stop
            for p in range(1, most + 1):
                breaks = [k for k in range(p, size) if values[k] != values[k - p]]
                assert last[p] == (breaks[-1] if breaks else p - 1)


class TestCommandLine:
    def test_no_values_beyond_memory_reports_as_a_full_run(
            self, capsys: pytest.CaptureFixture[str]) -> None:
        command = ["sequence", "--json", "--no-values", "--period", "--frequencies",
                   "octal:0.354", "--to", "300000"]
        assert main([*command, "--max-memory", "40K"]) == 0
        windowed = capsys.readouterr()
        assert "do not fit the memory budget (40960 bytes)" in windowed.err
        assert "sliding window" in windowed.err and windowed.err.count("\n") == 1
        assert main(command) == 0
        full = capsys.readouterr()
        assert full.err == ""
        # The same report, but for the kernel each run names.
        beyond, whole = json.loads(windowed.out), json.loads(full.out)
        assert (beyond.pop("kernel"), whole.pop("kernel")) == ("rare/common window",
                                                              "rare/common")
        assert beyond == whole

    def test_a_stop_is_one_line_and_exit_3(self, capsys: pytest.CaptureFixture[str]) -> None:
        code = main(["sequence", "--no-values", "--frequencies", "--max-memory", "12K",
                     "grundy-game", "--to", "300000"])
        error = capsys.readouterr().err.splitlines()
        assert code == 3
        assert error[-1].startswith("grundy: too big: the nim-values of grundy-game heaps")
        assert "is a new rare heap" in error[-1]

    @pytest.mark.parametrize("extra", [[], ["--save", "x.npy"], ["--misere"]])
    def test_values_kept_or_listed_are_refused_as_before(
            self, extra: list[str], tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
        extra = [str(tmp_path / e) if e == "x.npy" else e for e in extra]
        no_values = [] if not extra else ["--no-values"]
        code = main(["sequence", *no_values, *extra, "--max-memory", "40K", "octal:0.354",
                     "--to", "300000"])
        assert code == 3
        assert "do not fit" not in capsys.readouterr().err

    def test_runs_past_the_longest_published_are_refused_up_front(
            self, capsys: pytest.CaptureFixture[str]) -> None:
        begun = time.monotonic()
        code = main(["sequence", "--no-values", "--period", "octal:0.354", "--to",
                     str(10**18)])
        assert code == 3
        assert "too big" in capsys.readouterr().err
        assert time.monotonic() - begun < 5
        with work_limit(Budget(10**15, memory=100_000)):
            assert beyond_memory(TakeAndBreak("0.77"), LONGEST_RUN) == 44_444
            assert beyond_memory(TakeAndBreak("0.77"), LONGEST_RUN + 1) is None

    def test_which_runs_go_beyond_memory(self) -> None:
        with work_limit(Budget(10**15, memory=100_000)):
            assert beyond_memory(TakeAndBreak("0.77"), 10**6) == 44_444
            assert beyond_memory(TakeAndBreak("0.77"), 10**6, period=True) == 31_944
            assert beyond_memory(TakeAndBreak("0.77"), 90_000) is None   # fits
            assert beyond_memory(TakeAndBreak("0.8", hexadecimal=True), 10**6) is None
        with work_limit(Budget(10**15, memory=5_000)):
            assert beyond_memory(TakeAndBreak("0.77"), 10**6) is None   # too little room

    def test_the_report_object(self) -> None:
        with work_limit(Budget(10**15, memory=20_000)):
            report = windowed_report(TakeAndBreak("0.354"), 100_000, frequencies=True)
        values = take_break_values([0, 3, 5, 4], 100_000)
        assert report.frequencies == Frequencies.of(values)
        assert report.values is None and not report.period_sought


class TestCheckpoints:
    def test_an_interrupted_run_resumes_to_the_report_of_an_uninterrupted_one(
            self, tmp_path: Any) -> None:
        code = TakeBreakCode.parse("0.644")   # period 442 from 3256
        whole = window_run(code, 600_000, 30_000, period=True)
        assert whole.period == (3256, 442)
        for stop_at in (5_000, 200_000):   # in the first part, then in the window
            kept = WindowCheckpoint(tmp_path / str(stop_at), "octal:0.644", every=0.0)

            def interrupt(count: int, stop_at: int = stop_at) -> None:
                if count > stop_at:
                    raise KeyboardInterrupt

            with pytest.raises(KeyboardInterrupt):
                window_run(code, 600_000, 30_000, period=True, progress=interrupt,
                           checkpoint=kept)
            assert stop_at < kept.heaps() < 600_000
            again = window_run(code, 600_000, 30_000, period=True, checkpoint=kept)
            assert np.array_equal(again.counts, whole.counts)
            assert (again.largest, again.first_heap, again.period, again.theorem) == (
                whole.largest, whole.first_heap, whole.period, whole.theorem)
            assert [trimmed(row) for row in again.powers] == [
                trimmed(row) for row in whole.powers]
            assert len(whole.powers) == 20   # 2^19 <= 600 001 < 2^20

    def test_a_checkpoint_without_counts_at_powers_of_two_still_resumes(
            self, tmp_path: Any) -> None:
        """A checkpoint in the window written before those counts were kept resumes: the
        counts of powers within the first part are counted again from it, those from there
        to the resume are unknown (None), the later ones counted as before."""
        code = TakeBreakCode.parse("0.644")
        full = take_break_values([0, 6, 4, 4], 300_000)
        kept = WindowCheckpoint(tmp_path, "octal:0.644", every=0.0)

        def interrupt(count: int) -> None:
            if count > 40_000:
                raise KeyboardInterrupt

        with pytest.raises(KeyboardInterrupt):
            window_run(code, 300_000, 20_000, progress=interrupt, checkpoint=kept)
        state = kept.load(20_000)
        assert state is not None and state["numbers"][3] == 1 and "powers" in state
        older = {name: array for name, array in state.items() if name != "powers"}
        older["key"] = np.array("octal:0.644")
        older["seal"] = np.array(state_seal(older).hexdigest())
        np.savez(kept.path, **older)
        heaps = kept.heaps()
        again = window_run(code, 300_000, 20_000, checkpoint=kept)
        expected = direct_powers(full)
        head = head_length(20_000)
        for k, row in enumerate(again.powers):
            if 1 << k <= head or 1 << k > heaps:
                assert trimmed(row) == expected[k], k
            else:
                assert row is None, k
        assert sum(row is None for row in again.powers) >= 1
        assert np.array_equal(again.counts, np.bincount(full[1:]))

    def test_checkpoints_of_other_runs_are_refused(self, tmp_path: Any) -> None:
        code = TakeBreakCode.parse("0.354")
        kept = WindowCheckpoint(tmp_path, "octal:0.354")
        window_run(code, 100_000, 20_000, checkpoint=kept)
        with pytest.raises(BadCheckpoint, match=r"is not of octal:0\.77"):
            window_run(TakeBreakCode.parse("0.77"), 100_000, 20_000,
                       checkpoint=WindowCheckpoint(tmp_path, "octal:0.77"))
        with pytest.raises(BadCheckpoint, match="--max-memory 20000 and no --period"):
            window_run(code, 100_000, 20_000, period=True, checkpoint=kept)
        kept.path.write_bytes(kept.path.read_bytes()[:-100])
        with pytest.raises(BadCheckpoint, match="damaged"):
            window_run(code, 100_000, 20_000, checkpoint=kept)

    def test_a_killed_command_resumes_to_the_output_of_an_uninterrupted_one(
            self, tmp_path: Any) -> None:
        env = {**os.environ, "GRUNDY_CACHE_DIR": str(tmp_path / "cache")}
        folder = tmp_path / "ck"
        command = [sys.executable, "-m", "grundy", "sequence", "--no-values", "--no-cache",
                   "--period", "--frequencies", "--max-memory", "40K", "octal:0.354",
                   "--to", "4000000"]
        kept = WindowCheckpoint(folder, "octal:0.354")
        running = subprocess.Popen([*command, "--checkpoint", str(folder),
                                    "--checkpoint-every", "0.05"], env=env,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 240
        # Kill once the window has gone a good way.
        while running.poll() is None and kept.heaps() < 300_000:
            assert time.monotonic() < deadline
            time.sleep(0.02)
        running.send_signal(signal.SIGKILL)
        assert running.wait() == -signal.SIGKILL
        heaps = kept.heaps()
        assert 300_000 <= heaps < 4_000_001
        again = subprocess.run([*command, "--checkpoint", str(folder)], env=env,
                               capture_output=True, text=True, timeout=600)
        assert again.returncode == 0, again.stderr
        assert f"heaps 0..{heaps - 1} known" in again.stderr
        assert not kept.path.exists()   # a finished run removes its checkpoint
        whole = subprocess.run(command, env=env, capture_output=True, text=True, timeout=600)
        assert whole.returncode == 0
        assert again.stdout == whole.stdout
        assert "Periodic from heap" not in whole.stdout   # 0.354 needs 20 126 195 heaps


class TestForgedCheckpoints:
    """A checkpoint in the window with any one number or array element changed is refused,
    or resumes to the report of an uninterrupted run: never a crash, never another answer."""

    def test_each_number_and_array_changed(self, tmp_path: Any) -> None:
        code = TakeBreakCode.parse("0.77")
        whole = window_run(code, 60_000, 9_000, period=True)
        kept = WindowCheckpoint(tmp_path, "octal:0.77", every=0.0)

        def interrupt(count: int) -> None:
            if count > 20_000:
                raise KeyboardInterrupt

        with pytest.raises(KeyboardInterrupt):
            window_run(code, 60_000, 9_000, period=True, progress=interrupt, checkpoint=kept)
        state = kept.load(9_000)
        assert state is not None and state["numbers"][3] == 1  # in the window
        rng = random.Random(5)
        changes: list[tuple[str, int, int]] = [
            ("numbers", index, delta) for index in range(len(_WindowRun.NUMBERS))
            for delta in (-1, 1, 1000)]
        changes += [(name, rng.randrange(len(state[name])), delta)
                    for name in ("head", "window", "hist", "rare_pos", "rare_val", "state",
                                 "last") for delta in (1, -1) if len(state[name])]
        powers = state["powers"]
        changes += [("powers", k * powers.shape[1] + rng.randrange(powers.shape[1]), delta)
                    for k in range(len(powers)) for delta in (1, -1)]
        outcomes = {"refused": 0, "same": 0}
        for name, index, delta in changes:
            forged = {key: value.copy() for key, value in state.items()}
            array = forged[name].reshape(-1)
            changed = int(array[index]) + delta
            if not 0 <= changed <= np.iinfo(array.dtype).max:
                continue
            array[index] = changed
            folder = tmp_path / f"{name}-{index}-{delta}"
            folder.mkdir()
            # Sealed with the user's key: the run's own checks are what is tested here.
            forged["key"] = np.array("octal:0.77")
            forged["seal"] = np.array(state_seal(forged).hexdigest())
            np.savez(folder / WindowCheckpoint.FILE_NAME, **forged)
            try:
                again = window_run(code, 60_000, 9_000, period=True,
                                   checkpoint=WindowCheckpoint(folder, "octal:0.77"))
            except BadCheckpoint:
                outcomes["refused"] += 1
                continue
            assert np.array_equal(again.counts, whole.counts), (name, index, delta)
            assert [trimmed(row) for row in again.powers] == [
                trimmed(row) for row in whole.powers], (name, index, delta)
            assert (again.largest, again.first_heap) == (whole.largest, whole.first_heap)
            assert again.period in (whole.period, None), (name, index, delta)
            outcomes["same"] += 1
        assert outcomes["refused"] > 20, outcomes
