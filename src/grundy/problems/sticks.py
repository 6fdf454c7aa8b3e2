"""Sticks: take one or two sticks; whoever takes the LAST stick loses (misère ``subtract:1,2``).

A single heap of a misère subtraction game that may always take 1 is a normal-play heap one
smaller (:func:`misere_outcome`), so the library's closed form for ``subtract:1,2``
(n mod 3) answers any N at once.  The tests check this against the library's misère search
and against a plain recursive search.
"""

from __future__ import annotations

from grundy.errors import InvalidGame
from grundy.heap.subtraction import Subtraction
from grundy.problems.base import Numbers, Problem
from grundy.values import Outcome

#: The sticks game: take 1 or 2.
STICKS = Subtraction({1, 2})


def misere_outcome(game: Subtraction, n: int) -> Outcome:
    """The misère outcome of one heap of ``n`` in a subtraction game whose set contains 1.

    Misère heap n >= 1 has the outcome of normal-play heap n - 1.  Proof: a move to 0 (taking
    the last token) loses at once, so it never wins; the other moves from n lead to the heaps
    m >= 1, and m <-> m - 1 maps them one to one onto the moves from n - 1 in normal play.
    Heap 1 can only move to 0, so it is lost, like normal-play heap 0 (no move).  Since 1 is
    in the set, no heap n >= 1 is without moves, and induction on n finishes the proof.
    Heap 0 is won by the player to move (the other player took the last token).

    >>> [misere_outcome(STICKS, n).value for n in range(8)]
    ['N', 'P', 'N', 'N', 'P', 'N', 'N', 'P']
    >>> misere_outcome(STICKS, 10**30).value
    'P'
    """
    if 1 not in game.amounts:
        raise InvalidGame(f"misere_outcome needs a finite subtraction set containing 1, "
                          f"not {game.text}")
    if n == 0:
        return Outcome.N
    return Outcome.of_value(game.heap_value(n - 1))


def solve_sticks(text: str) -> str:
    """``1`` if the first player wins N sticks (the last stick loses), else ``2``.

    >>> solve_sticks("4"), solve_sticks("5"), solve_sticks("1")
    ('2\\n', '1\\n', '2\\n')
    """
    numbers = Numbers(text)
    sticks = numbers.take("N (the number of sticks)", low=1)
    numbers.end()
    return ("1" if misere_outcome(STICKS, sticks) is Outcome.N else "2") + "\n"


STICKS_PROBLEM = Problem("sticks", "take 1 or 2 sticks, the last stick loses (1/2)",
                         "N (1 <= N, any size)", "1 or 2, the player who wins", solve_sticks)
