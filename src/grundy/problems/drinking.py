"""The drinking match (yukicoder No.669): N kinds of drink; a turn drinks 1..K ml of one kind.

Each kind is a heap of the subtraction game ``subtract:1-K`` (bounded Nim), whose nim-value
n mod (K + 1) is a closed form of the library; the kinds together are the sum, so their
values are nim-added.
"""

from __future__ import annotations

from grundy.errors import InvalidArgument
from grundy.heap.subtraction import Subtraction
from grundy.problems.base import Numbers, Problem
from grundy.values import Outcome

#: The largest K accepted: the subtraction set is kept as a set of K amounts.  The problem
#: itself has K <= 1000.
MAX_K = 100_000


def solve_drinking(text: str) -> str:
    """``YES`` if the first player (Takeya) wins, else ``NO``.

    Input: N K, then the amounts A1..AN of the N kinds.

    >>> solve_drinking("2 3\\n4 4\\n"), solve_drinking("3 2\\n1 2 4")
    ('NO\\n', 'YES\\n')
    """
    numbers = Numbers(text)
    kinds = numbers.take("N (the number of kinds)", low=1)
    most = numbers.take("K (the most drunk in one turn)", low=1)
    if most > MAX_K:
        raise InvalidArgument(f"K = {most} is out of range; it must be at most {MAX_K}")
    amounts = numbers.take_many(kinds, "amounts A1..AN")
    numbers.end()
    value = Subtraction(range(1, most + 1)).value(tuple(amounts))
    return ("YES" if Outcome.of_value(value) is Outcome.N else "NO") + "\n"


DRINKING = Problem("drinking", "N kinds, drink 1..K ml of one kind a turn (YES/NO)",
                   "N K, then A1..AN", "YES (the first player wins) or NO", solve_drinking)
