"""The rare/common split of a set of values: the mask under which the fewest heaps are rare.

A value ``v`` is rare under the mask ``m`` when ``popcount(v & m)`` is even (see
:mod:`grundy.heap.kernels`).  With ``H`` the Walsh-Hadamard transform of the histogram of
the values, ``(N + H[m]) / 2`` of ``N`` heaps are rare under ``m``.  Plain numpy, so that the
kernels' choice (:mod:`grundy.heap.choice`) and the frequencies of a sequence need no numba;
plain Python for the few values of most games, so that they need no numpy either.

>>> import numpy as np
>>> best_mask(np.array([0, 5, 5, 0, 0, 0, 0, 0], dtype=np.int64))   # values 1 and 2
(3, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np

    IntArray = np.ndarray[Any, np.dtype[np.int64]]

#: Histograms up to this long are transformed in plain Python (a few milliseconds at most;
#: importing numpy costs a hundred).
IN_PYTHON_UP_TO = 1024


def walsh_hadamard(hist: IntArray) -> IntArray:
    """``H[m] = sum over v of hist[v] * (-1) ** popcount(v & m)``; len(hist) a power of two."""
    import numpy as np

    size = len(hist)
    h = hist.copy()
    step = 1
    while step < size:
        pairs = h.reshape(-1, 2, step)
        h = np.concatenate((pairs[:, :1] + pairs[:, 1:], pairs[:, :1] - pairs[:, 1:]),
                           axis=1).reshape(size)
        step *= 2
    return h


def best_mask(hist: IntArray) -> tuple[int, int]:
    """The non-zero mask with the fewest rare positions, and that number."""
    import numpy as np

    transform = walsh_hadamard(hist)
    mask = int(np.argmin(transform[1:])) + 1
    return mask, int((int(hist.sum()) + int(transform[mask])) // 2)


def fewest_rare(counts: Sequence[int] | np.ndarray[Any, Any]) -> tuple[int, int]:
    """From the number of heaps with each value (``counts[v]``), the non-zero mask under
    which the fewest heaps are rare, and how many are: the rare/common split a computation
    of these values would use.

    >>> import numpy as np
    >>> from grundy.heap.kernels import take_break_values
    >>> fewest_rare(np.bincount(take_break_values([0, 7, 7], 1000)[1:]))
    (15, 9)
    >>> fewest_rare(np.bincount(take_break_values([0, 7, 7], 1000)[1:]).tolist())
    (15, 9)
    """
    size = 16
    while size < len(counts):
        size *= 2
    if size <= IN_PYTHON_UP_TO:
        return _best_mask_in_python([int(c) for c in counts] + [0] * (size - len(counts)))
    import numpy as np

    histogram = np.zeros(size, dtype=np.int64)
    histogram[: len(counts)] = counts
    return best_mask(histogram)


def _best_mask_in_python(hist: list[int]) -> tuple[int, int]:
    """:func:`best_mask` of a histogram as a list (len a power of two): the same transform,
    the same least mask of the least count."""
    h = list(hist)
    step = 1
    while step < len(h):
        for start in range(0, len(h), 2 * step):
            for i in range(start, start + step):
                h[i], h[i + step] = h[i] + h[i + step], h[i] - h[i + step]
        step *= 2
    mask = min(range(1, len(h)), key=h.__getitem__)
    return mask, (sum(hist) + h[mask]) // 2


#: Values counted at a time by :func:`histogram`.
_COUNTED_AT_ONCE = 1 << 16


def histogram(values: np.ndarray[Any, Any]) -> IntArray:
    """How many of the values are 0, 1, 2, ...: ``np.bincount`` a window at a time, since it
    converts what it counts to 8-byte integers (8 bytes per value at once otherwise).

    >>> import numpy as np
    >>> histogram(np.array([0, 2, 2, 5], dtype=np.uint8)).tolist()
    [1, 0, 2, 0, 0, 1]
    """
    import numpy as np

    counts = np.zeros(int(values.max()) + 1 if len(values) else 0, dtype=np.int64)
    for start in range(0, len(values), _COUNTED_AT_ONCE):
        window = np.bincount(values[start: start + _COUNTED_AT_ONCE])
        counts[: len(window)] += window
    return counts
