"""Independent brute force for the tests: games written from their rules, plain recursion.

Nothing here uses grundy's solver, heap machinery or formulas; positions are explicit and
searched exhaustively, so a disagreement means one of the two is wrong.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from functools import cache
from itertools import combinations
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


def row_moves_octal(digits: tuple[int, ...], unequal: tuple[int, ...] = ()
                    ) -> Callable[[int], list[Row]]:
    """Moves of one row of n pins under a take-and-break code, in the row picture.

    Removing k pins from a row means choosing where the k removed pins stand: at the very
    start (leaving one row), strictly inside (two rows), or all of them (nothing). Splitting
    into three is choosing two cut points.  For k in ``unequal`` the two rows left must
    differ in length (``!`` in the code).
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
                    if k not in unequal or 2 * left != rest:
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


# -- the families of Nim with more moves, and coin-turning games, from their rules ---------


def wythoff_moves(pair: tuple[int, int]) -> list[tuple[int, int]]:
    """A queen at (a, b) moves left, down or diagonally down-left, any distance."""
    a, b = pair
    out = [(a - k, b) for k in range(1, a + 1)]
    out += [(a, b - k) for k in range(1, b + 1)]
    out += [(a - k, b - k) for k in range(1, min(a, b) + 1)]
    return [(min(p), max(p)) for p in out]


def moore_moves(k: int) -> Callable[[Row], list[Row]]:
    """Take at least one token from each of 1 to k heaps."""

    def moves(heaps: Row) -> list[Row]:
        out: list[Row] = []
        n = len(heaps)
        for chosen in range(1, 1 << n):
            picked = [i for i in range(n) if chosen >> i & 1]
            if len(picked) > k:
                continue
            lowered: list[list[int]] = [list(heaps)]
            for i in picked:
                lowered = [[*h[:i], m, *h[i + 1:]] for h in lowered for m in range(heaps[i])]
            out.extend(sorted_rows(h) for h in lowered)
        return out

    return moves


def staircase_moves(steps: Row) -> list[Row]:
    """Move some coins from a step to the one below (off the stairs from step 1)."""
    out = []
    for i, coins in enumerate(steps):
        for count in range(1, coins + 1):
            after = list(steps)
            after[i] -= count
            if i:
                after[i - 1] += count
            while after and after[-1] == 0:
                after.pop()
            out.append(tuple(after))
    return out


def nim_add_moves(position: tuple[int, Row]) -> list[tuple[int, Row]]:
    """(pool, heaps): take from a heap, or add 1..pool tokens of the pool to a heap."""
    pool, heaps = position
    out = []
    for i, h in enumerate(heaps):
        for m in range(h):
            out.append((pool, tuple(sorted((*heaps[:i], m, *heaps[i + 1:])))))
        for added in range(1, pool + 1):
            out.append((pool - added, tuple(sorted((*heaps[:i], h + added, *heaps[i + 1:])))))
    return out


def flip(row: str, indices: Iterable[int]) -> str:
    coins = list(row)
    for i in indices:
        coins[i] = "H" if coins[i] == "T" else "T"
    return "".join(coins)


def coin_moves(most: int | None) -> Callable[[str], list[str]]:
    """Turn at most ``most`` coins (None: a run of adjacent coins), the rightmost H -> T."""

    def moves(row: str) -> list[str]:
        out = []
        n = len(row)
        for chosen in range(1, 1 << n):
            picked = [i for i in range(n) if chosen >> i & 1]
            if row[picked[-1]] != "H":
                continue
            if most is None and picked != list(range(picked[0], picked[-1] + 1)):
                continue
            if most is not None and len(picked) > most:
                continue
            out.append(flip(row, picked))
        return out

    return moves


def corners_moves(board: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Turn the four corners of a rectangle whose bottom-right corner shows heads."""
    out = []
    rows, cols = len(board), len(board[0])
    for r in range(rows):
        for c in range(cols):
            if board[r][c] != "H":
                continue
            for r0 in range(r):
                for c0 in range(c):
                    after = list(board)
                    after[r0] = flip(after[r0], (c0, c))
                    after[r] = flip(after[r], (c0, c))
                    out.append(tuple(after))
    return out


def node_kayles_moves(adjacent: dict[str, set[str]]) -> Callable[[frozenset[str]], list[Any]]:
    """Take a node and its neighbours."""
    return lambda nodes: [nodes - {v} - adjacent[v] for v in nodes]


def arc_kayles_moves(adjacent: dict[str, set[str]]) -> Callable[[frozenset[str]], list[Any]]:
    """Take both ends of an edge."""
    return lambda nodes: [nodes - {u, v} for u in nodes for v in adjacent[u] & nodes if u < v]


def diagonals_moves(n: int) -> Callable[[frozenset[tuple[int, int]]], list[frozenset[Any]]]:
    """Diagonals of an n-gon as explicit sets: one more diagonal, not a side, not drawn yet,
    no end with two already."""

    def moves(drawn: frozenset[tuple[int, int]]) -> list[frozenset[tuple[int, int]]]:
        degree = [0] * n
        for u, v in drawn:
            degree[u] += 1
            degree[v] += 1
        return [drawn | {(u, v)} for u, v in combinations(range(n), 2)
                if (v - u) % n not in (1, n - 1) and (u, v) not in drawn
                and degree[u] < 2 and degree[v] < 2]

    return moves
