"""Compiled nim-sequences of take-and-break codes whose moves may leave three heaps.

The nim-sums of the splits of a heap of r tokens into two heaps, the set ``S[r] = {G(a)
xor G(r - a)}``, are kept as a row of its distinct values.  A split of r into three heaps
has a smallest part ``a <= r/3``, and its other two parts are a split of r - a; so the
values of r's three-heap splits are ``G(a) xor s`` for a <= r/3 and s in the row of r - a.
For each heap the kernel makes its row from its r/2 splits, marks the values of the moves
that leave one heap, the row of each removal that leaves two and ``G(a) xor`` the rows of
each removal that leaves three, and takes the least value not marked.

Rows are far shorter than the values' range (for hex:0.3f at heap 10 000, 186 values on
average where the values reach 5 000: the growing values are structured), so heap r costs
r/2 steps for its row and about r/3 rows of s values per removal that leaves three heaps,
against the r²/12 three-heap splits of the plain method.  The rows a later heap may read,
those of the last n/3 + t heaps (t the most tokens a move removes), are kept one after the
other in a circular buffer of 4-byte values, at most twice as long as they are.

>>> triple_values([0, 3, 15], 20).tolist()     # hex:0.3F, CGSuite's test sequence
[0, 1, 2, 0, 1, 2, 3, 4, 5, 3, 4, 5, 6, 7, 8, 6, 7, 8, 9, 10, 11]
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from numba import njit

from grundy.compiled import CACHING
from grundy.errors import SequenceInterrupted
from grundy.heap.codes import TakeBreakCode
from grundy.heap.kernels import (
    _check_n,
    _check_prefix,
    _Chunks,
    _limit,
    _mark_takes,
    _narrowed,
    _start,
    _widen,
)

Values = np.ndarray[Any, np.dtype[np.unsignedinteger[Any]]]

# Why a chunk stopped before its end.
_DONE, _WIDEN, _GROW, _LONGER = 0, 1, 2, 3

#: The first tables: values below 64, and a buffer of 16 values a row kept.
_MIN_WIDTH = 64
_MIN_ROW = 16


@njit(cache=CACHING)
def _make_row(g, buf, begin, sizes, zero, marks, place, ring, m):  # type: ignore[no-untyped-def]
    # S[m]: its distinct values written at the head of buf, a circular buffer of the rows
    # of the last ring heaps one after the other (place: [head, first row in buf]), and
    # whether 0 comes from a split into two unequal parts (for the digits whose splits must
    # be unequal).  Returns False when buf has no room for it beside the rows still read.
    slot = m % ring
    length = buf.shape[0]
    need = min(m // 2, marks.shape[0] - 1)  # at most one of each value below the width
    head = place[0]
    oldest = max(m - ring + 1, place[1])
    tail = begin[oldest % ring] if oldest < m else head
    if head >= tail:  # free: head..length-1 and 0..tail-1
        if head + need >= length:
            head = 0
            if need >= tail and oldest < m:
                return False
            if need >= length:
                return False
    elif head + need >= tail:  # free: head..tail-1
        return False
    stamp = m + 1
    end = head
    unequal_zero = 0
    for a in range(1, m // 2 + 1):
        x = np.int64(g[a]) ^ np.int64(g[m - a])
        if x == 0 and 2 * a != m:
            unequal_zero = 1
        if marks[x] != stamp:
            marks[x] = stamp
            buf[end] = x
            end += 1
    begin[slot] = head
    sizes[slot] = end - head
    zero[slot] = unequal_zero
    place[0] = end
    return True


@njit(cache=CACHING)
def _make_rows(g, buf, begin, sizes, zero, marks, place, ring, low, high):  # type: ignore[no-untyped-def]
    # The rows low..high-1; returns the first that does not fit (high if all do).
    for m in range(low, high):
        if not _make_row(g, buf, begin, sizes, zero, marks, place, ring, m):
            return m
    return high


@njit(cache=CACHING)
def _triple_chunk(g, start, stop, take_k, take_bits, splits, unequal, triples, buf, begin,  # type: ignore[no-untyped-def]
                  sizes, zero, marks, place, seen, limit):
    # Heaps start..stop-1; returns where it stopped and why: a value that does not fit the
    # values' type (_WIDEN) or the tables (_GROW), or a row that does not fit the buffer
    # (_LONGER), each at that heap.
    ring = begin.shape[0]
    width = seen.shape[0] - 1
    seen[:] = 0
    for i in range(start, stop):
        if i >= 2 and not _make_row(g, buf, begin, sizes, zero, marks, place, ring, i):
            return i, _LONGER
        stamp = i - start + 1
        _mark_takes(g, 0, i, stamp, take_k, take_bits, seen)
        for j in range(splits.shape[0]):
            rest = i - splits[j]
            if rest < 2:
                break
            slot = rest % ring
            for q in range(begin[slot], begin[slot] + sizes[slot]):
                x = buf[q]
                # 0 always comes from the equal split; an unequal split must give it otherwise.
                if x != 0 or not unequal[j] or rest % 2 == 1 or zero[slot]:
                    seen[x] = stamp
        for j in range(triples.shape[0]):
            rest = i - triples[j]
            slot = (rest - 1) % ring
            for a in range(1, rest // 3 + 1):
                ga = np.int64(g[a])
                for q in range(begin[slot], begin[slot] + sizes[slot]):
                    seen[ga ^ buf[q]] = stamp
                slot = slot - 1 if slot > 0 else ring - 1
        v = 0
        while seen[v] == stamp:
            v += 1
        if v >= limit:
            return i, _WIDEN
        if v >= width:
            return i, _GROW
        g[i] = v
    return stop, _DONE


def ring_size(code: TakeBreakCode, n: int) -> int:
    """How many rows a run to heap n keeps: a heap i reads those of i - k (k a removal
    that splits in two) and of r - r//3 .. r - 1 for r = i - k (k a removal that splits in
    three), none older than ``i - max(k, k' + n // 3)``.

    >>> ring_size(TakeBreakCode((0, 3, 15)), 3000)
    1004
    """
    oldest = max([*code.splits, *(k + n // 3 for k in code.triples), 0])
    return oldest + 2


#: Rows averaged to estimate the size of a row (row sizes vary a lot from heap to heap).
_SAMPLE_ROWS = 64


def _mean_row(values: np.ndarray[Any, Any], end: int) -> float:
    """The mean number of distinct values in the rows of heaps end - 64 .. end - 1."""
    sizes = [np.unique(values[1: m // 2 + 1] ^ values[m - m // 2: m][::-1]).size
             for m in range(max(end - _SAMPLE_ROWS, 2), end)] or [1]
    return max(float(np.mean(sizes)), 1.0)


def _growth(first: float, second: float) -> float:
    """The exponent of the growth from ``first`` to ``second`` over a doubling, in [0, 1]."""
    return min(max(math.log2(max(second, 1.0) / max(first, 1.0)), 0.0), 1.0)


def triple_cost(code: TakeBreakCode, first: Values, n: int) -> tuple[int, int]:
    """About how many steps, and how many bytes, values 0..n take, from ``first``, the
    values of heaps 0..K-1 (K = len(first)): the mean row size s and the largest value
    are measured at K/2 and K, and assumed to grow from K on as they did from K/2 to K
    (as K^a, a between 0 and 1).

    The rows take n²/4 steps; each removal that leaves three heaps r/3 rows at heap r,
    of about s·(r/K)^a values each: s·n^(2+a) / (3·(2+a)·K^a) in all.  The memory is the
    values, the buffer of the rows kept (4 bytes a value, at most twice their size) and two
    tables as long as the values' range.

    >>> first = triple_values([0, 3, 15], 4096)
    >>> [f"{x:.1e}" for x in triple_cost(TakeBreakCode((0, 3, 15)), first, 10**5)]
    ['1.5e+11', '2.8e+07']
    """
    known = len(first)
    values = np.asarray(first, dtype=np.int64)
    mean_before, mean = _mean_row(values, known // 2), _mean_row(values, known)
    tops = float(values[: known // 2].max()), float(values.max())
    scale = max(n / known, 1.0)
    grows = _growth(mean_before, mean)
    width = 1 << int(max(tops[1] * scale ** _growth(*tops), 1.0)).bit_length()
    scans = len(code.triples) * mean * n ** (2 + grows) / (3 * (2 + grows) * known ** grows)
    steps = n * n / 4 + scans + len(code.digits) * n
    # The buffer, at most twice the rows read and a row being made, and 17 bytes a row.
    rows = ring_size(code, n) * mean * scale ** grows + n / 2
    table = 8 * rows + 17 * ring_size(code, n) + 16 * width + 4 * (n + 1)
    return int(steps), int(table)


class _TripleRun:
    """The state of one computation: the values and the rows, resized between chunks."""

    def __init__(self, code: TakeBreakCode, values: Values, count: int, n: int) -> None:
        self.values = values
        self.count = count
        self.take_k = np.array([k for k, _ in code.takes], dtype=np.int64)
        self.take_bits = np.array([b for _, b in code.takes], dtype=np.int64)
        self.splits = np.array(sorted(code.splits), dtype=np.int64)
        self.unequal = np.array([k in code.unequal for k in self.splits.tolist()],
                                dtype=np.int64)
        self.triples = np.array(sorted(code.triples), dtype=np.int64)
        self.ring = ring_size(code, n)
        self.width = _MIN_WIDTH
        top = int(values[:count].max())
        while self.width <= top:
            self.width *= 2
        self.sizes = np.zeros(self.ring, dtype=np.int64)
        self.begin = np.zeros(self.ring, dtype=np.int64)
        self.zero = np.zeros(self.ring, dtype=np.uint8)
        self.buf = np.zeros(_MIN_ROW * self.ring + n // 2 + _MIN_WIDTH, dtype=np.int32)
        # The rows the next heaps read, from the values known.
        first = max(self.count - self.ring + 1, 2)
        self.place = np.array([0, first], dtype=np.int64)
        self._tables()
        while (first := _make_rows(self.values, self.buf, self.begin, self.sizes, self.zero,
                                   self.marks, self.place, self.ring, first,
                                   self.count)) < self.count:
            self._longer(first)

    def _tables(self) -> None:
        # Stamps restart with new tables: a row or heap that stopped is made again.
        self.marks = np.zeros(self.width + 1, dtype=np.int64)
        self.seen = np.zeros(self.width + 1, dtype=np.int64)

    def _longer(self, m: int) -> None:
        """A buffer twice as long, with the rows that row m finds still read packed at its
        start."""
        longer = np.zeros(2 * len(self.buf), dtype=np.int32)
        head = 0
        oldest = max(m - self.ring + 1, int(self.place[1]))
        for row in range(oldest, m):
            slot = row % self.ring
            size, start = int(self.sizes[slot]), int(self.begin[slot])
            longer[head: head + size] = self.buf[start: start + size]
            self.begin[slot] = head
            head += size
        self.buf = longer
        self.place[:] = (head, oldest)
        self._tables()

    @property
    def table_bytes(self) -> int:
        """The bytes of the rows and tables now."""
        return int(self.buf.nbytes + self.begin.nbytes + self.sizes.nbytes + self.zero.nbytes
                   + self.marks.nbytes + self.seen.nbytes)

    def run(self, n: int, progress: Callable[[int], None] | None,
            keep: Callable[[Values], None] | None) -> Values:
        chunks = _Chunks()
        try:
            while self.count <= n:
                start = self.count
                stop = chunks.next_stop(start, n + 1)
                reached, status = _triple_chunk(
                    self.values, start, stop, self.take_k, self.take_bits, self.splits,
                    self.unequal, self.triples, self.buf, self.begin, self.sizes, self.zero,
                    self.marks, self.place, self.seen, _limit(self.values))
                self.count = int(reached)
                chunks.adapt(self.count - start)
                if status == _WIDEN:
                    self.values = _widen(self.values)
                    self._tables()
                elif status == _GROW:
                    self.width *= 2
                    self._tables()
                elif status == _LONGER:
                    self._longer(self.count)
                if progress is not None:
                    progress(self.count)
                if keep is not None:
                    keep(self.values[: self.count])
        except KeyboardInterrupt:
            raise SequenceInterrupted(_narrowed(self.values[: self.count])) from None
        return _narrowed(self.values)


def triple_values(code: TakeBreakCode | Sequence[int], n: int,
                  prefix: np.ndarray[Any, Any] | None = None,
                  progress: Callable[[int], None] | None = None,
                  keep: Callable[[Values], None] | None = None) -> Values:
    """Nim-values of one heap 0..n in the take-and-break game of ``code``, by the bitsets of
    two-heap splits (for any code; made for those whose moves may leave three heaps).

    ``prefix``: correct values of heaps 0..len(prefix)-1 to extend; ``progress(count)``
    and ``keep(values so far)`` are called between chunks; Ctrl-C between chunks raises
    :class:`~grundy.errors.SequenceInterrupted` with the values so far.

    >>> triple_values([0, 8], 12).tolist()          # hex:0.8: take one, leave three heaps
    [0, 0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3]
    >>> triple_values([0, 7, 7], 11).tolist()       # Kayles
    [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
    """
    n = _check_n(n)
    rules = TakeBreakCode.of(code)
    values, count = _start(n, _check_prefix(prefix))
    return _TripleRun(rules, values, count, n).run(n, progress, keep)
