"""Periods of any length in computed values: the last window matched against earlier ones.

The theorems that prove periods here (Guy-Smith, the k-heap criterion, the subtraction
window rule) share one shape of rule ``(a, floor, b, c)`` with ``a == b``: period ``p`` of
least preperiod ``e`` holds in ``N`` values when ``a * max(e, floor) + a * p + c <= N``.
For such a rule the test of every ``p`` is the same test, on one window:

* let ``E = (N - c) // a``.  The rule holds for ``p`` exactly when ``max(e, floor) <= E - p``,
  that is when ``p <= E - floor`` and ``e <= E - p``;
* ``e`` is the least preperiod of ``p``: ``G(n) = G(n + p)`` for ``e <= n < N - p``.  So
  ``e <= E - p`` says that the values ``G(E - p .. N - p - 1)`` equal ``G(E .. N - 1)``: the
  last window, of the fixed length ``M = N - E``, recurs ``p`` heaps earlier.  Conversely,
  if the last ``M`` values recur at distance ``p``, then ``e <= N - p - M = E - p``.

So the least ``p`` the theorem accepts is the least distance ``p <= E - floor`` at which
the last ``M`` values recur, and its preperiod is found by reading further back from there.
For the Guy-Smith theorem (``a = b = 2``, ``c = t``), ``M = N - (N - t) // 2``, about half
the values: if the sequence has preperiod ``e`` and period ``p`` and
``N >= 2e + 2p + t``, the periodic part covers heaps ``e .. N - 1``, of which the last
``M`` lie at or after ``e + p``, so that window recurs at distance ``p``.  This search
therefore cannot miss a period the Guy-Smith check accepts, and returns the same answer as
the Z-function search of :mod:`grundy.heap.period` (the tests compare them).

The windows are compared by two polynomial rolling hashes (moduli near 2^31, random
bases), slid one heap at a time from distance 1 to ``E - floor``: O(N) time and O(1)
memory beyond the values, where the Z-function search keeps four bytes per period tried (a
gigabyte for a search to 2^29 heaps that finds nothing).  A distance whose hashes match is
compared value by value before it is accepted, so a collision costs time, never a wrong
answer.

>>> import numpy as np
>>> values = np.array([7, 7, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3], dtype=np.uint8)
>>> least_period_by_window(values, (2, 1, 2, 0))
(2, 3)
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from grundy.compiled import CACHING
from grundy.errors import InvalidArgument

#: The moduli of the two rolling hashes (primes below 2^31: products fit in 63 bits).
MODULI = (2147483647, 2147483629)


def least_period_by_window(values: np.ndarray[Any, Any], rule: tuple[int, int, int, int],
                           seed: int = 0) -> tuple[int, int] | None:
    """``(preperiod, period)``: the least period that holds by ``rule = (a, floor, a, c)``
    in ``values`` (heaps ``0..N-1``), with its least preperiod; None when there is none.
    See the module for the method.  ``seed`` picks the hashes' bases (any seed gives the
    same answer).  Time O(N), memory O(1).

    >>> values = np.array([5, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3], dtype=np.uint8)
    >>> least_period_by_window(values, (1, 0, 1, 3))   # the subtraction window rule, t = 3
    (1, 3)
    >>> least_period_by_window(values[:6], (2, 1, 2, 3)) is None
    True
    """
    a, floor, b, c = rule
    if a != b or a < 1 or floor < 0 or c < 0:
        raise InvalidArgument(f"the window search needs a rule (a, floor, a, c), not {rule!r}")
    array = np.ascontiguousarray(values)
    if array.ndim != 1:
        raise InvalidArgument("values must be a one-dimensional array")
    size = len(array)
    if size < c:
        return None
    most = (size - c) // a
    pmax = min(most - floor, size - 1)
    if pmax < 1:
        return None
    window = size - most
    bases = np.random.default_rng(seed).integers(256, MODULI[1] - 1, size=2)
    start, period = _window_scan(array, window, pmax, int(bases[0]), int(bases[1]))
    return (int(start), int(period)) if period else None


@njit(cache=CACHING)
def _window_scan(values, window, pmax, base1, base2):  # type: ignore[no-untyped-def]
    # The window of length `window` starting at s is hashed as sum x[s + i] * B^i: sliding
    # it one heap earlier adds x[s - 1] at the front and drops x[s + window - 1].
    m1, m2 = 2147483647, 2147483629
    size = values.shape[0]
    last = size - window  # where the last window starts
    top1 = 1
    top2 = 1
    for _ in range(window - 1):
        top1 = top1 * base1 % m1
        top2 = top2 * base2 % m2
    target1 = 0
    target2 = 0
    for i in range(window - 1, -1, -1):
        x = np.int64(values[last + i])
        target1 = (target1 * base1 + x % m1) % m1
        target2 = (target2 * base2 + x % m2) % m2
    h1 = target1
    h2 = target2
    for p in range(1, pmax + 1):
        s = last - p
        if window > 0:
            gone = np.int64(values[s + window])
            new = np.int64(values[s])
            h1 = (new % m1 + base1 * ((h1 - gone % m1 * top1 % m1 + m1) % m1)) % m1
            h2 = (new % m2 + base2 * ((h2 - gone % m2 * top2 % m2 + m2) % m2)) % m2
        if h1 != target1 or h2 != target2:
            continue
        same = True
        for i in range(window):
            if values[s + i] != values[last + i]:
                same = False
                break
        if not same:
            continue
        # The window recurs at distance p: read on back for the least preperiod.
        k = window
        while p + k < size and values[size - 1 - k] == values[size - 1 - p - k]:
            k += 1
        return max(size - p - k, 0), p
    return 0, 0
