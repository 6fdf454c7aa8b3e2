"""The nim-value of a region when it lies in a set of asked values (Beling and Rogalski's pruning).

A region's nim-value is rarely needed in full: who wins a region asks only whether its value
is 0, and an option that falls apart into the regions ``A + B`` of a region asked whether its
value is ``k`` needs ``B``'s value only if it is ``k ^ value(A)``.  :func:`value_in` asks a
region for its value *if it lies in a set* ``R`` of values, and gets either the value or the
answer "not in ``R``" (P. Beling and M. Rogalski, *On pruning search trees of impartial
games*, Artificial Intelligence 283 (2020) 103262, their "BR" search; it refines Lemoine and
Viennot's *Nimbers are inevitable*, Theoretical Computer Science 462 (2012)).

The search keeps the set ``P`` of values the region may still have: a region with ``n``
plays has a value of at most ``n``, so ``P`` starts as ``{0, ..., n}``, and every option
takes exactly one value out of it, its own when it is known and in ``P``, else the largest;
after all the options one value is left.  An option is asked only for the values of ``P``
that may still matter (``P`` without its largest, up to the largest asked), and the search
stops as soon as ``P`` no longer meets ``R``.  Options that fall apart are asked the same way:
every region but the last (the largest) is valued in full, asked for the values up to 0,
then up to 1, and so on (each search pruned by its bound), and the last is asked for the
asked values xor the others' values.  The plays are tried in two passes: first every option
whose regions the table holds (their values leave ``P`` at no cost), then the others,
easiest first (the sum of the squares of their unknown regions' sizes).

Exact values go to the table of :mod:`grundy.boards.region_kernel` (normalised regions, as
there); what a search learns without the value, that it is none of some of the values 0 to 6,
goes to the same slot in place of a value, so that asking the same again costs one look-up.
Regions are simplified before they are looked up, as the game's stencil says
(:mod:`grundy.boards.stencil`; Cram's drops cells that change no value).  The search is one
piece of code for every game: what a play takes, how regions hang together and when the
symmetry strategy settles a region are asked of the stencil, compiled in.  The search is
recursive; it stops (and is called again, everything learnt kept) when the table is full,
which grows it, and after a number of searched regions, so that the caller can look at the
clock.

>>> value_in((1 << 25) - 1, 5, 5, CRAM, wanted=0b1), value_in((1 << 20) - 1, 4, 5, CRAM, 1 << 2)
(0, 2)
>>> value_in((1 << 20) - 1, 4, 5, CRAM, wanted=0b11) is None
True
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from numba import njit

from grundy.boards import region_kernel as kernel
from grundy.boards.compiled_games import STENCILS
from grundy.boards.region_kernel import (
    _ABSENT,
    _ALL,
    _ONE,
    _TAG_VALUE,
    _U,
    _ZERO,
    CRAM,
    KINGS,  # noqa: F401 (the doctests name it)
    _bit_length,
    _crop,
    _fold,
    _has_room,
    _low,
    _not_last_column,
    _popcount,
    _put,
    _slot,
    _trailing_zeros,
)
from grundy.boards.stencil import (
    anchors,
    live,
    mirror_wins,
    next_part,
    rest,
    simplified,
    single_plays,
    smallest_searched,
)
from grundy.budget import Watch, current_work
from grundy.compiled import CACHING

# Answers below zero: the value is not among those asked; a table is full; the quota of
# searched regions is reached.  The last two stop the whole search (it is called again).
_OUT = -4
_FULL = kernel._FULL
_PAUSED = kernel._PAUSED

# The most regions a play may leave, in any game (kings: a king's area cuts a region in
# at most 8); a stencil must keep to it (grundy.boards.stencil).
_MOST_PARTS = 8


# -- sets of values: two words, values 0 to 127 --------------------------------------------

@njit(cache=CACHING, inline='always')
def _without_largest(lo, hi):  # type: ignore[no-untyped-def]
    if hi:
        return lo, hi & ~(_ONE << _U(_bit_length(hi) - 1))
    if lo:
        return lo & ~(_ONE << _U(_bit_length(lo) - 1)), hi
    return lo, hi


@njit(cache=CACHING, inline='always')
def _take(value, lo, hi):  # type: ignore[no-untyped-def]
    """``value`` out of the set when it is in it, else the set's largest value."""
    if value < 64:
        bit = _ONE << _U(value)
        if lo & bit:
            return lo ^ bit, hi
    else:
        bit = _ONE << _U(value - 64)
        if hi & bit:
            return lo, hi ^ bit
    return _without_largest(lo, hi)


