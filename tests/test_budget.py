"""Budgets of time and memory: their text, the watch of long searches, and the command line."""

from __future__ import annotations

import time

import pytest

from grundy import solver as solver_module
from grundy.boards import region_kernel, set_search
from grundy.budget import Budget, Limit, Watch, parse_budget, progress_to, time_needed, work_limit
from grundy.cli import main
from grundy.errors import InvalidArgument, SearchInterrupted, TooBig
from grundy.solver import TICK, Solver


class TestParse:
    @pytest.mark.parametrize(("text", "seconds", "memory"), [
        ("10m", 600.0, None), ("2GB", None, 2 * 10**9), ("2GB,10m", 600.0, 2 * 10**9),
        (" 90s , 512MiB ", 90.0, 512 * 2**20), ("1.5h", 5400.0, None), ("100mb", None, 10**8),
        ("10M".lower(), 600.0, None), ("2H", 7200.0, None), ("1MiB", None, 2**20)])
    def test_times_and_memories(self, text: str, seconds: float | None,
                                memory: int | None) -> None:
        budget = parse_budget(text)
        assert (budget.seconds, budget.memory) == (seconds, memory)

    @pytest.mark.parametrize("text", ["", "10", "10 m", "m", "5y", "10m,20m", "1GB,2GB", "0s",
                                      "-3m", "1e9s", "10m,", "512M", "0GB", "1B", "100kb",
                                      "10m,512M"])
    def test_bad_budgets_are_refused(self, text: str) -> None:
        with pytest.raises(InvalidArgument):
            parse_budget(text)

    def test_positions_grow_with_the_time(self) -> None:
        assert Budget.of(60).positions == 12 * Budget.of(5).positions
        assert Budget.of(None).positions == Budget.of(5).positions

    def test_time_needed_covers_the_positions(self) -> None:
        for positions in (1, 10**6, 10**8, 3 * 10**9):
            text = time_needed(positions)
            assert parse_budget(text).positions >= positions


class TestWatch:
    def test_time_and_memory_stop_the_search(self) -> None:
        with work_limit(Budget.of(seconds=1000.0, memory=100)):
            watch = Watch("solving kings on 8x8 cells")
        watch.tick(positions=1, regions=1, memory=100)
        with pytest.raises(TooBig, match="101 bytes; the limit is 100"):
            watch.tick(positions=1, regions=1, memory=101)
        watch.start -= 2000
        with pytest.raises(TooBig, match=r"1000\.0 seconds"):
            watch.tick(positions=1, regions=1, memory=1)

    def test_progress_is_reported_after_a_second(self) -> None:
        lines: list[str] = []
        with progress_to(lines.append):
            watch = Watch("solving cram on 7x7 cells")
            watch.tick(positions=10, regions=5, memory=80)
            assert lines == []
            watch.start -= 2
            watch.tick(positions=3000, regions=1500, memory=80)
        assert len(lines) == 1
        assert "3,000 positions, 1,500 regions solved" in lines[0]

    def test_no_progress_without_a_reader(self) -> None:
        watch = Watch("solving cram on 7x7 cells")
        watch.start -= 2
        watch.tick(positions=3000, regions=1500, memory=80)


