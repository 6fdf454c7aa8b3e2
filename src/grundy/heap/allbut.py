"""All-but subtraction games: take any number of tokens from a heap except a few amounts.

``all-but:1,2`` is the game where a move takes any amount but 1 or 2.  Angela Siegel
proved that every such game (a finite excluded set) has an *arithmetic-periodic*
nim-sequence: ``G(n + p) = G(n) + s`` from some heap on (A. Siegel, *Finite excluded
subtraction sets and infinite geography*, MSc thesis, Dalhousie, 2005).  Her theorem says
that a period exists, not which one; the period seen in the values is proved here by a
finite check of the game's state (:func:`state_repeats`), after which heaps of any size
are answered from it.

Why the check is enough.  Let ``m`` be the largest excluded amount.  From heap ``n`` on,
the heaps below ``n - m`` are never again at an excluded distance, so the values of heap
``n`` and of every later heap are decided by the *state* at ``n``: the set ``P`` of values
of heaps below ``n - m`` and the window of the last ``m`` values.  ``G(n)`` is the mex of
``P`` and the window's values at distances that are not excluded; the next state adds the
window's first value to ``P`` and ``G(n)`` to the window.  Call a state shifted by ``s``
when ``P`` becomes ``{0..s-1}`` together with ``P + s``, and every window value grows by
``s``.  The mex of a shifted state is the old mex plus ``s``, and the step commutes with
the shift.  So if the state at ``n0 + p`` is the state at ``n0`` shifted by ``s``, then by
induction ``G(n + p) = G(n) + s`` for every ``n >= n0``.  A state holds a set of at most
``n`` values and ``m`` more, so the check costs time linear in the values it reads.

Values are computed in O(|E|) per heap: the option values of heap ``n`` are the values of
every smaller heap except those only found at heaps ``n - e``, ``e`` excluded.

>>> game = AllBut({1, 2})
>>> game.values(14).tolist()
[0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4]
>>> game.find_period(game.values(300))
Period(preperiod=0, period=3, certified=True, by='all-but state check', saltus=1)
>>> game.heap_value(10**18)
333333333333333333
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from grundy.core.ruleset import Ruleset
from grundy.errors import InvalidGame
from grundy.heap.base import HeapGame, Heaps
from grundy.heap.engine import narrow_array
from grundy.heap.rules import Progress

if TYPE_CHECKING:
    from grundy.heap.cache import Values
    from grundy.heap.period import Period

#: Largest excluded amount.
MAX_EXCLUDED = 100_000
#: How the period of an all-but game is proved (the ``by`` of its period).
STATE_CHECK = "all-but state check"


def state_repeats(values: Values, excluded: frozenset[int], start: int, period: int,
                  saltus: int) -> bool:
    """True when the state at heap ``start + period`` is the state at ``start`` shifted
    by ``saltus`` (see the module's docstring), which proves ``G(n + period) = G(n) +
    saltus`` for every ``n >= start``.  Needs the values of heaps below ``start + period``.

    >>> values = AllBut({1, 2}).values(40)
    >>> state_repeats(values, frozenset({1, 2}), 2, 3, 1)
    True
    >>> state_repeats(values, frozenset({1, 2}), 2, 3, 2)
    False
    """
    import numpy as np

    reach = max(excluded)
    later = start + period
    if start < reach or later > len(values):
        return False
    signed = np.asarray(values, dtype=np.int64)
    if not np.array_equal(signed[later - reach:later], signed[start - reach:start] + saltus):
        return False
    before = np.unique(signed[:start - reach])
    after = np.unique(signed[:later - reach])
    shifted = np.concatenate([np.arange(saltus, dtype=np.int64), before + saltus])
    return np.array_equal(after, shifted)


class AllBut(HeapGame):
    """Take any positive amount from one heap except the amounts of ``excluded``."""

    name = "all-but"

    def __init__(self, excluded: Iterable[int]) -> None:
        amounts = frozenset(excluded)
        bad = sorted(a for a in amounts if isinstance(a, bool) or not isinstance(a, int)
                     or not 1 <= a <= MAX_EXCLUDED)
        if bad or not amounts:
            what = f"{bad[0]!r} is not" if bad else "none is given; they must be"
            raise InvalidGame(f"all-but: excluded amounts are whole numbers 1-{MAX_EXCLUDED}; "
                              f"{what}")
        self.excluded = amounts

    @classmethod
    def parse(cls, parameter: str) -> AllBut:
        """``all-but:1,2``: the excluded amounts, joined by commas."""
        pieces = parameter.split(",")
        if not all(piece.isascii() and piece.isdigit() and len(piece) <= 6 for piece in pieces):
            raise InvalidGame(f"all-but:{parameter}: give the excluded amounts as whole "
                              "numbers joined by commas, like all-but:1,2")
        return cls(int(piece) for piece in pieces)

    @property
    def text(self) -> str:
        """``all-but:1,2``."""
        return "all-but:" + ",".join(map(str, sorted(self.excluded)))

    def certify(self, values: Values) -> Period | None:
        """The arithmetic period seen in the values, proved by :func:`state_repeats` at
        the last heap the values allow, or None.  Below that heap the period is seen in
        the computed values themselves, from its preperiod on.

        >>> AllBut({2, 5}).certify(AllBut({2, 5}).values(200))
        Period(preperiod=0, period=4, certified=True, by='all-but state check', saltus=2)
        """
        from grundy.heap.period import Period, detect_arithmetic_period

        seen = detect_arithmetic_period(values)
        if seen is None:
            return None
        preperiod, period, saltus = seen
        if not state_repeats(values, self.excluded, len(values) - period, period, saltus):
            return None
        return Period(preperiod, period, True, STATE_CHECK, saltus=saltus)

    def heap_options(self, n: int) -> Iterator[Heaps]:
        """Every smaller heap whose difference is not excluded."""
        return ((m,) if m else () for m in range(n) if n - m not in self.excluded)

    def describe_heap_move(self, n: int, parts: Heaps) -> str:
        """``take 3 from 8, leaving 5``."""
        left = parts[0] if parts else 0
        return f"take {n - left} from {n}, leaving {left}" if left else f"take all {n}"

    def compute_values(self, n: int, prefix: Values, progress: Progress | None = None
                       ) -> Values:
        """Counts of each value among smaller heaps; the values at the excluded distances
        are set aside, and the least value with no count left is the mex."""
        values = [int(v) for v in prefix]
        counts: dict[int, int] = {}
        for v in values:
            counts[v] = counts.get(v, 0) + 1
        least_missing = 0
        while counts.get(least_missing):
            least_missing += 1
        for heap in range(len(values), n + 1):
            set_aside: dict[int, int] = {}
            for e in self.excluded:
                if e <= heap:
                    v = values[heap - e]
                    set_aside[v] = set_aside.get(v, 0) + 1
            freed = [v for v, k in set_aside.items() if counts[v] == k]
            value = min([least_missing, *freed])
            values.append(value)
            counts[value] = counts.get(value, 0) + 1
            while counts.get(least_missing):
                least_missing += 1
            if progress is not None and heap % 65536 == 0:
                progress(heap)
        return narrow_array(values)

    @property
    def cache_key(self) -> str:
        """The text form names the game."""
        return self.text

    def parameters(self) -> frozenset[int]:
        """The amounts that may not be taken."""
        return self.excluded

    def __repr__(self) -> str:
        return f"AllBut({set(sorted(self.excluded))})"


RULESETS = (
    Ruleset("all-but", "take any amount from one heap except those of the set (values grow: "
            "arithmetic-periodic)", AllBut.parse, "SET", "all-but:1,2 10",
            position="heap sizes", picture="heaps"),
)
