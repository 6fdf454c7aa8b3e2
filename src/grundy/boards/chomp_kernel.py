"""Compiled nim-values of every Chomp diagram inside a box of R rows and C columns.

A diagram with row lengths ``l_0 >= l_1 >= ... >= l_{R-1}`` (rows of length 0 allowed) is the
set of R distinct numbers ``p_k = l_k + R - 1 - k`` in ``0 .. R + C - 1``, and its index is
that set's colex rank ``sum_k C(p_k, R - k)``, a dense numbering of the ``C(R + C, R)``
diagrams of the box.  Taking squares lowers some ``l_k`` and so some ``p_k``, keeping their
order, and a binomial coefficient grows with its top: every option has a smaller index
than its diagram.  So the values are found in one pass in index order, each the mex of the
values of its options, and an option's index is the diagram's less what the cut rows lose
(summed row by row down from the top for each column, one step per square).

Values found are kept by box; a diagram that fits a box already solved (or whose mirror
image does) is read from it.

>>> table = box_values(3, 3)
>>> int(table[diagram_index((3, 3, 3), 3)]), int(table[diagram_index((1,), 3)])
(5, 0)
>>> int(table[diagram_index((3, 3), 3)]), int(table[diagram_index((2, 1), 3)])
(4, 0)
"""

from __future__ import annotations

from math import comb
from typing import Any

import numpy as np
from numba import njit

from grundy.caches import Memo
from grundy.compiled import CACHING


def box_size(rows: int, cols: int) -> int:
    """How many diagrams fit in the box (the empty one included)."""
    return comb(rows + cols, rows)


def _binomials(top: int, most: int) -> np.ndarray[Any, Any]:
    """C(n, k) for n <= top, k <= most: none above C(top, most) when 2 * most <= top."""
    table = np.zeros((top + 1, most + 1), dtype=np.int64)
    for n in range(top + 1):
        for k in range(min(n, most) + 1):
            table[n, k] = comb(n, k)
    return table


def diagram_index(rows: tuple[int, ...], box_rows: int) -> int:
    """The index of a diagram in a box of ``box_rows`` rows (see the module)."""
    lengths = list(rows) + [0] * (box_rows - len(rows))
    return sum(comb(lengths[k] + box_rows - 1 - k, box_rows - k) for k in range(box_rows))


@njit(cache=CACHING)
def _fill(rows: int, cols: int, binom: Any, values: Any) -> None:  # pragma: no cover - compiled
    size = values.size
    lengths = np.zeros(rows, dtype=np.int64)
    top_of = np.zeros(rows, dtype=np.int64)
    seen = np.zeros(rows * cols + 2, dtype=np.int64)
    for index in range(size):
        # Decode the colex rank: the largest p with C(p, i) <= what is left, i = R .. 1.
        left = index
        top = rows + cols - 1
        for k in range(rows):
            i = rows - k
            while binom[top, i] > left:
                top -= 1
            left -= binom[top, i]
            top_of[k] = top
            lengths[k] = top - (rows - 1 - k)
            top -= 1
        stamp = index + 1
        for c in range(lengths[0]):
            lost = 0
            for k in range(rows - 1, -1, -1):
                if lengths[k] <= c:
                    continue
                lost += binom[top_of[k], rows - k] - binom[c + rows - 1 - k, rows - k]
                if k or c:
                    seen[values[index - lost]] = stamp
        mex = 0
        while seen[mex] == stamp:
            mex += 1
        values[index] = mex


def box_values(rows: int, cols: int) -> np.ndarray[Any, Any]:
    """The nim-values of all diagrams in a ``rows x cols`` box (``rows <= cols``), by
    :func:`diagram_index`."""
    values = np.zeros(box_size(rows, cols), dtype=value_type(rows, cols))
    _fill(rows, cols, _binomials(rows + cols, rows), values)
    return values


def value_type(rows: int, cols: int) -> type[np.unsignedinteger[Any]]:
    """The narrowest type that holds every value of the box: a value is at most the
    number of its options, less than the box's squares (one byte a diagram to 16x16).

    >>> value_type(16, 16).__name__, value_type(16, 17).__name__
    ('uint8', 'uint16')
    """
    return np.uint8 if rows * cols <= 256 else np.uint16


# A few boxes: the one asked for, its options fit it (or its mirror image).
_boxes: Memo[tuple[int, int], np.ndarray[Any, Any]] = Memo("chomp box values", bound=4)


def table_work(rows: int, cols: int) -> int:
    """How many options the table of a box looks at, about: each diagram looks at its
    squares, half the box's on average."""
    return box_size(rows, cols) * rows * cols // 2


def diagram_value(rows: tuple[int, ...], mirror: tuple[int, ...], most: int) -> int | None:
    """The value of a diagram (``mirror`` is its reflection), read from a box already solved
    that holds it or its mirror, else from a new table of its own box when that table looks
    at most ``most`` options (:func:`table_work`); None when it would look at more.

    >>> diagram_value((2, 1), (2, 1), 100), diagram_value((30,) * 30, (30,) * 30, 100)
    (0, None)
    """
    height, width = len(rows), rows[0]
    for (box_rows, box_cols), table in _boxes.items():
        if box_rows >= height and box_cols >= width:
            return int(table[diagram_index(rows, box_rows)])
        if box_rows >= width and box_cols >= height:
            return int(table[diagram_index(mirror, box_rows)])
    if table_work(height, width) > most:
        return None
    if height > width:
        # Fewer rows than columns keeps every binomial within the box's size.
        rows, mirror, height, width = mirror, rows, width, height
    table = box_values(height, width)
    _boxes[(height, width)] = table
    return int(table[diagram_index(rows, height)])
