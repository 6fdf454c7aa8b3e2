"""Compiled nim-sequence kernels: subtraction games, take-and-break codes, Grundy's game.

Every function returns a one-dimensional numpy array ``v`` with ``v[k]`` the nim-value of
one heap of size ``k`` for ``k = 0..n``, in the narrowest unsigned dtype that holds the
values (``uint8``, widened to ``uint16`` or ``uint32`` as soon as a value would not fit).

Take-and-break codes and Grundy's game use the rare/common ("sparse space") method.  Fix a
bitmask ``m`` and call a value *rare* when ``popcount(v & m)`` is even, *common* otherwise.
Rare xor rare and common xor common are rare; rare xor common is common.  So a common option
value of a split can only come from a split with a rare part, and the rare parts are few
(tens to a few thousand) when ``m`` is chosen well.  For each heap the kernel

1. marks the values of the moves that leave at most one heap, of the moves that leave three
   heaps (all of them), and of every two-heap split with a rare part;
2. takes ``c``, the least common value not marked: no option has value ``c``;
3. if some rare value below ``c`` is not marked yet, scans the two-heap splits from the
   smallest part upward, marking rare values below ``c``, and stops as soon as all are
   marked (the *proof scan*).  Then the value is ``c``; if the scan ends first, the value is
   the least unmarked rare value, and the heap becomes a new rare position.

The result is exact for any mask; the mask only changes the speed.  The mask that makes
the fewest rare positions is read off the Walsh-Hadamard transform ``H`` of the histogram
of the values so far (``(N + H[m]) / 2`` positions are rare under ``m``), and chosen again
as the values grow.  The cost is about ``n * (splits * rare + proof scan)``.

Long runs go in chunks: ``progress(count)`` is called between chunks, ``keep(values)`` too
with the values computed so far (for checkpoints), and Ctrl-C between chunks raises
:class:`SequenceInterrupted` carrying them.  Memory is
the values array (1 byte per value while they fit in ``uint8``) plus tables the size of the
value range and of the rare positions.

>>> take_break_values([0, 7, 7], 11).tolist()     # Kayles, octal 0.77
[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from numba import get_num_threads, njit, prange, set_num_threads

from grundy.compiled import CACHING
from grundy.errors import InvalidArgument, InvalidGame, SequenceInterrupted
from grundy.heap.codes import SPLIT_IN_TWO, TakeBreakCode
from grundy.heap.masks import best_mask as _best_mask
from grundy.heap.masks import fewest_rare as fewest_rare

Values = np.ndarray[Any, np.dtype[np.unsignedinteger[Any]]]
IntArray = np.ndarray[Any, np.dtype[np.int64]]

_DTYPES = (np.uint8, np.uint16, np.uint32, np.uint64)

# Statuses returned by the sparse kernels when they stop before the end of their chunk
# (the parallel one also leaves a heap whose candidate does not fit to the serial one;
# _UNDECIDED: a proof scan needs splits deeper than the values kept, see window.py).
_DONE, _GROW_RANGE, _WIDEN, _GROW_RARE, _SERIAL, _UNDECIDED = 0, 1, 2, 3, 4, 5
#: Slots of the sparse kernels' ``state`` array, kept between chunks: the rare positions
#: known, the largest value, the proof-scan steps, the range of values L (a power of two),
#: the block length of the parallel kernel, the heap whose value is ``g[0]`` and the depth
#: of the proof scans (``g[m]`` is the value of heap base + m; scans look at smaller parts
#: up to the depth).
RARE_COUNT, LARGEST, SCAN_STEPS, VALUE_RANGE, BLOCK_LENGTH, BASE, SCAN_DEPTH = range(7)
STATE_SLOTS = 7

# The depth of proof scans when every value is kept: no limit.
_ANY_DEPTH = 1 << 62

# Chunks are sized to take about this long, so progress and Ctrl-C stay responsive.
_CHUNK_SECONDS = 0.1
_FIRST_CHUNK = 1024
_MAX_CHUNK = 1 << 22


# -- validation ------------------------------------------------------------------------

def _check_n(n: int) -> int:
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)):
        raise InvalidArgument(f"the largest heap n must be a whole number, not {n!r}")
    if n < 0:
        raise InvalidArgument(f"the largest heap n = {n} is negative; it must be >= 0")
    return int(n)


def _check_prefix(prefix: np.ndarray[Any, Any] | None) -> Values:
    if prefix is None:
        return np.zeros(0, dtype=np.uint8)
    array = np.asarray(prefix)
    if array.ndim != 1 or (array.size and array.dtype.kind not in "ui"):
        raise InvalidArgument("prefix must be a one-dimensional array of whole numbers")
    if array.size and int(array.min()) < 0:
        raise InvalidArgument("prefix holds a negative value; nim-values are >= 0")
    if array.size and array[0] != 0:
        raise InvalidArgument(f"prefix starts with {array[0]}; the value of the empty heap is 0")
    return _narrowed(array)


# -- arrays ----------------------------------------------------------------------------

def _dtype_for(top: int) -> type[np.unsignedinteger[Any]]:
    for dtype in _DTYPES:
        if top <= np.iinfo(dtype).max:
            return dtype
    raise OverflowError(f"nim-value {top} does not fit in 64 bits")


def _narrowed(array: np.ndarray[Any, Any]) -> Values:
    top = int(array.max()) if array.size else 0
    return np.asarray(array, dtype=_dtype_for(top))


def _start(n: int, prefix: Values, top: int = 0) -> tuple[Values, int]:
    """The output array for heaps 0..n with the prefix copied in, and how many are known.

    ``top``, a bound on the values when one is known, sets the type from the start, so
    the array need not be copied to a wider type on the way.
    """
    known = min(len(prefix), n + 1)
    dtype = np.promote_types(prefix.dtype, _dtype_for(top))
    values: Values = np.zeros(n + 1, dtype=dtype)
    values[:known] = prefix[:known]
    if known == 0:
        known = 1  # the empty heap has no move
    return values, known


def _widen(values: Values) -> Values:
    wider = _DTYPES[_DTYPES.index(values.dtype.type) + 1]
    return values.astype(wider)


def _limit(values: Values) -> int:
    return int(np.iinfo(values.dtype).max) + 1


class _Chunks:
    """Chunk sizes that keep each compiled call near ``_CHUNK_SECONDS``."""

    def __init__(self) -> None:
        self.size = _FIRST_CHUNK
        self.started = time.perf_counter()

    def next_stop(self, count: int, end: int) -> int:
        self.started = time.perf_counter()
        return min(end, count + self.size)

    def adapt(self, computed: int) -> None:
        elapsed = time.perf_counter() - self.started
        if computed < self.size:
            return  # stopped early to resize tables: the timing says nothing
        scale = _CHUNK_SECONDS / max(elapsed, 1e-6)
        self.size = int(min(_MAX_CHUNK, max(64, self.size * min(4.0, max(0.5, scale)))))


# -- subtraction games ----------------------------------------------------------------

@njit(cache=CACHING)
def _mex(seen, stamp):  # type: ignore[no-untyped-def]
    """The least value not marked with ``stamp``."""
    v = 0
    while seen[v] == stamp:
        v += 1
    return v


@njit(cache=CACHING)
def _subtraction_chunk(g, start, stop, amounts, seen, limit):  # type: ignore[no-untyped-def]
    seen[:] = 0
    for i in range(start, stop):
        stamp = i - start + 1
        for s in amounts:
            if s > i:
                break
            seen[g[i - s]] = stamp
        v = _mex(seen, stamp)
        if v >= limit:
            return i
        g[i] = v
    return stop


def subtraction_values(amounts: Sequence[int], n: int,
                       prefix: np.ndarray[Any, Any] | None = None) -> Values:
    """Nim-values of one heap 0..n in the subtraction game: take a number in ``amounts``.

    Time O(n * |S|); values are at most |S|.  ``prefix``, if given, holds the correct
    values of heaps 0..len(prefix)-1, which are kept and extended.

    >>> subtraction_values([1, 2], 7).tolist()
    [0, 1, 2, 0, 1, 2, 0, 1]
    >>> subtraction_values([3, 5, 8], 12, prefix=subtraction_values([3, 5, 8], 4)).tolist()
    [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 0, 0]
    >>> subtraction_values([0, 2], 3)
    Traceback (most recent call last):
    ...
    grundy.errors.InvalidGame: subtraction amount 0 is not a whole number >= 1
    """
    n = _check_n(n)
    amount_set = set()
    for s in amounts:
        if isinstance(s, bool) or not isinstance(s, (int, np.integer)) or s < 1:
            raise InvalidGame(f"subtraction amount {s!r} is not a whole number >= 1")
        amount_set.add(int(s))
    if not amount_set:
        raise InvalidGame("subtraction set is empty; give at least one amount >= 1")
    sorted_amounts = np.array(sorted(a for a in amount_set if a <= n), dtype=np.int64)
    # A heap has at most |S| options, so its value is at most |S|.
    values, count = _start(n, _check_prefix(prefix), top=len(sorted_amounts))
    seen = np.zeros(len(sorted_amounts) + 2, dtype=np.int64)
    chunks = _Chunks()
    try:
        while count <= n:
            stop = chunks.next_stop(count, n + 1)
            reached = _subtraction_chunk(values, count, stop, sorted_amounts, seen,
                                         _limit(values))
            chunks.adapt(reached - count)
            count = reached
            if count < stop:
                values = _widen(values)
    except KeyboardInterrupt:
        raise SequenceInterrupted(_narrowed(values[:count])) from None
    return _narrowed(values)


# -- take-and-break codes: the sparse-space kernel ---------------------------------------


@njit(cache=CACHING)
def _mark_takes(g, base, i, stamp, take_k, take_bits, seen):  # type: ignore[no-untyped-def]
    """Mark with ``stamp`` the values of the moves of heap i that leave at most one heap
    (``g[m]`` is the value of heap base + m)."""
    for j in range(take_k.shape[0]):
        k = take_k[j]
        if k > i:
            break
        if k == i:
            if take_bits[j] & 1:
                seen[0] = stamp
        elif take_bits[j] & 2:
            seen[np.int64(g[i - k - base])] = stamp


@njit(cache=CACHING)
def _mark_rare_options(g, base, i, stamp, take_k, take_bits, splits, unequal, rare_pos,  # type: ignore[no-untyped-def]
                       rare_val, nrare, seen):
    # Step 1 of the method for heap i, but for three-heap moves: the moves that leave at
    # most one heap, and the two-heap splits with a rare part, marked with stamp.  g[m]
    # is the value of heap base + m (base > 0: only the recent values are kept).
    _mark_takes(g, base, i, stamp, take_k, take_bits, seen)
    for j in range(splits.shape[0]):
        rest = i - splits[j]
        if rest < 2:
            break
        kept = rest - base
        if unequal[j]:
            for q in range(nrare):
                r = rare_pos[q]
                if r >= kept:
                    break
                if rest - r != r:
                    seen[rare_val[q] ^ np.int64(g[kept - r])] = stamp
        else:
            for q in range(nrare):
                r = rare_pos[q]
                if r >= kept:
                    break
                seen[rare_val[q] ^ np.int64(g[kept - r])] = stamp


@njit(cache=CACHING)
def _mark_splits(head, g, base, i, low, high, splits, unequal, marks, mark):  # type: ignore[no-untyped-def]
    # The proof scan's stretch: every two-heap split of heap i whose smaller part is in
    # low..high-1, marked without tests (branch-free).  The smaller part's value is read
    # from head (the first values), the larger's from g (as in _mark_rare_options).
    for j in range(splits.shape[0]):
        rest = i - splits[j]
        kept = rest - base
        hi = min(high, (rest - 1) // 2 + 1 if unequal[j] else rest // 2 + 1)
        for x in range(low, hi):
            marks[np.int64(head[x]) ^ np.int64(g[kept - x])] = mark


@njit(cache=CACHING, inline="always")
def _scan_splits(head, g, base, depth, i, splits, unequal, marks, mark, needed, first,  # type: ignore[no-untyped-def]
                 count):
    # The proof scan of heap i: its splits marked in stretches without tests (branch-free),
    # the needed values ``needed[first:first + count]`` that got marked dropped after each;
    # stretches grow so that deep scans check rarely.  Smaller parts go up to depth at
    # most.  Returns the needed values left unmarked and the splits scanned.
    amax = min((i - splits[0]) // 2, depth)
    a = 1
    stretch = 16
    scanned = 0
    while a <= amax and count > 0:
        end = min(a + stretch, amax + 1)
        _mark_splits(head, g, base, i, a, end, splits, unequal, marks, mark)
        scanned += end - a
        a = end
        kept = 0
        for m in range(first, first + count):
            if marks[needed[m]] != mark:
                needed[first + kept] = needed[m]
                kept += 1
        count = kept
        stretch = min(2 * stretch, 256)
    return count, scanned


@njit(cache=CACHING)
def _keep(state, rare_count, largest, scan_steps):  # type: ignore[no-untyped-def]
    """Write back what a chunk of a sparse kernel leaves for the next one."""
    state[RARE_COUNT] = rare_count
    state[LARGEST] = largest
    state[SCAN_STEPS] = scan_steps


@njit(cache=CACHING, inline="always")
def _unpacked(state):  # type: ignore[no-untyped-def]
    """What a chunk of a sparse kernel starts from: the rare heaps, the largest value and
    the scan steps so far (as :func:`_keep` wrote them), half the value range, the base and
    the scan depth."""
    return (state[RARE_COUNT], state[LARGEST], state[SCAN_STEPS], state[VALUE_RANGE] // 2,
            state[BASE], state[SCAN_DEPTH])


@njit(cache=CACHING, inline="always")
def _common_candidate(seen, stamp, common_vals):  # type: ignore[no-untyped-def]
    """Step 2: the least common value not marked with ``stamp`` (the heap's value, unless
    a rare value below it is unmarked too)."""
    q = 0
    while seen[common_vals[q]] == stamp:
        q += 1
    return common_vals[q]


@njit(cache=CACHING, inline="always")
def _unmarked_rare(seen, stamp, rare_vals, c, needed, at):  # type: ignore[no-untyped-def]
    """The rare values below ``c`` not marked with ``stamp``, written to ``needed`` from
    ``at`` on (a proof scan must find them); returns where they end."""
    q = 0
    while rare_vals[q] < c:
        if seen[rare_vals[q]] != stamp:
            needed[at] = rare_vals[q]
            at += 1
        q += 1
    return at


@njit(cache=CACHING)
def _sparse_chunk(head, g, start, stop, take_k, take_bits, splits, triples, unequal,  # type: ignore[no-untyped-def]
                  rare_pos, rare_val, rare_tab, common_vals, rare_vals, seen, needed, hist, state,
                  limit):
    # state: the slots named RARE_COUNT ... SCAN_DEPTH: g[m] is the value of heap base + m, head
    # holds the values of the first heaps, and proof scans look at smaller parts up to
    # depth (all of them when every value is kept: base 0, head is g; three-heap moves
    # only then).
    nrare, top, scanned, half, base, depth = _unpacked(state)
    cap = rare_pos.shape[0]
    nsplit = splits.shape[0]
    seen[:] = 0
    for i in range(start, stop):
        # Option values are xors of values below half (a power of two), so they and the mex
        # stay within the tables; a value reaching half needs larger tables first.
        if top >= half:
            _keep(state, nrare, top, scanned)
            return i, 1
        stamp = i - start + 1
        _mark_rare_options(g, base, i, stamp, take_k, take_bits, splits, unequal, rare_pos,
                           rare_val, nrare, seen)
        for j in range(triples.shape[0]):
            rest = i - triples[j]
            for a in range(1, rest // 3 + 1):
                ga = np.int64(g[a])
                for b in range(a, (rest - a) // 2 + 1):
                    seen[ga ^ np.int64(g[b]) ^ np.int64(g[rest - a - b])] = stamp
        c = _common_candidate(seen, stamp, common_vals)
        need = _unmarked_rare(seen, stamp, rare_vals, c, needed, 0)
        if need > 0 and nsplit > 0:
            need, steps = _scan_splits(head, g, base, depth, i, splits, unequal, seen, stamp,
                                       needed, 0, need)
            scanned += steps
            if need > 0 and depth < (i - splits[0]) // 2:
                _keep(state, nrare, top, scanned)
                return i, 5
        value = c
        if need > 0:
            value = 0
            while seen[value] == stamp:
                value += 1
        if value >= limit:
            _keep(state, nrare, top, scanned)
            return i, 2
        if i > 0 and rare_tab[value]:
            if nrare == cap:
                _keep(state, nrare, top, scanned)
                return i, 3
            rare_pos[nrare] = i
            rare_val[nrare] = value
            nrare += 1
        g[i - base] = value
        if i > 0:
            hist[value] += 1
        top = max(top, value)
    _keep(state, nrare, top, scanned)
    return stop, 0


# Heaps per block of the parallel kernel: enough proof scans to share between threads, few
# enough that a wrong guess (a new rare heap) wastes little.
_BLOCK = 2048


@njit(cache=CACHING, inline="always")
def _guess_block(g, base, i, block_end, top, half, limit, take_k, take_bits, splits,  # type: ignore[no-untyped-def]
                 unequal, rare_pos, rare_val, nrare, common_vals, rare_vals, seen, scan_heap,
                 need_at, need_vals):
    # The parallel kernel's guesses: steps 1-2 heap by heap from i, each heap's value taken
    # to be its common candidate, and the rare values its proof scan must find listed
    # (scan s: heap scan_heap[s], need_vals[need_at[s]:need_at[s + 1]]).  Returns the end
    # of the block guessed, its status (as the kernel's) and the number of scans.
    size = seen.shape[0]
    guess_top = top
    nscan = 0
    total = 0
    for h in range(i, block_end):
        if guess_top >= half:
            return h, 1, nscan
        if total + size > need_vals.shape[0]:
            return h, 0, nscan
        stamp = h - i + 1
        _mark_rare_options(g, base, h, stamp, take_k, take_bits, splits, unequal,
                           rare_pos, rare_val, nrare, seen)
        c = _common_candidate(seen, stamp, common_vals)
        if c >= limit:
            # The value may still fit if a scan fails: the serial kernel decides.
            return h, 4, nscan
        first = total
        total = _unmarked_rare(seen, stamp, rare_vals, c, need_vals, total)
        if total > first:
            scan_heap[nscan] = h
            need_at[nscan] = first
            nscan += 1
            need_at[nscan] = total
        g[h - base] = c
        guess_top = max(guess_top, c)
    return block_end, 0, nscan


@njit(cache=CACHING, inline="always")
def _first_failed_scan(g, base, i, end, status, length, scan_heap, found, steps, nscan):  # type: ignore[no-untyped-def]
    # The block's scans in heap order up to the first that failed: the guesses before it
    # hold.  One that stopped at its depth ends the run (status 5); one that found a rare
    # value sets its heap's value and the block ends after it, and the next block is half
    # as long as the stretch that held.  Returns the end, status and length of the next
    # block, and the scan steps taken.
    scanned = 0
    for s in range(nscan):
        scanned += steps[s]
        steps[s] = 0
        if found[s] == -2:
            return scan_heap[s], 5, length, scanned
        if found[s] >= 0:
            end = scan_heap[s] + 1
            g[scan_heap[s] - base] = found[s]
            return end, 0, max(16, (end - i) // 2), scanned
    return end, status, length, scanned


@njit(cache=CACHING, inline="always")
def _record_block(g, base, i, end, rare_tab, rare_pos, rare_val, nrare, hist, top):  # type: ignore[no-untyped-def]
    # The values of heaps i..end-1, now proved, counted and their rare heaps listed.
    # Returns the heap where the list of rare heaps is full (-1: none), the rare heaps and
    # the largest value.
    for h in range(i, end):
        value = np.int64(g[h - base])
        if h > 0 and rare_tab[value]:
            if nrare == rare_pos.shape[0]:
                return h, nrare, top
            rare_pos[nrare] = h
            rare_val[nrare] = value
            nrare += 1
        if h > 0:
            hist[value] += 1
        top = max(top, value)
    return -1, nrare, top


@njit(cache=CACHING, parallel=True)
def _sparse_parallel(head, g, start, stop, take_k, take_bits, splits, unequal,  # type: ignore[no-untyped-def]
                     rare_pos, rare_val, rare_tab, common_vals, rare_vals, seen, hist, state,
                     limit):
    # The serial kernel's steps 1-2 run heap by heap over a block, taking each heap's value
    # to be its common candidate c; the proof scans of the block then run in parallel, each
    # from the values before its heap.  All of them succeed unless a heap is a new rare
    # position: the values up to the first heap whose scan fails are right (their scans
    # looked only at right values), that heap's value is its least unmarked rare value,
    # and the next block starts after it.  Blocks double while the guesses hold and shrink
    # to where one failed, so that early on, when new rare heaps are common, little is
    # guessed in vain.  state, head and g: as the serial kernel's.
    nrare, top, scanned, half, base, depth = _unpacked(state)
    size = seen.shape[0]
    scan_heap = np.zeros(_BLOCK, dtype=np.int64)
    need_at = np.zeros(_BLOCK + 1, dtype=np.int64)
    need_vals = np.zeros(8 * _BLOCK + size, dtype=np.int64)
    found = np.zeros(_BLOCK, dtype=np.int64)
    steps = np.zeros(_BLOCK, dtype=np.int64)
    i = start
    length = state[BLOCK_LENGTH]
    while i < stop:
        seen[:] = 0
        end, status, nscan = _guess_block(g, base, i, min(stop, i + length), top, half, limit,
                                          take_k, take_bits, splits, unequal, rare_pos,
                                          rare_val, nrare, common_vals, rare_vals, seen,
                                          scan_heap, need_at, need_vals)
        for s in prange(nscan):
            # The serial kernel's scan, each heap with marks of its own.
            marked = np.zeros(size, dtype=np.uint8)
            first = need_at[s]
            heap = scan_heap[s]
            left, steps[s] = _scan_splits(head, g, base, depth, heap, splits, unequal, marked,
                                          1, need_vals, first, need_at[s + 1] - first)
            found[s] = -1
            if left > 0:
                # -2: the scan stopped at its depth, which decides nothing.
                found[s] = need_vals[first] if depth >= (heap - splits[0]) // 2 else -2
        end, status, length, steps_taken = _first_failed_scan(
            g, base, i, end, status, min(2 * length, _BLOCK), scan_heap, found, steps, nscan)
        scanned += steps_taken
        full, nrare, top = _record_block(g, base, i, end, rare_tab, rare_pos, rare_val, nrare,
                                         hist, top)
        if full >= 0:
            _keep(state, nrare, top, scanned)
            state[BLOCK_LENGTH] = length
            return full, 3
        i = end
        if status != 0:
            break
    _keep(state, nrare, top, scanned)
    state[BLOCK_LENGTH] = length
    return i, status


@njit(cache=CACHING)
def _histogram(g, start, stop, hist):  # type: ignore[no-untyped-def]
    for i in range(start, stop):
        hist[g[i]] += 1


@njit(cache=CACHING)
def _collect_rare(g, stop, rare_tab, rare_pos, rare_val):  # type: ignore[no-untyped-def]
    count = 0
    for i in range(1, stop):
        if rare_tab[g[i]]:
            rare_pos[count] = i
            rare_val[count] = g[i]
            count += 1
    return count


class _SparseRun:
    """The state of one rare/common computation, resized between compiled chunks."""

    def __init__(self, values: Values, count: int, code: TakeBreakCode, threads: int = 1
                 ) -> None:
        self.values = values
        self.count = count
        self.threads = threads
        self.take_k = np.array([k for k, _ in code.takes], dtype=np.int64)
        self.take_bits = np.array([b for _, b in code.takes], dtype=np.int64)
        self.splits = np.array(sorted(code.splits), dtype=np.int64)
        self.triples = np.array(sorted(code.triples), dtype=np.int64)
        # 1 where the split after taking splits[j] must leave unequal parts.
        self.unequal = np.array([k in code.unequal for k in self.splits.tolist()],
                                dtype=np.int64)
        top = int(values[:count].max())
        self.range = 16
        while self.range <= 2 * top:
            self.range *= 2
        self.hist = np.zeros(self.range, dtype=np.int64)
        _histogram(values, 1, count, self.hist)
        # In the order of the slots (RARE_COUNT, LARGEST, ...): nothing rare, no scan yet.
        self.state = np.array([0, top, 0, self.range, 64, 0, _ANY_DEPTH], dtype=np.int64)
        self.rare_at_choice = 0
        self.mask = 1
        self._choose_mask(force=True)

    def _tables(self) -> None:
        size = self.range
        parity = np.zeros(size + 1, dtype=np.uint8)
        for bit in range(size.bit_length()):
            if self.mask >> bit & 1:
                parity ^= (np.arange(size + 1) >> bit & 1).astype(np.uint8)
        self.rare_tab = (parity == 0).astype(np.uint8)
        every = np.arange(size, dtype=np.int64)
        # Sentinels end the scans: the value `size` is never marked, nothing reaches size + 1.
        self.common_vals = np.append(every[parity[:size] == 1], size)
        self.rare_vals = np.append(every[parity[:size] == 0], size + 1)
        self.seen = np.zeros(size + 2, dtype=np.int64)
        self.needed = np.zeros(size + 2, dtype=np.int64)

    def _choose_mask(self, force: bool = False) -> None:
        mask, rare = _best_mask(self.hist)
        current = int(self.state[RARE_COUNT])
        if not force and rare >= 0.75 * current:
            self.rare_at_choice = current
            return
        self.mask = mask
        self._tables()
        capacity = max(2 * rare, 64)
        self.rare_pos = np.zeros(capacity, dtype=np.int64)
        self.rare_val = np.zeros(capacity, dtype=np.int64)
        self.state[RARE_COUNT] = _collect_rare(self.values, self.count, self.rare_tab,
                                      self.rare_pos, self.rare_val)
        self.rare_at_choice = int(self.state[RARE_COUNT])

    def _grow_range(self) -> None:
        self.range *= 2
        self.state[VALUE_RANGE] = self.range
        self.hist = np.concatenate((self.hist, np.zeros(len(self.hist), dtype=np.int64)))
        self._tables()
        self._choose_mask()

    def _widen_values(self) -> None:
        self.values = _widen(self.values)

    def _grow_rare(self) -> None:
        extra = len(self.rare_pos)
        self.rare_pos = np.concatenate((self.rare_pos, np.zeros(extra, dtype=np.int64)))
        self.rare_val = np.concatenate((self.rare_val, np.zeros(extra, dtype=np.int64)))

    @property
    def head(self) -> Values:
        """The values the proof scans read the smaller part's value from: all of them."""
        return self.values

    def _room(self, end: int) -> int:
        """Where the next chunk may end at most, ``end`` being the end of the run."""
        return end

    def _computed(self, start: int, stop: int) -> None:
        """Hears that heaps start..stop-1 were computed."""

    def run(self, n: int, progress: Callable[[int], None] | None,
            keep: Callable[[Values], None] | None = None) -> Values:
        chunks = _Chunks()
        try:
            while self.count <= n:
                start = self.count
                stop = chunks.next_stop(start, self._room(n + 1))
                reached, status = self._chunk(stop)
                chunks.adapt(reached - start)
                self.count = reached
                self._computed(start, reached)
                if status == _GROW_RANGE:
                    self._grow_range()
                elif status == _WIDEN:
                    self._widen_values()
                elif status == _GROW_RARE:
                    self._grow_rare()
                if self.state[RARE_COUNT] > 2 * self.rare_at_choice + 32:
                    self._choose_mask()
                if progress is not None:
                    progress(self.count)
                if keep is not None:
                    keep(self.values[: self.count])
        except KeyboardInterrupt:
            raise SequenceInterrupted(self.values[: self.count]) from None
        return self.values

    @property
    def parallel(self) -> bool:
        """True when the proof scans run in parallel blocks: several threads, and moves
        that leave at most two heaps, some of them two."""
        return self.threads > 1 and len(self.triples) == 0 and len(self.splits) > 0

    def _chunk(self, stop: int) -> tuple[int, int]:
        if self.parallel:
            reached, status = self._parallel_chunk(stop)
            if status != _SERIAL:
                return reached, status
            self.count = reached
            stop = reached + 1
        reached, status = _sparse_chunk(
            self.head, self.values, self.count, stop, self.take_k, self.take_bits, self.splits,
            self.triples, self.unequal, self.rare_pos, self.rare_val, self.rare_tab,
            self.common_vals, self.rare_vals, self.seen, self.needed, self.hist, self.state,
            _limit(self.values))
        return int(reached), int(status)

    def _parallel_chunk(self, stop: int) -> tuple[int, int]:
        before = get_num_threads()
        set_num_threads(min(self.threads, available_threads()))
        try:
            reached, status = _sparse_parallel(
                self.head, self.values, self.count, stop, self.take_k, self.take_bits, self.splits,
                self.unequal, self.rare_pos, self.rare_val, self.rare_tab, self.common_vals,
                self.rare_vals, self.seen, self.hist, self.state, _limit(self.values))
        finally:
            set_num_threads(before)
        return int(reached), int(status)

    @property
    def proof_scan_steps(self) -> int:
        """Split pairs looked at by the proof scans so far."""
        return int(self.state[SCAN_STEPS])

    @property
    def rare_positions(self) -> int:
        """Heaps whose value is rare under the current mask."""
        return int(self.state[RARE_COUNT])


