"""Periods of any length: the last window matched against earlier ones, checked against the
definition (brute force), the Z-function search it replaces for long values, planted
periods and real codes; and ``grundy value``'s search for a period held to a time budget."""

from __future__ import annotations

import numpy as np
import pytest

from grundy.cli import main
from grundy.errors import InvalidArgument
from grundy.heap.codes import TakeBreakCode
from grundy.heap.kernels import take_break_values
from grundy.heap.longperiod import least_period_by_window
from grundy.heap.period import GUY_SMITH, Period, certify_take_break, take_break_rule
from grundy.heap.period_search import first_period as _first_period
from grundy.heap.takebreak import TakeAndBreak

Rule = tuple[int, int, int, int]


def brute(values: list[int], rule: Rule) -> tuple[int, int] | None:
    """The least period the rule accepts, and its least preperiod, by the definition."""
    a, floor, b, c = rule
    size = len(values)
    for p in range(1, size):
        # The least e: one past the last n with G(n) != G(n + p).
        e = max([n + 1 for n in range(size - p) if values[n] != values[n + p]], default=0)
        if a * max(e, floor) + b * p + c <= size:
            return e, p
    return None


def z_search(values: np.ndarray, rule: Rule) -> tuple[int, int] | None:
    """The Z-function search of grundy.heap.period, whatever the length."""
    a, floor, b, c = rule
    pmax = min(max(0, (len(values) - c) // b), max(len(values) - 1, 0))
    if pmax < 1:
        return None
    z = np.empty(pmax + 1, dtype=np.int64)
    period, start = _first_period(np.ascontiguousarray(values), z, a, floor, b, c)
    return (int(start), int(period)) if period else None


def planted(rng: np.random.Generator, preperiod: int, period: int, size: int, colours: int
            ) -> np.ndarray:
    """Random values with the given preperiod and period (maybe smaller ones too)."""
    head = rng.integers(0, colours, size=preperiod)
    cycle = rng.integers(0, colours, size=period)
    return np.concatenate([head, np.resize(cycle, max(size - preperiod, 0))])[:size].astype(
        np.uint8)


RULES: list[Rule] = [(2, 1, 2, 0), (2, 1, 2, 3), (3, 1, 3, 5), (1, 0, 1, 0), (1, 0, 1, 4)]


class TestAgainstTheDefinition:
    def test_planted_periods(self) -> None:
        rng = np.random.default_rng(26)
        found = 0
        for trial in range(300):
            values = planted(rng, int(rng.integers(0, 30)), int(rng.integers(1, 20)),
                             int(rng.integers(1, 100)), int(rng.integers(1, 4)))
            for rule in RULES:
                expected = brute(values.tolist(), rule)
                assert least_period_by_window(values, rule, seed=trial) == expected, \
                    (values.tolist(), rule)
                found += expected is not None
        assert found > 500  # most cases have a period to find, not only None

    def test_against_the_z_search(self) -> None:
        rng = np.random.default_rng(27)
        for trial in range(200):
            size = int(rng.integers(100, 3000))
            values = planted(rng, int(rng.integers(0, size // 3)),
                             int(rng.integers(1, size // 4)), size, int(rng.integers(2, 5)))
            for rule in RULES:
                assert least_period_by_window(values, rule, seed=trial) == \
                    z_search(values, rule)

    def test_long_planted_period(self) -> None:
        rng = np.random.default_rng(28)
        values = planted(rng, 70_001, 123_457, 2 * 70_001 + 2 * 123_457 + 3, 200)
        assert least_period_by_window(values, (2, 1, 2, 3)) == (70_001, 123_457)
        assert z_search(values, (2, 1, 2, 3)) == (70_001, 123_457)
        # One value short of what the theorem needs: nothing is proved.
        assert least_period_by_window(values[:-1], (2, 1, 2, 3)) is None

    def test_any_seed_the_same_answer(self) -> None:
        # Two values: the hashes' collisions are frequent, and each is checked value by value.
        values = planted(np.random.default_rng(29), 100, 37, 2000, 2)
        answers = {least_period_by_window(values, (2, 1, 2, 2), seed=s) for s in range(20)}
        assert answers == {z_search(values, (2, 1, 2, 2))}

    def test_rules_it_does_not_take(self) -> None:
        with pytest.raises(InvalidArgument, match="needs a rule"):
            least_period_by_window(np.zeros(10, np.uint8), (1, 0, 3, 0))
        with pytest.raises(InvalidArgument, match="one-dimensional"):
            least_period_by_window(np.zeros((3, 3), np.uint8), (2, 1, 2, 0))
        assert least_period_by_window(np.zeros(0, np.uint8), (2, 1, 2, 0)) is None


class TestRealCodes:
    @pytest.mark.parametrize("code", ["0.77", "0.07", "0.137", "0.51", "0.23", "4.07", "0.17",
                                      "0.15", "0.45"])
    def test_same_proof_as_the_z_search(self, code: str) -> None:
        # Codes whose known periods are short: the window finds what the Z-function finds.
        # (Their values past the proof are copied from the period, as the tool does.)
        parsed = TakeBreakCode.parse(code)
        window = 1 << 16
        values = TakeAndBreak(code).values(window * 11)
        rule, _ = take_break_rule(parsed)
        for size in (window, window * 4, len(values)):
            assert least_period_by_window(values[:size], rule) == z_search(values[:size], rule)

    def test_a_period_of_149459(self) -> None:
        # 0.16: preperiod 105 351, period 149 459 (Gangolli-Plambeck), proved from 509 622.
        code = TakeBreakCode.parse("0.16")
        values = take_break_values(code, 520_000)
        assert certify_take_break(code, values) == Period(105_351, 149_459, True, GUY_SMITH)
        assert certify_take_break(code, values[:509_621]) is None
        assert z_search(values, take_break_rule(code)[0]) == (105_351, 149_459)


class TestValueCommandBudget:
    def test_a_budget_too_small_is_refused_at_once(self, capsys: pytest.CaptureFixture[str]
                                                   ) -> None:
        assert main(["value", "--no-cache", "--budget", "1s", "octal:0.454",
                     str(10**18)]) == 3
        err = capsys.readouterr().err
        assert "the search for a period of octal:0.454" in err
        assert "heaps 0..4194303" in err and "give --budget" in err

    def test_without_a_budget_the_default_holds(self, capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
        """A search said to take longer than the default (30 minutes; one second here) is
        refused at once, naming the budget that would allow it, not started for hours."""
        monkeypatch.setattr("grundy.cli.VALUE_SECONDS", 1)
        assert main(["value", "--no-cache", "octal:0.454", str(10**18)]) == 3
        err = capsys.readouterr().err
        assert "the search for a period of octal:0.454" in err
        assert "the limit is 1;" in err and "give --budget" in err

    @pytest.mark.slow
    def test_the_search_is_said_first(self, capsys: pytest.CaptureFixture[str]) -> None:
        # No period of 0.454 is proved before heap 443 139 471 (the first heaps may be known
        # already, from the test before, in this process).
        assert main(["value", "--no-cache", "--search", "12000000", "--budget", "10m",
                     "octal:0.454", str(10**18)]) == 3
        err = capsys.readouterr().err
        assert "no period of octal:0.454 is proved from heaps 0.." in err
        assert "heaps up to 11999999 will be computed to find one" in err
        assert "no period proved from the values of heaps 0..11999999" in err

    def test_a_period_found_at_once_needs_no_plan(self, capsys: pytest.CaptureFixture[str]
                                                  ) -> None:
        assert main(["value", "--no-cache", "--budget", "1s,100MB", "octal:0.16",
                     str(10**30)]) == 0
        out, err = capsys.readouterr()
        same = 105_351 + (10**30 - 105_351) % 149_459
        value = int(take_break_values(TakeBreakCode.parse("0.16"), same)[same])
        assert f"nim-value {value} (by period)" in out
        assert "Periodic from heap 105,351 with period 149,459" in out
        assert "checked on heaps 0..509,621" in out and f"= G({same})." in out
        assert "Guy-Smith" in out and err == ""

    def test_bad_budget(self, capsys: pytest.CaptureFixture[str]) -> None:
        assert main(["value", "--budget", "10 parsecs", "kayles", "5"]) == 2
        assert "not a time" in capsys.readouterr().err