@njit(cache=CACHING, inline='always')
def _up_to(lo, hi):  # type: ignore[no-untyped-def]
    """Every value up to the largest of the set."""
    if hi:
        return _ALL, _low(_bit_length(hi))
    return _low(_bit_length(lo)), _ZERO


@njit(cache=CACHING, inline='always')
def _up_to_value(value):  # type: ignore[no-untyped-def]
    """The values from 0 to ``value``."""
    if value < 64:
        return _low(value + 1), _ZERO
    return _ALL, _low(value - 63)


@njit(cache=CACHING)
def _xored(lo, hi, by):  # type: ignore[no-untyped-def]
    """The set of ``v ^ by`` for ``v`` in the set."""
    if by == 0:
        return lo, hi
    out_lo = out_hi = _ZERO
    for word in range(2):
        bits = lo if word == 0 else hi
        while bits:
            value = _trailing_zeros(bits) + 64 * word ^ by
            bits &= bits - _ONE
            if value < 64:
                out_lo |= _ONE << _U(value)
            elif value < 128:
                out_hi |= _ONE << _U(value - 64)
    return out_lo, out_hi


@njit(cache=CACHING, inline='always')
def _value_left(may_lo, may_hi, want_lo, want_hi):  # type: ignore[no-untyped-def]
    """The least value of the set ``may`` (the one left when a region's options are
    searched), and whether it is at most the largest value of ``want``."""
    value = _trailing_zeros(may_lo) if may_lo else 64 + _trailing_zeros(may_hi)
    top_lo, top_hi = _up_to(want_lo, want_hi)
    if value < 64:
        return value, (top_lo >> _U(value)) & _ONE != _ZERO
    return value, (top_hi >> _U(value - 64)) & _ONE != _ZERO


@njit(cache=CACHING, inline='always')
def _asked_of_last(may_lo, may_hi, want_lo, want_hi, total):  # type: ignore[no-untyped-def]
    """The values the last region of an option is asked for: those whose xor with
    ``total`` (the other regions') is in ``may`` but not its largest, and at most the
    largest value of ``want``."""
    ask_lo, ask_hi = _without_largest(may_lo, may_hi)
    top_lo, top_hi = _up_to(want_lo, want_hi)
    return _xored(ask_lo & top_lo, ask_hi & top_hi, total)


# -- the search ----------------------------------------------------------------------------

@njit(cache=CACHING)
def _after(game, x, h, w, not_last, first, shape, single):  # type: ignore[no-untyped-def]
    """What is left of the region ``x`` after the play of ``shape`` at ``first`` that some
    play may take, simplified, and whether it is still one piece when ``single`` says it
    was."""
    left = live(game, rest(game, x, first, w, not_last, shape), h, w, not_last)
    reduced = simplified(game, left, h, w, not_last)
    return reduced, single and reduced == left

@njit(cache=CACHING)
def _known(part, h, w, keys, tags):  # type: ignore[no-untyped-def]
    """The value of the region ``part`` when the table holds it (as met or normalised),
    else -1."""
    y, yh, yw = _crop(part, h, w)
    tag = tags[_slot(y, yw, keys, tags)]
    if tag and tag & _TAG_VALUE < _ABSENT:
        return np.int64(tag & _TAG_VALUE)
    key, _, kw = _fold(y, yh, yw)
    tag = tags[_slot(key, kw, keys, tags)]
    if tag and tag & _TAG_VALUE < _ABSENT:
        return np.int64(tag & _TAG_VALUE)
    return np.int64(-1)


@njit(cache=CACHING)
def _parts_of(game, cells, h, w, not_last, keys, tags, parts,  # type: ignore[no-untyped-def]
              single):
    """Split ``cells`` into its regions (one when ``single``): the xor of the values the
    table knows, and the regions it does not know in ``parts`` (how many is returned
    second)."""
    total = 0
    count = 0
    while cells:
        part = cells if single else next_part(game, cells, h, w, not_last)
        cells &= ~part
        if _popcount(part) < smallest_searched(game):
            total ^= 1
            continue
        value = _known(part, h, w, keys, tags)
        if value >= 0:
            total ^= value
        else:
            parts[count] = part
            count += 1
    return total, count


