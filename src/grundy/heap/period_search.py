"""The compiled loops of the period searches of :mod:`grundy.heap.period`, apart from it so
that a search done by the C kernel (:mod:`grundy.heap.native`) imports no numba.

>>> import numpy as np
>>> z = np.empty(10, dtype=np.uint8)
>>> first_period(np.array([5, 1, 2, 3, 1, 2, 3, 1, 2, 3], dtype=np.uint8), z, 1, 0, 3, 0)
(3, 1)
"""

from __future__ import annotations

import numpy as np
from numba import njit

from grundy.compiled import CACHING


@njit(cache=CACHING)
def first_period(values, z, a, floor, b, c):  # type: ignore[no-untyped-def]
    """The least p < len(z) with a * max(e, floor) + b * p + c <= len, e = the least preperiod
    of period p in the values, and that e; (0, 0) when there is none."""
    size = values.shape[0]
    last = size - 1
    pmax = z.shape[0] - 1
    left = 0
    right = 0  # R[left:right] equals R[0:right - left], R = values reversed
    # z is one byte a period; the common tails too long for it are kept exactly beside it,
    # (p, length) in the order of p, as in rarecommon.c: capped, the multiples of a short
    # period of the tail would each be compared again from 255 on (the square of its length).
    tails = np.empty((1024, 2), dtype=np.int64)
    kept = 0
    for p in range(1, pmax + 1):
        k = 0
        if p < right:
            k = min(right - p, _tail_at(z, tails, kept, p - left))
        while p + k < size and values[last - k] == values[last - p - k]:
            k += 1
        if k < 255:
            z[p] = k
        else:
            z[p] = 255
            if kept == tails.shape[0]:
                grown = np.empty((2 * kept, 2), dtype=np.int64)
                grown[:kept] = tails
                tails = grown
            tails[kept, 0] = p
            tails[kept, 1] = k
            kept += 1
        if p + k > right:
            left = p
            right = p + k
        start = max(size - p - k, 0)
        if a * max(start, floor) + b * p + c <= size:
            return p, start
    return 0, 0


@njit(cache=CACHING)
def _tail_at(z, tails, kept, j):  # type: ignore[no-untyped-def]
    """z[j] in full: the byte, or the length kept for it."""
    if z[j] < 255:
        return np.int64(z[j])
    return tails[np.searchsorted(tails[:kept, 0], j), 1]


@njit(cache=CACHING)
def least_after(last, pmax, size, a, floor, b, c):  # type: ignore[no-untyped-def]
    # A loop, not arrays: it runs now and then during long runs, within their memory.
    for p in range(1, pmax + 1):
        start = last[p] - p + 1
        if a * max(start, floor) + b * p + c <= size:
            return start, p
    return 0, 0
