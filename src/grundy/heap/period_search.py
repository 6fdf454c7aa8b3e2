"""The compiled loops of the period searches of :mod:`grundy.heap.period`, apart from it so
that a search done by the C kernel (:mod:`grundy.heap.native`) imports no numba.

>>> import numpy as np
>>> z = np.empty(10, dtype=np.uint8)
>>> first_period(np.array([5, 1, 2, 3, 1, 2, 3, 1, 2, 3], dtype=np.uint8), z, 1, 0, 3, 0)
(3, 1)
"""

from __future__ import annotations

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
    for p in range(1, pmax + 1):
        k = 0
        if p < right:
            k = min(right - p, z[p - left])
        while p + k < size and values[last - k] == values[last - p - k]:
            k += 1
        # z is kept to 255 at most (one byte each): read back, it is a lower bound of the
        # common tail, from which the comparison goes on, so the answer is the same.
        z[p] = min(k, 255)
        if p + k > right:
            left = p
            right = p + k
        start = max(size - p - k, 0)
        if a * max(start, floor) + b * p + c <= size:
            return p, start
    return 0, 0


@njit(cache=CACHING)
def least_after(last, pmax, size, a, floor, b, c):  # type: ignore[no-untyped-def]
    # A loop, not arrays: it runs now and then during long runs, within their memory.
    for p in range(1, pmax + 1):
        start = last[p] - p + 1
        if a * max(start, floor) + b * p + c <= size:
            return start, p
    return 0, 0
