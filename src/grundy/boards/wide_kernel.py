"""Regions of up to 128 cells for the compiled search: two 64-bit words, normal forms, a table.

A wide region is the pair ``(lo, hi)`` of 64-bit words holding the bits ``r * w + c`` of an
``h x w`` frame, ``h * w <= 128`` and both sides at most 64 (bit ``i`` is bit ``i`` of
``lo`` below 64, bit ``i - 64`` of ``hi`` above).  Only regions whose box holds more than 64
cells are searched in two words (:mod:`grundy.boards.wide_search`); a region whose box fits
one word is handed to the one-word search, with its table, as soon as it appears, since most
regions fall below 64 cells after a few plays and one word is much faster.

A wide region is normalised as a narrow one is (:mod:`grundy.boards.region_kernel`): cut to
its box, turned so that it is no taller than wide, and replaced by the least of its images
under the box's symmetries (compared as ``(hi, lo)``); it is kept under the two words and
its width in a table of its own.

>>> rows = _rows_of(np.uint64(0b11), np.uint64(0b10), 2, 33)  # bits 0, 1 and 65
>>> [int(row) for row in rows], [int(n) for n in _crop2(np.uint64(0), np.uint64(0b10), 2, 33)]
([3, 4294967296], [1, 0, 1, 1])
"""

from __future__ import annotations

import numpy as np
from numba import njit

from grundy.boards.region_kernel import (
    _FIRST_LOG,
    _GOLDEN,
    _MIX,
    _ONE,
    _TAG_SHIFT,
    _U,
    _ZERO,
    _bit_length,
    _low,
    _popcount,
    _reverse,
    _Table,
    _trailing_zeros,
)
from grundy.compiled import CACHING

#: The most cells of a frame of the wide search (two words).
MAX_WIDE_CELLS = 128
#: The longest side of a frame of the wide search (a row is one word).
MAX_SIDE = 64


# -- two words -----------------------------------------------------------------------------

@njit(cache=CACHING, inline='always')
def _shifted(lo, hi, n, up):  # type: ignore[no-untyped-def]
    """The pair shifted by ``n`` bits, towards the high word when ``up``, else towards the
    low one; bits shifted past either end are lost.  Every caller names its direction, and
    the function is inlined, so the branch on ``up`` is folded away."""
    if n <= 0:
        return lo, hi
    if n >= 128:
        return _ZERO, _ZERO
    if up:
        if n >= 64:
            return _ZERO, lo << _U(n - 64)
        return lo << _U(n), (hi << _U(n)) | (lo >> _U(64 - n))
    if n >= 64:
        return hi >> _U(n - 64), _ZERO
    return (lo >> _U(n)) | (hi << _U(64 - n)), hi >> _U(n)


@njit(cache=CACHING, inline='always')
def _shl(lo, hi, n):  # type: ignore[no-untyped-def]
    """The pair shifted up by ``n`` bits (bits past 128 are lost)."""
    return _shifted(lo, hi, n, True)


@njit(cache=CACHING, inline='always')
def _shr(lo, hi, n):  # type: ignore[no-untyped-def]
    """The pair shifted down by ``n`` bits."""
    return _shifted(lo, hi, n, False)


@njit(cache=CACHING, inline='always')
def _low2(n):  # type: ignore[no-untyped-def]
    """The pair of the ``n`` lowest bits."""
    if n <= 64:
        return _low(n), _ZERO
    return _low(64), _low(n - 64)


@njit(cache=CACHING, inline='always')
def _count2(lo, hi):  # type: ignore[no-untyped-def]
    return _popcount(lo) + _popcount(hi)


@njit(cache=CACHING, inline='always')
def _lowest2(lo, hi):  # type: ignore[no-untyped-def]
    """The lowest bit of a pair that is not empty."""
    if lo:
        return lo & (~lo + _ONE), _ZERO
    return _ZERO, hi & (~hi + _ONE)


@njit(cache=CACHING, inline='always')
def _first2(lo, hi):  # type: ignore[no-untyped-def]
    """The index of the lowest bit of a pair that is not empty."""
    return _trailing_zeros(lo) if lo else 64 + _trailing_zeros(hi)


@njit(cache=CACHING, inline='always')
def _last2(lo, hi):  # type: ignore[no-untyped-def]
    """The index of the highest bit of a pair that is not empty."""
    return 63 + _bit_length(hi) if hi else _bit_length(lo) - 1


# -- rows: the normal forms are made on the rows of a frame, one word each ------------------

@njit(cache=CACHING)
def _rows_of(lo, hi, h, w):  # type: ignore[no-untyped-def]
    rows = np.empty(h, np.uint64)
    row = _low(w)
    for r in range(h):
        rows[r] = _shr(lo, hi, r * w)[0] & row
    return rows


@njit(cache=CACHING)
def _packed(rows, w):  # type: ignore[no-untyped-def]
    lo = hi = _ZERO
    for r in range(len(rows)):
        a, b = _shl(rows[r], _ZERO, r * w)
        lo |= a
        hi |= b
    return lo, hi


