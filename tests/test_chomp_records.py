"""Chomp's records (grundy.boards.chomp_records): every rectangle's nim-value and winning
first moves read from one box table, against plain recursion over diagrams, and the
theorems that name winning moves (squares: b2; two rows: the top-right square)."""

from __future__ import annotations

from itertools import combinations_with_replacement
from math import comb

import pytest
from tests.brute import grundy_of

from chomp_literature import KITATAI_WINNING_MOVES
from grundy.boards.bitgrid import square
from grundy.boards.chomp import CHOMP, Diagram
from grundy.boards.chomp_kernel import box_values, value_type
from grundy.boards.chomp_records import CHUNK, box_records


def brute_moves(diagram: Diagram) -> list[Diagram]:
    """Take a square other than the corner and every square above and right of it."""
    out = []
    for r, length in enumerate(diagram):
        for c in range(length):
            if r or c:
                cut = [min(n, c) if k >= r else n for k, n in enumerate(diagram)]
                out.append(tuple(n for n in cut if n))
    return out


BRUTE = grundy_of(brute_moves)


@pytest.mark.parametrize("side", [1, 2, 5, 7])
def test_rectangles_against_brute_force(side: int) -> None:
    records = box_records(side)
    assert len(records.rectangles) == side * (side + 1) // 2
    for rect in records.rectangles:
        full = (rect.cols,) * rect.rows
        assert rect.value == BRUTE(full)
        wins = tuple(square(r, c) for r in range(rect.rows) for c in range(rect.cols)
                     if (r or c) and BRUTE(CHOMP.apply(full, (r, c))) == 0)
        assert rect.winning == wins


def test_spread_counts_every_diagram(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("grundy.boards.chomp_records.CHUNK", 1000)  # several pieces
    records = box_records(6)
    assert sum(records.spread.values()) == comb(12, 6) - 1
    assert records.spread[0] == sum(1 for d in _diagrams(6) if BRUTE(d) == 0)
    assert records.largest == max(BRUTE(d) for d in _diagrams(6))
    assert CHUNK > 1000


def _diagrams(side: int) -> list[Diagram]:
    """Every diagram of at most ``side`` rows and columns (rows never grow upwards)."""
    return [tuple(sorted(rows, reverse=True)) for height in range(1, side + 1)
            for rows in combinations_with_replacement(range(1, side + 1), height)]


def test_theorems_name_winning_moves() -> None:
    records = box_records(9)
    for rect in records.rectangles:
        if rect.rows == rect.cols > 1:
            assert "b2" in rect.winning  # two equal arms, copied
        if rect.rows == 2:
            assert square(1, rect.cols - 1) in rect.winning  # rows of n and n - 1
        if rect.rows == 1 and rect.cols > 1:
            assert rect.winning == ("b1",)
        assert (rect.value == 0) == (rect.rows * rect.cols == 1)  # strategy stealing


def test_one_byte_a_diagram_where_values_fit() -> None:
    assert box_values(4, 4).dtype.itemsize == 1 and value_type(17, 17)(300) == 300


def _against_published(side: int) -> int:
    """Every rectangle of the box against the published table; how many were compared."""
    compared = 0
    for rect in box_records(side).rectangles:
        published = KITATAI_WINNING_MOVES[(rect.rows, rect.cols)]
        assert sorted(rect.winning) == sorted(published), (rect.rows, rect.cols)
        compared += 1
    return compared


def test_winning_moves_as_published_to_9x9() -> None:
    assert _against_published(9) == 45


@pytest.mark.slow
def test_winning_moves_as_published_to_14x14() -> None:
    """Ekhad and Zeilberger's range; the box of 14 takes about 11 s of CPU."""
    assert _against_published(14) == 105
