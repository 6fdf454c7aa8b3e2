"""Nim-sequences continued by a proved period: numpy copies, O(1) per heap, no kernel.

Once a theorem proves that ``G(n + p) = G(n) + s`` for every ``n >= e``, the values of
heaps past the ones computed follow from one period of them.  :func:`extend_by_period`
writes them with a logarithmic number of block copies, each block a whole number of
periods long, so the cost is that of writing the bytes.

>>> import numpy as np
>>> extend_by_period(np.array([5, 1, 2, 3], dtype=np.uint8), 1, 3, 0, 10).tolist()
[5, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1]
"""

from __future__ import annotations

from typing import Any

import numpy as np

from grundy.errors import InvalidArgument
from grundy.heap.choice import PERIOD, note

_DTYPES = (np.uint8, np.uint16, np.uint32, np.uint64)


def extend_by_period(values: np.ndarray[Any, Any], preperiod: int, period: int, saltus: int,
                     n: int) -> np.ndarray[Any, Any]:
    """The values of heaps 0..n: ``values`` (heaps 0..len-1, at least ``preperiod +
    period`` of them, trusted to have that period), continued by ``G(m + period) = G(m) +
    saltus`` for ``m >= preperiod``.  The type is widened if the saltus makes values grow
    past it.  ``values`` itself is never changed; when it already holds heaps 0..n, its
    first n + 1 values are returned.

    >>> extend_by_period(np.array([0, 1], dtype=np.uint8), 0, 1, 1, 300).dtype
    dtype('uint16')
    >>> extend_by_period(np.array([0, 1]), 1, 2, 0, 4)
    Traceback (most recent call last):
    ...
    grundy.errors.InvalidArgument: 2 values do not cover the preperiod and one period (1 + 2)
    """
    size = len(values)
    if size < preperiod + period or period < 1 or preperiod < 0:
        raise InvalidArgument(f"{size} values do not cover the preperiod and one period "
                              f"({preperiod} + {period})")
    if n < size:
        return values[: n + 1]
    note(PERIOD)
    # Only heaps from the preperiod on repeat; the last full periods before `size` are the
    # source of every copy.
    top = int(values[preperiod: preperiod + period].max()) + ((n - preperiod) // period) * saltus
    dtype = np.promote_types(values.dtype, _narrowest(max(top, int(values.max()))))
    out = np.empty(n + 1, dtype=dtype)
    out[:size] = values
    filled = size
    while filled <= n:
        # A shift by a whole number of periods that stays at or after the preperiod.
        shift = ((filled - preperiod) // period) * period
        count = min(shift, n + 1 - filled)
        block = out[filled - shift: filled - shift + count]
        if saltus:
            out[filled: filled + count] = block + dtype.type((shift // period) * saltus)
        else:
            out[filled: filled + count] = block
        filled += count
    return out


def _narrowest(top: int) -> type[np.unsignedinteger[Any]]:
    for dtype in _DTYPES:
        if top <= np.iinfo(dtype).max:
            return dtype
    raise OverflowError(f"nim-value {top} does not fit in 64 bits")
