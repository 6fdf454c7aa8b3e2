"""Nim-sequences beyond memory: the first values and a sliding window of the last ones.

The rare/common method (:mod:`grundy.heap.kernels`) reads, for heap ``i``:

- ``G(i - k)`` for each removal ``k`` that leaves one heap (``k <= t``);
- ``G(i - s - r)`` for each rare heap ``r`` and removal ``s`` that may leave two heaps;
- in the proof scan, ``G(x)`` and ``G(i - s - x)`` for the smaller parts ``x = 1, 2, ...``
  until every rare value below the common candidate is an option.

Once rare heaps have stopped appearing (the last one at ``R``), a heap's value therefore
needs only the first ``D`` values, the last ``R + t`` values before it (plus the depth of its
scan) and the rare heaps themselves, as published rare/common solvers keep them.  So after
the first ``P`` heaps are computed in full, this module keeps those ``P`` values, the rare
heaps of the mask then in force (fixed from there on), and a window of the last ``W`` values
(``W >= R + t``), slid forward in steps.  Proof scans look at smaller parts up to
``D = min(P - 1, W - s)``.  The values are exactly those of a full run, or the run stops:

- a proof scan that reaches depth ``D`` without proving its candidate decides nothing (the
  full scan might prove it, or find a new rare heap), so the run stops there, saying so;
- a new rare heap would need values of heaps the window has dropped, so it stops the run too.

What a run reports is gathered on the way, as the full run would compute it from all its
values: how often each value occurs (among all heaps, and among heaps ``0..2**k - 1`` for each
power of two: a chunk of the run never crosses one, so the counts are read there), the
largest value and the first heap with it, and, for
the period, the last exception ``e(p)`` (the last heap ``n`` with ``G(n) != G(n - p)``) of
every period ``p`` up to the window's length, from which the least period proved by the
Guy-Smith theorem (or the k-heap criterion), or only seen, is read as
:func:`grundy.heap.period.detect_period` reads it from the values.

>>> from grundy.heap.codes import TakeBreakCode
>>> run = window_run(TakeBreakCode.parse("0.77"), 10**5, memory=9000, period=True)
>>> run.head, run.largest, run.period, run.theorem
(2876, 8, (71, 12), 'Guy-Smith octal periodicity theorem')
"""

from __future__ import annotations

import contextlib
import os
import time
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from numba import njit

from grundy.budget import memory_limit
from grundy.compiled import CACHING
from grundy.errors import SequenceInterrupted, TooBig, short_number
from grundy.heap.checkpoint import (
    CHECKPOINT_SECONDS,
    BadCheckpoint,
    damaged,
    open_regular,
    write_atomically,
)
from grundy.heap.codes import TakeBreakCode
from grundy.heap.compact import power_counts
from grundy.heap.kernels import (
    _UNDECIDED,
    BASE,
    BLOCK_LENGTH,
    RARE_COUNT,
    SCAN_DEPTH,
    SCAN_STEPS,
    STATE_SLOTS,
    Values,
    _check_prefix,
    _check_threads,
    _collect_rare,
    _SparseRun,
    _start,
    _widen,
)
from grundy.heap.masks import histogram
from grundy.heap.period import DETECT_RULE, Rule, least_period_after, take_break_rule
from grundy.heap.recheck import OPTION_BUDGET, SAMPLES, recheck_code
from grundy.heap.rules import Progress
from grundy.numerals import shown
from grundy.seal import UNSEALED, Sealing, user_seal

#: The longest period looked for beyond memory (at most the window's length, and a 32nd
#: of the memory: the last exceptions take 9 bytes a period).
PERIODS_UP_TO = 1 << 20

#: The fewest values the first part must hold: less memory is refused as before.
LEAST_HEAD = 4096


#: The most splits of a drawn heap whose values a resumed checkpoint's window is checked
#: against (the splits whose smaller part is smallest).
PARTS_LOOKED_AT = OPTION_BUDGET // SAMPLES


def _power_rows(values: np.ndarray[Any, Any]
                ) -> list[np.ndarray[Any, np.dtype[np.int64]] | None]:
    """The counts at powers of two of the first part
    (:func:`~grundy.heap.compact.power_counts`), a numpy row each, as the checkpoint keeps
    them."""
    return [np.array(row, dtype=np.int64) for row in power_counts(values)]


