"""Arithmetic periods (saltus): detection against constructed sequences, the all-but games
against a brute force of their rules, and the contract's ``saltus`` key."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

from grundy.catalogue import parse_game
from grundy.cli import main
from grundy.heap.allbut import AllBut, state_repeats
from grundy.heap.period import Period, detect_arithmetic_period
from grundy.heap.subtraction import Nim

from brute import grundy_of, position_moves, subtraction_moves


class TestDetection:
    def test_finds_constructed_arithmetic_periods(self) -> None:
        rng = random.Random(8)
        for _ in range(100):
            preperiod, period, saltus = rng.randrange(20), rng.randrange(1, 30), rng.randrange(6)
            base = [rng.randrange(10) for _ in range(preperiod + period)]
            values = base[:]
            while len(values) < 20 * (preperiod + period) + 50:
                values.append(values[-period] + saltus)
            found = detect_arithmetic_period(np.array(values))
            assert found is not None
            e, p, s = found
            # The least period and preperiod: never longer than the ones built in.
            assert p <= period and e <= preperiod
            for n in range(e, len(values) - p):
                assert values[n + p] == values[n] + s

    def test_no_period_in_non_periodic_values(self) -> None:
        assert detect_arithmetic_period(np.array([n * n for n in range(300)])) is None

    def test_value_at_adds_the_saltus(self) -> None:
        period = Period(2, 3, saltus=5)
        values = np.array([9, 9, 0, 1, 2, 5, 6, 7])
        for n in range(2, 8):
            assert period.value_at(values, n) == values[n]
        assert period.value_at(values, 2 + 3 * 10**20 + 1) == 1 + 5 * 10**20


class TestAllBut:
    @pytest.mark.parametrize("excluded", [{1}, {2}, {1, 2}, {2, 5}, {1, 3, 4}, {3, 7, 8},
                                          {1, 2, 3, 9}])
    def test_values_against_brute_force(self, excluded: set[int]) -> None:
        def allowed(n: int) -> list[int]:
            return [a for a in range(1, n + 1) if a not in excluded]

        value = grundy_of(position_moves(subtraction_moves(allowed)))
        game = AllBut(excluded)
        assert game.values(250).tolist() == [value((n,) if n else ()) for n in range(251)]
        found = game.find_period(game.values(2000))
        assert found is not None and found.saltus > 0 and found.certified

    def test_proved_periods_hold_far_beyond_the_values_that_proved_them(self) -> None:
        """On random excluded sets, a period proved from a short prefix is checked against
        values computed much further: a proof from too few values would be caught here."""
        rng = random.Random(15)
        proved = 0
        for _ in range(60):
            excluded = set(rng.sample(range(1, 13), rng.randrange(1, 5)))
            game = AllBut(excluded)
            far = game.values(20_000).tolist()
            for length in (30, 60, 120, 400, 1500):
                found = game.certify(np.array(far[:length]))
                if found is None:
                    continue
                proved += 1
                p, s = found.period, found.saltus
                assert all(far[n + p] == far[n] + s
                           for n in range(found.preperiod, len(far) - p)), (excluded, length)
        assert proved > 100

    def test_state_check_refuses_a_changed_past(self) -> None:
        """The window alone does not decide the future: a value missing from the past is
        enough to refuse the proof."""
        excluded = frozenset({2, 5})
        values = AllBut(excluded).values(400)
        assert state_repeats(values, excluded, 300, 4, 2)
        for heap in range(304):
            changed = values.astype(np.int64)
            changed[heap] = 10**6
            assert not state_repeats(changed, excluded, 300, 4, 2), heap
        assert not state_repeats(values, excluded, 300, 4, 3)
        assert state_repeats(values, excluded, 300, 8, 4)

    @pytest.mark.parametrize(("excluded", "divisor"), [({1}, 2), ({1, 2}, 3), ({1, 2, 3}, 4)])
    def test_huge_heaps_from_the_proved_period(self, excluded: set[int], divisor: int) -> None:
        """Taking any amount but 1..k leaves G(n) = n // (k + 1) (an easy induction: the
        options of n are the heaps below n - k), which the proved period must reproduce."""
        game = AllBut(excluded)
        for n in (10**18, 10**18 + 1, 7 * 10**30 + 5):
            assert game.heap_value(n) == n // divisor

    def test_bad_set(self) -> None:
        with pytest.raises(ValueError, match="all-but"):
            parse_game("all-but:1,x")


class TestContract:
    def test_sequence_json_has_the_saltus(self, capsys: pytest.CaptureFixture[str]) -> None:
        assert main(["sequence", "--period", "--json", "--no-values", "all-but:2,5",
                     "--to", "500"]) == 0
        period = json.loads(capsys.readouterr().out)["period"]
        assert period == {"preperiod": 0, "period": 4, "certified": True,
                          "by": "all-but state check", "saltus": 2}
        assert main(["sequence", "--period", "--json", "--no-values", "kayles",
                     "--to", "300"]) == 0
        assert json.loads(capsys.readouterr().out)["period"]["saltus"] == 0

    def test_nim_is_proved_by_its_formula(self, capsys: pytest.CaptureFixture[str]) -> None:
        found = Nim().find_period(Nim().values(50))
        assert found is not None and found.certified and (found.period, found.saltus) == (1, 1)
        assert main(["sequence", "--period", "nim", "--to", "5"]) == 0
        assert "saltus 1" in capsys.readouterr().out
