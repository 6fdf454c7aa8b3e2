"""Wythoff's game: two heaps; take any number from one heap, or the same number from both.

It is the game of a chess queen moved towards the corner of a board (left, down or
diagonally down-left), the heaps being its distances from the two edges.

*Theorem* (Wythoff, 1907): the P-positions are ``(⌊kφ⌋, ⌊kφ²⌋)`` for ``k = 0, 1, 2, ...``,
``φ = (1 + √5)/2``: the lower numbers are OEIS A000201, the upper A001950, and every whole
number ``n > 0`` is in exactly one of the two sequences (Beatty's theorem), with partner
``n ± k``.  Exactly, in integers: ``⌊kφ⌋ = (k + isqrt(5k²)) // 2``.  So who wins, and the
winning moves, are known at any size in O(1) arithmetic on the numbers.

The other nim-values have no known formula; they are computed from a table of the values
of every smaller position (the values of row ``a`` and column ``b`` and the diagonal, kept as
bitsets).

>>> game = Wythoff()
>>> [game.is_p_position((lower(k), upper(k))) for k in range(5)]
[True, True, True, True, True]
>>> game.value((3, 5)), game.value((4, 5))
(0, 6)
>>> [d for d, _ in game.moves_to_value((10**30, 10**30 + 7), 0)]
['take 999999999999999999999999999989 from each heap, leaving 11 and 18']
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from math import isqrt

from grundy.budget import search_positions
from grundy.core.game import Game, Option
from grundy.core.ruleset import Ruleset, fixed
from grundy.errors import InvalidPosition, TooBig
from grundy.heap.base import parse_heap

Pair = tuple[int, int]


def lower(k: int) -> int:
    """``⌊kφ⌋``, the lower Wythoff number of ``k`` (OEIS A000201 for ``k >= 1``).

    >>> [lower(k) for k in range(1, 11)]
    [1, 3, 4, 6, 8, 9, 11, 12, 14, 16]
    """
    return (k + isqrt(5 * k * k)) // 2


def upper(k: int) -> int:
    """``⌊kφ²⌋ = ⌊kφ⌋ + k``, the upper Wythoff number (OEIS A001950).

    >>> [upper(k) for k in range(1, 11)]
    [2, 5, 7, 10, 13, 15, 18, 20, 23, 26]
    """
    return lower(k) + k


def partner(n: int) -> int:
    """The other heap of the P-position that has a heap of ``n`` (each ``n`` has one).

    >>> [partner(n) for n in range(8)]
    [0, 2, 1, 5, 7, 3, 10, 4]
    """
    # n/φ is about k for a lower number n = ⌊kφ⌋, and n/φ² for an upper one.
    guess = (isqrt(5 * n * n) - n) // 2
    for k in (guess - 1, guess, guess + 1, guess + 2):
        if k >= 0 and lower(k) == n:
            return n + k
    guess = (3 * n - isqrt(5 * n * n)) // 2
    for k in (guess - 1, guess, guess + 1, guess + 2):
        if k >= 1 and upper(k) == n:
            return n - k
    raise AssertionError(f"{n} is in neither Beatty sequence")  # Beatty's theorem


class Wythoff(Game[Pair]):
    """Wythoff's game; a position is the pair of heaps, smaller first."""

    picture = "queen"
    name = "wythoff"

    def is_p_position(self, state: Pair) -> bool:
        """Wythoff's theorem: ``(a, b)`` with ``a <= b`` is P iff ``a = ⌊kφ⌋`` for ``k = b - a``."""
        a, b = sorted(state)
        return lower(b - a) == a

    def moves(self, state: Pair) -> Iterator[Pair]:
        """Take from one heap, or the same amount from both."""
        a, b = state
        for k in range(1, b + 1):
            yield _pair(a, b - k)
        for k in range(1, a + 1):
            yield _pair(a - k, b)
            yield a - k, b - k

    def describe_move(self, state: Pair, option: Option) -> str:
        """``take 3 from 7, leaving 4`` or ``take 2 from each heap, leaving 1 and 5``."""
        a, b = state
        c, d = option
        if a - c == b - d:
            return f"take {a - c} from each heap, leaving {c} and {d}"
        if a in option:  # the smaller heap stays: the move took from the larger
            left = d if c == a else c
            return f"take {b - left} from {b}, leaving {left}"
        return f"take {a - c} from {a}, leaving {c}"

    def moves_to_value(self, state: Pair, target: int) -> Iterator[tuple[str, Option]]:
        """Winning moves (target 0) by Wythoff's theorem at any size; others from the table."""
        if target != 0:
            yield from super().moves_to_value(state, target)
            return
        a, b = state
        found: list[Pair] = []
        for heap, other in ((a, b), (b, a)):
            mate = partner(heap)
            if mate < other:
                found.append(_pair(heap, mate))
        d = b - a
        if lower(d) < a:
            found.append((lower(d), upper(d)))
        for option in dict.fromkeys(found):
            yield self.describe_move(state, option), option

    def value(self, state: Pair) -> int:
        """0 for a P-position (at any size), else the table's value.

        Raises :class:`~grundy.errors.TooBig` when the table would exceed the search budget.
        """
        if self.is_p_position(state):
            return 0
        a, b = state
        return _table(b + 1)[a][b]

    def canonical(self, state: Pair) -> Pair:
        """Smaller heap first."""
        return _pair(*state)

    def format_state(self, state: Pair) -> str:
        """``3 5``."""
        return f"{state[0]} {state[1]}"

    def parse_state(self, tokens: Sequence[str]) -> Pair:
        """Two heap sizes.

        >>> Wythoff().parse_state(["5", "3"])
        (3, 5)
        """
        if len(tokens) != 2:
            raise InvalidPosition(f"wythoff needs two heaps, like wythoff 3 5, not "
                                  f"{len(tokens)}")
        a, b = (parse_heap(token) for token in tokens)
        return _pair(a, b)

    def state_bound(self, state: Pair) -> int:
        """Pairs below: (a + 1)(b + 1)."""
        return (state[0] + 1) * (state[1] + 1)

    def parameters(self) -> tuple[()]:
        """Fixed rules: every instance is the same game."""
        return ()


