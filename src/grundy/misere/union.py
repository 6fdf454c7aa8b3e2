"""Sums of heaps of different games: the misère quotient of the union of their closures.

A position such as ``kayles 5 + octal:0.07 4`` lies in the closed set of all sums of heaps
of both games.  Its quotient is *not* the product of the two games' quotients: positions
indistinguishable among Kayles rows may be told apart by a Dawson's Kayles heap.  So the
union is built like one game, heap by heap with the same exact checks, over a single
numbering of the heaps of all the games: with k games, heap n of game i is number
``k (n - 1) + i + 1``.  A heap's parts are smaller heaps of its own game, so they have
smaller numbers, as the construction needs.  The period is proved game by game with each
game's own periodicity theorem applied to its heaps' elements in the union's quotient
(the theorem only compares the elements of a heap's options), and read back in the
numbering as a preperiod of ``k e`` and a period of ``k`` times the periods' least common
multiple.

>>> from grundy.heap.takebreak import KAYLES, TakeAndBreak
>>> union = HeapUnion((KAYLES, TakeAndBreak("0.75")))
>>> union.number(0, 5), union.number(1, 5), union.heap(10)
(9, 10, (1, 5))
>>> sorted(union.heap_options(union.number(1, 3)))
[(2, 2), (4,)]
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from math import lcm
from typing import Any

import numpy as np

from grundy.heap.base import HeapGame, Heaps
from grundy.heap.period import Period


@dataclass(frozen=True)
class HeapUnion:
    """The heaps of several heap games under one numbering (see the module)."""

    games: tuple[HeapGame, ...]

    @property
    def text(self) -> str:
        """The games, as a sum of them is written."""
        return " + ".join(game.text for game in self.games)

    def number(self, game: int, heap: int) -> int:
        """The number of heap ``heap`` (at least 1) of the ``game``-th game."""
        return len(self.games) * (heap - 1) + game + 1

    def heap(self, number: int) -> tuple[int, int]:
        """(which game, heap size) of a heap's number."""
        size, game = divmod(number - 1, len(self.games))
        return game, size + 1

    def heap_options(self, n: int) -> Iterator[Heaps]:
        """The options of heap number n, as numbers."""
        game, size = self.heap(n)
        for parts in self.games[game].heap_options(size):
            yield tuple(self.number(game, p) for p in parts if p)

    def certify(self, values: Any) -> Period | None:
        """A period of the numbered pretending function, proved game by game."""
        images = np.asarray(values, dtype=np.int64)
        k = len(self.games)
        periods = []
        for i, game in enumerate(self.games):
            own = np.concatenate([images[:1], images[i + 1::k]])
            proved = game.certify(own)
            if proved is None or not proved.certified or proved.saltus:
                return None
            periods.append(proved)
        start = k * max(p.preperiod for p in periods)
        step = k * lcm(*(p.period for p in periods))
        if len(images) < start + step:
            return None
        by = "; ".join(sorted({p.by or "" for p in periods}))
        return Period(start, step, True, f"{by}, game by game")

    def numbered(self, heaps: Sequence[tuple[int, int]]) -> Heaps:
        """A position (pairs of game and heap size) as sorted heap numbers."""
        return tuple(sorted(self.number(game, size) for game, size in heaps if size))