@njit(cache=CACHING, inline='always')
def _looked_up(y, yh, yw, keys, tags, used):  # type: ignore[no-untyped-def]
    """What the table holds of the region ``y`` (cut to its ``yh x yw`` box), as met or
    folded: its value (copied to the slot of ``y`` when there is room) or -1; the region
    folded, with its box; and the values it was shown not to have (a mask)."""
    met = _slot(y, yw, keys, tags)
    tag = tags[met]
    if tag and tag & _TAG_VALUE < _ABSENT:
        return np.int64(tag & _TAG_VALUE), y, yh, yw, _ZERO
    x, h, w = _fold(y, yh, yw)
    home = tags[_slot(x, w, keys, tags)]
    if home and home & _TAG_VALUE < _ABSENT:
        value = home & _TAG_VALUE
        if (not tag or tag & _TAG_VALUE >= _ABSENT) and _has_room(used[0], len(keys)):
            _put(met, y, yw, value, keys, tags, used)
        return np.int64(value), x, h, w, _ZERO
    return np.int64(-1), x, h, w, _U((home | tag) & (_ABSENT - 1))


@njit(cache=CACHING, inline='always')
def _first_pass(game, x, h, w, not_last, starts, ones, mirrored, plays, may_lo, may_hi,  # type: ignore[no-untyped-def]
                want_lo, want_hi, keys, tags, parts):
    """The options of the region ``x`` that the table values at once, taken out of ``may``;
    the others kept with their difficulty, easiest first.  Returns their anchors and shapes
    and how many, ``may`` then, and whether ``may`` has no value wanted left (``x`` is
    answered then)."""
    firsts = np.empty(plays, np.uint64)
    shapes = np.empty(plays, np.int64)
    costs = np.empty(plays, np.int64)
    left = 0
    for shape in range(len(starts)):
        moves = _ZERO if mirrored else starts[shape]
        while moves:
            first = moves & (~moves + _ONE)
            moves ^= first
            single = first & ones[shape] != _ZERO
            after, single = _after(game, x, h, w, not_last, first, shape, single)
            if not after:
                value, count = 0, 0
            else:
                whole, whole_h, whole_w = _crop(after, h, w)
                if mirror_wins(game, whole, whole_h, whole_w):
                    value, count = 0, 0
                else:
                    value, count = _parts_of(game, after, h, w, not_last, keys, tags, parts,
                                             single)
            if count == 0:
                may_lo, may_hi = _take(value, may_lo, may_hi)
                if not (may_lo & want_lo) and not (may_hi & want_hi):
                    return firsts, shapes, left, may_lo, may_hi, True
                continue
            cost = 0
            for k in range(count):
                size = _popcount(parts[k])
                cost += size * size
            # Insertion by cost, so that the easiest options are searched first.
            k = left
            while k > 0 and costs[k - 1] > cost:
                firsts[k], shapes[k], costs[k] = firsts[k - 1], shapes[k - 1], costs[k - 1]
                k -= 1
            firsts[k], shapes[k], costs[k] = first, shape, cost
            left += 1
    return firsts, shapes, left, may_lo, may_hi, False


