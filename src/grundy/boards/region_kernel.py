"""Compiled nim-values of Cram and kings on boards of at most 64 cells.

A board is the bitmask of its free cells on an ``R x C`` frame, bit ``r * C + c`` for row
``r`` and column ``c`` (as in :mod:`grundy.boards.bitgrid`), with ``R * C <= 64``.  The game
is a parameter of the search (:data:`CRAM`, :data:`KINGS`), told by its stencil
(:mod:`grundy.boards.stencil`): the cells a play takes (a domino on two free cells side by
side; a king's cell and the free cells a king's step from it) and how regions hang together
(cells side by side; cells a king's step apart).  A position's
value is the mex, over the plays, of the xor of the values of the regions left; for Cram,
cells with no free neighbour are left out (no domino can ever cover them).

A region that is its own image under the half turn of its bounding box, with no play
meeting its own image (no domino across the centre; no free cell among the centre's 1, 2 or
4), is lost for the player to move by the lecture's symmetry strategy (answer every play by
its image), so its value is 0 and it is not searched: full Cram boards with an even number
of rows and of columns cost nothing.

The search itself is :mod:`grundy.boards.set_search` (a region asked for its value only when
it lies in a set of values); this module holds what it is built on: frames, regions, their
normal forms and the table of solved regions.

Each region is solved once.  It is normalised first: cut down to its bounding box, laid out
in a frame of that box's width, turned so that it is no taller than wide, and replaced by
the least of its images under the symmetries of the box (4, or 8 for a square).  The value
is stored under the normalised bits and the width in an open-addressing table that lives
for the whole process, so later calls reuse what earlier ones found; a region whose value
is not known yet may hold there the small values it was shown not to have.  A region met
again in another orientation is also stored as it was met (only cut down to its box), so
that next time its value is found without trying the symmetries.  When the table fills up,
the search stops, the table is rebuilt four times larger and the call starts again
(everything solved so far is kept).

Finding the regions a domino leaves is much of the work, so the Cram search looks round
each domino first: what is left has at most as many pieces as there are arcs of free cells in
the ring of ten cells round the domino (a path through the domino can go round it within
an arc).  One arc: what is left is one region, found without a search for its cells.  The
arcs of every domino of a region are counted at once, on whole words (Cram's stencil,
:func:`grundy.boards.cram_stencil._pieces_left`).

:func:`count_placements` counts the positions of Cram on a board of any size (the sets of
dominoes that fit), the size of the search that is checked before one starts.

>>> from grundy.boards.set_search import nim_value
>>> nim_value(0b111111, 2, 3), nim_value((1 << 25) - 1, 5, 5)
(1, 0)
"""

from __future__ import annotations

from typing import Any, ClassVar, Self

import numpy as np
from numba import njit, types
from numba.extending import intrinsic

from grundy.caches import register
from grundy.compiled import CACHING

#: The most cells a frame may have (one 64-bit word).
MAX_CELLS = 64

_U = np.uint64
_ZERO = _U(0)
_ONE = _U(1)
_ALL = _U(0xFFFF_FFFF_FFFF_FFFF)
_GOLDEN = _U(0x9E37_79B9_7F4A_7C15)
_MIX = _U(0xBF58_476D_1CE4_E5B9)

# Statuses below zero: the table is too full to take a region; the search paused to let
# its caller look at the clock.
_FULL = -1
_PAUSED = -3

# A slot's tag is width * 256 + value: never 0 (the width is at least 1), and a Cram value
# is at most the number of places for a domino, 112 on 64 cells.  A "value" of 128 or more
# keeps instead, in its low 7 bits, values from 0 to 6 the region is known not to have.
_TAG_SHIFT = 8
_TAG_VALUE = 255
_ABSENT = 128

# The table is rebuilt once this fraction of it is used, to keep probe chains short.
_LOAD_NUM, _LOAD_DEN = 5, 8
_FIRST_LOG = 16

# A table past this many slots is dropped when a new piece of work begins (see
# set_search._start_work): a long-lived process (the web server) would otherwise keep every
# region it ever met.  A search may still grow the table past it, as its bound was checked
# before.
_KEPT = 1 << 23


# -- bits ----------------------------------------------------------------------------------

@njit(cache=CACHING)
def _low(n):  # type: ignore[no-untyped-def]
    # Shifting a 64-bit word by 64 is undefined, so the full mask is a special case.
    if n >= 64:
        return _ALL
    return (_ONE << _U(n)) - _ONE


