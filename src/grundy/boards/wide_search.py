"""The set search on frames of up to 128 cells: regions in two words, handed to one word
as soon as their box fits it.

The search is :mod:`grundy.boards.set_search`'s (a region asked for its value only when it
lies in a set of values, options the table values first, then the others easiest first), on
regions of two 64-bit words (:mod:`grundy.boards.wide_kernel`) with the wide hooks of the
game's stencil (:mod:`grundy.boards.stencil`; Cram gives them).  Every region is cut to its
box first; one whose box holds at most 64 cells is asked of the one-word search, with the
one-word table, so only the regions that still span more than 64 cells are searched here
(kept in a table of their own).  Positions are not simplified on two words (Cram's
simplifications are one-word code); a region handed to one word simplifies its options
there.

>>> nim_value((1 << 72) - 1, 6, 12)  # the half turn answers every domino
0
>>> corners = 0b111 | 0b111 << 78  # a row of three in two corners of a 9x9 frame
>>> nim_value(corners, 9, 9), nim_value(corners | 1 << 40, 9, 9)
(0, 0)
"""

from __future__ import annotations

import numpy as np
from numba import njit

from grundy.boards import region_kernel as kernel
from grundy.boards import set_search
from grundy.boards.compiled_games import STENCILS
from grundy.boards.region_kernel import (
    _ABSENT,
    _ALL,
    _TAG_VALUE,
    _U,
    _ZERO,
    CRAM,
    _has_room,
    _low,
)
from grundy.boards.set_search import (
    _FULL,
    _MOST_PARTS,
    _OUT,
    _PAUSED,
    _asked_of_last,
    _known,
    _take,
    _up_to,
    _up_to_value,
    _value_in,
    _value_left,
    _without_largest,
)
from grundy.boards.stencil import (
    anchors2,
    live2,
    mirror_wins2,
    next_part2,
    rest2,
    smallest_searched,
)
from grundy.boards.wide_kernel import (
    MAX_SIDE,
    MAX_WIDE_CELLS,
    WideTable,
    _count2,
    _crop2,
    _fold2,
    _lowest2,
    _not_last_column2,
    _put2,
    _slot2,
)
from grundy.budget import Watch, current_work
from grundy.caches import register
from grundy.compiled import CACHING

# The table of wide regions is full (the one-word table full is set_search's _FULL).
_FULL_WIDE = -5

__all__ = ["CRAM", "NotWide", "nim_value", "value_in", "value_is", "wins"]


@njit(cache=CACHING)
def _known2(game, lo, hi, h, w, keys, tags, wkeys, wtags,  # type: ignore[no-untyped-def]
            narrow):
    """The value of a region when a table holds it (the one-word table when its box has at
    most ``narrow`` cells), else -1."""
    y_lo, y_hi, yh, yw = _crop2(lo, hi, h, w)
    if yh * yw <= narrow:
        return _known(y_lo, yh, yw, keys, tags)
    tag = wtags[_slot2(y_lo, y_hi, yw, wkeys, wtags)]
    if tag and tag & _TAG_VALUE < _ABSENT:
        return np.int64(tag & _TAG_VALUE)
    k_lo, k_hi, _, kw = _fold2(y_lo, y_hi, yh, yw)
    tag = wtags[_slot2(k_lo, k_hi, kw, wkeys, wtags)]
    if tag and tag & _TAG_VALUE < _ABSENT:
        return np.int64(tag & _TAG_VALUE)
    return np.int64(-1)


@njit(cache=CACHING)
def _parts_of2(game, lo, hi, h, w, nl_lo, nl_hi, keys, tags, wkeys,  # type: ignore[no-untyped-def]
               wtags, parts, narrow):
    """Split a position into its regions: the xor of the values the tables know, and the
    others in ``parts`` (two words each; how many is returned second)."""
    total = 0
    count = 0
    while lo or hi:
        p_lo, p_hi = next_part2(game, lo, hi, h, w, nl_lo, nl_hi)
        lo &= ~p_lo
        hi &= ~p_hi
        if _count2(p_lo, p_hi) < smallest_searched(game):
            total ^= 1
            continue
        value = _known2(game, p_lo, p_hi, h, w, keys, tags, wkeys, wtags, narrow)
        if value >= 0:
            total ^= value
        else:
            parts[2 * count] = p_lo
            parts[2 * count + 1] = p_hi
            count += 1
    return total, count