@njit(cache=CACHING)
def _value_in(game, part, h, w, want_lo, want_hi, keys, tags, used,  # type: ignore[no-untyped-def]
              quota):
    """The value of the region ``part`` (free cells of an ``h x w`` frame, joined, each with
    a play) when it is in the set ``want`` (or known anyway), else ``_OUT``; ``_FULL`` or
    ``_PAUSED`` when the search must stop (see the module's text)."""
    if _popcount(part) < smallest_searched(game):
        return np.int64(1)
    y, yh, yw = _crop(part, h, w)
    value, x, h, w, absent = _looked_up(y, yh, yw, keys, tags, used)
    if value >= 0:
        return value
    # What is known of it without its value: values it was shown not to have.
    want_lo &= ~absent
    if not want_lo and not want_hi:
        return np.int64(_OUT)
    if used[2] >= quota:
        return np.int64(_PAUSED)
    used[2] += 1
    not_last = _not_last_column(h, w)
    # A region lost by the symmetry strategy has no play worth searching: its value is 0.
    mirrored = mirror_wins(game, x, h, w)
    starts = anchors(game, x, h, w, not_last)
    plays = 0
    if not mirrored:
        for moves in starts:
            plays += _popcount(moves)
    # The plays that leave their region in one piece, as far as the cells round them show.
    ones = single_plays(game, x, w, not_last)
    # The values it may still have: at most its number of plays.
    may_lo, may_hi = _low(plays + 1), _low(plays + 1 - 64) if plays >= 64 else _ZERO
    parts = np.empty(_MOST_PARTS, np.uint64)
    firsts, shapes, left, may_lo, may_hi, done = _first_pass(
        game, x, h, w, not_last, starts, ones, mirrored, plays, may_lo, may_hi, want_lo,
        want_hi, keys, tags, parts)
    if done:
        return _exclude(x, w, want_lo, want_hi, may_lo, keys, tags, used)
    exact = True
    for m in range(left):
        if not (may_lo & want_lo) and not (may_hi & want_hi):
            return _exclude(x, w, want_lo, want_hi, may_lo, keys, tags, used)
        first = firsts[m]
        single = first & ones[shapes[m]] != _ZERO
        after, single = _after(game, x, h, w, not_last, first, shapes[m], single)
        total, count = _parts_of(game, after, h, w, not_last, keys, tags, parts, single)
        # The largest region last: it is the one asked only for some values.
        for k in range(count - 1):
            if _popcount(parts[k]) > _popcount(parts[count - 1]):
                parts[k], parts[count - 1] = parts[count - 1], parts[k]
        # Every region but the last in full: asked for the values up to 0, then up to 1,
        # and so on, so that each search is pruned by a bound.
        for k in range(count - 1):
            bound = 0
            while True:
                ask_lo, ask_hi = _up_to_value(bound)
                found = _value_in(game, parts[k], h, w, ask_lo, ask_hi, keys, tags, used,
                                  quota)
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
            found = _value_in(game, parts[count - 1], h, w, ask_lo, ask_hi, keys, tags, used,
                              quota)
        if found == _OUT:
            may_lo, may_hi = _without_largest(may_lo, may_hi)
            exact = False
        elif found < 0:
            return found
        else:
            may_lo, may_hi = _take(found ^ total, may_lo, may_hi)
    return _settled(x, w, y, yw, may_lo, may_hi, want_lo, want_hi, exact, keys, tags, used)


@njit(cache=CACHING, inline='always')
def _settled(x, w, y, yw, may_lo, may_hi, want_lo, want_hi, exact, keys, tags, used):  # type: ignore[no-untyped-def]
    """The answer for the region ``x`` (met as ``y``) once its options are searched: the
    value left in ``may`` (kept in the table for both), or ``_OUT`` when it is not
    ``exact`` and above every value wanted, or ``_FULL``."""
    value, in_reach = _value_left(may_lo, may_hi, want_lo, want_hi)
    if not exact and not in_reach:
        # Its value is at least the one left, which is above every value asked.
        return _exclude(x, w, want_lo, want_hi, _ALL << _U(value) if value < 64 else _ZERO,
                        keys, tags, used)
    if not _has_room(used[0], len(keys)):
        return np.int64(_FULL)
    _put(_slot(x, w, keys, tags), x, w, value, keys, tags, used)
    used[1] += 1
    met = _slot(y, yw, keys, tags)
    if (not tags[met] or tags[met] & _TAG_VALUE >= _ABSENT) and _has_room(
            used[0], len(keys)):
        _put(met, y, yw, value, keys, tags, used)
    return np.int64(value)


@njit(cache=CACHING)
def _exclude(x, w, want_lo, want_hi, may_lo, keys, tags, used):  # type: ignore[no-untyped-def]
    """Keep that the region ``x`` has none of the values up to the largest asked that are
    out of ``may`` (its value is in ``may``, or above every value asked), as far as the
    values 0 to 6 go, and answer ``_OUT``."""
    top_lo, _ = _up_to(want_lo, want_hi)
    absent = np.int64(top_lo & ~may_lo & _U(_ABSENT - 1))
    i = _slot(x, w, keys, tags)
    if not tags[i]:
        if not absent:
            return np.int64(_OUT)
        if not _has_room(used[0], len(keys)):
            return np.int64(_FULL)
    _put(i, x, w, _ABSENT | (tags[i] & (_ABSENT - 1)) | absent, keys, tags, used)
    return np.int64(_OUT)