def available_threads() -> int:
    """The threads the compiled kernels may use: the cores of this machine (or as many as
    ``NUMBA_NUM_THREADS`` allows)."""
    from numba import config

    threads: int = config.NUMBA_NUM_THREADS  # type: ignore[attr-defined]
    return threads


#: Runs of fewer new heaps than this use one thread unless asked for more: starting threads
#: costs more than they save there, and small work (a web request under its memory limit)
#: starts none.
PARALLEL_FROM = 1 << 20


def _check_threads(threads: int | None, heaps: int) -> int:
    if threads is None:
        return available_threads() if heaps >= PARALLEL_FROM else 1
    if isinstance(threads, bool) or not isinstance(threads, int) or threads < 1:
        raise InvalidArgument(f"threads must be a whole number >= 1, not {threads!r}")
    return threads


def _sparse(code: TakeBreakCode, n: int, prefix: np.ndarray[Any, Any] | None,
            threads: int | None = 1) -> _SparseRun:
    values, count = _start(n, _check_prefix(prefix))
    return _SparseRun(values, count, code, _check_threads(threads, n + 1 - count))


def take_break_values(code: TakeBreakCode | Sequence[int], n: int,
                      prefix: np.ndarray[Any, Any] | None = None,
                      progress: Callable[[int], None] | None = None,
                      keep: Callable[[Values], None] | None = None,
                      threads: int | None = None) -> Values:
    """Nim-values of one heap 0..n in the take-and-break game of code ``d0.d1d2...dt``.

    ``code`` is a :class:`~grundy.heap.codes.TakeBreakCode` or its digits (checked here):
    ``digits[k]`` is the digit for taking k tokens (0-15).  Rare/common method; moves
    that leave three heaps are enumerated in full (O(n^2) per heap).  ``prefix``: correct
    values of heaps 0..len(prefix)-1 to extend; ``progress(count)`` and ``keep(values so
    far)`` are called between chunks.  ``threads`` (default: every core for runs of
    :data:`PARALLEL_FROM` heaps or more, else one) share the proof scans of each block of
    heaps; the values do not depend on it.

    >>> take_break_values([0, 0, 7], 10).tolist()    # Dawson's Kayles, 0.07
    [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3]
    >>> take_break_values([4, 0, 7], 6).tolist()     # 4.07: also split without taking
    [0, 0, 1, 2, 3, 0, 1]
    >>> take_break_values([1, 7], 3)
    Traceback (most recent call last):
    ...
    grundy.errors.InvalidGame: digit before the point may only be 0, 4, 8 or 12 (splitting \
without taking), not 1
    """
    n = _check_n(n)
    run = _sparse(TakeBreakCode.of(code), n, prefix, threads)
    return run.run(n, progress, keep)