@njit(cache=CACHING)
def _after2(game, lo, hi, h, w, nl_lo, nl_hi, f_lo, f_hi, shape):  # type: ignore[no-untyped-def]
    r_lo, r_hi = rest2(game, lo, hi, f_lo, f_hi, w, nl_lo, nl_hi, shape)
    return live2(game, r_lo, r_hi, h, w, nl_lo, nl_hi)


@njit(cache=CACHING)
def _exclude2(lo, hi, w, want_lo, want_hi, may_lo, wkeys, wtags,  # type: ignore[no-untyped-def]
              wused):
    """As set_search._exclude, in the table of wide regions."""
    top_lo, _ = _up_to(want_lo, want_hi)
    absent = np.int64(top_lo & ~may_lo & _U(_ABSENT - 1))
    i = _slot2(lo, hi, w, wkeys, wtags)
    if not wtags[i]:
        if not absent:
            return np.int64(_OUT)
        if not _has_room(wused[0], len(wtags)):
            return np.int64(_FULL_WIDE)
    _put2(i, lo, hi, w, _ABSENT | (wtags[i] & (_ABSENT - 1)) | absent, wkeys, wtags, wused)
    return np.int64(_OUT)


@njit(cache=CACHING, inline='always')
def _looked_up2(y_lo, y_hi, yh, yw, wkeys, wtags, wused):  # type: ignore[no-untyped-def]
    """As set_search._looked_up, in the table of wide regions."""
    met = _slot2(y_lo, y_hi, yw, wkeys, wtags)
    tag = wtags[met]
    if tag and tag & _TAG_VALUE < _ABSENT:
        return np.int64(tag & _TAG_VALUE), y_lo, y_hi, yh, yw, _ZERO
    x_lo, x_hi, h, w = _fold2(y_lo, y_hi, yh, yw)
    home = wtags[_slot2(x_lo, x_hi, w, wkeys, wtags)]
    if home and home & _TAG_VALUE < _ABSENT:
        value = home & _TAG_VALUE
        if (not tag or tag & _TAG_VALUE >= _ABSENT) and _has_room(wused[0], len(wtags)):
            _put2(met, y_lo, y_hi, yw, value, wkeys, wtags, wused)
        return np.int64(value), x_lo, x_hi, h, w, _ZERO
    return np.int64(-1), x_lo, x_hi, h, w, _U((home | tag) & (_ABSENT - 1))


@njit(cache=CACHING, inline='always')
def _first_pass2(game, x_lo, x_hi, h, w, nl_lo, nl_hi, starts, mirrored, plays, may_lo,  # type: ignore[no-untyped-def]
                 may_hi, want_lo, want_hi, keys, tags, wkeys, wtags, parts, narrow):
    """As set_search._first_pass, on two words (anchors in ``firsts`` two words each)."""
    firsts = np.empty(2 * plays, np.uint64)
    shapes = np.empty(plays, np.int64)
    costs = np.empty(plays, np.int64)
    left = 0
    for shape in range(len(starts)):
        m_lo, m_hi = (_ZERO, _ZERO) if mirrored else starts[shape]
        while m_lo or m_hi:
            f_lo, f_hi = _lowest2(m_lo, m_hi)
            m_lo ^= f_lo
            m_hi ^= f_hi
            a_lo, a_hi = _after2(game, x_lo, x_hi, h, w, nl_lo, nl_hi, f_lo, f_hi, shape)
            if not a_lo and not a_hi:
                value, count = 0, 0
            else:
                b_lo, b_hi, bh, bw = _crop2(a_lo, a_hi, h, w)
                if mirror_wins2(game, b_lo, b_hi, bh, bw):
                    value, count = 0, 0
                else:
                    value, count = _parts_of2(game, a_lo, a_hi, h, w, nl_lo, nl_hi, keys,
                                              tags, wkeys, wtags, parts, narrow)
            if count == 0:
                may_lo, may_hi = _take(value, may_lo, may_hi)
                if not (may_lo & want_lo) and not (may_hi & want_hi):
                    return firsts, shapes, left, may_lo, may_hi, True
                continue
            cost = 0
            for k in range(count):
                size = _count2(parts[2 * k], parts[2 * k + 1])
                cost += size * size
            k = left
            while k > 0 and costs[k - 1] > cost:
                firsts[2 * k], firsts[2 * k + 1] = firsts[2 * k - 2], firsts[2 * k - 1]
                shapes[k], costs[k] = shapes[k - 1], costs[k - 1]
                k -= 1
            firsts[2 * k], firsts[2 * k + 1], shapes[k], costs[k] = f_lo, f_hi, shape, cost
            left += 1
    return firsts, shapes, left, may_lo, may_hi, False


