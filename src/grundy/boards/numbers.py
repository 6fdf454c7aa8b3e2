"""Two numbers (game 14): erase the larger number and write any smaller natural number.

The numbers are natural (>= 1), so {1, 1} is the one position with no move, and "whoever
moves into {1, 1} wins" is plain normal play.  The lecture's second question, "and if
moving into {1, 1} loses?", is misère play: ``analyze(..., misere=True)``.  For {7, 8}
the status does not change: the first player wins both ways.

Who wins is simple: equal numbers are a second-player win (whatever the first writes, the
second writes the same), and from unequal numbers the first player makes them equal.  The
nim-values need more: with a < b, the options of {a, b} are {c, a} for c < a, {a, a}
(value 0) and {a, c} for a < c < b.  So, by induction on b, the values of {a, a+1},
{a, a+2}, ... are the numbers missing from A = {0} u {value{c, a} : c < a}, in increasing
order: value{a, b} is the (b - a)-th of them.  That takes O(a^2) steps, whatever b is.

>>> from grundy.analysis import analyze
>>> a = analyze("two-numbers 7 8")
>>> a.winner, a.nim_value, [m.description for m in a.winning_moves]
('first', 1, ['erase 8 and write 7'])
>>> analyze("two-numbers 7 8", misere=True).winner
'first'
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator, Sequence

from grundy.budget import search_positions
from grundy.core.game import Game, Option
from grundy.errors import InvalidPosition, TooBig
from grundy.numerals import is_whole_number, shown, whole_number
from grundy.values import Value

Pair = tuple[int, int]


def kth_missing(taken: list[int], k: int) -> int:
    """The k-th (from 1) whole number >= 0 not in the sorted list ``taken``.

    >>> kth_missing([0, 2, 3], 1), kth_missing([0, 2, 3], 2)
    (1, 4)
    """
    low, high = 0, k + len(taken)
    while low < high:
        middle = (low + high) // 2
        if middle + 1 - bisect_right(taken, middle) >= k:
            high = middle
        else:
            low = middle + 1
    return low


class TwoNumbers(Game[Pair]):
    """Two natural numbers; erase the larger, write a smaller natural number (see the module).

    >>> [TWO_NUMBERS.value((3, b)) for b in range(3, 8)]
    [0, 1, 3, 4, 5]
    """

    picture = "numbers"
    name = "two-numbers"

    def __init__(self) -> None:
        # taken[a]: the sorted set A of the module's text for the smaller number a.
        self._taken: list[list[int]] = [[0], [0]]

    def _missing(self, a: int) -> list[int]:
        limit = search_positions()
        if a * a > limit:
            raise TooBig(f"the nim-values of two-numbers with smaller number {a}",
                         size=a * a, limit=limit, unit="steps")
        while len(self._taken) <= a:
            top = len(self._taken)
            self._taken.append(sorted({0} | {self.value((c, top)) for c in range(1, top)}))
        return self._taken[a]

    def value(self, state: Pair) -> int:
        """The nim-value of {a, b}: 0 if a = b, else the (b - a)-th number missing from A."""
        a, b = sorted(state)
        if a == b:
            return 0
        return kth_missing(self._missing(a), b - a)

    def canonical(self, state: Pair) -> Pair:
        """Smaller number first."""
        a, b = sorted(state)
        return (a, b)

    def moves(self, state: Pair) -> Iterator[Pair]:
        """The larger number b becomes any c < b."""
        a, b = state
        return ((min(a, c), max(a, c)) for c in range(1, b))

    def labelled_moves(self, state: Pair) -> Iterator[tuple[str, Option]]:
        """``erase 8 and write 3``."""
        a, b = state
        for c in range(1, b):
            yield f"erase {b} and write {c}", (min(a, c), max(a, c))

    def moves_to_value(self, state: Pair, target: int) -> Iterator[tuple[str, Option]]:
        """At most one c >= a gives value ``target``; each c < a is checked: O(a^2)."""
        a, b = state
        for c in range(1, min(a, b)):
            if self.value((c, a)) == target:
                yield f"erase {b} and write {c}", (c, a)
        if a < b:
            taken = self._missing(a)
            at = bisect_right(taken, target)
            c = a if target == 0 else a + target + 1 - at
            if (target == 0 or taken[at - 1] != target) and c < b:
                yield f"erase {b} and write {c}", (a, c)

    def option_value(self, option: Option) -> Value:
        """A pair's value by the formula."""
        return self.value(option)

    def move_bound(self, state: Pair) -> int:
        """The larger number may become any smaller one."""
        return state[1]

    def state_bound(self, state: Pair) -> int:
        """Pairs of numbers up to the larger one."""
        return state[1] * (state[1] + 1) // 2

    def format_state(self, state: Pair) -> str:
        """``7 8``."""
        return f"{state[0]} {state[1]}"

    def parse_state(self, tokens: Sequence[str]) -> Pair:
        """Two natural numbers (>= 1)."""
        numbers = [whole_number(t, "two-numbers number", error=InvalidPosition)
                   for t in tokens if is_whole_number(t)]
        if len(tokens) != 2 or len(numbers) != 2 or min(numbers) < 1:
            raise InvalidPosition(f"two-numbers takes two natural numbers (>= 1), like 7 8, "
                                  f"not {shown(' '.join(tokens))}")
        return self.canonical((numbers[0], numbers[1]))

    def parameters(self) -> tuple[()]:
        """Fixed rules: every instance is the same game."""
        return ()

    def __repr__(self) -> str:
        return "TwoNumbers()"


TWO_NUMBERS = TwoNumbers()
