"""Heap values limited by memory, not by a count: the budget, its refusals (exit 3, one
line, before any value is computed) and periods proved with as many values as they need."""

from __future__ import annotations

from unittest import mock

import numpy as np
import pytest

from grundy.arguments import memory_size
from grundy.budget import Budget, default_memory, machine_memory, work_limit
from grundy.cli import main
from grundy.errors import InvalidArgument, TooBig
from grundy.heap.engine import PERIOD_FIRST, check_computable, computable_heap, use_disk_cache
from grundy.heap.takebreak import GrundyGame, TakeAndBreak

ORIGINAL = {TakeAndBreak: TakeAndBreak.compute_values_kept,
            GrundyGame: GrundyGame.compute_values_kept}


@pytest.fixture(autouse=True)
def no_disk_cache() -> object:
    use_disk_cache(False)
    yield None
    use_disk_cache(True)


def little_computed(self: object, n: int, *arguments: object) -> object:
    # A refusal may look for a short period first (PERIOD_FIRST values), never more.
    if n > PERIOD_FIRST:
        raise AssertionError(f"a refused request computed {n} values")
    return ORIGINAL[type(self)](self, n, *arguments)


class TestRefusals:
    # Values listed, or (--no-values) too few to be worth a window beyond memory
    # (tests/test_window.py has the runs that go beyond memory).
    @pytest.mark.parametrize("command", [
        ["sequence", "--max-memory", "1M", "octal:0.354", "--to", "20200000"],
        ["sequence", "--no-values", "--max-memory", "4K", "octal:0.354", "--to", "20200000"],
        ["sequence", "--max-memory", "1000", "grundy-game", "--to", "5000"],
        ["value", "--max-memory", "1K", "grundy-game", "100000"],
        ["sequence", "grundy-game", "--to", str(10 * machine_memory())],
    ])
    def test_too_much_memory_is_refused_before_computing(
            self, command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
        with mock.patch.object(TakeAndBreak, "compute_values_kept", little_computed), \
                mock.patch.object(GrundyGame, "compute_values_kept", little_computed):
            code = main(command)
        error = capsys.readouterr().err
        assert code == 3
        assert error.count("\n") == 1
        assert "bytes; the limit is" in error
        needed = int(command[-1]) + 1
        assert f"{needed:.0e}".replace("e+0", "e+") in error or str(needed) in error

    def test_the_default_limit_is_named(self, capsys: pytest.CaptureFixture[str]) -> None:
        heaps = 2 * default_memory()
        assert main(["sequence", "grundy-game", "--to", str(heaps)]) == 3
        error = capsys.readouterr().err
        assert str(default_memory()) in error
        assert "of this machine's" in error and "--max-memory" in error

    @pytest.mark.parametrize("size", ["2X", "", "-5M", "1.5G", "G", "0"])
    def test_bad_sizes_get_one_line(self, size: str, capsys: pytest.CaptureFixture[str]
                                    ) -> None:
        assert main(["value", "--max-memory", size, "kayles", "5"]) == 2
        assert capsys.readouterr().err.count("\n") == 1

    def test_sizes(self) -> None:
        assert [memory_size(t) for t in ("1", "3K", "2MB", "1GiB", "1T")] == [
            1, 3 * 2**10, 2 * 2**20, 2**30, 2**40]
        with pytest.raises(InvalidArgument):
            memory_size("1P")


class TestBudget:
    def test_the_memory_budget_bounds_the_heaps(self) -> None:
        with work_limit(Budget(10**15, memory=10**6)):
            assert computable_heap(TakeAndBreak("0.155")) == 10**6 - 1
            with pytest.raises(TooBig, match="the limit is 1000000"):
                TakeAndBreak("0.155").values(2 * 10**6)

    def test_research_sizes_are_not_capped_by_a_count(self) -> None:
        # 0.354's published period needs 20 126 195 values; the old cap was 10 000 000.
        if default_memory() > 10**8:
            check_computable(TakeAndBreak("0.354"), 20_200_000)
            check_computable(GrundyGame(), 2**28)

    def test_methods_limited_by_time_keep_their_cap(self) -> None:
        with pytest.raises(TooBig, match="steps; the limit is"):
            check_computable(TakeAndBreak("c.18", hexadecimal=True), 10**5)


class TestPeriodsEverywhere:
    def test_a_seen_period_is_proved_past_the_search_limit(self) -> None:
        # Kayles repeats from heap 71 with period 12: seen in 150 values, proved by 168.
        game = TakeAndBreak("0.77")
        period = game.proved_period(limit=150)
        assert period is not None and (period.preperiod, period.period) == (71, 12)

    def test_heaps_inside_the_computable_range_use_a_proved_period(self) -> None:
        game = TakeAndBreak("0.117")
        with mock.patch.object(TakeAndBreak, "compute_values_kept",
                               wraps=game.compute_values_kept) as computing:
            value, by = game.heap_value_by(9_999_999)
        assert by == "period"
        assert max(call.args[0] for call in computing.call_args_list) < 100_000
        values = game.values(60_000)
        period = game.proved_period()
        assert period is not None
        assert value == values[period.preperiod + (9_999_999 - period.preperiod) % period.period]

    def test_value_by_period_agrees_with_computed_values(self) -> None:
        game = TakeAndBreak("0.354")
        computed = TakeAndBreak("0.354").compute_values(200_000, np.zeros(0, np.uint8))
        for heap in (70_000, 123_457, 199_999):
            assert game.heap_value_by(heap) == (int(computed[heap]), "period") or (
                game.heap_value_by(heap)[0] == computed[heap])
