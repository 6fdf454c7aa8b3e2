"""Chords (game 10): join two points on a circle by a chord that meets no earlier chord.

A chord may neither cross an earlier chord nor share an end with one.  The chords drawn
cut the disc into regions, and a new chord must join two unused points of one region.
Such a chord splits its region in two: the k unused points strictly on one side, and the
n - 2 - k on the other, each again points in convex position on their own, and no later
chord can join points of different regions.  So a region is a heap counted in points, and
a move removes 2 points from one heap and leaves 0, 1 or 2 heaps (k and n - 2 - k, any k
from 0 to n - 2).  That is the take-and-break game whose digit for taking 2 is
1 + 2 + 4 = 7 and whose other digits are 0: the octal game 0.07, Dawson's Kayles.

A state is the multiset of regions (points each), what the search keeps; the player plays
the circle as numbered, ``chords 10 1-6`` (:class:`~grundy.boards.frames.ChordsBoard`).
Being Dawson's Kayles move for move, a region's value is that game's: computed by its
compiled kernel and, past the values computed, read from its period, proved by the
Guy-Smith theorem (preperiod 53, period 34), so ``chords 100000`` or a 30-digit count of
points is answered at once.

>>> from grundy.analysis import analyze
>>> a = analyze(CHORDS, (10,))
>>> a.winner, [m.description for m in a.winning_moves]
('first', ['in a region of 10 points, draw a chord with 4 points on each side'])
>>> [m.description for m in analyze("chords 10").winning_moves][:2]
['draw the chord 1-6', 'draw the chord 2-7']
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from grundy.heap.base import HeapGame, Heaps
from grundy.heap.engine import PERIOD_SEARCH_LIMIT
from grundy.heap.rules import Progress
from grundy.heap.takebreak import TakeAndBreak, cumulative_partitions

if TYPE_CHECKING:
    from grundy.heap.cache import Values
    from grundy.heap.period import Period

#: The octal game Chords is (see the module).
DAWSONS_KAYLES = TakeAndBreak("0.07")
#: Regions up to this many points have their sides' values looked up directly.
SMALL_REGION = 4096


class Chords(HeapGame):
    """Chords in a circle of points; each region of points is a heap (see the module).

    >>> CHORDS.values(10).tolist()
    [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3]
    """

    picture = "circle"
    name = "chords"

    def heap_options(self, n: int) -> Iterator[Heaps]:
        """A chord in a region of n points leaves k and n - 2 - k points on its sides."""
        for k in range((n - 2) // 2 + 1):
            yield tuple(part for part in (k, n - 2 - k) if part)

    def heap_option_count(self, n: int) -> int:
        """A chord leaves k points on its shorter side, k = 0 .. (n - 2) / 2."""
        return max(n, 0) // 2 + 1

    def heap_value_by(self, n: int, search: int = PERIOD_SEARCH_LIMIT,
                      progress: Progress | None = None) -> tuple[int, str]:
        """Dawson's Kayles' value of a heap of ``n`` (see the module), and how it was found.

        >>> CHORDS.heap_value_by(10**30)
        (1, 'period')
        """
        return DAWSONS_KAYLES.heap_value_by(n, search, progress)

    def compute_values(self, n: int, prefix: Values, progress: Progress | None = None
                       ) -> Values:
        """Dawson's Kayles' values, by its compiled kernel."""
        return DAWSONS_KAYLES.values(n, progress)

    def heap_options_with_value(self, n: int, want: int) -> Iterator[Heaps]:
        """The chords of a region of ``n`` points whose sides' values xor to ``want``, the
        sides' values looked up together (a million points have half a million chords).

        >>> list(CHORDS.heap_options_with_value(10, 0))
        [(4, 4)]
        """
        import numpy as np

        if n < 2:
            return
        low = np.arange((n - 2) // 2 + 1, dtype=np.int64)
        sides = np.stack((low, n - 2 - low))
        if n <= SMALL_REGION:
            values = DAWSONS_KAYLES.values(n)
        else:
            period = DAWSONS_KAYLES.proved_period()
            assert period is not None, "Dawson's Kayles' period is proved"
            values = DAWSONS_KAYLES.values(period.preperiod + period.period)
            # Past the preperiod a heap's value is that of its place in the first period.
            beyond = sides >= period.preperiod
            sides[beyond] = (period.preperiod
                             + (sides[beyond] - period.preperiod) % period.period)
        found = values[sides[0]] ^ values[sides[1]]
        for k in np.flatnonzero(found == want).tolist():
            yield tuple(part for part in (k, n - 2 - k) if part)

    def certify(self, values: Values) -> Period | None:
        """Dawson's Kayles' period, proved by the Guy-Smith theorem."""
        return DAWSONS_KAYLES.certify(values)

    def values_needed(self, period: Period) -> int:
        """As many values as the Guy-Smith theorem needs for Dawson's Kayles."""
        return DAWSONS_KAYLES.values_needed(period)

    def heap_state_bound(self, n: int) -> int:
        """Multisets of regions with n points at most."""
        return cumulative_partitions(n)

    def describe_heap_move(self, n: int, parts: Heaps) -> str:
        """``in a region of 8 points, draw a chord with 1 point on one side and 5 on the other``."""
        if n == 2:
            return "join the last 2 points of a region"
        low, high = sorted((*parts, 0, 0)[:2]) if len(parts) < 2 else sorted(parts)
        where = f"in a region of {n} points, draw a chord with"
        if low == high:
            return f"{where} {_points(low)} on each side"
        return f"{where} {_points(low)} on one side and {high} on the other"

    def parameters(self) -> tuple[()]:
        """Fixed rules: every instance is the same game."""
        return ()


def _points(k: int) -> str:
    return "no point" if k == 0 else "1 point" if k == 1 else f"{k} points"


CHORDS = Chords()
