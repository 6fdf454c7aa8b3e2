"""Value frequencies at each power of two (``sequence --frequencies``): heaps 0..2^k - 1
for every 2^k <= n + 1, counted on the way, against counts taken from the values."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

from grundy.cli import main
from grundy.heap.compact import CompactValues, power_counts
from grundy.heap.engine import use_disk_cache
from grundy.heap.takebreak import TakeAndBreak
from grundy.render.frequencies import power_table
from grundy.sequences import sequence_report

from naive import naive_values


@pytest.fixture(autouse=True)
def no_disk_cache():  # type: ignore[no-untyped-def]
    use_disk_cache(False)
    yield None
    use_disk_cache(True)


def direct(values: np.ndarray, k: int) -> list[int]:  # type: ignore[type-arg]
    """How many of heaps 0..2^k - 1 have each value, from the values themselves."""
    counts = [0] * (int(values[: 1 << k].max()) + 1)
    for value in values[: 1 << k].tolist():
        counts[value] += 1
    return counts


def test_full_runs_of_random_codes_against_the_values() -> None:
    rng = random.Random(26)
    for _ in range(40):
        digits = [0] + [rng.randint(0, 7) for _ in range(rng.randint(1, 4))]
        if not any(digits):
            digits.append(7)
        code = "0." + "".join(map(str, digits[1:]))
        n = rng.randint(1, 3000)
        values = naive_values(digits, n)
        report = sequence_report(TakeAndBreak(code), n, values=False, frequencies=True)
        powers = report.frequencies.powers  # type: ignore[union-attr]
        assert len(powers) == (n + 1).bit_length(), code   # every 2^k <= n + 1
        assert powers == [direct(values, k) for k in range(len(powers))], (code, n)


def test_power_counts_leave_heap_0_out_in_either_form() -> None:
    values = np.array([0, 1, 1, 2, 0, 3, 1, 2, 5], dtype=np.uint8)
    for held in (values, CompactValues.of(values.tolist())):
        assert power_counts(held) == [[0], [0, 1], [0, 2, 1], [1, 3, 2, 1]]
        assert power_counts(held[:0]) == []


def test_the_json_object(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sequence", "--json", "--no-values", "--frequencies", "octal:0.77",
                 "--to", "16"]) == 0
    counted = json.loads(capsys.readouterr().out)["frequencies"]
    values = naive_values([0, 7, 7], 16)
    assert [p["to"] for p in counted["powers"]] == [0, 1, 3, 7, 15]
    for k, power in enumerate(counted["powers"]):
        expected = {str(v): c for v, c in enumerate(direct(values, k)) if c}
        assert power["counts"] == expected
    # The counts of heaps 0..n are as before.
    assert counted["counts"] == {str(v): c for v, c in
                                 enumerate(np.bincount(values).tolist()) if c}


def test_the_text_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sequence", "--no-values", "--frequencies", "octal:0.77", "--to",
                 "2000"]) == 0
    out = capsys.readouterr().out
    table = out[out.index("Heaps 0..2^k-1 of each value:"):]
    assert all(len(line) <= 79 for line in table.splitlines())
    values = naive_values([0, 7, 7], 2000)
    # Each power's column, read back from the blocks, is the count from the values.
    columns: dict[str, dict[int, int]] = {}
    for block in table.split("\n\n"):
        lines = [line.split() for line in block.splitlines() if line.split()[0].isdigit()
                 or line.split()[0] == "value"]
        header = lines[0][1:]
        for row in lines[1:]:
            for name, cell in zip(header, row[1:], strict=True):
                columns.setdefault(name, {})[int(row[0])] = 0 if cell == "-" else int(cell)
    assert list(columns) == [f"2^{k}" for k in range(11)]
    for k in range(11):
        counts = direct(values, k)
        assert {v: c for v, c in columns[f"2^{k}"].items() if c} == {
            v: c for v, c in enumerate(counts) if c}


def test_unknown_powers_are_marked() -> None:
    text = power_table([[1], [2], None, [3, 1]])
    assert text.splitlines()[1].split() == ["value", "2^0", "2^1", "2^2", "2^3"]
    assert text.splitlines()[2].split() == ["0", "1", "2", "?", "3"]
    assert "?: not known" in text
