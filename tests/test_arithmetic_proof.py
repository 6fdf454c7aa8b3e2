"""Arithmetic periods proved for codes whose moves leave three heaps: the nim-sum equations
against a brute force, every proved period against values computed far past the ones it
was proved from, and hex:0.3F end to end."""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import numpy as np
import pytest

from grundy.cli import main
from grundy.heap.arithmetic_proof import (
    Formula,
    certify_arithmetic,
    induction_start,
    lower_values_reached,
    no_option_reaches,
    prove_arithmetic,
    values_needed_arithmetic,
)
from grundy.heap.certificate import ARITHMETIC_CHECK, Period
from grundy.heap.codes import TakeBreakCode
from grundy.heap.period import certify_take_break
from grundy.heap.proved import load_period, store_period
from grundy.heap.takebreak import TakeAndBreak
from grundy.heap.triples import triple_values
from grundy.heap.xor_equations import xor_solution
from test_triples import CGSUITE_0_3F

from naive import naive_values


def _holds(saltus: int, rests: tuple[int, ...], constant: int, target: int,
           q: tuple[int, ...]) -> bool:
    left = constant
    for qi, r in zip(q, rests, strict=True):
        left ^= saltus * qi + r
    return left == saltus * sum(q) + target


class TestNimSumEquations:
    def test_against_a_brute_force(self) -> None:
        rng = random.Random(26)
        for _ in range(600):
            saltus, width = rng.randint(1, 9), rng.randint(1, 3)
            rests = tuple(rng.randint(0, 20) for _ in range(width))
            constant, target = rng.randint(0, 40), rng.randint(0, 60)
            found = xor_solution(saltus, rests, constant, target)
            bound = 24 if width < 3 else 10
            brute = next((q for q in itertools.product(range(bound), repeat=width)
                          if _holds(saltus, rests, constant, target, q)), None)
            if found is not None:
                assert _holds(saltus, rests, constant, target, found)
            else:
                assert brute is None, (saltus, rests, constant, target, brute)

    def test_a_solution_past_any_small_bound_is_found(self) -> None:
        # 5q1 ^ (5q2 + 16) ^ (5q3 + 6) ^ 38 = 5(q1 + q2 + q3) + 58 first holds at q2 > 100.
        found = xor_solution(5, (0, 16, 6), 38, 58)
        assert found is not None and max(found) > 100
        assert _holds(5, (0, 16, 6), 38, 58, found)

    def test_bad_equations_are_refused(self) -> None:
        with pytest.raises(ValueError):
            xor_solution(0, (1,), 0, 0)


def _codes() -> list[TakeBreakCode]:
    found = []
    for d0, d1, d2 in itertools.product((0, 4, 8, 12), range(16), range(16)):
        try:
            code = TakeBreakCode((d0, d1, d2))
        except ValueError:
            continue
        if code.triples:
            found.append(code)
    return found


class TestProvedPeriods:
    @pytest.mark.slow
    def test_every_proved_period_holds_far_past_its_values(self) -> None:
        proved = 0
        for code in _codes():
            period = certify_arithmetic(code, triple_values(code, 300))
            if period is None:
                continue
            proved += 1
            later = triple_values(code, 2000)
            first = [int(v) for v in later[: period.preperiod + period.period]]
            f = Formula(first, period.preperiod, period.period, period.saltus)
            assert [f(n) for n in range(2001)] == later.tolist(), code
        assert proved > 150  # 0.3f, 0.8, 0.c, 4.88, ...: most of the growing codes

    def test_seeded_longer_codes_against_the_plain_mex(self) -> None:
        rng = random.Random(11)
        proved = 0
        for _ in range(60):
            digits = [0] + [rng.choice([0, 2, 3, 8, 12, 15]) for _ in range(rng.randint(1, 3))]
            if not any(d & 8 for d in digits):
                continue
            code = TakeBreakCode(tuple(digits))
            period = certify_arithmetic(code, triple_values(code, 200))
            if period is None:
                continue
            proved += 1
            plain = naive_values(code.digits, 900).tolist()
            f = Formula(plain[: period.preperiod + period.period], period.preperiod,
                        period.period, period.saltus)
            assert [f(n) for n in range(901)] == plain, code
        assert proved >= 5

    def test_a_wrong_formula_is_caught_by_each_check(self) -> None:
        code = TakeBreakCode((0, 3, 15))
        right = Formula([0, 1, 2, 0, 1, 2], 0, 6, 3)
        swapped = Formula([0, 1, 2, 0, 2, 1], 0, 6, 3)  # an option reaches G(4) = 2
        short = Formula([0, 1, 2, 0, 1, 2], 0, 6, 4)  # value 3 is never reached
        assert no_option_reaches(code, right) and lower_values_reached(code, right, 200)
        assert not no_option_reaches(code, swapped)
        assert not lower_values_reached(code, short, 200)

    def test_too_few_values_prove_nothing(self) -> None:
        code = TakeBreakCode((0, 3, 15))
        start = induction_start(code, Formula([0, 1, 2, 0, 1, 2], 0, 6, 3), 6)
        assert start <= values_needed_arithmetic(code, 0, 6)
        assert prove_arithmetic(code, triple_values(code, start - 2), 0, 6, 3) is None
        assert prove_arithmetic(code, triple_values(code, start - 1), 0, 6, 3) is not None

    def test_values_that_leave_the_formula_prove_nothing(self) -> None:
        code = TakeBreakCode((0, 3, 15))
        values = triple_values(code, 100).astype(np.int64)
        values[90] += 1
        assert prove_arithmetic(code, values, 0, 6, 3) is None


