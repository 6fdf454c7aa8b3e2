"""Independent brute force for the tests: games written from their rules, plain recursion.

Nothing here uses grundy's solver, heap machinery or formulas; positions are explicit and
searched exhaustively, so a disagreement means one of the two is wrong.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from functools import cache
from typing import Any

sys.setrecursionlimit(20000)

Row = tuple[int, ...]


def mex(values: Iterable[int]) -> int:
    seen = set(values)
    m = 0
    while m in seen:
        m += 1
    return m


def sorted_rows(rows: Iterable[int]) -> Row:
    return tuple(sorted(r for r in rows if r > 0))


def row_moves_octal(digits: tuple[int, ...]) -> Callable[[int], list[Row]]:
    """Moves of one row of n pins under a take-and-break code, in the row picture.

    Removing k pins from a row means choosing where the k removed pins stand: at the very
    start (leaving one row), strictly inside (two rows), or all of them (nothing). Splitting
    into three is choosing two cut points.
    """

    def moves(n: int) -> list[Row]:
        out: list[Row] = []
        for k, digit in enumerate(digits):
            if k > n:
                continue
            rest = n - k
            if k > 0 and digit & 1 and rest == 0:
                out.append(())
            if k > 0 and digit & 2 and rest > 0:
                out.append((rest,))
            if digit & 4:
                for left in range(1, rest):
                    out.append(sorted_rows((left, rest - left)))
            if digit & 8:
                for first in range(1, rest):
                    for second in range(1, rest - first):
                        out.append(sorted_rows((first, second, rest - first - second)))
        return out

    return moves


def position_moves(heap_moves: Callable[[int], list[Row]]) -> Callable[[Row], list[Row]]:
    """Moves of a multiset of heaps: one heap replaced by one of its options."""

    def moves(position: Row) -> list[Row]:
        out = []
        for i, heap in enumerate(position):
            rest = position[:i] + position[i + 1:]
            for parts in heap_moves(heap):
                out.append(sorted_rows(rest + parts))
        return out

    return moves


def grundy_of(moves: Callable[[Any], Iterable[Any]]) -> Callable[[Any], int]:
    """The nim-value of a whole position by plain recursion over its options."""

    @cache
    def value(position: Any) -> int:
        return mex(value(option) for option in moves(position))

    return value


def wins_of(moves: Callable[[Any], Iterable[Any]], misere: bool) -> Callable[[Any], bool]:
    """Whether the player to move wins, by plain recursion (misère: no move = you win)."""

    @cache
    def wins(position: Any) -> bool:
        options = list(moves(position))
        if not options:
            return misere
        return any(not wins(option) for option in options)

    return wins


def nim_moves(n: int) -> list[Row]:
    return [sorted_rows((m,)) for m in range(n)]


def subtraction_moves(allowed: Callable[[int], Iterable[int]]) -> Callable[[int], list[Row]]:
    return lambda n: [sorted_rows((n - a,)) for a in allowed(n) if 1 <= a <= n]


def half_moves(n: int) -> list[Row]:
    return [sorted_rows((n - bite,)) for bite in range(1, n + 1) if 2 * bite <= n]


def grundy_game_moves(n: int) -> list[Row]:
    return [sorted_rows((a, n - a)) for a in range(1, n) if 2 * a != n]


def split23_moves(n: int) -> list[Row]:
    out = []
    if n >= 2:
        out.append(sorted_rows((n // 2, n - n // 2)))
    if n >= 3:
        x = n // 3
        out.append(sorted_rows({0: (x, x, x), 1: (x, x, x + 1), 2: (x, x + 1, x + 1)}[n % 3]))
    return out


def daisy_value(petals: int) -> int:
    """A circle of petals, searched as circles and rows of petals explicitly."""
    row_value = grundy_of(position_moves(row_moves_octal((0, 7, 7))))
    options = [row_value(sorted_rows((petals - k,))) for k in (1, 2) if k <= petals]
    return mex(options)