@njit(cache=CACHING)
def _regions(game, cells, rows, cols):  # type: ignore[no-untyped-def]
    """The regions of the free ``cells`` that some play may take."""
    not_last = _not_last_column(rows, cols)
    left = simplified(game, live(game, cells, rows, cols, not_last), rows, cols, not_last)
    found = np.empty(rows * cols, np.uint64)
    count = 0
    while left:
        part = next_part(game, left, rows, cols, not_last)
        left &= ~part
        found[count] = part
        count += 1
    return found[:count]


# Regions searched between two looks at the clock.
_CHUNK = 200_000


def _ask(part: int, rows: int, cols: int, kind: int, wanted: tuple[int, int],
         watch: Watch) -> int:
    """One region's value if in ``wanted`` (two words), else ``_OUT``; the search is called
    again after growing a full table or looking at the clock."""
    want_lo, want_hi = _U(wanted[0]), _U(wanted[1])
    while True:
        table = kernel._tables[kind]
        try:
            found = int(_value_in(STENCILS[kind], _U(part), rows, cols, want_lo, want_hi,
                                  table.keys, table.tags, table.used, table.used[2] + _CHUNK))
        except KeyboardInterrupt:
            raise watch.interrupted(int(table.used[2]), int(table.used[1])) from None
        if found == _FULL:
            kernel._tables[kind] = table.grown()
        elif found == _PAUSED:
            watch.tick(int(table.used[2]), int(table.used[1]), table.bytes())
        else:
            return found


def value_in(cells: int, rows: int, cols: int, kind: int, wanted: int) -> int | None:
    """The normal-play nim-value of the game ``kind`` (:data:`~region_kernel.CRAM` or
    :data:`~region_kernel.KINGS`) on the free ``cells`` of a ``rows x cols`` frame (bit
    ``r * cols + c``, at most 64 cells) if it is in ``wanted`` (a mask of values, bit ``v``
    for the value ``v``), else None.

    >>> value_in(0b111111, 2, 3, CRAM, wanted=0b10), value_in(0b111111, 2, 3, CRAM, wanted=0b1)
    (1, None)
    >>> value_in(0b111, 1, 3, KINGS, wanted=0b100)
    2
    """
    return _value_of_regions(_ask, _prepared(cells, rows, cols, kind), rows, cols, kind, wanted)


def nim_value(cells: int, rows: int, cols: int, kind: int = CRAM) -> int:
    """The normal-play nim-value of the game ``kind`` on the free ``cells`` (as
    :func:`value_in`), asked for the values up to 0, then up to 1, and so on.

    >>> nim_value((1 << 20) - 1, 4, 5, CRAM), nim_value(0b1111, 2, 2, KINGS)
    (2, 1)
    >>> nim_value(0b1111, 1, 4), nim_value(0b1111, 2, 2), nim_value(0b1001, 1, 4)
    (2, 0, 0)
    >>> nim_value(0b111, 1, 3, KINGS), nim_value(0b1111, 2, 2, KINGS)
    (2, 1)
    """
    parts, total, watch = _prepared(cells, rows, cols, kind)
    return total ^ _full(parts[-1], rows, cols, kind, watch) if parts else 0


# The piece of work of the last search of each game (grundy.budget.current_work).
_work: list[object] = [None] * len(kernel.GAMES)


def _start_work(kind: int) -> None:
    """Drop a large table when a new piece of work begins, so that a long-lived process
    does not keep every region it ever met, but keep it within one: who wins a board, its
    value, then which moves win, ask the same regions again (on Cram 7x7, a quarter of an
    hour each).

    >>> from grundy.budget import work_limit
    >>> with work_limit(1000):
    ...     _start_work(CRAM)
    ...     _work[CRAM] is current_work() is not None
    True
    """
    work = current_work()
    if work is not _work[kind]:
        _work[kind] = work
        if kernel._tables[kind].used[0] > kernel._KEPT:
            kernel._tables[kind] = kernel._Table()


