"""Nim and misère Nim as judged problems: who wins, from the heap sizes.

Normal play (the Japanese text's basic problem): the nim-sum of the heaps decides.  Misère
play (the habr text: whoever takes the last stone loses) is settled by the library's misère
analysis, which follows Bouton's rule for Nim at any size.
"""

from __future__ import annotations

from grundy.heap.subtraction import Nim
from grundy.problems.base import Numbers, Problem
from grundy.values import Outcome


def _heaps(text: str) -> tuple[int, ...]:
    numbers = Numbers(text)
    count = numbers.take("N (the number of heaps)")
    heaps = numbers.take_many(count, "heap sizes")
    numbers.end()
    return tuple(heaps)


def solve_nim(text: str) -> str:
    """``First`` if the first player wins Nim with these heaps, else ``Second``.

    Input: N, then the N heap sizes.

    >>> solve_nim("3\\n3 2 1\\n"), solve_nim("2  4 1")
    ('Second\\n', 'First\\n')
    """
    value = Nim().value(_heaps(text))
    return ("First" if Outcome.of_value(value) is Outcome.N else "Second") + "\n"


def solve_misere_nim(text: str) -> str:
    """``X`` if the first player wins misère Nim (the last to take loses), else ``Y``.

    Input: n, then the n heap sizes.

    >>> solve_misere_nim("3 3 2 1"), solve_misere_nim("3 1 1 1"), solve_misere_nim("2 1 1")
    ('Y\\n', 'Y\\n', 'X\\n')
    """
    from grundy.analysis import analyze  # the solver, loaded only when a problem is solved

    outcome = analyze(Nim(), _heaps(text), misere=True).outcome
    return ("X" if outcome is Outcome.N else "Y") + "\n"


NIM = Problem("nim", "Nim: who wins (First/Second)", "N, then A1..AN (heap sizes)",
              "First or Second", solve_nim)
MISERE_NIM = Problem("misere-nim", "misère Nim, the last to take loses: who wins (X/Y)",
                     "n, then the n heap sizes", "X (the first player wins) or Y",
                     solve_misere_nim)
