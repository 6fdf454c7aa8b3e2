"""Chomp's records: every winning first move of every rectangle inside a square box, the
nim-values of the rectangles, and how the values of all the box's diagrams are spread.

One compiled table of the ``n x n`` box (:func:`~grundy.boards.chomp_kernel.box_values`)
holds every diagram that a rectangle of at most ``n`` rows and columns can reach, so one
table answers all of them: a first move wins exactly when the diagram it leaves has value 0.
Moves are named as :class:`~grundy.boards.chomp.Chomp` names them, ``a1`` being the
poisoned corner, rows counted from the bottom; a rectangle of ``R`` rows and ``C`` columns
is listed with ``R <= C`` (its mirror image's moves are these reflected).

>>> records = box_records(4)
>>> [(r.rows, r.cols, r.value, r.winning) for r in records.rectangles if r.rows == 3]
[(3, 3, 5, ('b2',)), (3, 4, 9, ('c2',))]
>>> records.largest, sum(records.spread.values())  # C(8, 4) diagrams, the empty one left out
(9, 69)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from grundy.boards.bitgrid import square
from grundy.boards.chomp import CHOMP, Diagram
from grundy.boards.chomp_kernel import box_values, diagram_index

#: Diagrams counted at a time (their counts take eight bytes each while counted).
CHUNK = 1 << 24


@dataclass(frozen=True)
class Rectangle:
    """One rectangle's nim-value and its winning first moves (the squares taken)."""

    rows: int
    cols: int
    value: int
    winning: tuple[str, ...]


@dataclass(frozen=True)
class BoxRecords:
    """The rectangles of a square box, lowest rows first, and the spread of the values of
    all the box's diagrams (value: how many diagrams have it; the empty one not counted)."""

    side: int
    rectangles: tuple[Rectangle, ...]
    spread: dict[int, int]

    @property
    def largest(self) -> int:
        """The largest nim-value of any diagram of the box."""
        return max(self.spread)


def first_moves(table: np.ndarray[Any, Any], side: int, rows: int, cols: int
                ) -> tuple[str, ...]:
    """The winning first moves of the ``rows x cols`` rectangle, read from the table of an
    ``side x side`` box (``rows, cols <= side``), in the order of
    :meth:`~grundy.boards.chomp.Chomp.plays`.

    >>> first_moves(box_values(3, 3), 3, 2, 3)
    ('c2',)
    """
    full: Diagram = (cols,) * rows
    return tuple(square(*play) for play in CHOMP.plays(full)
                 if table[diagram_index(CHOMP.apply(full, play), side)] == 0)


def box_records(side: int, table: np.ndarray[Any, Any] | None = None) -> BoxRecords:
    """The records of the ``side x side`` box, from its table (computed when not given).

    >>> box_records(2).rectangles[-1]
    Rectangle(rows=2, cols=2, value=2, winning=('b2',))
    """
    if table is None:
        table = box_values(side, side)
    rectangles = tuple(
        Rectangle(rows, cols, int(table[diagram_index((cols,) * rows, side)]),
                  first_moves(table, side, rows, cols))
        for rows in range(1, side + 1) for cols in range(rows, side + 1))
    counts = np.zeros(1, dtype=np.int64)
    for start in range(1, table.size, CHUNK):  # in pieces: bincount widens to 8 bytes
        part = np.bincount(table[start:start + CHUNK])
        counts = np.pad(counts, (0, max(0, part.size - counts.size)))
        counts[:part.size] += part
    spread = {value: int(count) for value, count in enumerate(counts) if count}
    return BoxRecords(side, rectangles, spread)
