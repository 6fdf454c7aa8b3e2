"""Compiled nim-values of Cram on boards of at most 64 cells.

A board is the bitmask of its free cells on an ``R x C`` frame, bit ``r * C + c`` for row
``r`` and column ``c`` (as in :mod:`grundy.boards.grid`), with ``R * C <= 64``.  Its value is
the mex, over the dominoes on two free cells side by side, of the xor of the values of the
regions left: the groups of free cells joined side by side, cells with no free neighbour
left out (no domino can ever cover them).

A region that is its own image under the half turn of its bounding box, with no domino
across the centre, is lost for the player to move by the lecture's symmetry strategy
(answer every domino by its image), so its value is 0 and it is not searched: full boards
with an even number of rows and of columns cost nothing.

Each region is solved once.  It is normalised first: cut down to its bounding box, laid out
in a frame of that box's width, turned so that it is no taller than wide, and replaced by
the least of its images under the symmetries of the box (4, or 8 for a square).  The value
is stored under the normalised bits and the width in an open-addressing table that lives
for the whole process, so later calls reuse what earlier ones found.  A region met again in
another orientation is also stored as it was met (only cut down to its box), so that next
time its value is found without trying the symmetries.  When the table fills up, the search
stops, the table is rebuilt four times larger and the call starts again (everything solved
so far is kept).

>>> region_value(0b111111, 2, 3), region_value((1 << 25) - 1, 5, 5)
(1, 0)
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

#: The most cells a frame may have (one 64-bit word).
MAX_CELLS = 64

_U = np.uint64
_ZERO = _U(0)
_ONE = _U(1)
_ALL = _U(0xFFFF_FFFF_FFFF_FFFF)
_GOLDEN = _U(0x9E37_79B9_7F4A_7C15)
_MIX = _U(0xBF58_476D_1CE4_E5B9)

# Statuses below zero: the table is too full to take a region, or (in a look-up only) some
# region has not been solved.
_FULL = -1
_UNKNOWN = -2

# A slot's tag is width * 256 + value: never 0 (the width is at least 1), and a Cram value
# is at most the number of places for a domino, 112 on 64 cells.
_TAG_SHIFT = 8
_TAG_VALUE = 255

# The table is rebuilt once this fraction of it is used, to keep probe chains short.
_LOAD_NUM, _LOAD_DEN = 5, 8
_FIRST_LOG = 16

# A long-lived process (the web server) would otherwise keep every region it ever met; a
# search may still grow the table past this many slots, as its bound was checked before.
_KEPT = 1 << 23


# -- bits ----------------------------------------------------------------------------------

@njit(cache=True)
def _low(n):  # type: ignore[no-untyped-def]
    # Shifting a 64-bit word by 64 is undefined, so the full mask is a special case.
    if n >= 64:
        return _ALL
    return (_ONE << _U(n)) - _ONE


@njit(cache=True)
def _popcount(x):  # type: ignore[no-untyped-def]
    x = x - ((x >> _ONE) & _U(0x5555_5555_5555_5555))
    x = (x & _U(0x3333_3333_3333_3333)) + ((x >> _U(2)) & _U(0x3333_3333_3333_3333))
    x = (x + (x >> _U(4))) & _U(0x0F0F_0F0F_0F0F_0F0F)
    return np.int64((x * _U(0x0101_0101_0101_0101)) >> _U(56))


@njit(cache=True)
def _trailing_zeros(x):  # type: ignore[no-untyped-def]
    return _popcount((x & (~x + _ONE)) - _ONE)


@njit(cache=True)
def _bit_length(x):  # type: ignore[no-untyped-def]
    x |= x >> _ONE
    x |= x >> _U(2)
    x |= x >> _U(4)
    x |= x >> _U(8)
    x |= x >> _U(16)
    x |= x >> _U(32)
    return _popcount(x)


@njit(cache=True)
def _reverse(x):  # type: ignore[no-untyped-def]
    x = ((x >> _ONE) & _U(0x5555_5555_5555_5555)) | ((x & _U(0x5555_5555_5555_5555)) << _ONE)
    x = ((x >> _U(2)) & _U(0x3333_3333_3333_3333)) | ((x & _U(0x3333_3333_3333_3333)) << _U(2))
    x = ((x >> _U(4)) & _U(0x0F0F_0F0F_0F0F_0F0F)) | ((x & _U(0x0F0F_0F0F_0F0F_0F0F)) << _U(4))
    x = ((x >> _U(8)) & _U(0x00FF_00FF_00FF_00FF)) | ((x & _U(0x00FF_00FF_00FF_00FF)) << _U(8))
    x = ((x >> _U(16)) & _U(0x0000_FFFF_0000_FFFF)) | ((x & _U(0x0000_FFFF_0000_FFFF))
                                                        << _U(16))
    return (x >> _U(32)) | (x << _U(32))


# -- frames and their symmetries -----------------------------------------------------------

@njit(cache=True)
def _not_last_column(h, w):  # type: ignore[no-untyped-def]
    row = _low(w - 1)
    mask = _ZERO
    for r in range(h):
        mask |= row << _U(r * w)
    return mask


@njit(cache=True)
def _neighbours(x, h, w, not_last, area):  # type: ignore[no-untyped-def]
    found = ((x & not_last) << _ONE) | ((x >> _ONE) & not_last)
    if h > 1:
        found |= (x << _U(w)) | (x >> _U(w))
    return found & area


@njit(cache=True)
def _flip_rows(x, h, w):  # type: ignore[no-untyped-def]
    row = _low(w)
    flipped = _ZERO
    for r in range(h):
        flipped |= ((x >> _U(r * w)) & row) << _U((h - 1 - r) * w)
    return flipped


@njit(cache=True)
def _transpose(x, h, w):  # type: ignore[no-untyped-def]
    row = _low(w)
    turned = _ZERO
    for r in range(h):
        line = (x >> _U(r * w)) & row
        while line:
            turned |= _ONE << _U(_trailing_zeros(line) * h + r)
            line &= line - _ONE
    return turned


@njit(cache=True)
def _least_image(x, h, w):  # type: ignore[no-untyped-def]
    # The half turn reverses the whole word; with the row flip it gives the column flip.
    spare = _U(64 - h * w)
    flipped = _flip_rows(x, h, w)
    return min(x, flipped, _reverse(x) >> spare, _reverse(flipped) >> spare)


@njit(cache=True)
def _crop(x, h, w):  # type: ignore[no-untyped-def]
    row = _low(w)
    top = -1
    bottom = 0
    used = _ZERO
    for r in range(h):
        line = (x >> _U(r * w)) & row
        if line:
            if top < 0:
                top = r
            bottom = r
            used |= line
    left = _trailing_zeros(used)
    nh = bottom - top + 1
    nw = _bit_length(used) - left
    narrow = _low(nw)
    y = _ZERO
    for r in range(nh):
        y |= ((x >> _U((top + r) * w + left)) & narrow) << _U(r * nw)
    return y, nh, nw


@njit(cache=True)
def _fold(y, nh, nw):  # type: ignore[no-untyped-def]
    if nh > nw:
        y = _transpose(y, nh, nw)
        nh, nw = nw, nh
    best = _least_image(y, nh, nw)
    if nh == nw:
        best = min(best, _least_image(_transpose(y, nh, nw), nh, nw))
    return best, nh, nw


# -- the table -----------------------------------------------------------------------------

@njit(cache=True)
def _slot(key, w, keys, tags):  # type: ignore[no-untyped-def]
    mask = len(keys) - 1
    shift = _U(64 - _popcount(_U(mask)))
    i = np.int64(((key ^ (_U(w) * _MIX)) * _GOLDEN) >> shift)
    while True:
        tag = tags[i]
        if tag == 0 or (keys[i] == key and tag >> _TAG_SHIFT == w):
            return i
        i = (i + 1) & mask


@njit(cache=True)
def _rehash(keys, tags, new_keys, new_tags):  # type: ignore[no-untyped-def]
    for i in range(len(keys)):
        tag = tags[i]
        if tag:
            j = _slot(keys[i], tag >> _TAG_SHIFT, new_keys, new_tags)
            new_keys[j] = keys[i]
            new_tags[j] = tag


# -- the search ----------------------------------------------------------------------------

@njit(cache=True)
def _lookup(x, h, w, not_last, area, keys, tags, used):  # type: ignore[no-untyped-def]
    """The value of the free cells ``x`` of an ``h x w`` frame, the xor of their regions'
    values; or ``_UNKNOWN`` and the first region not in the table, normalised."""
    live = x & _neighbours(x, h, w, not_last, area)
    total = 0
    while live:
        part = live & (~live + _ONE)
        while True:
            grown = (part | _neighbours(part, h, w, not_last, area)) & live
            if grown == part:
                break
            part = grown
        live &= ~part
        # Two or three cells joined side by side take exactly one domino.
        if _popcount(part) <= 3:
            total ^= 1
            continue
        y, yh, yw = _crop(part, h, w)
        i = _slot(y, yw, keys, tags)
        if tags[i]:
            total ^= tags[i] & _TAG_VALUE
            continue
        key, kh, kw = _fold(y, yh, yw)
        j = _slot(key, kw, keys, tags)
        if not tags[j]:
            return _UNKNOWN, key, kh, kw
        value = tags[j] & _TAG_VALUE
        total ^= value
        if used[0] * _LOAD_DEN < len(keys) * _LOAD_NUM:
            # No slot was taken since the look-up, so slot i is still the free one.
            keys[i] = y
            tags[i] = (yw << _TAG_SHIFT) | value
            used[0] += 1
    return total, _ZERO, 0, 0


@njit(cache=True)
def _store(key, w, value, keys, tags, used):  # type: ignore[no-untyped-def]
    """Keep the value of the solved region ``key`` (normalised, width ``w``); False when the
    table is too full to take it."""
    if used[0] * _LOAD_DEN >= len(keys) * _LOAD_NUM:
        return False
    i = _slot(key, w, keys, tags)
    keys[i] = key
    tags[i] = (w << _TAG_SHIFT) | value
    used[0] += 1
    used[1] += 1
    return True


@njit(cache=True)
def _mirror_wins(x, h, w):  # type: ignore[no-untyped-def]
    """Whether the region ``x``, cut down to its ``h x w`` box, is lost for the player to
    move by the lecture's symmetry strategy: it is its own image under the half turn, and no
    domino is its own image, so the reply to every domino, its image, is always free."""
    if _reverse(x) >> _U(64 - h * w) != x:
        return False
    # A domino is its own image only when its middle is the centre of the box.
    if h % 2 and w % 2:
        return not (x >> _U(h // 2 * w + w // 2)) & _ONE
    if h % 2:
        pair = _U(3) << _U(h // 2 * w + w // 2 - 1)
        return x & pair != pair
    if w % 2:
        pair = (_ONE | (_ONE << _U(w))) << _U((h // 2 - 1) * w + w // 2)
        return x & pair != pair
    return True


@njit(cache=True)
def _solve(key, kh, kw, keys, tags, used):  # type: ignore[no-untyped-def]
    """Solve the normalised region ``key`` and every region it leads to that the table
    lacks, storing them; its value, or ``_FULL``.

    Depth first with an explicit stack of regions, each left with its plays still to try
    (horizontal, then vertical) and the values its options were seen to take.  A play whose
    regions are not all known pushes the first unknown one and is tried again later.
    """
    # Each region on the stack has at least two cells fewer than the one below it.
    room = MAX_CELLS // 2 + 1
    xs = np.empty(room, np.uint64)
    hs = np.empty(room, np.int64)
    ws = np.empty(room, np.int64)
    edges = np.empty(room, np.uint64)
    areas = np.empty(room, np.uint64)
    across = np.empty(room, np.uint64)
    down = np.empty(room, np.uint64)
    seen_low = np.empty(room, np.uint64)
    seen_high = np.empty(room, np.uint64)
    depth = 0
    x, h, w = key, kh, kw
    value = 0
    while True:
        if x and _mirror_wins(x, h, w):
            # Lost for the player to move, so its value is 0: no search below it.
            if not _store(x, w, 0, keys, tags, used):
                return _FULL
            if depth == 0:
                return 0
            x = _ZERO
        if x:
            not_last = _not_last_column(h, w)
            xs[depth], hs[depth], ws[depth] = x, h, w
            edges[depth], areas[depth] = not_last, _low(h * w)
            across[depth] = x & (x >> _ONE) & not_last
            down[depth] = x & (x >> _U(w)) if h > 1 else _ZERO
            seen_low[depth] = seen_high[depth] = _ZERO
            depth += 1
            x = _ZERO
        d = depth - 1
        if across[d]:
            first = across[d] & (~across[d] + _ONE)
            other = first << _ONE
        elif down[d]:
            first = down[d] & (~down[d] + _ONE)
            other = first << _U(ws[d])
        else:
            # Values are below 128 (64 cells have at most 112 places for a domino): two words.
            value = _trailing_zeros(~seen_low[d])
            if value == 64:
                value += _trailing_zeros(~seen_high[d])
            if not _store(xs[d], ws[d], value, keys, tags, used):
                return _FULL
            depth -= 1
            if depth == 0:
                return value
            continue
        found, x, h, w = _lookup(xs[d] & ~(first | other), hs[d], ws[d], edges[d], areas[d],
                                 keys, tags, used)
        if found == _UNKNOWN:
            continue
        if found < 64:
            seen_low[d] |= _ONE << _U(found)
        else:
            seen_high[d] |= _ONE << _U(found - 64)
        if across[d]:
            across[d] ^= first
        else:
            down[d] ^= first


@njit(cache=True)
def _board_value(cells, rows, cols, keys, tags, used, solve_missing):  # type: ignore[no-untyped-def]
    not_last = _not_last_column(rows, cols)
    area = _low(rows * cols)
    while True:
        found, key, kh, kw = _lookup(cells, rows, cols, not_last, area, keys, tags, used)
        if found != _UNKNOWN or not solve_missing:
            return found
        if _solve(key, kh, kw, keys, tags, used) == _FULL:
            return _FULL


class _Table:
    """A table of solved regions: keys, tags, and how many slots are used and how many
    regions (up to symmetry) were solved.

    A table is never resized in place: a caller in another thread (the web server's) holds
    either the old arrays or the new ones, never one of each.
    """

    def __init__(self, size: int = 0) -> None:
        size = size or 1 << _FIRST_LOG
        self.keys: np.ndarray[Any, np.dtype[np.uint64]] = np.zeros(size, np.uint64)
        self.tags: np.ndarray[Any, np.dtype[np.int16]] = np.zeros(size, np.int16)
        self.used: np.ndarray[Any, np.dtype[np.int64]] = np.zeros(2, np.int64)

    def grown(self) -> _Table:
        """A table four times larger holding every region of this one."""
        bigger = _Table(4 * len(self.keys))
        _rehash(self.keys, self.tags, bigger.keys, bigger.tags)
        bigger.used[:] = self.used
        return bigger


_table = _Table()


def _check(cells: int, rows: int, cols: int) -> None:
    if rows < 1 or cols < 1 or rows * cols > MAX_CELLS:
        raise ValueError(f"a {rows}x{cols} frame is not 1 to {MAX_CELLS} cells")
    if cells < 0 or cells >> (rows * cols):
        raise ValueError(f"cells {cells:#x} do not fit a {rows}x{cols} frame")


def region_value(cells: int, rows: int, cols: int) -> int:
    """The normal-play nim-value of Cram on the free ``cells`` of a ``rows x cols`` frame.

    Bit ``r * cols + c`` is the cell in row ``r``, column ``c``; ``rows * cols <= 64``.

    >>> region_value(0b1111, 1, 4), region_value(0b1111, 2, 2), region_value(0b1001, 1, 4)
    (2, 0, 0)
    """
    global _table
    _check(cells, rows, cols)
    table = _table
    if table.used[0] > _KEPT:
        table = _table = _Table()
    while True:
        found = int(_board_value(_U(cells), rows, cols, table.keys, table.tags, table.used,
                                 True))
        if found != _FULL:
            return found
        table = _table = table.grown()


def known_value(cells: int, rows: int, cols: int) -> int | None:
    """The value of the free ``cells`` when each of their regions is solved already, else None.

    >>> clear_memo()
    >>> known_value(0b111111, 2, 3) is None, region_value(0b111111, 2, 3)
    (True, 1)
    >>> known_value(0b111111, 3, 2), known_value(0b11, 1, 2)
    (1, 1)
    """
    _check(cells, rows, cols)
    table = _table
    found = int(_board_value(_U(cells), rows, cols, table.keys, table.tags, table.used, False))
    return None if found == _UNKNOWN else found


def memo_size() -> int:
    """How many regions (up to symmetry) the table holds.

    >>> clear_memo()
    >>> memo_size(), region_value(0b1111, 2, 2), memo_size()
    (0, 0, 1)
    """
    return int(_table.used[1])


def clear_memo() -> None:
    """Forget every solved region (for cold timings, or to free the table's memory)."""
    global _table
    _table = _Table()
