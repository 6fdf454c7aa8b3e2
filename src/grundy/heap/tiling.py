"""Nim-sequences continued by a proved period: block copies, O(1) per heap, no kernel.

Once a theorem proves that ``G(n + p) = G(n) + s`` for every ``n >= e``, the values of
heaps past the ones computed follow from one period of them.  :func:`extend_by_period`
writes them with a logarithmic number of block copies, each block a whole number of
periods long, so the cost is that of writing the bytes.  Compact values
(:mod:`grundy.heap.compact`) are continued in place of their own, without numpy, unless the
values grow by a saltus.

>>> import numpy as np
>>> extend_by_period(np.array([5, 1, 2, 3], dtype=np.uint8), 1, 3, 0, 10).tolist()
[5, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from grundy.errors import InvalidArgument
from grundy.heap.choice import PERIOD, note
from grundy.heap.compact import AnyValues, CompactValues, as_array, width_of

if TYPE_CHECKING:
    import numpy as np


def extend_by_period(values: AnyValues, preperiod: int, period: int, saltus: int,
                     n: int) -> AnyValues:
    """The values of heaps 0..n: ``values`` (heaps 0..len-1, at least ``preperiod +
    period`` of them, trusted to have that period), continued by ``G(m + period) = G(m) +
    saltus`` for ``m >= preperiod``.  The type is widened if the saltus makes values grow
    past it.  ``values`` itself is never changed; when it already holds heaps 0..n, its
    first n + 1 values are returned.

    >>> import numpy as np
    >>> extend_by_period(np.array([0, 1], dtype=np.uint8), 0, 1, 1, 300).dtype
    dtype('uint16')
    >>> extend_by_period(np.array([0, 1]), 1, 2, 0, 4)
    Traceback (most recent call last):
    ...
    grundy.errors.InvalidArgument: 2 values do not cover the preperiod and one period (1 + 2)
    >>> extend_by_period(CompactValues.of([5, 1, 2, 3]), 1, 3, 0, 7).tolist()
    [5, 1, 2, 3, 1, 2, 3, 1]
    """
    size = len(values)
    if size < preperiod + period or period < 1 or preperiod < 0:
        raise InvalidArgument(f"{size} values do not cover the preperiod and one period "
                              f"({preperiod} + {period})")
    if n < size:
        return values[: n + 1]
    note(PERIOD)
    if isinstance(values, CompactValues) and not saltus:
        return _tiled(values, preperiod, period, n)
    return _tiled_array(as_array(values), preperiod, period, saltus, n)


def _tiled(values: CompactValues, preperiod: int, period: int, n: int) -> CompactValues:
    """:func:`extend_by_period` of compact values with no saltus: the same copies."""
    size = len(values)
    out = values.converted(values.itemsize, n + 1)
    view = out.view()
    filled = size
    while filled <= n:
        shift = ((filled - preperiod) // period) * period
        count = min(shift, n + 1 - filled)
        view[filled: filled + count] = view[filled - shift: filled - shift + count]
        filled += count
    return out


def _tiled_array(values: np.ndarray[Any, Any], preperiod: int, period: int, saltus: int,
                 n: int) -> np.ndarray[Any, Any]:
    """:func:`extend_by_period` of a numpy array."""
    import numpy as np

    size = len(values)
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


def _narrowest(top: int) -> np.dtype[Any]:
    import numpy as np

    return np.dtype(f"=u{width_of(top)}")