@njit(cache=CACHING)
def _value_in2(game, lo, hi, h, w, want_lo, want_hi, keys, tags, used,  # type: ignore[no-untyped-def]
               wkeys, wtags, wused, quota, narrow):
    """The value of the region ``(lo, hi)`` of an ``h x w`` frame when it is in the set
    ``want`` (or known anyway), else ``_OUT``; ``_FULL``, ``_FULL_WIDE`` or ``_PAUSED`` when
    the search must stop.  As set_search._value_in, on two words; a region whose box has at
    most ``narrow`` cells (64, or 0 to search everything on two words) is asked of it."""
    if _count2(lo, hi) < smallest_searched(game):
        return np.int64(1)
    y_lo, y_hi, yh, yw = _crop2(lo, hi, h, w)
    if yh * yw <= narrow:
        return _value_in(game, y_lo, yh, yw, want_lo, want_hi, keys, tags, used, quota)
    value, x_lo, x_hi, h, w, absent = _looked_up2(y_lo, y_hi, yh, yw, wkeys, wtags, wused)
    if value >= 0:
        return value
    want_lo &= ~absent
    if not want_lo and not want_hi:
        return np.int64(_OUT)
    if used[2] >= quota:
        return np.int64(_PAUSED)
    used[2] += 1
    nl_lo, nl_hi = _not_last_column2(h, w)
    mirrored = mirror_wins2(game, x_lo, x_hi, h, w)
    starts = anchors2(game, x_lo, x_hi, h, w, nl_lo, nl_hi)
    plays = 0
    if not mirrored:
        for moves in starts:
            plays += _count2(moves[0], moves[1])
    may_lo, may_hi = _low(plays + 1), _low(plays + 1 - 64) if plays >= 64 else _ZERO
    parts = np.empty(2 * _MOST_PARTS, np.uint64)
    firsts, shapes, left, may_lo, may_hi, done = _first_pass2(
        game, x_lo, x_hi, h, w, nl_lo, nl_hi, starts, mirrored, plays, may_lo, may_hi, want_lo,
        want_hi, keys, tags, wkeys, wtags, parts, narrow)
    if done:
        return _exclude2(x_lo, x_hi, w, want_lo, want_hi, may_lo, wkeys, wtags, wused)
    exact = True
    for m in range(left):
        if not (may_lo & want_lo) and not (may_hi & want_hi):
            return _exclude2(x_lo, x_hi, w, want_lo, want_hi, may_lo, wkeys, wtags, wused)
        a_lo, a_hi = _after2(game, x_lo, x_hi, h, w, nl_lo, nl_hi, firsts[2 * m],
                             firsts[2 * m + 1], shapes[m])
        total, count = _parts_of2(game, a_lo, a_hi, h, w, nl_lo, nl_hi, keys, tags, wkeys,
                                  wtags, parts, narrow)
        last = count - 1
        for k in range(count - 1):
            if _count2(parts[2 * k], parts[2 * k + 1]) > _count2(parts[2 * last],
                                                                 parts[2 * last + 1]):
                parts[2 * k], parts[2 * last] = parts[2 * last], parts[2 * k]
                parts[2 * k + 1], parts[2 * last + 1] = parts[2 * last + 1], parts[2 * k + 1]
        for k in range(count - 1):
            bound = 0
            while True:
                ask_lo, ask_hi = _up_to_value(bound)
                found = _value_in2(game, parts[2 * k], parts[2 * k + 1], h, w, ask_lo, ask_hi,
                                   keys, tags, used, wkeys, wtags, wused, quota, narrow)
                if found != _OUT:
                    break
                bound += 1
            if found < 0:
                return found
            total ^= found
        if count == 0:
            found = np.int64(0)
        else:
            ask_lo, ask_hi = _asked_of_last(may_lo, may_hi, want_lo, want_hi, total)
            found = _value_in2(game, parts[2 * last], parts[2 * last + 1], h, w, ask_lo,
                               ask_hi, keys, tags, used, wkeys, wtags, wused, quota, narrow)
        if found == _OUT:
            may_lo, may_hi = _without_largest(may_lo, may_hi)
            exact = False
        elif found < 0:
            return found
        else:
            may_lo, may_hi = _take(found ^ total, may_lo, may_hi)
    return _settled2(x_lo, x_hi, w, y_lo, y_hi, yw, may_lo, may_hi, want_lo, want_hi, exact,
                     wkeys, wtags, wused)