@njit(cache=CACHING)
def _crop_rows(lo, hi, h, w):  # type: ignore[no-untyped-def]
    """The rows of the region's box, and its width."""
    top = _first2(lo, hi) // w
    bottom = _last2(lo, hi) // w
    rows = _rows_of(lo, hi, h, w)[top:bottom + 1].copy()
    used = _ZERO
    for row in rows:
        used |= row
    left = _trailing_zeros(used)
    for r in range(len(rows)):
        rows[r] >>= _U(left)
    return rows, _bit_length(used) - left


@njit(cache=CACHING)
def _transposed(rows, w):  # type: ignore[no-untyped-def]
    turned = np.zeros(w, np.uint64)
    for r in range(len(rows)):
        line = rows[r]
        while line:
            turned[_trailing_zeros(line)] |= _ONE << _U(r)
            line &= line - _ONE
    return turned


@njit(cache=CACHING, inline='always')
def _less(a_lo, a_hi, b_lo, b_hi):  # type: ignore[no-untyped-def]
    return a_hi < b_hi or (a_hi == b_hi and a_lo < b_lo)


@njit(cache=CACHING)
def _least_image2(rows, w):  # type: ignore[no-untyped-def]
    """The least of the region and its images under the row flip, the column flip and the
    half turn."""
    h = len(rows)
    flipped = rows[::-1].copy()
    mirrored = np.empty(h, np.uint64)
    turned = np.empty(h, np.uint64)
    for r in range(h):
        mirrored[r] = _reverse(rows[r]) >> _U(64 - w)
        turned[r] = _reverse(flipped[r]) >> _U(64 - w)
    best_lo, best_hi = _packed(rows, w)
    for image in (flipped, mirrored, turned):
        lo, hi = _packed(image, w)
        if _less(lo, hi, best_lo, best_hi):
            best_lo, best_hi = lo, hi
    return best_lo, best_hi


@njit(cache=CACHING)
def _crop2(lo, hi, h, w):  # type: ignore[no-untyped-def]
    """The region cut down to its box: its two words, height and width."""
    rows, nw = _crop_rows(lo, hi, h, w)
    y_lo, y_hi = _packed(rows, nw)
    return y_lo, y_hi, len(rows), nw


@njit(cache=CACHING)
def _fold2(lo, hi, h, w):  # type: ignore[no-untyped-def]
    """The normal form of a region cut to its ``h x w`` box: its two words, height, width."""
    rows = _rows_of(lo, hi, h, w)
    if h > w:
        rows = _transposed(rows, w)
        h, w = w, h
    best_lo, best_hi = _least_image2(rows, w)
    if h == w:
        lo, hi = _least_image2(_transposed(rows, w), w)
        if _less(lo, hi, best_lo, best_hi):
            best_lo, best_hi = lo, hi
    return best_lo, best_hi, h, w


@njit(cache=CACHING)
def _not_last_column2(h, w):  # type: ignore[no-untyped-def]
    rows = np.full(h, _low(w - 1), np.uint64)
    return _packed(rows, w)


@njit(cache=CACHING)
def _half_turn_symmetric2(lo, hi, h, w):  # type: ignore[no-untyped-def]
    """Whether a region cut to its ``h x w`` box is its own image under the half turn."""
    rows = _rows_of(lo, hi, h, w)
    for r in range(h):  # noqa: SIM110 (compiled: a loop, not a generator)
        if _reverse(rows[h - 1 - r]) >> _U(64 - w) != rows[r]:
            return False
    return True


# -- the table of wide regions -------------------------------------------------------------

@njit(cache=CACHING)
def _slot2(lo, hi, w, keys, tags):  # type: ignore[no-untyped-def]
    """The slot of the wide region ``(lo, hi)`` of width ``w``, or the free slot for it."""
    mask = len(tags) - 1
    shift = _U(64 - _popcount(_U(mask)))
    i = np.int64((((lo ^ (_U(w) * _MIX)) * _GOLDEN ^ hi) * _GOLDEN) >> shift)
    while True:
        tag = tags[i]
        if tag == 0 or (keys[2 * i] == lo and keys[2 * i + 1] == hi
                        and tag >> _TAG_SHIFT == w):
            return i
        i = (i + 1) & mask


@njit(cache=CACHING)
def _put2(i, lo, hi, w, value, keys, tags, used):  # type: ignore[no-untyped-def]
    if not tags[i]:
        used[0] += 1
    keys[2 * i] = lo
    keys[2 * i + 1] = hi
    tags[i] = (w << _TAG_SHIFT) | value


@njit(cache=CACHING)
def _rehash2(keys, tags, new_keys, new_tags):  # type: ignore[no-untyped-def]
    for i in range(len(tags)):
        tag = tags[i]
        if tag:
            j = _slot2(keys[2 * i], keys[2 * i + 1], tag >> _TAG_SHIFT, new_keys, new_tags)
            new_keys[2 * j] = keys[2 * i]
            new_keys[2 * j + 1] = keys[2 * i + 1]
            new_tags[j] = tag


class WideTable(_Table):
    """A table of solved wide regions: two words of key per slot, tags as the narrow table's
    (:class:`grundy.boards.region_kernel._Table`), and how many slots are used."""

    words = 2
    first_size = 1 << (_FIRST_LOG - 4)

    def rehash(self, bigger: WideTable) -> None:
        """Put every region of this table into ``bigger``."""
        _rehash2(self.keys, self.tags, bigger.keys, bigger.tags)