# Bits are counted by the processor's own instructions, through LLVM's intrinsics (which
# fall back to plain code on a processor without them).  Compiled code calls an intrinsic
# with the word alone (numba supplies the typing context), which the type checker can't see.

@intrinsic
def _count_ones(typingctx, x):  # type: ignore[no-untyped-def]
    def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
        return builder.ctpop(args[0])
    return types.uint64(types.uint64), codegen


@intrinsic
def _count_trailing(typingctx, x):  # type: ignore[no-untyped-def]
    def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
        return builder.cttz(args[0], context.get_constant(types.boolean, False))
    return types.uint64(types.uint64), codegen


@intrinsic
def _count_leading(typingctx, x):  # type: ignore[no-untyped-def]
    def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
        return builder.ctlz(args[0], context.get_constant(types.boolean, False))
    return types.uint64(types.uint64), codegen


@njit(cache=CACHING)
def _popcount(x):  # type: ignore[no-untyped-def]
    return np.int64(_count_ones(x))  # type: ignore[call-arg]


@njit(cache=CACHING)
def _trailing_zeros(x):  # type: ignore[no-untyped-def]
    return np.int64(_count_trailing(x))  # type: ignore[call-arg]


@njit(cache=CACHING)
def _bit_length(x):  # type: ignore[no-untyped-def]
    return 64 - np.int64(_count_leading(x))  # type: ignore[call-arg]


@njit(cache=CACHING)
def _up(x, n):  # type: ignore[no-untyped-def]
    # Shifts by 64 or more (or below 0) are undefined in a 64-bit word; they leave nothing.
    return x << _U(n) if 0 <= n < 64 else _ZERO


@njit(cache=CACHING)
def _down(x, n):  # type: ignore[no-untyped-def]
    return x >> _U(n) if 0 <= n < 64 else _ZERO


@njit(cache=CACHING)
def _reverse(x):  # type: ignore[no-untyped-def]
    x = ((x >> _ONE) & _U(0x5555_5555_5555_5555)) | ((x & _U(0x5555_5555_5555_5555)) << _ONE)
    x = ((x >> _U(2)) & _U(0x3333_3333_3333_3333)) | ((x & _U(0x3333_3333_3333_3333)) << _U(2))
    x = ((x >> _U(4)) & _U(0x0F0F_0F0F_0F0F_0F0F)) | ((x & _U(0x0F0F_0F0F_0F0F_0F0F)) << _U(4))
    x = ((x >> _U(8)) & _U(0x00FF_00FF_00FF_00FF)) | ((x & _U(0x00FF_00FF_00FF_00FF)) << _U(8))
    x = ((x >> _U(16)) & _U(0x0000_FFFF_0000_FFFF)) | ((x & _U(0x0000_FFFF_0000_FFFF))
                                                        << _U(16))
    return (x >> _U(32)) | (x << _U(32))


# -- frames and their symmetries -----------------------------------------------------------

@njit(cache=CACHING)
def _not_last_column(h, w):  # type: ignore[no-untyped-def]
    row = _low(w - 1)
    mask = _ZERO
    for r in range(h):
        mask |= row << _U(r * w)
    return mask


@njit(cache=CACHING)
def _flip_rows(x, h, w):  # type: ignore[no-untyped-def]
    row = _low(w)
    flipped = _ZERO
    for r in range(h):
        flipped |= ((x >> _U(r * w)) & row) << _U((h - 1 - r) * w)
    return flipped


@njit(cache=CACHING)
def _transpose(x, h, w):  # type: ignore[no-untyped-def]
    row = _low(w)
    turned = _ZERO
    for r in range(h):
        line = (x >> _U(r * w)) & row
        while line:
            turned |= _ONE << _U(_trailing_zeros(line) * h + r)
            line &= line - _ONE
    return turned


@njit(cache=CACHING)
def _least_image(x, h, w):  # type: ignore[no-untyped-def]
    # The half turn reverses the whole word; with the row flip it gives the column flip.
    spare = _U(64 - h * w)
    flipped = _flip_rows(x, h, w)
    return min(x, flipped, _reverse(x) >> spare, _reverse(flipped) >> spare)