class TestHex03F:
    def test_cgsuite_values_and_2000_by_the_proof(self) -> None:
        game = TakeAndBreak("0.3F", hexadecimal=True)
        period = game.certify(triple_values([0, 3, 15], 1024))
        assert period is not None and (period.preperiod, period.period, period.saltus,
                                       period.by) == (0, 6, 3, ARITHMETIC_CHECK)
        plain = naive_values([0, 3, 15], 2000).tolist()
        assert plain[:21] == CGSUITE_0_3F
        assert [period.value_at(plain, n) for n in range(2001)] == plain
        # Like CGSuite's CheckPeriodicity(2000), no ordinary period.
        assert certify_take_break(TakeBreakCode((0, 3, 15)), np.array(plain)) is None

    def test_a_million_heaps_and_10_to_18(self, tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
        monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
        # Without the proof the kernel's estimate (5e13 steps) refuses it up front.
        assert main(["sequence", "hex:0.3F", "--to", "1000000", "--period", "--json"]) == 0
        answer = json.loads(capsys.readouterr().out)
        values = answer["values"]
        assert len(values) == 1_000_001
        assert all(values[n] == 3 * (n // 6) + n % 3 for n in range(0, 1_000_001, 997))
        assert answer["period"]["by"] == ARITHMETIC_CHECK
        assert main(["value", "hex:0.3F", "10^18"]) == 0
        out = capsys.readouterr().out
        assert "nim-value 499,999,999,999,999,999" in out
        assert "proved by the three-heap arithmetic-periodicity check" in out


class TestKeptOnDisk:
    def test_a_kept_proof_is_proved_again_when_read(self, tmp_path: Path) -> None:
        game = TakeAndBreak("0.3F", hexadecimal=True)
        values = game.values(200)
        period = game.certify(values)
        assert period is not None
        needed = game.values_needed(period)
        store_period(tmp_path, "hex:0.3f", period, values, needed)
        loaded = load_period(game, tmp_path, values[:10])
        assert loaded is not None and loaded[0] == period
        # A forged file: values that follow another formula and a period the checks refuse.
        path = next(tmp_path.glob("*.period.json"))
        record = json.loads(path.read_text())
        record["values"] = [3 * (n // 6) + [0, 2, 1][n % 3] for n in range(needed)]
        path.write_text(json.dumps(record))
        assert load_period(game, tmp_path, values[:0]) is None

    def test_a_period_only_seen_filed_as_proved_is_refused(self, tmp_path: Path) -> None:
        # hex:C.18's values follow G(n + 8) = G(n) + 4 from heap 6, which the checks do not
        # prove: a file naming the check, with the true values, passes every test of the
        # values and fails only the proof run again.
        game = TakeAndBreak("C.18", hexadecimal=True)
        values = game.values(400)
        forged = Period(6, 8, True, ARITHMETIC_CHECK, 4)
        assert game.certify(values) is None
        assert all(int(values[n + 8]) == int(values[n]) + 4 for n in range(6, 393))
        store_period(tmp_path, "hex:c.18", forged, values, game.values_needed(forged))
        assert next(tmp_path.glob("*.period.json"))  # written: its values cover the proof
        assert load_period(game, tmp_path, values[:0]) is None