def periods_looked_for(memory: int, period: bool = True) -> int:
    """The longest period followed beyond memory within ``memory`` bytes (0 when no
    period is sought).

    >>> periods_looked_for(2**20), periods_looked_for(2**40)
    (32768, 1048576)
    """
    return min(PERIODS_UP_TO, memory // 32) if period else 0


def head_length(memory: int, period: bool = False) -> int:
    """Heaps computed in full first, the budget being ``memory`` bytes: 4/9 of what the
    periods' table leaves, so that the first part and a window as long, with a fourth more
    for sliding, fit at one byte a value.

    >>> head_length(9000), head_length(9000, period=True)
    (4000, 2876)
    """
    return _values_memory(memory, period) * 4 // 9


def _values_memory(memory: int, period: bool) -> int:
    return memory - 9 * periods_looked_for(memory, period)


#: The most heaps a run beyond memory takes on: the longest runs published (0.167 to 2^40).
#: Past it a run would take months on one machine, so it is refused up front as too big for
#: memory, as before the window.
LONGEST_RUN = 1 << 40


def fits_window(code: TakeBreakCode | None, n: int, memory: int, period: bool = False) -> bool:
    """True when heaps 0..n of ``code`` do not fit ``memory`` bytes as a full array but may
    be computed with a window: moves leave at most two heaps, and the first part is long
    enough to be of use.

    >>> fits_window(TakeBreakCode.parse("0.77"), 10**6, 10**5), fits_window(None, 10**6, 10**5)
    (True, False)
    >>> fits_window(TakeBreakCode.parse("0.77"), 10**18, 10**5)
    False
    """
    if code is None or code.triples or n > LONGEST_RUN:
        return False
    return n + 1 > memory and head_length(memory, period) >= LEAST_HEAD


@njit(cache=CACHING)
def _track_exceptions(g, base, start, stop, last, most, skip):  # type: ignore[no-untyped-def]
    # last[p] becomes the last heap n < stop with G(n) != G(n - p) (p - 1 when there is
    # none), for p = 1..most, from last[p] for the heaps before start; g[m] is G(base + m)
    # and holds heaps start - most .. stop - 1.  Scanning back from stop stops at the first
    # exception.  A multiple kp of a period p whose last exception is before
    # start - (k - 1)p has none in start..stop-1 (G(n) = G(n - p) = ... = G(n - kp)), so it
    # is skipped: periodic stretches cost one scan, not one per multiple.
    skip[: most + 1] = 0
    for p in range(1, most + 1):
        if skip[p]:
            continue
        for m in range(stop - 1, max(start, p) - 1, -1):
            if g[m - base] != g[m - p - base]:
                last[p] = m
                break
        k = 2
        while k * p <= most and last[p] < start - (k - 1) * p:
            skip[k * p] = 1
            k += 1


@dataclass(frozen=True)
class WindowedValues:
    """What a run beyond memory reports, as a full run would have it from its values.

    ``counts[v]``: heaps 1..n of value ``v``; ``largest`` and ``first_heap``: the largest
    value and the first heap that has it; ``period``: ``(preperiod, period)``, or None;
    ``theorem``: the theorem that proves it, None when it is only seen; ``periods_up_to``:
    the longest period looked for; ``head`` and ``window``: the values kept, the first ones
    and the last ones; ``powers[k]``: heaps ``1..2**k - 1`` of each value, as ``counts``, for
    every ``2**k <= n + 1`` (None where a run resumed from a checkpoint written before these
    were kept no longer had them).
    """

    counts: np.ndarray[Any, np.dtype[np.int64]]
    largest: int
    first_heap: int
    period: tuple[int, int] | None
    theorem: str | None
    periods_up_to: int
    head: int
    window: int
    powers: list[np.ndarray[Any, np.dtype[np.int64]] | None] = field(default_factory=list)


class _WindowRun(_SparseRun):
    """A rare/common run that keeps its first values and a sliding window of the last."""

    def __init__(self, code: TakeBreakCode, name: str, n: int, memory: int, period: bool,
                 progress: Progress | None, threads: int | None) -> None:
        self.windowed = False
        values, count = _start(head_length(memory, period) - 1, _check_prefix(None))
        super().__init__(values, count, code, _check_threads(threads, n + 1))
        self.code = code
        self.name = name
        self.n = n
        self.memory = memory
        # The budget of the values: the first part and the window.
        self.room = _values_memory(memory, period)
        self.progress = progress
        # No theorem proves a period when the parts of a split must be unequal.
        self.rule: Rule | None = None
        self.theorem: str | None = None
        if not code.unequal:
            self.rule, self.theorem = take_break_rule(code)
        self.seek_period = period
        self.first_heap = 0
        self.largest = 0
        self.base = 0
        self.window = 0
        self.step = 0
        self.most = 0
        self.proved_at = 0
        self.last = np.zeros(0, dtype=np.int64)
        self.skip = np.zeros(0, dtype=np.uint8)
        self._head: Values = values
        # The counts of heaps 1..2^k - 1, k = 0, 1, ...: read from the first part once it is
        # whole, then at each power of two the window reaches.
        self.powers: list[np.ndarray[Any, np.dtype[np.int64]] | None] = []

    @property
    def head(self) -> Values:
        """The first values, kept whole."""
        return self._head

    def _choose_mask(self, force: bool = False) -> None:
        # Beyond the first part the rare heaps of the mask in force are all that is kept.
        if not self.windowed:
            super()._choose_mask(force)

    def _grow_rare(self) -> None:
        if not self.windowed:
            super()._grow_rare()
            return
        raise self._stopped(f"heap {self.count} is a new rare heap (rare heaps have not "
                            "stopped appearing)")

    def _chunk(self, stop: int) -> tuple[int, int]:
        reached, status = super()._chunk(stop)
        if status == _UNDECIDED:
            self.count = reached
            raise self._stopped(f"the proof scan of heap {reached} needs smaller parts than "
                                f"the {short_number(int(self.state[SCAN_DEPTH]))} kept")
        return reached, status

    def _stopped(self, why: str) -> TooBig:
        last = f" and the last {short_number(self.window)}" if self.window else ""
        return TooBig(f"the nim-values of {self.name} heaps 0..{short_number(self.n)}",
                      size=(self.n + 1) * self.values.dtype.itemsize, limit=self.memory,
                      unit="bytes",
                      advice=f"beyond memory, from the first {short_number(len(self.head))} "
                             f"values{last}, {why}; stopped at heap {short_number(self.count)}")

    def compute(self, checkpoint: WindowCheckpoint | None = None) -> WindowedValues:
        """Values 0..n: the first part in full, then the window (see the module), resumed
        from ``checkpoint`` and written to it now and then."""
        head = len(self._head)
        kept = None if checkpoint is None else checkpoint.load(self.memory)
        keep = None if checkpoint is None else (lambda _: checkpoint.offer(self))
        try:
            if kept is not None and checkpoint is not None:
                self._resume(kept, checkpoint.path)
                if checkpoint.resumed is not None:
                    checkpoint.resumed(self.count)
            if not self.windowed:
                self.run(head - 1, self.progress, keep)
                self._enter()
            self.run(self.n, self.progress, keep)
        except SequenceInterrupted:
            if checkpoint is not None:
                checkpoint.save(self)
            raise
        if checkpoint is not None:
            checkpoint.save(self)
        counts = self.hist[: self.largest + 1].copy()
        found = self._period()
        return WindowedValues(counts, self.largest, self.first_heap,
                              None if found is None else found[0],
                              None if found is None or not found[1] else self.theorem,
                              self.most, head, self.window, self.powers)

    def _enter(self) -> None:
        """From the first part, computed in full, to the window."""
        head = len(self._head)
        self._head = self.values
        self.largest = int(self._head.max())
        self.first_heap = int(np.argmax(self._head))
        self.powers = _power_rows(self._head)
        if self.seek_period:
            self.most = min(periods_looked_for(self.memory), head - 1)
            self.last = np.arange(-1, self.most, dtype=np.int64)
            self.skip = np.zeros(self.most + 1, dtype=np.uint8)
            for start in range(1, head, 1 << 16):
                self._track(self._head, 0, start, min(head, start + (1 << 16)))
        # The rare heaps of the best mask now are final: no room is left for more.
        super()._choose_mask(force=True)
        rare = int(self.state[RARE_COUNT])
        self.rare_pos = self.rare_pos[:rare].copy()
        self.rare_val = self.rare_val[:rare].copy()
        self.windowed = True
        self._slide(self._head)

    #: What a checkpoint keeps besides the arrays, in this order.
    NUMBERS = ("n", "memory", "seek_period", "windowed", "count", "base", "window", "step",
               "most", "proved_at", "largest", "first_heap", "mask", "range")

    def saved(self) -> dict[str, np.ndarray[Any, Any]]:
        """The state of the run, as arrays (see :class:`WindowCheckpoint`)."""
        numbers = np.array([int(getattr(self, name)) for name in self.NUMBERS], np.int64)
        if not self.windowed:
            return {"numbers": numbers, "head": self.values[: self.count]}
        return {"numbers": numbers, "head": self._head,
                "window": self.values[: self.count - self.base], "hist": self.hist,
                "rare_pos": self.rare_pos, "rare_val": self.rare_val, "state": self.state,
                "last": self.last, "powers": self._saved_powers()}

    def _saved_powers(self) -> np.ndarray[Any, np.dtype[np.int64]]:
        """The counts at powers of two as one array, a row each, as wide as ``hist`` (-1
        throughout: not known)."""
        rows = np.full((len(self.powers), self.range), -1, dtype=np.int64)
        for k, row in enumerate(self.powers):
            if row is not None:
                rows[k] = 0
                rows[k, : len(row)] = row
        return rows

    def _resume(self, kept: dict[str, np.ndarray[Any, Any]], path: Path) -> None:
        """Take up the state of a checkpoint (read by :func:`read_state`), checked first:
        every number in range and consistent with the arrays, the first values by
        :func:`~grundy.heap.recheck.recheck_code`, the rare heaps and the counts of values
        rebuilt from them, and the window's values by :meth:`_check_window`.  Anything
        else is refused with :class:`BadCheckpoint`: the compiled kernel reads these arrays
        without bounds checks."""
        if len(kept["numbers"]) != len(self.NUMBERS):
            raise damaged(path, f"it holds {len(kept['numbers'])} numbers, not "
                                f"{len(self.NUMBERS)}")
        numbers = dict(zip(self.NUMBERS, kept["numbers"].tolist(), strict=True))
        if (numbers["memory"], numbers["seek_period"]) != (self.memory, self.seek_period):
            raise BadCheckpoint(f"the checkpoint was written with --max-memory "
                                f"{numbers['memory']} and{'' if numbers['seek_period'] else ' no'}"
                                " --period; run it so, or give another directory")
        head = kept["head"]
        size = len(self._head)
        count = numbers["count"]
        stages = (_WINDOWED, _OLDER_WINDOWED) if numbers["windowed"] else (_FIRST_PART,)
        if numbers["windowed"] not in (0, 1) or set(kept) not in [
                stage - {"key", "seal"} for stage in stages]:
            raise damaged(path, "its arrays are not those of its stage of the run")
        wrong = recheck_code(self.code, head)
        if wrong is not None:
            raise damaged(path, wrong)
        if not numbers["windowed"]:
            if not 1 <= count == len(head) <= size:
                raise damaged(path, f"it says {count} heaps and holds {len(head)} values")
            # The first part so far: the rest of the run depends on its values alone.
            values, count = _start(size - 1, _check_prefix(head))
            _SparseRun.__init__(self, values, count, self.code, self.threads)
            self._head = values
            return
        if len(head) != size or not size <= count <= self.n + 1:
            raise damaged(path, f"it holds {len(head)} first values and {count} heaps; a run "
                                f"of heaps 0..{self.n} within this budget keeps {size} first")
        for name in self.NUMBERS[3:]:
            setattr(self, name, numbers[name])
        self.windowed = True
        self._head = head
        window = kept["window"]
        self._check_numbers(len(window), path)
        self._tables()
        self.rare_pos = np.zeros(max(size, 64), dtype=np.int64)
        self.rare_val = np.zeros(max(size, 64), dtype=np.int64)
        rare = _collect_rare(head, size, self.rare_tab, self.rare_pos, self.rare_val)
        self.rare_pos, self.rare_val = self.rare_pos[:rare].copy(), self.rare_val[:rare].copy()
        if not (np.array_equal(kept["rare_pos"], self.rare_pos)
                and np.array_equal(kept["rare_val"], self.rare_val)):
            raise damaged(path, "its rare heaps are not those of its first values")
        self._check_window(window, kept["hist"], path)
        self.hist = kept["hist"].copy()
        state = kept["state"]
        if (len(state) != STATE_SLOTS or state[SCAN_STEPS] < 0
                or not 1 <= state[BLOCK_LENGTH] <= 1 << 22):
            raise damaged(path, "its kernel state is not one a run leaves")
        depth = min(size - 1, self.window - max([0, *self.splits.tolist()]))
        # In the order of the kernel's slots (grundy.heap.kernels.RARE_COUNT, ...).
        self.state = np.array([rare, self.largest, state[SCAN_STEPS], self.range,
                               state[BLOCK_LENGTH], self.base,
                               depth], dtype=np.int64)
        self.last = kept["last"].copy()
        most = min(periods_looked_for(self.memory), size - 1) if self.seek_period else -1
        if len(self.last) != most + 1 or not 0 <= self.most <= max(most, 0) or (
                len(self.last) and (np.any(self.last < np.arange(-1, most))
                                    or np.any(self.last >= count))):
            raise damaged(path, "its last exceptions of periods are out of range")
        self.skip = np.zeros(len(self.last), dtype=np.uint8)
        self.values = np.empty(self.window + self.step, dtype=window.dtype)
        self.values[: len(window)] = window
        self.powers = self._kept_powers(kept.get("powers"), path)

    def _kept_powers(self, saved: np.ndarray[Any, Any] | None, path: Path
                     ) -> list[np.ndarray[Any, np.dtype[np.int64]] | None]:
        """The counts at powers of two on resuming: those within the first part counted
        again from its values (and equal to the checkpoint's), the later ones from the
        checkpoint, checked (each adds up to its heaps, within the counts of all heaps and at
        least those of the power before);
        a checkpoint written before they were kept (``saved`` None) leaves them unknown."""
        powers: list[np.ndarray[Any, np.dtype[np.int64]] | None] = list(
            _power_rows(self._head))
        wanted = self.count.bit_length()   # every k with 2^k <= count
        if saved is None:
            return powers + [None] * (wanted - len(powers))
        if saved.shape != (wanted, self.range):
            raise damaged(path, f"its counts at powers of two are of shape {saved.shape}, not "
                                f"{(wanted, self.range)}")
        for k, counted in enumerate(powers):
            if counted is None or not (np.array_equal(saved[k, : len(counted)], counted)
                                       and not np.any(saved[k, len(counted):])):
                raise damaged(path, f"its counts of heaps 0..{(1 << k) - 1} are not those of "
                                    "its first values")
        before: np.ndarray[Any, Any] | None = None
        for k in range(len(powers), wanted):
            row = saved[k]
            if np.all(row == -1):
                powers.append(None)
                continue
            if (np.any(row < 0) or int(row.sum()) != (1 << k) - 1 or np.any(row > self.hist)
                    or (before is not None and np.any(row < before))):
                raise damaged(path, f"its counts of heaps 0..{(1 << k) - 1} do not fit its "
                                    "other counts")
            before = row
            powers.append(row.copy())
        return powers

    def _check_numbers(self, kept: int, path: Path) -> None:
        """The numbers of a checkpoint in the window, in range and consistent."""
        size = len(self._head)
        power = self.range >= 16 and self.range & (self.range - 1) == 0
        if not (1 <= self.window <= size and self.step == max(1, self.window // 4)
                and self.base >= 0 and self.count - self.base == kept <= self.window + self.step
                and 0 <= self.proved_at <= self.count and 0 <= self.first_heap < self.count
                and power and 2 * self.largest < self.range and 1 <= self.mask < self.range):
            raise damaged(path, "its numbers are out of range or do not fit together")

    def _check_window(self, window: Values, hist: np.ndarray[Any, Any], path: Path) -> None:
        """The window's values and the counts of values against the first values and the
        rules: no value beyond the first part is rare (a new rare heap stops the run), the
        counts add up, the largest value is where it is said to be, and the values of
        heaps drawn at random are none of the values of their options that the values kept
        show (a one-sided check: the other options are no longer kept)."""
        head, base, size = self._head, self.base, len(self._head)
        later = window[max(0, size - base):]
        overlap = window[: max(0, size - base)]
        top = max(int(head.max()), int(window.max()) if len(window) else 0)
        at = self.first_heap
        largest_there = head[at] if at < size else window[at - base] if at >= base else None
        if (not np.array_equal(overlap, head[base:base + len(overlap)]) or top > self.largest
                or (largest_there is not None and largest_there != self.largest)
                or (0 < at < size and int(head[:at].max()) >= self.largest)
                or np.any(self.rare_tab[np.flatnonzero(histogram(later))] != 0)):
            raise damaged(path, "its window does not follow from its first values")
        # Values are counted a window at a time, and looked up by the values present:
        # np.bincount, or indexing by the values, would widen them all to 8 bytes (11 GB for
        # the 1.4 billion values of a first part in a 3 GB budget).
        seen = histogram(head[1:])
        counted = np.zeros(max(self.range, len(seen)), dtype=np.int64)
        counted[: len(seen)] = seen
        if (len(hist) != self.range or np.any(hist < counted) or hist.sum() != self.count - 1
                or hist[self.largest] < 1 or np.any(hist[self.largest + 1:])):
            raise damaged(path, "its counts of values do not fit its values")
        heaps = np.random.default_rng().choice(len(window), size=min(SAMPLES, len(window)),
                                               replace=False) + base
        for heap in heaps.tolist():
            if heap < size:
                continue
            value = int(window[heap - base])
            if value in self._known_options(heap, window):
                raise damaged(path, f"heap {heap} has value {value}, the value of one of its "
                                    "options")

    def _known_options(self, heap: int, window: Values) -> set[int]:
        """The values of the options of ``heap`` whose parts are among the values kept."""
        head, base, size, end = self._head, self.base, len(self._head), self.count

        def known(parts: np.ndarray[Any, Any]) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
            inside = (parts < size) | ((parts >= base) & (parts < end))
            parts = parts[inside]
            values = np.where(parts < size, head[np.minimum(parts, size - 1)].astype(np.int64),
                              window[np.clip(parts - base, 0, len(window) - 1)].astype(np.int64))
            return inside, values

        found: set[int] = set()
        for taken, digit in enumerate(self.code.digits):
            rest = heap - taken
            if taken and digit & 2 and rest > 0:
                found.update(known(np.array([rest]))[1].tolist())
            if digit & 4:
                largest = (rest - 1) // 2 if taken in self.code.unequal else rest // 2
                # The splits whose smaller part is among the first heaps only: the check is
                # one-sided anyway, and every split would be billions of parts far out.
                small = np.arange(1, min(largest, size - 1, PARTS_LOOKED_AT) + 1)
                inside, other = known(rest - small)
                found.update((head[small[inside]].astype(np.int64) ^ other).tolist())
        return found

    def _slide(self, source: Values) -> None:
        """A window as long as the memory left allows at the width of ``source``, whose
        last values are those of the heaps before ``count`` (the first part, or the window
        so far)."""
        width = source.dtype.itemsize
        left = self.room - len(self._head) * self._head.dtype.itemsize
        window = min(left // width * 4 // 5, len(source))
        largest_rare = int(self.rare_pos.max()) if len(self.rare_pos) else 0
        reach = max([0, *self.splits.tolist()]) + largest_rare
        needed = max(reach, self.code.largest_removal) + 1
        if window < needed:
            raise self._stopped(f"the rare heaps (the last at {largest_rare}) need a window of "
                                f"{short_number(needed)} values; memory leaves room for "
                                f"{short_number(max(window, 0))}")
        step = max(1, window // 4)
        kept = np.empty(window + step, dtype=source.dtype)
        kept[:window] = source[len(source) - window:]
        self.values = kept
        self.window = window
        self.step = step
        self.base = self.count - window
        self.state[BASE] = self.base
        self.state[SCAN_DEPTH] = min(len(self._head) - 1,
                                     window - max([0, *self.splits.tolist()]))
        self.most = min(self.most, window)

    def _room(self, end: int) -> int:
        if not self.windowed:
            return end
        # A chunk stops at the next power of two, where the counts are read.
        end = min(end, 1 << len(self.powers))
        if self.count == self.base + len(self.values):
            # Slide by one step, piece by piece so that no piece overlaps its source.
            kept = self.values
            for at in range(0, self.window, self.step):
                upto = min(at + self.step, self.window)
                kept[at:upto] = kept[at + self.step:upto + self.step]
            self.base += self.step
            self.state[BASE] = self.base
        return min(end, self.base + len(self.values))

    def _widen_values(self) -> None:
        if not self.windowed:
            super()._widen_values()
            return
        self._slide(_widen(self.values[: self.count - self.base]))

    def _computed(self, start: int, stop: int) -> None:
        if not self.windowed or stop <= start:
            return
        new = self.values[start - self.base:stop - self.base]
        top = int(new.max())
        if top > self.largest:
            self.largest = top
            self.first_heap = start + int(np.argmax(new))
        if stop == 1 << len(self.powers):
            self.powers.append(self.hist[: self.largest + 1].copy())
        if self.seek_period:
            self._track(self.values, self.base, start, stop)

    def _track(self, values: Values, base: int, start: int, stop: int) -> None:
        _track_exceptions(values, base, start, stop, self.last, self.most, self.skip)
        if self.rule is not None and stop >= self.proved_at * 5 // 4:
            # A proved period stays proved: longer ones need not be followed any more.
            self.proved_at = stop
            found = least_period_after(self.last[: self.most + 1], stop, *self.rule)
            if found is not None:
                self.most = found[1]

    def _period(self) -> tuple[tuple[int, int], bool] | None:
        size = self.n + 1
        if self.most < 1:
            return None
        last = self.last[: self.most + 1]
        if self.rule is not None:
            proved = least_period_after(last, size, *self.rule)
            if proved is not None:
                return proved, True
        seen = least_period_after(last, size, *DETECT_RULE)
        if seen is None or size - seen[0] < size / 2:
            return None
        return seen, False


def window_run(code: TakeBreakCode, n: int, memory: int, *, period: bool = False,
               progress: Progress | None = None, threads: int | None = None,
               name: str | None = None, checkpoint: WindowCheckpoint | None = None
               ) -> WindowedValues:
    """Heaps 0..n of ``code`` (moves leaving at most two heaps) within ``memory`` bytes of
    values: the first :func:`head_length` values in full, then a sliding window (see the
    module).  ``period``: follow the last exceptions of periods up to
    :func:`periods_looked_for` (and the window's length).  ``name`` names the game in refusals
    (by default its code).  ``checkpoint``: resume from it, write it now and then, on Ctrl-C
    and at the end.  :class:`~grundy.errors.TooBig` when the values kept do not decide a
    heap; Ctrl-C raises KeyboardInterrupt.
    """
    name = name or code.text
    if code.triples:
        raise TooBig(f"the nim-values of {name} heaps 0..{short_number(n)} with moves that "
                     "leave three heaps", size=n + 1, limit=memory, unit="bytes")
    run = _WindowRun(code, name, n, memory, period, progress, threads)
    try:
        return run.compute(checkpoint)
    except SequenceInterrupted:
        raise KeyboardInterrupt from None


class WindowCheckpoint:
    """The checkpoint of a run beyond memory of game ``key``: its first values, its window and
    what it gathered, in ``directory``, written every ``every`` seconds at most when
    offered, atomically (a temporary file renamed over the last one).  A checkpoint of
    another game, or of a run with another memory budget or period search, or a damaged one
    (the zip file's CRC-32 of each array, the checks of :func:`read_state`, the seal of all
    its arrays (:func:`state_seal`, :mod:`grundy.seal`: written by this user's grundy and
    not changed since; a file without one, from an older version, is refused too) and the
    checks of the run) is refused with :class:`BadCheckpoint`.  ``resumed(heaps)`` hears how
    many heaps a run takes up from the checkpoint, once they are checked.
    """

    FILE_NAME = "window.checkpoint.npz"

    def __init__(self, directory: Path | str, key: str, every: float = CHECKPOINT_SECONDS,
                 resumed: Callable[[int], None] | None = None) -> None:
        self.path = Path(directory) / self.FILE_NAME
        self.key = key
        self.every = every
        self.resumed = resumed
        self.saved_at = time.monotonic()

    def load(self, memory: int | None = None) -> dict[str, np.ndarray[Any, Any]] | None:
        """The state kept, or None when there is none yet.  The file is checked before any
        array is read (:func:`read_state`): arrays bigger than a run within ``memory``
        bytes (by default the budget in force) would keep are refused, not expanded."""
        source = open_regular(self.path)
        if source is None:
            return None
        with source:
            arrays = read_state(source, self.path,
                                head_length(memory_limit() if memory is None else memory))
        if not state_seal(arrays).verifies(str(arrays.pop("seal"))):
            raise damaged(self.path, "its seal does not match: it was changed since it was "
                                     "written, or written with another user's key")
        if str(arrays.pop("key")) != self.key:
            raise BadCheckpoint(f"the checkpoint {self.path} is not of {self.key}; give another "
                                "directory")
        return arrays

    def remove(self) -> None:
        """Delete the checkpoint, and its directory when nothing else is in it."""
        self.path.unlink(missing_ok=True)
        with contextlib.suppress(OSError):
            self.path.parent.rmdir()

    def heaps(self) -> int:
        """How many heaps the checkpoint holds (0: none)."""
        kept = self.load()
        return 0 if kept is None else int(kept["numbers"][_WindowRun.NUMBERS.index("count")])

    def save(self, run: _WindowRun) -> None:
        """Write the state of ``run``."""
        arrays: dict[str, Any] = {"key": np.array(self.key), **run.saved()}
        arrays["seal"] = np.array(state_seal(arrays).hexdigest())
        write_atomically(self.path, lambda out: np.savez(out, **arrays))
        self.saved_at = time.monotonic()

    def offer(self, run: _WindowRun) -> None:
        """Save the state of ``run`` if :attr:`every` seconds have passed since the last."""
        if time.monotonic() - self.saved_at >= self.every:
            self.save(run)


def state_seal(arrays: dict[str, Any]) -> Sealing:
    """The seal (the user's key) of a checkpoint's arrays but ``seal``: each one's name,
    type, shape and bytes, in the order of their names.

    >>> kept = {"key": np.array("octal:0.77"), "head": np.arange(3, dtype=np.uint8)}
    >>> one = state_seal(kept).hexdigest()
    >>> kept["head"][2] = 3
    >>> one == state_seal(kept).hexdigest()
    False
    """
    sealing = user_seal().start()
    for name in sorted(set(arrays) - {"seal"}):
        array = np.ascontiguousarray(arrays[name])
        sealing.add(f"{name} {array.dtype.str} {array.shape}".encode())
        sealing.add(array.data)
    return sealing


#: The arrays of a checkpoint: ``(dtype kind, dimensions)``; ``u`` is any unsigned width.
_MEMBERS = {"key": ("U", 0), "seal": ("U", 0), "numbers": ("i", 1), "head": ("u", 1),
            "window": ("u", 1), "hist": ("i", 1), "rare_pos": ("i", 1), "rare_val": ("i", 1),
            "state": ("i", 1), "last": ("i", 1),
            "powers": ("i", 2)}
#: The arrays of a checkpoint written in the first part, and in the window.
_FIRST_PART = {"key", "seal", "numbers", "head"}
_WINDOWED = set(_MEMBERS)
#: The arrays of a checkpoint in the window written before the counts at powers of two
#: were kept: still resumed, those counts then unknown from the first part to the resume.
_OLDER_WINDOWED = _WINDOWED - {"powers"}
_UNSIGNED = {np.dtype(t) for t in (np.uint8, np.uint16, np.uint32, np.uint64)}
_KINDS = {"u": "unsigned integers", "i": "64-bit integers", "U": "text"}
#: The arrays whose length is fixed.
_EXACT = {"numbers": len(_WindowRun.NUMBERS), "state": 7}


def read_state(source: Any, path: Path, head: int) -> dict[str, np.ndarray[Any, Any]]:
    """The arrays of a checkpoint file (an ``.npz`` zip of ``.npy`` files), read only once
    its zip directory and each array's ``.npy`` header check out: the expected names, types
    and dimensions, stored uncompressed as :meth:`WindowCheckpoint.save` writes them (so a
    small file cannot expand to a huge array), each as long as its header says and no
    longer than a run whose first part holds ``head`` values keeps.  Else
    :class:`BadCheckpoint`.
    """
    size = os.fstat(source.fileno()).st_size
    # What a run keeps: the first part and a window (values of up to 8 bytes), the rare
    # heaps, the counts of values and the last exceptions of the periods followed.
    most = {"key": 1024, "seal": 1, "numbers": len(_WindowRun.NUMBERS), "head": head,
            "window": 2 * head, "hist": 4 * head + 64, "rare_pos": head + 64,
            "rare_val": head + 64, "state": 7, "last": PERIODS_UP_TO + 1,
            "powers": 64 * (4 * head + 64)}
    if size > 8 * sum(most.values()) + (1 << 20):
        raise damaged(path, f"it is {short_number(size)} bytes, more than a run within this "
                            "memory budget keeps")
    try:
        archive = zipfile.ZipFile(source)
        entries = archive.infolist()
        names = [entry.filename.removesuffix(".npy") for entry in entries]
        stages = (_FIRST_PART, _WINDOWED, _OLDER_WINDOWED)
        if len(set(names)) == len(names) and set(names) | {"seal"} in stages and (
                "seal" not in names):
            raise damaged(path, UNSEALED)
        if len(set(names)) != len(names) or set(names) not in stages:
            raise damaged(path, f"it holds the arrays {shown(' '.join(sorted(names)), 100)}, "
                                f"not those of a checkpoint ({', '.join(_MEMBERS)})")
        for entry, name in zip(entries, names, strict=True):
            _check_member(archive, entry, name, most[name], path)
        arrays = {}
        for entry, name in zip(entries, names, strict=True):
            with archive.open(entry) as member:
                arrays[name] = np.lib.format.read_array(member, allow_pickle=False)
        return arrays
    except BadCheckpoint:
        raise
    except (OSError, ValueError, EOFError, zipfile.BadZipFile, zipfile.LargeZipFile):
        raise damaged(path, "it is not a whole .npz file") from None


def _check_member(archive: zipfile.ZipFile, entry: zipfile.ZipInfo, name: str, most: int,
                  path: Path) -> None:
    """Refuse an array of the checkpoint that is compressed, of the wrong type or shape,
    longer than ``most`` items, or not as long as its header says (read without expanding)."""
    if entry.compress_type != zipfile.ZIP_STORED or entry.compress_size != entry.file_size:
        raise damaged(path, f"its array {name} is compressed; checkpoints are written stored")
    with archive.open(entry) as member:
        version = np.lib.format.read_magic(member)
        if version == (1, 0):
            shape, fortran, dtype = np.lib.format.read_array_header_1_0(member)
        elif version == (2, 0):
            shape, fortran, dtype = np.lib.format.read_array_header_2_0(member)
        else:
            raise damaged(path, f"its array {name} is of .npy version {version}")
        start = member.tell()
    kind, dimensions = _MEMBERS[name]
    if kind == "u":
        right_type = dtype in _UNSIGNED
    else:
        right_type = dtype == np.dtype(np.int64) if kind == "i" else dtype.kind == "U"
    if not right_type or len(shape) != dimensions or fortran:
        raise damaged(path, f"its array {name} is {dtype.str} of shape {shape}, not a "
                            f"{dimensions}-dimensional array of {_KINDS[kind]}")
    items = int(np.prod(shape)) if dimensions else 1
    if name in _EXACT and items != _EXACT[name]:
        raise damaged(path, f"its array {name} holds {items} items, not {_EXACT[name]}")
    if items > most:
        raise damaged(path, f"its array {name} holds {short_number(items)} items, more than a "
                            f"run within this memory budget keeps ({short_number(most)})")
    if entry.file_size != start + items * dtype.itemsize:
        raise damaged(path, f"its array {name} is not as long as its header says")
