"""Finite commutative monoids with a marked subset: the bipartite monoids of misère play.

Elements are the integers ``0 .. order - 1``; element 0 is the identity; ``table[x, y]`` is the
product; ``p[x]`` says whether ``x`` is in the P-portion (positions of that class are lost by
the player to move).

>>> m = BipartiteMonoid(np.array([[0, 1], [1, 0]]), np.array([False, True]))
>>> m.order, m.times(1, 1), reduced_classes(m, [1]).tolist()
(2, 0, [0, 1])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

Table = np.ndarray[Any, np.dtype[np.int32]]
Marks = np.ndarray[Any, np.dtype[np.bool_]]


@dataclass(frozen=True, eq=False)
class BipartiteMonoid:
    """A finite commutative monoid (identity 0) and its P-portion."""

    table: Table
    p: Marks

    @property
    def order(self) -> int:
        """How many elements."""
        return int(self.table.shape[0])

    def times(self, x: int, y: int) -> int:
        """The product ``x y``."""
        return int(self.table[x, y])

    def product(self, elements: Sequence[int]) -> int:
        """The product of several elements (the identity for none)."""
        total = 0
        for x in elements:
            total = int(self.table[total, x])
        return total


def reduced_classes(monoid: BipartiteMonoid, generators: Sequence[int]) -> np.ndarray[Any, Any]:
    """The classes of indistinguishability: x ~ y iff xz and yz are both in P or both not,
    for every z.  ``generators`` must generate the monoid.

    Moore's partition refinement: start from the P-portion and split classes until
    multiplying by any generator respects them.  Returns each element's class number,
    numbered in order of first appearance (so the identity is class 0).
    """
    return refined_classes(monoid.p, [monoid.table[:, g] for g in generators])


def refined_classes(p: np.ndarray[Any, Any], columns: Sequence[np.ndarray[Any, Any]]
                    ) -> np.ndarray[Any, Any]:
    """:func:`reduced_classes` of a monoid given by its P-marks and the action of each
    generator (``columns[i][x]`` is x times the i-th generator)."""
    classes = _renumber(p.astype(np.int64))
    while True:
        keys = np.stack([classes] + [classes[c] for c in columns], axis=1)
        refined = _renumber_rows(keys)
        if refined.max(initial=0) == classes.max(initial=0):
            return refined
        classes = refined


def quotient_by(monoid: BipartiteMonoid, classes: np.ndarray[Any, Any]) -> BipartiteMonoid:
    """The monoid of the classes (a congruence compatible with P, as found above)."""
    count = int(classes.max(initial=0)) + 1
    first = np.full(count, -1, dtype=np.int64)
    for element in range(monoid.order - 1, -1, -1):
        first[classes[element]] = element
    table = classes[monoid.table[np.ix_(first, first)]].astype(np.int32)
    return BipartiteMonoid(table, monoid.p[first].copy())


def _renumber(labels: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    _, first, inverse = np.unique(labels, return_index=True, return_inverse=True)
    order = np.argsort(np.argsort(first))
    return order[inverse].astype(np.int64)


def _renumber_rows(keys: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    _, first, inverse = np.unique(keys, axis=0, return_index=True, return_inverse=True)
    order = np.argsort(np.argsort(first))
    return order[inverse.reshape(-1)].astype(np.int64)
