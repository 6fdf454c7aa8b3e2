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
values: how often each value occurs, the largest value and the first heap with it, and, for
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

import time
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from numba import njit

from grundy.compiled import CACHING
from grundy.errors import SequenceInterrupted, TooBig, short_number
from grundy.heap.base import Progress
from grundy.heap.checkpoint import CHECKPOINT_SECONDS, BadCheckpoint, write_atomically
from grundy.heap.codes import TakeBreakCode
from grundy.heap.kernels import (
    _UNDECIDED,
    Values,
    _check_prefix,
    _check_threads,
    _SparseRun,
    _start,
    _widen,
)
from grundy.heap.period import DETECT_RULE, Rule, least_period_after, take_break_rule

#: The longest period looked for beyond memory (at most the window's length, and a 32nd
#: of the memory: the last exceptions take 9 bytes a period).
PERIODS_UP_TO = 1 << 20

#: The fewest values the first part must hold: less memory is refused as before.
LEAST_HEAD = 4096


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
    and the last ones.
    """

    counts: np.ndarray[Any, np.dtype[np.int64]]
    largest: int
    first_heap: int
    period: tuple[int, int] | None
    theorem: str | None
    periods_up_to: int
    head: int
    window: int


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
                                f"the {short_number(int(self.state[6]))} kept")
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
        kept = None if checkpoint is None else checkpoint.load()
        keep = None if checkpoint is None else (lambda _: checkpoint.offer(self))
        try:
            if kept is not None:
                self._resume(kept)
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
                              self.most, head, self.window)

    def _enter(self) -> None:
        """From the first part, computed in full, to the window."""
        head = len(self._head)
        self._head = self.values
        self.largest = int(self._head.max())
        self.first_heap = int(np.argmax(self._head))
        if self.seek_period:
            self.most = min(periods_looked_for(self.memory), head - 1)
            self.last = np.arange(-1, self.most, dtype=np.int64)
            self.skip = np.zeros(self.most + 1, dtype=np.uint8)
            for start in range(1, head, 1 << 16):
                self._track(self._head, 0, start, min(head, start + (1 << 16)))
        # The rare heaps of the best mask now are final: no room is left for more.
        super()._choose_mask(force=True)
        rare = int(self.state[0])
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
                "last": self.last}

    def _resume(self, kept: dict[str, np.ndarray[Any, Any]]) -> None:
        numbers = dict(zip(self.NUMBERS, kept["numbers"].tolist(), strict=True))
        if (numbers["memory"], numbers["seek_period"]) != (self.memory, self.seek_period):
            raise BadCheckpoint(f"the checkpoint was written with --max-memory "
                                f"{numbers['memory']} and{'' if numbers['seek_period'] else ' no'}"
                                " --period; run it so, or give another directory")
        if not numbers["windowed"]:
            # The first part so far: the rest of the run depends on its values alone.
            values, count = _start(len(self._head) - 1, _check_prefix(kept["head"]))
            _SparseRun.__init__(self, values, count, self.code, self.threads)
            self._head = values
            return
        for name in self.NUMBERS[3:]:
            setattr(self, name, numbers[name])
        self.windowed = True
        self._head = kept["head"]
        self._tables()
        self.hist, self.state = kept["hist"].copy(), kept["state"].copy()
        self.rare_pos, self.rare_val = kept["rare_pos"].copy(), kept["rare_val"].copy()
        self.last = kept["last"].copy()
        self.skip = np.zeros(len(self.last), dtype=np.uint8)
        window = kept["window"]
        self.values = np.empty(self.window + self.step, dtype=window.dtype)
        self.values[: len(window)] = window

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
        self.state[5] = self.base
        self.state[6] = min(len(self._head) - 1, window - max([0, *self.splits.tolist()]))
        self.most = min(self.most, window)

    def _room(self, end: int) -> int:
        if not self.windowed:
            return end
        if self.count == self.base + len(self.values):
            # Slide by one step, piece by piece so that no piece overlaps its source.
            kept = self.values
            for at in range(0, self.window, self.step):
                upto = min(at + self.step, self.window)
                kept[at:upto] = kept[at + self.step:upto + self.step]
            self.base += self.step
            self.state[5] = self.base
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
    """The checkpoint of a run beyond memory of game ``key``: its first values, its window
    and what it gathered, in ``directory``, written every ``every`` seconds at most when
    offered, atomically (a temporary file renamed over the last one).  A checkpoint of
    another game, or of a run with another memory budget or period search, or a damaged
    one (the zip file's CRC-32 of each array) is refused with :class:`BadCheckpoint`.
    """

    FILE_NAME = "window.checkpoint.npz"

    def __init__(self, directory: Path | str, key: str, every: float = CHECKPOINT_SECONDS
                 ) -> None:
        self.path = Path(directory) / self.FILE_NAME
        self.key = key
        self.every = every
        self.saved_at = time.monotonic()

    def load(self) -> dict[str, np.ndarray[Any, Any]] | None:
        """The state kept, or None when there is none yet."""
        if not self.path.exists():
            return None
        try:
            with np.load(self.path, allow_pickle=False) as kept:
                arrays = {name: kept[name] for name in kept.files}
        except (OSError, ValueError, KeyError, zipfile.BadZipFile):
            raise BadCheckpoint(f"the checkpoint {self.path} is damaged or not a checkpoint; "
                                "remove it to start again") from None
        if str(arrays.pop("key", "")) != self.key:
            raise BadCheckpoint(f"the checkpoint {self.path} is not of {self.key}; give another "
                                "directory")
        return arrays

    def heaps(self) -> int:
        """How many heaps the checkpoint holds (0: none)."""
        kept = self.load()
        return 0 if kept is None else int(kept["numbers"][_WindowRun.NUMBERS.index("count")])

    def save(self, run: _WindowRun) -> None:
        """Write the state of ``run``."""
        arrays: dict[str, Any] = {"key": np.array(self.key), **run.saved()}
        write_atomically(self.path, lambda out: np.savez(out, **arrays))
        self.saved_at = time.monotonic()

    def offer(self, run: _WindowRun) -> None:
        """Save the state of ``run`` if :attr:`every` seconds have passed since the last."""
        if time.monotonic() - self.saved_at >= self.every:
            self.save(run)
