"""Stone splitting (yukicoder No.153): split a heap into 2 or 3 parts as equal as possible.

The game is the library's :class:`~grundy.heap.takebreak.Split23`; a heap's nim-value is the
mex over its two splits of the nim-sums of the parts.
"""

from __future__ import annotations

from grundy.heap.takebreak import Split23
from grundy.problems.base import Numbers, Problem


def solve_stone_split(text: str) -> str:
    """``A`` if the first player (A) wins from one heap of N stones, else ``B``.

    The statement's own example: from 5 stones A wins.

    >>> solve_stone_split("5"), solve_stone_split("1"), solve_stone_split("9")
    ('A\\n', 'B\\n', 'B\\n')
    """
    numbers = Numbers(text)
    stones = numbers.take("N (the number of stones)", low=1)
    numbers.end()
    return ("A" if Split23().heap_value(stones) else "B") + "\n"


STONE_SPLIT = Problem("stone-split", "split a heap into 2 or 3 near-equal heaps (A/B)",
                      "N (1 <= N)", "A (the first player wins) or B", solve_stone_split)
