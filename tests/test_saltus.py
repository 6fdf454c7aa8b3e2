"""Arithmetic periods (saltus): detection against constructed sequences, the all-but games
against a brute force of their rules, and the contract's ``saltus`` key."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

from grundy.catalogue import parse_game
from grundy.cli import main
from grundy.heap.allbut import AllBut
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
        assert found is not None and found.saltus > 0 and not found.certified

    def test_bad_set(self) -> None:
        with pytest.raises(ValueError, match="all-but"):
            parse_game("all-but:1,x")


class TestContract:
    def test_sequence_json_has_the_saltus(self, capsys: pytest.CaptureFixture[str]) -> None:
        assert main(["sequence", "--period", "--json", "--no-values", "all-but:2,5",
                     "--to", "500"]) == 0
        period = json.loads(capsys.readouterr().out)["period"]
        assert period == {"preperiod": 0, "period": 4, "certified": False, "by": None,
                          "saltus": 2}
        assert main(["sequence", "--period", "--json", "--no-values", "kayles",
                     "--to", "300"]) == 0
        assert json.loads(capsys.readouterr().out)["period"]["saltus"] == 0

    def test_nim_is_proved_by_its_formula(self, capsys: pytest.CaptureFixture[str]) -> None:
        found = Nim().find_period(Nim().values(50))
        assert found is not None and found.certified and (found.period, found.saltus) == (1, 1)
        assert main(["sequence", "--period", "nim", "--to", "5"]) == 0
        assert "saltus 1" in capsys.readouterr().out