def grundy_game_values(n: int, prefix: np.ndarray[Any, Any] | None = None,
                       progress: Callable[[int], None] | None = None,
                       keep: Callable[[Values], None] | None = None,
                       threads: int | None = None) -> Values:
    """Nim-values of one heap 0..n in Grundy's game: split a heap into two unequal heaps.

    Rare/common method, as :func:`take_break_values`.

    >>> grundy_game_values(12).tolist()
    [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1]
    """
    n = _check_n(n)
    run = _sparse(SPLIT_IN_TWO, n, prefix, threads)
    return run.run(n, progress, keep)


@dataclass(frozen=True)
class SparseRun:
    """Values computed by the rare/common method, and how the work went.

    ``mask`` is the final mask, ``rare_positions`` the number of heaps rare under it and
    ``proof_scan_steps`` the number of splits looked at by all proof scans together.
    """

    values: Values
    mask: int
    rare_positions: int
    proof_scan_steps: int


def sparse_run(code: TakeBreakCode | Sequence[int] | None, n: int,
               progress: Callable[[int], None] | None = None,
               threads: int | None = None) -> SparseRun:
    """Values 0..n of a code (or of Grundy's game when ``code`` is None), with statistics;
    ``threads`` as for :func:`take_break_values`.

    >>> run = sparse_run([0, 7, 7], 200)
    >>> run.values[:6].tolist(), run.rare_positions >= 0
    ([0, 1, 2, 3, 1, 4], True)
    """
    n = _check_n(n)
    run = _sparse(SPLIT_IN_TWO if code is None else TakeBreakCode.of(code), n, None, threads)
    values = run.run(n, progress)
    return SparseRun(values, run.mask, run.rare_positions, run.proof_scan_steps)


