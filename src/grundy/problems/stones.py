"""Stones: take 1 or 2 if N = 0 mod 3, 1 or 3 if N = 1 mod 3, 1, 2 or 3 if N = 2 mod 3.

The library's :data:`~grundy.heap.subtraction.STONES` computes the nim-sequence heap by heap;
:func:`stones_value` extends it to any heap size through a proved period.
"""

from __future__ import annotations

from functools import cache

from grundy.heap.subtraction import STONES
from grundy.problems.base import Numbers, Problem

#: From this heap size on every amount the rule allows (at most 3) fits in the heap.
_UNIFORM_FROM = 3
#: How many values are computed to find the period in.
_LOOKAHEAD = 200


@cache
def _prefix_and_period() -> tuple[tuple[int, ...], int]:
    values = tuple(STONES.values(_LOOKAHEAD).tolist())
    start = _UNIFORM_FROM
    window = values[start:start + 3]
    period = next(length for length in range(3, _LOOKAHEAD - start - 2, 3)
                  if values[start + length:start + length + 3] == window)
    return values[:start + period], period


def stones_value(n: int) -> int:
    """The nim-value of a heap of ``n`` stones under the "Stones" rule, for any ``n``.

    Proof of the period.  For n >= 3 every allowed amount fits, so the value of heap n is a
    function of n mod 3 and of the values of heaps n-1, n-2, n-3.  If three consecutive values
    from heap p >= 3 recur L heaps later, with L a multiple of 3, then by induction on n
    every value from p on recurs L later: the values are periodic with period L from p.  The
    period L is found in the library's first values (it is 6), so a heap of any size costs
    O(1).

    >>> [stones_value(n) for n in range(9)], stones_value(10**30)
    ([0, 1, 2, 0, 2, 1, 0, 1, 2], 2)
    """
    prefix, period = _prefix_and_period()
    if n < len(prefix):
        return prefix[n]
    return prefix[_UNIFORM_FROM + (n - _UNIFORM_FROM) % period]


def solve_stones(text: str) -> str:
    """``1`` if the first player wins from N stones under the "Stones" rule, else ``2``.

    The text's table for N = 1..6: true true false true true false.

    >>> "".join(solve_stones(str(n)).strip() for n in range(1, 7))
    '112112'
    """
    numbers = Numbers(text)
    stones = numbers.take("N (the number of stones)", low=1)
    numbers.end()
    return ("1" if stones_value(stones) else "2") + "\n"


STONES_PROBLEM = Problem("stones", "\"Stones\": 1 or 2 / 1 or 3 / 1, 2 or 3 by N mod 3 (1/2)",
                         "N (1 <= N, any size)", "1 or 2, the player who wins", solve_stones)