@njit(cache=CACHING, inline='always')
def _settled2(x_lo, x_hi, w, y_lo, y_hi, yw, may_lo, may_hi, want_lo, want_hi, exact,  # type: ignore[no-untyped-def]
              wkeys, wtags, wused):
    """As set_search._settled, in the table of wide regions (``_FULL_WIDE`` when full)."""
    value, in_reach = _value_left(may_lo, may_hi, want_lo, want_hi)
    if not exact and not in_reach:
        return _exclude2(x_lo, x_hi, w, want_lo, want_hi,
                         _ALL << _U(value) if value < 64 else _ZERO, wkeys, wtags, wused)
    if not _has_room(wused[0], len(wtags)):
        return np.int64(_FULL_WIDE)
    _put2(_slot2(x_lo, x_hi, w, wkeys, wtags), x_lo, x_hi, w, value, wkeys, wtags, wused)
    wused[1] += 1
    met = _slot2(y_lo, y_hi, yw, wkeys, wtags)
    if (not wtags[met] or wtags[met] & _TAG_VALUE >= _ABSENT) and _has_room(
            wused[0], len(wtags)):
        _put2(met, y_lo, y_hi, yw, value, wkeys, wtags, wused)
    return np.int64(value)


@njit(cache=CACHING)
def _regions2(game, lo, hi, rows, cols):  # type: ignore[no-untyped-def]
    """The regions of the free cells that some play may take, two words each."""
    nl_lo, nl_hi = _not_last_column2(rows, cols)
    lo, hi = live2(game, lo, hi, rows, cols, nl_lo, nl_hi)
    found = np.empty(2 * rows * cols, np.uint64)
    count = 0
    while lo or hi:
        p_lo, p_hi = next_part2(game, lo, hi, rows, cols, nl_lo, nl_hi)
        lo &= ~p_lo
        hi &= ~p_hi
        found[2 * count], found[2 * count + 1] = p_lo, p_hi
        count += 1
    return found[:2 * count]


# -- in Python: tables, the clock, the questions -------------------------------------------

# One table of wide regions per game, beside the one-word tables of region_kernel.
_wide_tables = [WideTable() for _ in kernel.GAMES]
_work: list[object] = [None] * len(kernel.GAMES)
_MASK = (1 << 64) - 1

#: Regions whose box has at most this many cells are searched on one word (the tests set it
#: to 0 to search everything on two words, and compare).
NARROW = 64


def clear_memo() -> None:
    """Forget every solved wide region."""
    _wide_tables[:] = [WideTable() for _ in kernel.GAMES]


def memo_size(kind: int = CRAM) -> int:
    """How many wide regions (up to symmetry) the table of the game ``kind`` holds."""
    return int(_wide_tables[kind].used[1])


register("wide board regions", clear_memo,
         lambda: sum(memo_size(kind) for kind in range(len(kernel.GAMES))))


class NotWide(ValueError):
    """A frame or game the wide search does not take."""


def _check(cells: int, rows: int, cols: int, kind: int) -> None:
    if not 0 <= kind < len(kernel.GAMES):
        raise NotWide(f"game kind {kind} is none of {len(kernel.GAMES)} kinds")
    if not STENCILS[kind].wide:
        raise NotWide(f"{kernel.GAMES[kind]} has no wide search (its stencil gives no wide "
                      "hooks)")
    if rows < 1 or cols < 1 or rows * cols > MAX_WIDE_CELLS or max(rows, cols) > MAX_SIDE:
        raise NotWide(f"a {rows}x{cols} frame is not 1 to {MAX_WIDE_CELLS} cells with sides "
                      f"of at most {MAX_SIDE}")
    if cells < 0 or cells >> (rows * cols):
        raise NotWide(f"cells {cells:#x} do not fit a {rows}x{cols} frame")