class TestCommandLine:
    def test_a_bad_budget_is_bad_input(self, capsys: pytest.CaptureFixture[str]) -> None:
        assert main(["analyze", "--budget", "3 parsecs", "cram", "4x5"]) == 2
        assert "budget part '3 parsecs'" in capsys.readouterr().err

    def test_refusals_say_what_budget_would_allow(self,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
        # Boards no symmetry strategy decides (whole ones with an odd side are won by it).
        assert main(["analyze", "rows", "#..../...../...../...../....."]) == 3
        assert "a time budget of" in capsys.readouterr().err
        assert main(["analyze", "cram", "#....../......./......./......./......./......."]) == 3
        assert "with a time budget" in capsys.readouterr().err

    def test_outcome_within_a_short_budget(self, capsys: pytest.CaptureFixture[str]) -> None:
        region_kernel.clear_memo()
        assert main(["analyze", "--budget", "0.3s", "cram", "6x7"]) == 0
        out = capsys.readouterr().out
        assert "The first player (to move) wins" in out and "outcome search" in out
        assert "place a domino on d3-d4" in out

    def test_ctrl_c_says_how_far_the_search_got(self, capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
        def interrupted(*args: object) -> int:
            # Looking a region up is instant; the search is where Ctrl-C lands.
            raise KeyboardInterrupt

        region_kernel.clear_memo()
        monkeypatch.setattr(set_search, "_value_in", interrupted)
        # A board with a corner used: no symmetry strategy answers it first.
        assert main(["analyze", "cram", "#...../....../....../....../......"]) == 130
        err = capsys.readouterr().err
        assert err.startswith("grundy: interrupted: solving cram on 5x6 cells stopped after")
        assert "regions solved" in err and err.count("\n") == 1

    def test_an_interrupted_search_is_a_keyboard_interrupt(self) -> None:
        assert issubclass(SearchInterrupted, KeyboardInterrupt)


def _chain(length: int) -> Solver[int]:
    """A solver of the game n -> n - 1, n - 2 on 0..length: ``length`` new nodes from the top."""
    return Solver(lambda n: [n - k for k in (1, 2) if k <= n], what="solving the chain")


class TestGeneralSolverUnderATimedBudget:
    """The general solver counts positions under a count, and watches the clock and the
    memory under a budget of time and memory (``--budget``)."""

    def test_a_count_stops_the_search_at_the_count(self) -> None:
        with work_limit(Budget(1000)), pytest.raises(TooBig, match="1000"):
            _chain(5000).value(5000)

    def test_a_timed_budget_lets_the_search_run_past_its_count(self) -> None:
        # The positions a timed budget names are what up-front refusals compare with; the
        # search itself runs until the clock says stop.
        with work_limit(Budget(1000, seconds=600.0, limit=Limit.CLOCK)):
            assert _chain(20_000).value(20_000) == 20_000 % 3

    def test_the_clock_stops_the_search(self) -> None:
        slow = Solver(lambda n: (time.sleep(1e-4), [n - 1] if n else [])[1],
                      what="solving the slow chain")
        with work_limit(Budget(10, seconds=0.2, limit=Limit.CLOCK)):
            begun = time.monotonic()
            with pytest.raises(TooBig, match=r"stopped after [\d,]+ positions.*0\.2 seconds"):
                slow.value(10**6)
        assert time.monotonic() - begun < 5

    def test_the_memory_stops_the_search(self) -> None:
        big = Solver(lambda n: [n - 1] if n else [], what="solving the long chain")
        big_values = 300_000  # tens of MB of memo and stack: well past the 1 MB below
        with work_limit(Budget(10, memory=10**6, limit=Limit.CLOCK)), \
                pytest.raises(TooBig, match="bytes; the limit is 1000000"):
            big.value(big_values)

    def test_ctrl_c_says_how_far_the_search_got(self) -> None:
        calls = 0

        def options(n: int) -> list[int]:
            nonlocal calls
            calls += 1
            if calls == 500:
                raise KeyboardInterrupt
            return [n - 1] if n else []

        with pytest.raises(SearchInterrupted, match=r"solving the chain stopped after .* 500"
                                                    r" positions"):
            Solver(options, what="solving the chain").value(10_000)

    def test_progress_is_reported_after_a_second(self,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
        class SecondsLaterWatch(Watch):
            def __init__(self, what: str, settled: str = "regions solved") -> None:
                super().__init__(what, settled)
                self.start -= 2

        monkeypatch.setattr(solver_module, "Watch", SecondsLaterWatch)
        lines: list[str] = []
        with progress_to(lines.append):
            assert _chain(3 * TICK).value(3 * TICK) == 3 * TICK % 3
        assert len(lines) == 1  # the later looks at the clock come within a quarter second
        assert f"solving the chain: {TICK:,} positions, " in lines[0]
        assert "positions settled" in lines[0]

    def test_answers_equal_the_counted_search(self) -> None:
        for top in (0, 1, 7, 1000, 9999):
            with work_limit(Budget(100, seconds=60.0, limit=Limit.CLOCK)):
                timed = _chain(top).value(top)
            assert timed == _chain(top).value(top) == top % 3