# Row of a bit: its index times 4096 / w, rounded up, shifted back by 12 bits (exact for
# indices below 64), which is much cheaper than a division.
_RECIPROCALS = np.array([0] + [-(-4096 // w) for w in range(1, MAX_CELLS + 1)], np.int64)


@njit(cache=CACHING, inline='always')
def _crop(x, h, w):  # type: ignore[no-untyped-def]
    reciprocal = _RECIPROCALS[w]
    top = (_trailing_zeros(x) * reciprocal) >> 12
    bottom = ((_bit_length(x) - 1) * reciprocal) >> 12
    # The columns in use: every row folded onto the first.
    used = x
    span = w
    while span < h * w:
        used |= used >> _U(span)
        span <<= 1
    used &= _low(w)
    left = _trailing_zeros(used)
    nh = bottom - top + 1
    nw = _bit_length(used) - left
    x >>= _U(top * w + left)
    if nw == w:
        return x, nh, nw
    narrow = _low(nw)
    y = _ZERO
    for r in range(nh):
        y |= ((x >> _U(r * w)) & narrow) << _U(r * nw)
    return y, nh, nw


@njit(cache=CACHING)
def _fold(y, nh, nw):  # type: ignore[no-untyped-def]
    if nh > nw:
        y = _transpose(y, nh, nw)
        nh, nw = nw, nh
    best = _least_image(y, nh, nw)
    if nh == nw:
        best = min(best, _least_image(_transpose(y, nh, nw), nh, nw))
    return best, nh, nw


# -- the table -----------------------------------------------------------------------------

@njit(cache=CACHING)
def _slot(key, w, keys, tags):  # type: ignore[no-untyped-def]
    """The slot holding the region ``key`` of width ``w``, or the free slot where it goes."""
    mask = len(keys) - 1
    shift = _U(64 - _popcount(_U(mask)))
    i = np.int64(((key ^ (_U(w) * _MIX)) * _GOLDEN) >> shift)
    while True:
        tag = tags[i]
        if tag == 0 or (keys[i] == key and tag >> _TAG_SHIFT == w):
            return i
        i = (i + 1) & mask


@njit(cache=CACHING)
def _has_room(used, size):  # type: ignore[no-untyped-def]
    """Whether a table of ``size`` slots with ``used`` taken may take one more."""
    return used * _LOAD_DEN < size * _LOAD_NUM


@njit(cache=CACHING)
def _put(i, key, w, value, keys, tags, used):  # type: ignore[no-untyped-def]
    """Keep ``value`` for the region ``key`` of width ``w`` in slot ``i``, free or its own."""
    # Straight-line code that only indexes its arrays: numba keeps no reference counts here.
    if not tags[i]:
        used[0] += 1
    keys[i] = key
    tags[i] = (w << _TAG_SHIFT) | value


@njit(cache=CACHING)
def _rehash(keys, tags, new_keys, new_tags):  # type: ignore[no-untyped-def]
    for i in range(len(keys)):
        tag = tags[i]
        if tag:
            j = _slot(keys[i], tag >> _TAG_SHIFT, new_keys, new_tags)
            new_keys[j] = keys[i]
            new_tags[j] = tag


# -- the games -----------------------------------------------------------------------------

#: Cram: a play is a domino on two free cells side by side; regions are joined side by side
#: (its stencil: :mod:`grundy.boards.cram_stencil`).
CRAM = 0
#: Kings: a play is a king, which takes its cell and the (up to) eight round it out of play;
#: regions are joined by king steps (:mod:`grundy.boards.kings_stencil`).
KINGS = 1

#: The names of the games the kernel knows, by kind (their stencils, in the same order:
#: :data:`grundy.boards.compiled_games.STENCILS`).
GAMES = ("cram", "kings")


@njit(cache=CACHING)
def _half_turn_symmetric(x, h, w):  # type: ignore[no-untyped-def]
    """Whether the cells ``x``, cut down to their ``h x w`` box, are their own image under
    the half turn (the first condition of the symmetry strategy; each game's stencil says
    which plays meet their own image)."""
    return _reverse(x) >> _U(64 - h * w) == x


# -- the size of a search ------------------------------------------------------------------

@njit(cache=CACHING)
def _add_saturated(a, b):  # type: ignore[no-untyped-def]
    # A count too big for a word stays at the largest word, never taken for a small one.
    total = a + b
    return total if total >= b else _ALL


@njit(cache=CACHING)
def _count_placements(free, w):  # type: ignore[no-untyped-def]
    # Cell by cell in rows of width w, remembering which of the next w cells a vertical
    # domino already covers.  Every partial placement extends to a whole one, so no count on
    # the way exceeds the answer, and a saturated answer is the only sign of overflow.
    counts = np.zeros(1 << w, np.uint64)
    after = np.zeros(1 << w, np.uint64)
    counts[0] = 1
    high = 1 << (w - 1)
    for i in range(len(free)):
        right = free[i] and i % w + 1 < w and free[i + 1]
        below = free[i] and i + w < len(free) and free[i + w]
        after[:] = 0
        for profile in range(1 << w):
            ways = counts[profile]
            if not ways:
                continue
            # The cell is covered from above, used or left empty; or a domino starts on it.
            rest = profile >> 1
            after[rest] = _add_saturated(after[rest], ways)
            if profile & 1:
                continue
            if right and not rest & 1:
                after[rest | 1] = _add_saturated(after[rest | 1], ways)
            if below:
                after[rest | high] = _add_saturated(after[rest | high], ways)
        counts, after = after, counts
    total = _ZERO
    for ways in counts:
        total = _add_saturated(total, ways)
    return total


def count_placements(lines: list[str]) -> int | None:
    """How many sets of non-overlapping dominoes fit on the ``1`` cells of ``lines`` (rows of
    one length, the empty set included): the positions of Cram a search of them may meet;
    None when the number does not fit in 64 bits.  Time O(cells * 2^width), so the rows are
    best the narrow side of the board.

    >>> count_placements(["11", "11"]), count_placements(["111"]), count_placements(["101"])
    (7, 3, 1)
    """
    width = len(lines[0]) if lines else 0
    if not width:
        return 1
    free = np.frombuffer("".join(lines).encode(), np.uint8) == ord("1")
    total = _count_placements(free, width)
    return None if total == _ALL else int(total)


class _Table:
    """A table of solved regions: keys, tags, and how many slots are used, how many regions
    (up to symmetry) were solved and how many plays were tried.

    A table is never resized in place: a caller in another thread (the web server's) holds
    either the old arrays or the new ones, never one of each.
    """

    #: Words of key per slot.
    words: ClassVar[int] = 1
    #: The slots of a new table.
    first_size: ClassVar[int] = 1 << _FIRST_LOG

    def __init__(self, size: int = 0) -> None:
        size = size or self.first_size
        self.keys: np.ndarray[Any, np.dtype[np.uint64]] = np.zeros(self.words * size,
                                                                   np.uint64)
        self.tags: np.ndarray[Any, np.dtype[np.int16]] = np.zeros(size, np.int16)
        self.used: np.ndarray[Any, np.dtype[np.int64]] = np.zeros(3, np.int64)

    def grown(self) -> Self:
        """A table four times larger holding every region of this one."""
        bigger = type(self)(4 * len(self.tags))
        self.rehash(bigger)
        bigger.used[:] = self.used
        return bigger

    def rehash(self, bigger: Self) -> None:
        """Put every region of this table into ``bigger``."""
        _rehash(self.keys, self.tags, bigger.keys, bigger.tags)

    def bytes(self) -> int:
        """The memory the table holds."""
        return int(self.keys.nbytes + self.tags.nbytes)


# One table per game: a region's bits mean different things in each.
_tables = [_Table() for _ in GAMES]


def _check(cells: int, rows: int, cols: int, kind: int) -> None:
    if not 0 <= kind < len(GAMES):
        raise ValueError(f"game kind {kind} is none of {len(GAMES)} kinds (region_kernel.GAMES)")
    if rows < 1 or cols < 1 or rows * cols > MAX_CELLS:
        raise ValueError(f"a {rows}x{cols} frame is not 1 to {MAX_CELLS} cells")
    if cells < 0 or cells >> (rows * cols):
        raise ValueError(f"cells {cells:#x} do not fit a {rows}x{cols} frame")


def memo_size(kind: int = CRAM) -> int:
    """How many regions (up to symmetry) the table of the game ``kind`` holds.

    >>> from grundy.boards.set_search import nim_value
    >>> clear_memo()
    >>> memo_size(), nim_value(0b1111, 2, 2), memo_size()
    (0, 0, 1)
    """
    return int(_tables[kind].used[1])


def clear_memo() -> None:
    """Forget every solved region (for cold timings, or to free the tables' memory)."""
    _tables[:] = [_Table() for _ in GAMES]


register("board regions", clear_memo, lambda: sum(memo_size(kind) for kind in range(len(GAMES))))
