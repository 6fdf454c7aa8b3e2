"""HTML for notebooks and the web page: the texts' tables of single heaps.

>>> from grundy.values import Outcome
>>> html = table_html([Outcome.P, Outcome.N, Outcome.P], start=1)
>>> html.count("<td"), html.count(">-</td>"), html.count(">+</td>")
(3, 2, 1)
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import Any

import numpy as np

from grundy.values import Outcome, Value

#: How the texts mark losing ("-"), winning ("+") and drawn ("=") positions.
MARKS = {Outcome.P: "-", Outcome.N: "+", Outcome.D: "="}

_CELL = "padding:2px 6px;text-align:center;border:1px solid #ccc"
_HEAD = _CELL + ";background:#f4f4f4;font-weight:normal"
_LOSING = _CELL + ";background:#fde2e2;font-weight:bold"


def table_html(entries: Iterable[Outcome | Value | np.integer[Any]], start: int = 0,
               width: int = 10) -> str:
    """A table of single heaps ``start``, ``start + 1``, ...: outcomes as the texts' ``-``
    and ``+`` (``=`` for a draw), or nim-values; losing heaps (P, value 0) are shaded.

    ``width`` heaps a row pair: heap sizes above, marks or values below.  Takes a list, or
    the numpy array of :meth:`~grundy.heap.base.HeapGame.values`.

    >>> from grundy.heap.subtraction import Half
    >>> html = table_html(Half().values(10), start=0, width=6)
    >>> html.count("<tr>"), html.count("#fde2e2")
    (4, 4)
    """
    cells = [_cell(entry) for entry in entries]
    rows = []
    for first in range(0, len(cells), width):
        chunk = cells[first:first + width]
        sizes = "".join(f'<th style="{_HEAD}">{start + first + i}</th>'
                        for i in range(len(chunk)))
        marks = "".join(f'<td style="{_LOSING if losing else _CELL}">{escape(text)}</td>'
                        for text, losing in chunk)
        rows.append(f"<tr>{sizes}</tr><tr>{marks}</tr>")
    return ('<table class="grundy-table" style="border-collapse:collapse">'
            + "".join(rows) + "</table>")


def _cell(entry: Outcome | Value | np.integer[Any]) -> tuple[str, bool]:
    if isinstance(entry, Outcome):
        return MARKS[entry], entry is Outcome.P
    if isinstance(entry, np.integer):
        entry = int(entry)
    return str(entry), entry == 0
