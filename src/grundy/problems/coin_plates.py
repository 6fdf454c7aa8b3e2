"""The coin game of plates 1..N (yukicoder No.524): Nim with heaps 1, 2, ..., N.

The nim-value of that position is 1 ⊕ 2 ⊕ ... ⊕ N, which :func:`xor_upto` gives in O(1), so N
may be 2^32 or 10^30 or larger.
"""

from __future__ import annotations

from grundy.problems.base import Numbers, Problem
from grundy.values import Outcome


def xor_upto(n: int) -> int:
    """The nim-sum 0 ⊕ 1 ⊕ 2 ⊕ ... ⊕ n, in O(1): n, 1, n + 1 or 0 as n mod 4 is 0, 1, 2 or 3.

    Proof.  For even m, m and m + 1 differ only in the last bit, so m ⊕ (m + 1) = 1.  Hence a
    block 4k, 4k+1, 4k+2, 4k+3 has nim-sum 1 ⊕ 1 = 0, and 0 ⊕ ... ⊕ (4k - 1) = 0.  What is left
    is the last, partial block: 4k gives 4k = n; 4k ⊕ (4k + 1) = 1; 1 ⊕ (4k + 2) = 4k + 3 = n + 1;
    and 1 ⊕ 1 = 0 for n = 4k + 3.

    >>> [xor_upto(n) for n in range(8)]
    [0, 1, 3, 0, 4, 1, 7, 0]
    >>> xor_upto(2**32), xor_upto(10**30 + 3)
    (4294967296, 0)
    """
    if n < 0:
        raise ValueError(f"xor_upto needs n >= 0, not {n}")
    return (n, 1, n + 1, 0)[n % 4]


def solve_coin_plates(text: str) -> str:
    """``O`` if the first player wins the plates 1..N (Nim heaps 1..N), else ``X``.

    The player to move loses exactly when N mod 4 = 3.

    >>> solve_coin_plates("3"), solve_coin_plates("4294967296\\n")
    ('X\\n', 'O\\n')
    """
    numbers = Numbers(text)
    plates = numbers.take("N (the number of plates)", low=1)
    numbers.end()
    return ("O" if Outcome.of_value(xor_upto(plates)) is Outcome.N else "X") + "\n"


COIN_PLATES = Problem("coin-plates", "Nim on plates of 1, 2, ..., N coins, any N (O/X)",
                      "N (1 <= N, any size)", "O (the first player wins) or X",
                      solve_coin_plates)
