"""The rare/common kernel in plain C, for short runs: no numba to import, no cached kernels
to load, and no numpy.

A run of a few hundred thousand heaps computes its values in a tenth of a second, while
importing numba and loading its cached kernels costs most of a second of CPU, and importing
numpy a seventh of one.  So the serial kernel of :mod:`grundy.heap.kernels` is also written
in C (the library of :mod:`grundy.heap.clib`), called through :mod:`ctypes`, and its values
are held in an :class:`array.array` (:class:`~grundy.heap.compact.CompactValues`).  Where
there is no compiler, :func:`native_values` answers None and the caller uses the numba
kernels; the values never depend on which kernel computed them.

Codes whose moves may leave three heaps, and values beyond ``2^19``, are left to numba.

>>> from grundy.heap.codes import TakeBreakCode
>>> values = native_values(TakeBreakCode.of([0, 7, 7]), 11, None)  # Kayles
>>> values is None or values.tolist() == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
True
"""

from __future__ import annotations

import ctypes
from array import array
from collections.abc import Callable
from typing import TYPE_CHECKING

from grundy.heap.clib import PERIOD_SEARCHES, library
from grundy.heap.codes import TakeBreakCode
from grundy.heap.compact import AnyValues, CompactValues, to_compact

if TYPE_CHECKING:
    from grundy.heap.cache import Values

__all__ = ["NATIVE_UP_TO", "first_period", "library", "native_values", "short_run"]

#: Runs with more new heaps than this use the numba kernels, which show progress, stop on
#: Ctrl-C between chunks, share proof scans between threads (``PARALLEL_FROM`` in
#: kernels.py) and go beyond memory with a window; up to it one C call takes under about a
#: second (benchmarks/README.md, "Against the Rust solver").
NATIVE_UP_TO = 1 << 20


def _address(values: array[int]) -> ctypes.c_void_p:
    return ctypes.c_void_p(values.buffer_info()[0])


def native_values(code: TakeBreakCode, n: int, prefix: AnyValues | None
                  ) -> CompactValues | None:
    """Values of heaps 0..n of ``code`` by the C kernel, extending ``prefix`` (correct
    values of heaps 0..len(prefix)-1), in the narrowest width; None when the C kernel does
    not apply (three-heap moves, no compiler) or gave up (values beyond its tables), so that
    the caller computes them otherwise."""
    if code.triples:
        return None
    loaded = library()
    if loaded is None:
        return None
    known = 0 if prefix is None else min(len(prefix), n + 1)
    if known:
        head = to_compact(prefix[:known])  # type: ignore[index]
        if head[0] != 0 or head.max() >= 1 << 19:
            return None
        values = head.converted(4, n + 1)
    else:
        values = CompactValues.zeros(n + 1, 4)
    take_k = array("q", [k for k, _ in code.takes])
    take_bits = array("q", [bits for _, bits in code.takes])
    splits = array("q", sorted(code.splits))
    unequal = array("q", [k in code.unequal for k in splits])
    out = array("q", [0, 0, 0])
    status = loaded.rc_values(values.address, max(known, 1), n, _address(take_k),
                              _address(take_bits), len(take_k), _address(splits),
                              _address(unequal), len(splits), _address(out))
    return None if status != 0 else values.narrowed()


def short_run(code: TakeBreakCode, n: int, prefix: AnyValues | None,
              progress: Callable[[int], None] | None = None,
              keep: Callable[[Values], None] | None = None) -> CompactValues | None:
    """:func:`native_values` for a run of at most :data:`NATIVE_UP_TO` new heaps (one call
    that cannot stop midway: about a second for most codes, several for Grundy's game;
    ``progress`` hears of its end), else None.  A run with a checkpoint (``keep``) is left
    to the compiled kernels, which hand over their values as they come.

    >>> from grundy.heap.codes import TakeBreakCode
    >>> short_run(TakeBreakCode.of([0, 7, 7]), NATIVE_UP_TO + 1, None) is None
    True
    """
    known = 0 if prefix is None else min(len(prefix), n + 1)
    if n + 1 - known > NATIVE_UP_TO or keep is not None:
        return None
    values = native_values(code, n, prefix)
    if values is not None and progress is not None:
        progress(n + 1)
    return values


def first_period(values: AnyValues, pmax: int, a: int, floor: int, b: int, c: int
                 ) -> tuple[int, int] | None:
    """The period search of :mod:`grundy.heap.period` (``_search``) in C: ``(p, e)``, the least
    period ``p <= pmax`` with ``a * max(e, floor) + b * p + c <= len(values)`` and its least
    preperiod ``e``, ``(0, 0)`` when there is none; None when the C kernel cannot read these
    values (no compiler; not contiguous unsigned values of 1, 2 or 4 bytes), for the caller
    to search otherwise.  Reads the values in place; one byte per period looked at beside
    them (the Z-function: a byte each, longer common tails kept exactly apart).

    >>> found = first_period(CompactValues.of([5, 1, 2, 3, 1, 2, 3, 1, 2, 3]), 3, 1, 0, 3, 0)
    >>> found is None or found == (3, 1)
    True
    """
    loaded = library()
    if loaded is None or pmax < 1:
        return None
    if isinstance(values, CompactValues):
        name = PERIOD_SEARCHES.get(values.itemsize)
        address = values.address
        # Zeroed, so touched in full: compact values are those of short runs.
        z = bytearray(pmax + 1)
        z_address = ctypes.addressof((ctypes.c_char * len(z)).from_buffer(z))
    else:
        name = PERIOD_SEARCHES.get(values.dtype.itemsize)
        if values.dtype.kind != "u" or values.ndim != 1 or not values.flags.c_contiguous:
            return None
        import numpy as np

        address = values.ctypes.data
        # Its pages are only touched as far as the search goes.
        buffer = np.empty(pmax + 1, dtype=np.uint8)
        z_address = buffer.ctypes.data
    if name is None:
        return None
    start = ctypes.c_long(0)
    period = getattr(loaded, name)(ctypes.c_void_p(address), len(values),
                                   ctypes.c_void_p(z_address), pmax, a, floor, b, c,
                                   ctypes.byref(start))
    return (int(period), int(start.value)) if period else (0, 0)