def _start_work(kind: int) -> None:
    set_search._start_work(kind)
    work = current_work()
    if work is not _work[kind]:
        _work[kind] = work
        if _wide_tables[kind].used[0] > kernel._KEPT:
            _wide_tables[kind] = WideTable()


def _ask(part: int, rows: int, cols: int, kind: int, wanted: tuple[int, int],
         watch: Watch) -> int:
    """One region's value if in ``wanted`` (two words), else ``_OUT``; called again after
    growing a full table or looking at the clock."""
    want_lo, want_hi = _U(wanted[0]), _U(wanted[1])
    lo, hi = _U(part & _MASK), _U(part >> 64)
    while True:
        table, wide = kernel._tables[kind], _wide_tables[kind]
        try:
            found = int(_value_in2(STENCILS[kind], lo, hi, rows, cols, want_lo, want_hi,
                                   table.keys, table.tags, table.used, wide.keys, wide.tags,
                                   wide.used, table.used[2] + set_search._CHUNK, NARROW))
        except KeyboardInterrupt:
            raise watch.interrupted(int(table.used[2]),
                                    int(table.used[1] + wide.used[1])) from None
        if found == _FULL:
            kernel._tables[kind] = table.grown()
        elif found == _FULL_WIDE:
            _wide_tables[kind] = wide.grown()
        elif found == _PAUSED:
            watch.tick(int(table.used[2]), int(table.used[1] + wide.used[1]),
                       table.bytes() + wide.bytes())
        else:
            return found


def _full(part: int, rows: int, cols: int, kind: int, watch: Watch) -> int:
    return set_search._full_by(_ask, part, rows, cols, kind, watch)


def _prepared(cells: int, rows: int, cols: int, kind: int) -> tuple[list[int], int, Watch]:
    _check(cells, rows, cols, kind)
    _start_work(kind)
    watch = Watch(f"solving {kernel.GAMES[kind]} on {rows}x{cols} cells")
    words = _regions2(STENCILS[kind], _U(cells & _MASK), _U(cells >> 64), rows, cols)
    parts = sorted((int(words[i]) | int(words[i + 1]) << 64 for i in range(0, len(words), 2)),
                   key=int.bit_count)
    total = 0
    for part in parts[:-1]:
        total ^= _full(part, rows, cols, kind, watch)
    return parts, total, watch


def value_in(cells: int, rows: int, cols: int, kind: int, wanted: int) -> int | None:
    """As :func:`grundy.boards.set_search.value_in`, on frames of up to 128 cells (sides of
    at most 64) of a game whose stencil gives the wide hooks.

    >>> value_in(0b1111 << 70, 8, 10, CRAM, wanted=0b110)
    2
    """
    prepared = _prepared(cells, rows, cols, kind)
    return set_search._value_of_regions(_ask, prepared, rows, cols, kind, wanted)


def nim_value(cells: int, rows: int, cols: int, kind: int = CRAM) -> int:
    """As :func:`grundy.boards.set_search.nim_value`, on frames of up to 128 cells.

    >>> nim_value(0b11111 | 0b11 << 60, 1, 64), nim_value(0b1111 << 96, 8, 16)
    (1, 2)
    """
    parts, total, watch = _prepared(cells, rows, cols, kind)
    return total ^ _full(parts[-1], rows, cols, kind, watch) if parts else 0


def wins(cells: int, rows: int, cols: int, kind: int = CRAM) -> bool:
    """Whether the player to move wins, on frames of up to 128 cells."""
    return value_in(cells, rows, cols, kind, wanted=1) is None


def value_is(cells: int, rows: int, cols: int, kind: int, target: int) -> bool:
    """Whether the nim-value is ``target``, on frames of up to 128 cells."""
    return target < 128 and value_in(cells, rows, cols, kind, 1 << target) is not None
