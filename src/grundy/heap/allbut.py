"""All-but subtraction games: take any number of tokens from a heap except a few amounts.

``all-but:1,2`` is the game where a move takes any amount but 1 or 2.  Angela Siegel
proved that every such game (a finite excluded set) has an *arithmetic-periodic*
nim-sequence: ``G(n + p) = G(n) + s`` from some heap on, with a saltus ``s > 0``
(A. Siegel, *Finite excluded subtraction sets and infinite geography*, MSc thesis,
Dalhousie, 2005).  Her theorem says that a period exists, not which one; so the period
shown by ``sequence --period`` is seen in the computed values and not proved, and heaps
past the computed ones are not answered from it.

Values are computed in O(|E|) per heap: the option values of heap ``n`` are the values of
every smaller heap except those only found at heaps ``n - e``, ``e`` excluded.

>>> game = AllBut({1, 2})
>>> game.values(14).tolist()
[0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4]
>>> game.find_period(game.values(300))
Period(preperiod=0, period=3, certified=False, by=None, saltus=1)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from grundy.errors import InvalidGame
from grundy.heap.base import HeapGame, Heaps, Progress, narrow_array

if TYPE_CHECKING:
    from grundy.heap.base import Values

#: Largest excluded amount.
MAX_EXCLUDED = 100_000


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

    def __eq__(self, other: object) -> bool:
        return isinstance(other, AllBut) and other.excluded == self.excluded

    def __hash__(self) -> int:
        return hash(("all-but", self.excluded))

    def __repr__(self) -> str:
        return f"AllBut({set(sorted(self.excluded))})"
