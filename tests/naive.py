"""The plain mex method for take-and-break codes, compiled: the reference the fast kernels
are checked against (and the baseline of the sequence benchmark).

It marks every option of every heap, so it costs O(n^2) (O(n^3) with three-heap moves), and
shares nothing with the rare/common kernels but the validated code.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from numba import njit

from grundy.compiled import CACHING
from grundy.errors import InvalidArgument
from grundy.heap.codes import TakeBreakCode

Values = np.ndarray[Any, np.dtype[np.unsignedinteger[Any]]]


@njit(cache=CACHING)
def _naive_kernel(n, take_k, take_bits, splits, triples, unequal):  # type: ignore[no-untyped-def]
    g = np.zeros(n + 1, dtype=np.uint32)
    size = 16
    seen = np.zeros(size + 1, dtype=np.int64)
    top = 0
    for i in range(n + 1):
        if 2 * top >= size:
            size *= 2
            seen = np.zeros(size + 1, dtype=np.int64)
        stamp = i + 1
        for j in range(take_k.shape[0]):
            k = take_k[j]
            if k == i and take_bits[j] & 1:
                seen[0] = stamp
            elif k < i and take_bits[j] & 2:
                seen[g[i - k]] = stamp
        for j in range(splits.shape[0]):
            rest = i - splits[j]
            for a in range(1, rest // 2 + 1):
                if unequal[j] and a == rest - a:
                    continue
                seen[g[a] ^ g[rest - a]] = stamp
        for j in range(triples.shape[0]):
            rest = i - triples[j]
            for a in range(1, rest // 3 + 1):
                for b in range(a, (rest - a) // 2 + 1):
                    seen[g[a] ^ g[b] ^ g[rest - a - b]] = stamp
        v = 0
        while seen[v] == stamp:
            v += 1
        g[i] = v
        top = max(top, v)
    return g


def naive_values(digits: Sequence[int], n: int, unequal: bool | Sequence[int] = False
                 ) -> Values:
    """The plain mex method for a code, or with ``unequal`` for splits into unequal parts:
    True for every split, or the removals whose splits must be unequal (CGSuite's ``!``).

    ``naive_values([4], n, unequal=True)`` is Grundy's game.

    >>> naive_values([4], 8, unequal=True).tolist()
    [0, 0, 0, 1, 0, 2, 1, 0, 2]
    """
    if isinstance(n, bool) or not isinstance(n, int | np.integer) or n < 0:
        raise InvalidArgument(f"the largest heap n must be a whole number >= 0, not {n!r}")
    code = TakeBreakCode.of(digits)
    marked = set(code.splits) if unequal is True else set(unequal or ())
    values = _naive_kernel(int(n), np.array([k for k, _ in code.takes], dtype=np.int64),
                           np.array([b for _, b in code.takes], dtype=np.int64),
                           np.array(code.splits, dtype=np.int64),
                           np.array(code.triples, dtype=np.int64),
                           np.array([k in marked for k in code.splits], dtype=np.int64))
    narrowest: Values = values.astype(np.min_scalar_type(int(values.max())))
    return narrowest


def naive_take_break_values(digits: Sequence[int], n: int) -> Values:
    """Nim-values 0..n of a take-and-break code by the plain mex over all options, compiled.

    Time O(n^2) (O(n^3) with three-heap moves); the reference for the fast kernel.

    >>> naive_take_break_values([0, 7, 7], 11).tolist()
    [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
    """
    return naive_values(digits, n)


