"""The census against published tables (T. Czajka's octal-games tables; see literature.py).

The table of trivial games writes a code whose first heaps have no move with heap sizes
reduced by the number of such heaps, so its values are ours from heap ``s`` on, ``s`` the
number of dead heaps 1, 2, ... at the start; the period is the same, the preperiod and the
heap of the largest value move by ``s``.  The table of solved games gives heaps as they are.
Codes whose proof needs more than 2^20 heaps (0.376, 0.354) are in
benchmarks/census_literature.py.
"""

from __future__ import annotations

import numpy as np
import pytest

from grundy.census.equivalence import same_game
from grundy.census.results import census_row
from grundy.heap.codes import TakeBreakCode
from grundy.heap.kernels import take_break_values
from grundy.heap.period import values_needed_take_break
from grundy.heap.takebreak import TakeAndBreak

from literature import CZAJKA_SOLVED, CZAJKA_TRIVIAL, CZAJKA_UNSOLVED, published_values

#: Heaps the census may compute in a test.
TEST_HEAPS = 2**20


def dead_start(code: str) -> int:
    """How many heaps 1, 2, ... have no move, before the first that has one."""
    game = TakeAndBreak(code)
    dead = 0
    while not any(True for _ in game.heap_options(dead + 1)):
        dead += 1
    return dead


def expected_preperiod(published: int, period: int, shift: int, values: list[int]) -> int:
    """Our preperiod from the published one: moved by ``shift``; when the published values
    repeat from heap 0, the dead heaps before them (value 0) may repeat too."""
    if published > 0 or shift == 0:
        return published + shift
    ours = [0] * shift + values
    start = shift
    while start > 0 and ours[start - 1] == ours[start - 1 + period]:
        start -= 1
    return start


def test_dead_start() -> None:
    assert [dead_start(c) for c in ("0.77", "0.07", "0.4", "0.226")] == [0, 1, 2, 1]


@pytest.mark.parametrize("code", sorted(CZAJKA_TRIVIAL))
def test_trivial_games(code: str) -> None:
    preperiod, period, _ = CZAJKA_TRIVIAL[code]
    values = published_values(code)
    shift = dead_start(code)
    ours = take_break_values(TakeBreakCode.parse(code), shift + len(values) - 1).tolist()
    assert ours[shift:] == values and not any(ours[:shift])
    row = census_row(code, 2**14)
    assert row.solved
    assert row.period == period
    assert row.preperiod == expected_preperiod(preperiod, period, shift, values)
    assert row.largest == max(values)
    assert row.largest_at == values.index(max(values)) + shift


SOLVABLE = sorted(code for code, (e, p, _, _) in CZAJKA_SOLVED.items()
                  if values_needed_take_break(TakeBreakCode.parse(code), e + 1, p) <= TEST_HEAPS)


def test_most_solved_games_fit_the_test() -> None:
    assert len(SOLVABLE) == len(CZAJKA_SOLVED) - 2


@pytest.mark.parametrize("code", SOLVABLE)
def test_solved_games(code: str) -> None:
    # This table gives heaps as they are, dead or not (0.45 and 0.644 have a dead heap 1).
    preperiod, period, largest_at, largest = CZAJKA_SOLVED[code]
    row = census_row(code, TEST_HEAPS)
    assert row.solved
    assert (row.preperiod, row.period) == (preperiod, period)
    assert (row.largest, row.largest_at) == (largest, largest_at)


def test_unsolved_games_are_not_proved() -> None:
    # No period is known for these, so none may be proved from their first 4096 heaps.
    for code in CZAJKA_UNSOLVED:
        row = census_row(code, 4096)
        assert not row.solved, code
        assert row.largest == int(np.max(take_break_values(TakeBreakCode.parse(code), 4096)))


def test_flammenkamp_example() -> None:
    # Flammenkamp's page on sparse positions: 0.051 has preperiod 48, period 48, largest 5.
    row = census_row("0.051", 4096)
    assert (row.preperiod, row.period, row.largest) == (48, 48, 5)


def test_czajka_correction_of_flammenkamp() -> None:
    # Czajka's README: 0.161 is not the game 0.36; their values first differ at heap 519.
    first = take_break_values(TakeBreakCode.parse("0.161"), 600).astype(int)
    second = take_break_values(TakeBreakCode.parse("0.36"), 600).astype(int)
    assert int(np.flatnonzero(first != second)[0]) == 519
    assert not same_game(TakeBreakCode.parse("0.161"), TakeBreakCode.parse("0.36"))