# -- take-and-break codes whose values are all common ------------------------------------

@njit(cache=CACHING)
def _plain_chunk(g, start, stop, take_k, take_bits, splits, unequal, seen, limit):  # type: ignore[no-untyped-def]
    # Every option of each heap marked, then the mex: no tables of rare heaps to keep up.
    for i in range(start, stop):
        stamp = i
        _mark_takes(g, 0, i, stamp, take_k, take_bits, seen)
        for j in range(splits.shape[0]):
            rest = i - splits[j]
            high = (rest - 1) // 2 if unequal[j] else rest // 2
            for a in range(1, high + 1):
                seen[np.int64(g[a]) ^ np.int64(g[rest - a])] = stamp
        v = _mex(seen, stamp)
        if v >= limit:
            return i
        g[i] = v
    return stop


def all_common_values(code: TakeBreakCode | Sequence[int], n: int,
                      prefix: np.ndarray[Any, Any] | None = None,
                      progress: Callable[[int], None] | None = None,
                      keep: Callable[[Values], None] | None = None) -> Values:
    """Nim-values of heaps 0..n of a code whose moves leave at most two heaps, every option
    of every heap marked: the kernel for values that are all common (where the rare/common
    method would keep most heaps as rare and gain nothing), O(n^2) in all.  Arguments as
    :func:`take_break_values`.

    >>> all_common_values([0, 0, 7], 10).tolist()    # Dawson's Kayles, 0.07
    [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3]
    """
    n = _check_n(n)
    checked = TakeBreakCode.of(code)
    if checked.triples:
        raise InvalidGame(f"{checked!r} has moves that leave three heaps; this kernel marks "
                          "moves that leave at most two")
    values, count = _start(n, _check_prefix(prefix))
    take_k = np.array([k for k, _ in checked.takes], dtype=np.int64)
    take_bits = np.array([b for _, b in checked.takes], dtype=np.int64)
    splits = np.array(sorted(checked.splits), dtype=np.int64)
    unequal = np.array([k in checked.unequal for k in splits.tolist()], dtype=np.int64)
    # Values below size/2 (a power of two) have their xors below it too: the marks fit in
    # size + 1, and a value reaching size/2 doubles it first.
    size = 256
    while size <= 2 * int(values[:count].max()):
        size *= 2
    seen = np.zeros(size + 1, dtype=np.int64)
    chunks = _Chunks()
    try:
        while count <= n:
            stop = chunks.next_stop(count, n + 1)
            limit = min(_limit(values), size // 2)
            reached = _plain_chunk(values, count, stop, take_k, take_bits, splits, unequal,
                                   seen, limit)
            chunks.adapt(reached - count)
            count = reached
            if count < stop:
                if limit == _limit(values):
                    values = _widen(values)
                if limit == size // 2:
                    size *= 2
                    seen = np.zeros(size + 1, dtype=np.int64)
            if progress is not None:
                progress(count)
            if keep is not None:
                keep(values[:count])
    except KeyboardInterrupt:
        raise SequenceInterrupted(_narrowed(values[:count])) from None
    return _narrowed(values)


# -- any heap game -------------------------------------------------------------------

def generic_values(options: Callable[[int], Iterable[tuple[int, ...]]], n: int,
                   prefix: np.ndarray[Any, Any] | None = None) -> Values:
    """Nim-values 0..n of a heap game given by its options function, in plain Python.

    ``options(k)`` yields the moves from a heap of size k as tuples of the heap sizes left
    (the empty tuple: nothing left); each part must be smaller than k.  The value of a heap
    is the mex over its options of the xor of the parts' values.

    >>> generic_values(lambda k: [(k - 1,)] if k > 1 else [()] if k else [], 5).tolist()
    [0, 1, 0, 1, 0, 1]
    """
    n = _check_n(n)
    values = [int(v) for v in _check_prefix(prefix)[: n + 1]]
    try:
        for size in range(len(values), n + 1):
            seen = set()
            for parts in options(size):
                total = 0
                for part in parts:
                    if not 0 <= part < size:
                        raise InvalidArgument(f"option {parts} of heap {size} has a part that "
                                              f"is not between 0 and {size - 1}")
                    total ^= values[part]
                seen.add(total)
            value = 0
            while value in seen:
                value += 1
            values.append(value)
    except KeyboardInterrupt:
        raise SequenceInterrupted(_narrowed(np.array(values, dtype=np.uint64))) from None
    return _narrowed(np.array(values, dtype=np.uint64))
