"""Sequences continued by a proved period: the same values as the full computation, for
random octal and hexadecimal codes, subtraction and all-but games, with the kernel run only
as far as the proof needs."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from grundy.caches import clear_caches
from grundy.errors import InvalidArgument
from grundy.heap import engine
from grundy.heap.allbut import AllBut
from grundy.heap.base import HeapGame
from grundy.heap.cache import SequenceCache
from grundy.heap.engine import use_disk_cache
from grundy.heap.kernels import subtraction_values, take_break_values
from grundy.heap.subtraction import Subtraction
from grundy.heap.takebreak import TakeAndBreak
from grundy.heap.tiling import extend_by_period

N = 3000


@pytest.fixture
def small_stages(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Stages from 64 heaps, runs of 256 and more filled; yields the stages computed."""
    monkeypatch.setattr(engine, "FIRST_STAGE", 64)
    monkeypatch.setattr(engine, "FILL_FROM", 256)
    computed: list[int] = []
    for kind in (HeapGame, TakeAndBreak):
        monkeypatch.setattr(kind, "compute_values_kept", _recorder(kind, computed))
    use_disk_cache(False)
    clear_caches()
    yield computed
    clear_caches()
    use_disk_cache(True)


def _recorder(kind: type[HeapGame], computed: list[int]) -> Any:
    original = kind.compute_values_kept

    def recorded(self: HeapGame, n: int, *args: Any) -> Any:
        computed.append(n)
        return original(self, n, *args)

    return recorded


def brute_extend(values: list[int], preperiod: int, period: int, saltus: int, n: int
                 ) -> list[int]:
    out = list(values)
    while len(out) <= n:
        out.append(out[len(out) - period] + saltus)
    return out[: n + 1]


class TestExtendByPeriod:
    def test_matches_the_definition(self) -> None:
        rng = random.Random(28)
        for _ in range(300):
            period = rng.randint(1, 12)
            preperiod = rng.randint(0, 20)
            saltus = rng.choice([0, 0, 1, 2, 7])
            head = [rng.randint(0, 9) for _ in range(preperiod + period)]
            # Any correct prefix may be longer than one period: continue it first.
            extra = rng.randint(0, 30)
            prefix = brute_extend(head, preperiod, period, saltus, len(head) - 1 + extra)
            n = rng.randint(0, 400)
            got = extend_by_period(np.array(prefix, dtype=np.uint8), preperiod, period,
                                   saltus, n)
            assert got.tolist() == brute_extend(prefix, preperiod, period, saltus, n)

    def test_widens_for_a_saltus(self) -> None:
        got = extend_by_period(np.arange(4, dtype=np.uint8), 0, 1, 1, 70_000)
        assert got.dtype == np.uint32 and int(got[-1]) == 70_000

    def test_too_few_values_refused(self) -> None:
        with pytest.raises(InvalidArgument):
            extend_by_period(np.array([1, 2]), 2, 1, 0, 10)


def random_codes(count: int, seed: int) -> Iterator[list[int]]:
    rng = random.Random(seed)
    seen: set[tuple[int, ...]] = set()
    while len(seen) < count:
        digits = [0] + [rng.randint(0, 7) for _ in range(rng.randint(1, 3))]
        if digits[-1] and tuple(digits) not in seen:
            seen.add(tuple(digits))
            yield digits


class TestFilledEqualsComputed:
    def test_random_octal_codes(self, small_stages: list[int]) -> None:
        filled = 0
        for digits in random_codes(60, seed=7):
            code = "0." + "".join(map(str, digits[1:]))
            small_stages.clear()
            clear_caches()
            got = TakeAndBreak(code).values(N)
            assert got.tolist() == take_break_values(digits, N).tolist(), code
            if max(small_stages, default=N) < N:
                filled += 1
        # Most short codes are periodic early: the fill must have run, not only the kernel.
        assert filled >= 30

    def test_hexadecimal_and_splitting_codes(self, small_stages: list[int]) -> None:
        # The rare/common kernel enumerates every three-heap split: 1500 heaps keep it quick.
        for code, hexadecimal, digits, n in (("0.9b", True, [0, 9, 11], 1500),
                                             ("4.07", False, [4, 0, 7], N),
                                             ("0.f", True, [0, 15], 1500)):
            got = TakeAndBreak(code, hexadecimal=hexadecimal).values(n)
            assert got.tolist() == take_break_values(digits, n).tolist(), code

    def test_dawson_computes_only_the_first_stage(self, small_stages: list[int]) -> None:
        got = TakeAndBreak("0.07").values(N)
        assert got.tolist() == take_break_values([0, 0, 7], N).tolist()
        assert max(small_stages) < 1024  # proved from heap 53 with period 34

    def test_subtraction_games(self, small_stages: list[int]) -> None:
        rng = random.Random(11)
        for _ in range(20):
            amounts = sorted(rng.sample(range(1, 12), rng.randint(1, 4)))
            got = Subtraction(set(amounts)).values(N)
            assert got.tolist() == subtraction_values(amounts, N).tolist(), amounts

    def test_all_but_arithmetic_periods(self, small_stages: list[int]) -> None:
        for excluded in ({2, 5}, {1}, {1, 2, 3}):
            filled = AllBut(excluded).values(N).tolist()
            clear_caches()
            # The plain method: the Python mex over every option.
            expected = HeapGame.compute_values(AllBut(excluded), 400, np.zeros(0, np.uint8))
            assert filled[:401] == expected.tolist()
            period = AllBut(excluded).find_period(np.array(filled))
            assert period is not None and period.certified


def test_the_disk_keeps_the_proof_not_the_copies(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GRUNDY_CACHE_DIR", str(tmp_path))
    use_disk_cache(True)
    clear_caches()
    try:
        assert len(TakeAndBreak("0.07").values(50_000)) == 50_001
        kept = SequenceCache(tmp_path).load("octal:0.07")
        assert kept is not None and len(kept) == engine.DISK_CACHE_FROM
        clear_caches()  # a later run: the period file and the short sequence give it all
        again = TakeAndBreak("0.07").values(50_000)
        assert again.tolist() == take_break_values([0, 0, 7], 50_000).tolist()
    finally:
        clear_caches()
        monkeypatch.undo()
        use_disk_cache(True)
