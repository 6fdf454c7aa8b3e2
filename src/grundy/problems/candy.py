"""«Конфета» ("Candy"): bite off at least one and at most half of the candy; who cannot bite loses.

The game is the library's :class:`~grundy.heap.subtraction.Half`, with a closed form for the
nim-value, so a candy of any size is answered at once.  "The bite" printed for a winning
first player is the number of quanta bitten off: from 33 the winning bite is 2, leaving 31.
It is unique: the losing candies are the 2^k - 1, and exactly one of them lies in
[ceil(N/2), N - 1], the candies one bite can leave.
"""

from __future__ import annotations

from grundy.heap.subtraction import Half
from grundy.problems.base import Numbers, Problem
from grundy.values import Outcome


def winning_bite(n: int) -> int | None:
    """The quanta to bite off a candy of ``n`` to win, or None if the player to move loses.

    >>> winning_bite(33), winning_bite(15), winning_bite(10**30)
    (2, None, 366174699885885299251648397313)
    """
    from grundy.analysis import analyze  # the solver, loaded only when a problem is solved

    result = analyze(Half(), (n,))
    if result.outcome is not Outcome.N:
        return None
    (move,) = result.winning_moves
    left = move.position.components[0].state
    assert isinstance(left, tuple)
    return n - sum(left)


def solve_candy(text: str) -> str:
    """``Second``, or ``First`` and on the next line the winning bite (quanta bitten off).

    >>> solve_candy("15"), solve_candy("33\\n")
    ('Second\\n', 'First\\n2\\n')
    """
    numbers = Numbers(text)
    candy = numbers.take("N (the size of the candy)", low=1)
    numbers.end()
    bite = winning_bite(candy)
    return "Second\n" if bite is None else f"First\n{bite}\n"


CANDY = Problem("candy", "«Конфета»: bite at most half (Second, or First and the bite)",
                "N (1 <= N, any size)", "Second, or First and on the next line the bite",
                solve_candy)