def _pair(a: int, b: int) -> Pair:
    return (a, b) if a <= b else (b, a)


_tables: list[list[list[int]]] = []


def _table(side: int) -> list[list[int]]:
    """The nim-values of all positions ``(x, y)``, ``x, y < side`` (at least), row by row.

    Each row, column and diagonal keeps the bitset of the values met in it, so a cell costs
    a few operations on ``O(side)``-bit integers.
    """
    if _tables and len(_tables[0]) >= side:
        return _tables[0]
    side = max(side, 2 * len(_tables[0]) if _tables else 64)
    if side * side > search_positions():
        raise TooBig(f"the table of Wythoff nim-values up to {side - 1}", size=side * side,
                     limit=search_positions(), unit="positions")
    columns = [0] * side
    diagonals = [0] * (2 * side)  # index x - y + side
    table: list[list[int]] = []
    for x in range(side):
        row_seen = 0
        row = []
        for y in range(side):
            seen = row_seen | columns[y] | diagonals[x - y + side]
            value = (~seen & (seen + 1)).bit_length() - 1
            bit = 1 << value
            row.append(value)
            row_seen |= bit
            columns[y] |= bit
            diagonals[x - y + side] |= bit
        table.append(row)
    _tables[:] = [table]
    return table


RULESETS = (
    Ruleset("wythoff", "Wythoff's game: take from one heap, or the same from both (a queen "
            "to the corner)", fixed(Wythoff()), example="wythoff 3 5",
            position="two heap sizes `A B`", picture="queen"),
)