def _prepared(cells: int, rows: int, cols: int, kind: int) -> tuple[list[int], int, Watch]:
    """The regions of a position, the largest last, the xor of the values of all but the
    last, and the watch of the search."""
    kernel._check(cells, rows, cols, kind)
    _start_work(kind)
    watch = Watch(f"solving {kernel.GAMES[kind]} on {rows}x{cols} cells")
    parts = sorted((int(part) for part in _regions(STENCILS[kind], _U(cells), rows, cols)),
                   key=int.bit_count)
    total = 0
    for part in parts[:-1]:
        total ^= _full(part, rows, cols, kind, watch)
    return parts, total, watch


def wins(cells: int, rows: int, cols: int, kind: int = CRAM) -> bool:
    """Whether the player to move wins the game ``kind`` on the free ``cells`` (normal
    play): whether the value is not 0, asked as such (the search stops at the first play to
    a lost option).

    >>> wins(0b111111, 2, 3), wins(0b1111, 2, 2), wins((1 << 49) - 1, 7, 7, KINGS)
    (True, False, True)
    """
    return value_in(cells, rows, cols, kind, wanted=1) is None


def value_is(cells: int, rows: int, cols: int, kind: int, target: int) -> bool:
    """Whether the normal-play nim-value of the game ``kind`` on the free ``cells`` is
    ``target``, asked as such.

    >>> value_is(0b1111, 1, 4, CRAM, 2), value_is(0b1111, 1, 4, CRAM, 0)
    (True, False)
    """
    return target < 128 and value_in(cells, rows, cols, kind, 1 << target) is not None


def known(cells: int, rows: int, cols: int, kind: int = CRAM) -> int | None:
    """The value of the free ``cells`` when the table holds each of their regions, else None.

    >>> kernel.clear_memo()
    >>> known(0b111111, 2, 3, CRAM), nim_value(0b111111, 2, 3, CRAM), known(0b111111, 2, 3, CRAM)
    (None, 1, 1)
    >>> known(0b111111, 3, 2), known(0b11, 1, 2)
    (1, 1)
    """
    kernel._check(cells, rows, cols, kind)
    table = kernel._tables[kind]
    total = 0
    for part in _regions(STENCILS[kind], _U(cells), rows, cols):
        if int(part).bit_count() < STENCILS[kind].smallest:
            total ^= 1
            continue
        value = int(_known(part, rows, cols, table.keys, table.tags))
        if value < 0:
            return None
        total ^= value
    return total


def _full(part: int, rows: int, cols: int, kind: int, watch: Watch) -> int:
    """A region's value (:func:`_full_by`)."""
    return _full_by(_ask, part, rows, cols, kind, watch)


#: One region's value if in a set of values (two words), else ``_OUT``: :func:`_ask`, or
#: the search on two words' (:mod:`grundy.boards.wide_search`).
Ask = Callable[[int, int, int, int, tuple[int, int], Watch], int]


def _full_by(ask: Ask, part: int, rows: int, cols: int, kind: int, watch: Watch) -> int:
    """A region's value, asked of ``ask`` for the values up to 0, then up to 1, and so on:
    each search is pruned by its bound, and keeps what it learns for the next."""
    bound = 0
    while (found := ask(part, rows, cols, kind, _spread((2 << bound) - 1, 0), watch)) == _OUT:
        bound += 1
    return found


def _value_of_regions(ask: Ask, prepared: tuple[list[int], int, Watch], rows: int, cols: int,
                      kind: int, wanted: int) -> int | None:
    """The value of a position if in ``wanted`` (as :func:`value_in`), else None, from its
    regions ``prepared`` (the largest last, the xor of the values of the others, the watch),
    the last asked of ``ask``."""
    parts, total, watch = prepared
    if not parts:
        return 0 if wanted & 1 else None
    lo, hi = _spread(wanted, total)
    if not lo and not hi:
        return None
    found = ask(parts[-1], rows, cols, kind, (lo, hi), watch)
    if found == _OUT:
        return None
    value = found ^ total
    return value if wanted >> value & 1 else None


_MAX = (1 << 64) - 1


def _spread(wanted: int, by: int) -> tuple[int, int]:
    """The values ``v ^ by`` for ``v`` wanted (below 128), as two words."""
    moved = 0
    for value in range(min(wanted.bit_length(), 128)):
        if wanted >> value & 1 and value ^ by < 128:
            moved |= 1 << (value ^ by)
    return moved & _MAX, moved >> 64
