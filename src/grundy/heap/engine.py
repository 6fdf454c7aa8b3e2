"""The sequence engine of heap games: the values of single heaps computed once and kept (in
memory, on disk, in checkpoints), computed in stages and continued by a period as soon as a
theorem proves one, the search for periods, and the choice of a run of heaps 0..n: in full,
or beyond memory with a window of the values (:func:`run_sequence`).

A heap game (:class:`~grundy.heap.base.HeapGame`) gives the rules of one heap and how its
values are computed (:class:`~grundy.heap.rules.HeapRules`); everything here works from
those rules alone.

>>> from grundy.heap.takebreak import KAYLES
>>> values_to(KAYLES, 9).tolist()
[0, 1, 2, 3, 1, 4, 3, 2, 1, 4]
>>> heap_value_by(KAYLES, 10**100)
(1, 'period')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from grundy.budget import check_memory, in_force, memory_limit, memory_note
from grundy.caches import Memo
from grundy.errors import (
    InvalidArgument,
    InvalidPosition,
    SequenceInterrupted,
    TooBig,
    short_number,
)
from grundy.heap.compact import AnyValues, CompactValues, as_array, itemsize
from grundy.heap.rules import MEMORY_BOUND, HeapRules, Keep, Progress

if TYPE_CHECKING:
    # numpy, and the compiled kernels with numba, are imported where a step needs them: a
    # formula (Nim's heap is its value) needs neither, and the values of the C kernel of
    # short runs are held, searched and continued without them (:mod:`grundy.heap.compact`).
    import numpy as np

    from grundy.heap.cache import SequenceCache, Values
    from grundy.heap.checkpoint import Checkpoint
    from grundy.heap.period import Period
    from grundy.heap.window import WindowCheckpoint, WindowedValues

#: How many values a search for a period may compute before one is seen (0.56 needs about
#: 653 000); once a period is seen, as many as its proof needs are computed, memory allowing.
PERIOD_SEARCH_LIMIT = 1 << 22
#: From this heap on, a value is read from a proved period rather than computed.
PERIOD_FIRST = 1 << 16
#: Runs of at least this many heaps are computed in stages and continued by the period as
#: soon as a theorem proves one (:func:`values_to`).
FILL_FROM = 1 << 14
#: Heaps computed in the first stage of such a run before the theorem is first asked.
FIRST_STAGE = 1 << 12
#: Bytes one value takes at least (``uint8``; wider types when the values need them).
VALUE_BYTES = 1
#: Sequences shorter than this are quicker to compute than to read from disk.
DISK_CACHE_FROM = 4096


def computable_heap(game: HeapRules) -> int:
    """The largest heap whose value may be computed: the game's ``max_computed_heap``, the
    positions of a :func:`~grundy.budget.work_limit` around the caller, or the heaps whose
    values (one byte each at least) fit in the memory budget, whichever is least.

    >>> from grundy.heap.takebreak import KAYLES
    >>> from grundy.budget import Budget, work_limit
    >>> with work_limit(1000):
    ...     computable_heap(KAYLES)
    1000
    >>> with work_limit(Budget(10**12, memory=5000)):
    ...     computable_heap(KAYLES)
    4999
    """
    budget = in_force()
    most = game.max_computed_heap if budget is None else min(budget.positions,
                                                             game.max_computed_heap)
    return min(most, memory_limit() // VALUE_BYTES - 1)


def check_computable(game: HeapRules, n: int, what: str | None = None) -> None:
    """Refuse up front, with :class:`~grundy.errors.TooBig`, to compute values 0..n when
    they need more memory than the budget allows, or more heaps than the game computes.
    ``what`` names the work in the refusal (by default, the values of heaps 0..n).

    >>> from grundy.heap.takebreak import KAYLES
    >>> from grundy.budget import Budget, work_limit
    >>> with work_limit(Budget(10**12, memory=1000)):
    ...     check_computable(KAYLES, 5000)
    Traceback (most recent call last):
    ...
    grundy.errors.TooBig: the nim-values of kayles heaps 0..5000 needs about 5001 bytes; \
the limit is 1000 (the memory budget)
    """
    budget = in_force()
    most = game.max_computed_heap if budget is None else min(budget.positions,
                                                             game.max_computed_heap)
    what = what or f"the nim-values of {game.text} heaps 0..{short_number(n)}"
    # A game limited by memory alone (MEMORY_BOUND) is refused by the memory it needs.
    if n > most and most < MEMORY_BOUND:
        raise TooBig(what, size=n + 1, limit=most, unit="heap values")
    needed = (n + 1) * VALUE_BYTES
    if needed > memory_limit():
        raise TooBig(what, size=needed, limit=memory_limit(), unit="bytes",
                     note=memory_note())
    game.check_cost(n, what)


def heap_value_by(game: HeapRules, n: int, search: int = PERIOD_SEARCH_LIMIT,
                  progress: Progress | None = None) -> tuple[int, str]:
    """The nim-value of one heap and how it was found: ``formula``, ``computed`` or
    ``period`` (a proved period carries the computed values to any heap size).

    ``search``: how many heaps may be computed to prove a period (more when a period
    seen needs them, memory allowing); ``progress`` hears how far that has come.
    """
    formula = game.closed_form(n)
    if formula is not None:
        return formula, "formula"
    known = kept_any(game)
    if n < len(known):
        return int(known[n]), "computed"
    if n > min(computable_heap(game), PERIOD_FIRST):
        # A period proved from a few thousand values beats computing millions of them.
        period = proved_period(game, min(search, n + 1), progress)
        if period is not None:
            # The kept values may have been forgotten (memos are bounded) or cut short.
            covered = period.preperiod + period.period
            known = kept_any(game)
            if len(known) < covered:
                known = values_any(game, covered - 1, progress)
            return period.value_at(known, n), "period"
    if n >= computable_heap(game) and game.certifiable:
        check_computable(game, n, f"the nim-value of {game.text} {short_number(n)} (no "
                                  f"formula, and no period proved from the values of "
                                  f"heaps 0..{short_number(min(search, n + 1) - 1)})")
    return int(values_any(game, n, progress)[n]), "computed"


def values_to(game: HeapRules, n: int, progress: Progress | None = None,
              checkpoint: Checkpoint | None = None) -> Values:
    """The nim-values of single heaps 0..n, as a numpy array (computed once, then kept).

    Values computed before — in this process, or in an earlier one through the disk
    cache — are not computed again; longer sequences extend shorter ones.
    ``progress(count)`` hears how far a long computation has come.  On Ctrl-C the values
    computed so far are kept and :class:`~grundy.errors.SequenceInterrupted` is raised.  A
    ``checkpoint`` (:class:`~grundy.heap.checkpoint.Checkpoint`) is resumed from, written
    now and then while the values are computed, and at the end.

    >>> from grundy.heap.subtraction import Subtraction
    >>> values_to(Subtraction({1, 2}), 7).tolist()
    [0, 1, 2, 0, 1, 2, 0, 1]
    """
    return as_array(values_any(game, n, progress, checkpoint))


def values_any(game: HeapRules, n: int, progress: Progress | None = None,
               checkpoint: Checkpoint | None = None) -> AnyValues:
    """:func:`values_to`, the values in the form their kernel gave them: compact values
    (:mod:`grundy.heap.compact`) from the C kernel of short runs, else a numpy array."""
    if n < 0:
        raise InvalidPosition(f"heap size {n} is negative")
    known = kept_any(game)
    if checkpoint is not None:
        resumed = checkpoint.load()
        if resumed is not None and len(resumed) > len(known):
            known = resumed
            _sequences[game] = known
    if n < len(known):
        return known[: n + 1]
    check_computable(game, n, f"the nim-value of {game.text} {short_number(n)} (no formula "
                              "or proved period)")
    # Short sequences grow by doubling, so that many small requests cost little; long
    # ones are computed to n exactly, so that memory holds what was asked for.
    target = n if n >= PERIOD_SEARCH_LIMIT else min(max(n, 2 * len(known)),
                                                     computable_heap(game))
    # Values take one to eight bytes each: at least one byte per heap will be held.
    check_memory(f"the nim-values of {game.text} heaps 0..{short_number(target)}",
                 (target + 1) * max(VALUE_BYTES, itemsize(known)))
    try:
        grown = _grow(game, target, known, progress,
                      None if checkpoint is None else checkpoint.offer)
    except SequenceInterrupted as stop:
        _keep_values(game, stop.values)
        if checkpoint is not None:
            checkpoint.save(stop.values)
        raise
    _keep_values(game, grown)
    if checkpoint is not None:
        checkpoint.save(as_array(grown))
    return grown[: n + 1]


def _grow(game: HeapRules, target: int, known: AnyValues, progress: Progress | None,
          keep: Keep | None) -> AnyValues:
    """Values 0..target from ``known``: computed, but continued by the period as soon
    as one is proved (:func:`~grundy.heap.tiling.extend_by_period`).

    A long run of a game with a theorem is computed in stages, each four times the
    last, from :data:`FIRST_STAGE` heaps; the values of each stage are offered to the
    theorem (one linear search), and the rest is copied from the proved period.  The
    values are those of the full computation; what is saved is the work of computing
    heap after heap of a sequence that is known to repeat.
    """
    period = known_period(game)
    if period is not None and len(kept_any(game)) > len(known):
        known = kept_any(game)  # read with the period from disk
    if period is None and game.certifiable and target >= FILL_FROM:
        stage = len(known)
        period = game.certify_held(known) if stage else None
        while period is None and stage <= target:
            stage = min(target, max(4 * stage, FIRST_STAGE))
            known = game.compute_values_kept(stage, known, progress, keep)
            if stage == target:
                return known
            period = game.certify_held(known)
        if period is not None:
            _remember_period(game, period, known)
    if period is None or len(known) < period.preperiod + period.period:
        return game.compute_values_kept(target, known, progress, keep)
    from grundy.heap.tiling import extend_by_period

    grown = extend_by_period(known, period.preperiod, period.period, period.saltus, target)
    if progress is not None:
        progress(target + 1)
    return grown


def held_values(game: HeapRules, n: int, progress: Progress | None = None,
                checkpoint: Checkpoint | None = None) -> Values:
    """The values of heaps 0..n held in full (:func:`values_to`): refused as too many to
    list (not to compute) when a formula or a proved period gives each of them.

    >>> from grundy.heap.subtraction import Nim
    >>> held_values(Nim(), 10**8)
    Traceback (most recent call last):
    ...
    grundy.errors.TooBig: the nim-values of nim heaps 0..100000000 (each known by its formula \
or period, but too many to list) needs about 1e+8 values; the limit is 10000000
    """
    return as_array(held_any(game, n, progress, checkpoint))


def held_any(game: HeapRules, n: int, progress: Progress | None = None,
             checkpoint: Checkpoint | None = None) -> AnyValues:
    """:func:`held_values` in the form their kernel gave them (:func:`values_any`)."""
    most = computable_heap(game)
    if n > most:
        # Too many either way; say whether each value is known.  Only a short search for a
        # period, so that the refusal comes at once.
        if game.closed_form(n) is not None or proved_period(game, PERIOD_FIRST) is not None:
            raise TooBig(f"the nim-values of {game.text} heaps 0..{short_number(n)} (each "
                         "known by its formula or period, but too many to list)",
                         size=n + 1, limit=most, unit="values")
        check_computable(game, n)
    return values_any(game, n, progress, checkpoint)


# -- periods ------------------------------------------------------------------------------

def proved_period(game: HeapRules, limit: int = PERIOD_SEARCH_LIMIT,
                  progress: Progress | None = None) -> Period | None:
    """The game's period proved by a theorem, computing up to ``limit`` values to find it.

    The values are computed in growing steps, so a short period is proved cheaply.  Once
    a period is seen in the values (not yet proved), as many values as its proof needs
    (the game's ``values_needed``) are computed, past ``limit`` if the memory budget
    allows.  ``progress`` hears how many values are computed, now and then.

    >>> from grundy.heap.takebreak import KAYLES
    >>> proved_period(KAYLES)
    Period(preperiod=71, period=12, certified=True, by='Guy-Smith octal periodicity theorem')
    """
    if not game.certifiable:
        return None
    found = known_period(game)
    if found is not None:
        return found
    known = len(kept_any(game))
    # Values kept from earlier work (the disk cache) all count, even past the limit.
    cap = max(min(limit, computable_heap(game) + 1), known)
    size = max(1024, known)
    while True:
        size = min(size, cap)
        values = values_any(game, size - 1, progress)
        found = game.certify_held(values)
        if found is not None:
            _remember_period(game, found, values)
            return found
        wanted = _proof_size(game, values)
        if size < wanted <= computable_heap(game) + 1:
            values = values_any(game, wanted - 1, progress)
            found = game.certify_held(values)
            if found is not None:
                _remember_period(game, found, values)
                return found
        if size >= cap:
            return None
        size *= 4


def known_period(game: HeapRules) -> Period | None:
    """The period proved before, in this process or in an earlier one (kept on disk
    beside the sequence cache and checked when read, :mod:`grundy.heap.proved`), or
    None: nothing is computed here."""
    found = _periods.get(game)
    if found is not None or not game.certifiable or game in _looked_on_disk:
        return found
    _looked_on_disk[game] = True
    key, disk = game.cache_key, disk_cache()
    if key is None or disk is None:
        return None
    from grundy.heap.proved import load_period

    loaded = load_period(game, disk.directory, kept_any(game))
    if loaded is None:
        return None
    found, values = loaded
    if len(values) > len(kept_any(game)):
        _sequences[game] = values
    _periods[game] = found
    return found


def _remember_period(game: HeapRules, period: Period, values: AnyValues) -> None:
    """Keep a period just proved from ``values``: in memory, and on disk for later runs."""
    _periods[game] = period
    key, disk = game.cache_key, disk_cache()
    needed = game.values_needed(period)
    if key is not None and disk is not None and needed > 0:
        from grundy.heap.proved import store_period

        store_period(disk.directory, key, period, values, needed)


def _proof_size(game: HeapRules, values: AnyValues) -> int:
    """How many values would prove the period seen in ``values`` (0: none is seen)."""
    from grundy.heap.period import Period, detect_period

    seen = detect_period(values)
    if seen is None:
        return 0
    return game.values_needed(Period(*seen))


def find_period(game: HeapRules, values: AnyValues) -> Period | None:
    """The period of these values: proved if a theorem allows, else only seen, or None.

    A period that is only seen must repeat over at least the second half of the values
    (and three periods), so that a few equal values at the end are not taken for one.
    When no ordinary period is seen, an arithmetic one (values growing by a saltus each
    period) is looked for the same way.

    >>> from grundy.heap.takebreak import Daisy, Split23
    >>> find_period(Daisy(), values_to(Daisy(), 100))
    Period(preperiod=3, period=1, certified=False, by=None)
    >>> find_period(Split23(), values_to(Split23(), 200)) is None
    True
    """
    from grundy.heap.period import Period, detect_arithmetic_period, detect_period

    proved = game.certify_held(values)
    if proved is not None:
        return proved
    seen = detect_period(values)
    if seen is None or len(values) - seen[0] < len(values) / 2:
        growing = detect_arithmetic_period(values)
        if growing is None:
            return None
        return Period(growing[0], growing[1], saltus=growing[2])
    return Period(seen[0], seen[1])


# -- full runs and runs beyond memory -----------------------------------------------------

@dataclass(frozen=True)
class CheckpointPlace:
    """Where a run keeps its checkpoint: a directory, written every ``every`` seconds at
    most; ``resumed`` hears how many heaps a checkpoint read back knows."""

    directory: str
    every: float
    resumed: Callable[[int], None]


@dataclass(frozen=True)
class WindowedRun:
    """A run beyond memory: what it gathered (``found``), the memory budget it had, the
    heaps computed in full before the window, and the longest period looked for (0: none
    was sought)."""

    found: WindowedValues
    memory: int
    head: int
    periods_looked_for: int


@dataclass(frozen=True)
class FullRun:
    """Heaps 0..n computed in full, in either form (:mod:`grundy.heap.compact`);
    ``checkpoint_left``: their checkpoint is kept, as the only copy of the values (no disk
    cache, nothing saved)."""

    values: AnyValues
    checkpoint_left: bool = False


def run_sequence(game: HeapRules, n: int, *, whole: bool = True, period: bool = False,
                 progress: Progress | None = None, checkpoint: CheckpointPlace | None = None,
                 kept_elsewhere: bool = False) -> FullRun | WindowedRun:
    """Heaps 0..n of ``game``: in full (:func:`held_values`) when ``whole`` (the values
    are listed or saved) or when they fit the memory budget; else, when the game's
    rare/common kernel allows, beyond memory with a window (:func:`beyond_memory`).

    ``period``: the period is sought (a window run follows it as it goes).  ``checkpoint``:
    resumed from and written now and then; it is removed when the run ends and its values
    are kept elsewhere (``kept_elsewhere``: saved to a file; or the disk cache).

    >>> from grundy.budget import Budget, work_limit
    >>> from grundy.heap.takebreak import KAYLES
    >>> with work_limit(Budget(10**12, memory=90_000)):
    ...     beyond = run_sequence(KAYLES, 10**6, whole=False, period=True)
    ...     full = run_sequence(KAYLES, 10**4, whole=False, period=True)
    >>> beyond.head, beyond.found.period, len(full.values)
    (28752, (71, 12), 10001)
    """
    head = None if whole else beyond_memory(game, n, period)
    key = game.cache_key or game.text
    if head is not None:
        from grundy.heap.window import WindowCheckpoint, periods_looked_for

        window = None
        if checkpoint is not None:
            # Said once the checkpoint's state is checked, not before.
            window = WindowCheckpoint(checkpoint.directory, key, every=checkpoint.every,
                                      resumed=checkpoint.resumed)
        found = window_values(game, n, period=period, progress=progress, checkpoint=window)
        if window is not None:
            window.remove()
        memory = memory_limit()
        return WindowedRun(found, memory, head, periods_looked_for(memory) if period else 0)
    kept = None
    if checkpoint is not None:
        from grundy.heap.checkpoint import Checkpoint

        kept = Checkpoint(checkpoint.directory, key, every=checkpoint.every, game=game)
        resumed = kept.load()
        checkpoint.resumed(0 if resumed is None else len(resumed))
    values = held_any(game, n, progress, kept)
    left = kept is not None and not kept_elsewhere and disk_cache() is None
    if kept is not None and not left:
        kept.remove()
    return FullRun(values, checkpoint_left=left)


def beyond_memory(game: HeapRules, n: int, period: bool = False) -> int | None:
    """When heaps 0..n of ``game`` do not fit the memory budget as a full array but its
    rare/common kernel may go on with a window of them (:mod:`grundy.heap.window`), the
    number of heaps computed in full first (fewer when ``period`` is sought); else None.

    >>> from grundy.budget import Budget, work_limit
    >>> from grundy.heap.takebreak import KAYLES
    >>> with work_limit(Budget(10**12, memory=90_000)):
    ...     beyond_memory(KAYLES, 10**6), beyond_memory(KAYLES, 80_000)
    (40000, None)
    """
    code = game.rare_common_code
    if code is None or n + 1 <= memory_limit():
        return None
    from grundy.heap.window import fits_window, head_length

    memory = memory_limit()
    return head_length(memory, period) if fits_window(code, n, memory, period) else None


def window_values(game: HeapRules, n: int, *, period: bool = False,
                  progress: Progress | None = None,
                  checkpoint: WindowCheckpoint | None = None) -> WindowedValues:
    """Heaps 0..n of ``game`` beyond memory, by its rare/common kernel with a window of the
    values (:func:`~grundy.heap.window.window_run`) within the memory budget."""
    from grundy.heap.window import window_run

    code = game.rare_common_code
    if code is None:
        raise InvalidArgument(f"{game.text} has no rare/common kernel to go beyond memory with")
    return window_run(code, n, memory_limit(), period=period, progress=progress,
                      name=game.text, checkpoint=checkpoint)


# -- the kept sequence --------------------------------------------------------------------

def kept_values(game: HeapRules) -> Values:
    """The values of the game kept so far (in memory, else read from the disk cache), as a
    numpy array; an empty array when none are: nothing is computed here."""
    return as_array(kept_any(game))


def kept_any(game: HeapRules) -> AnyValues:
    """:func:`kept_values` in the form they are kept in (:mod:`grundy.heap.compact`)."""
    known = _sequences.get(game)
    if known is None:
        key = game.cache_key
        disk = disk_cache()
        loaded = disk.load_any(key) if key is not None and disk is not None else None
        known = CompactValues.of(()) if loaded is None else loaded
        _sequences[game] = known
    return known


def _keep_values(game: HeapRules, values: AnyValues) -> None:
    _sequences[game] = values
    key = game.cache_key
    disk = disk_cache()
    if key is not None and disk is not None and len(values) >= DISK_CACHE_FROM:
        period = _periods.get(game)
        if period is not None:
            # Past what proves the period, the values are copies: the disk keeps the proof.
            needed = max(game.values_needed(period), period.preperiod + period.period,
                         DISK_CACHE_FROM)
            values = values[:needed]
        disk.store(key, values)


_sequences: Memo[HeapRules, AnyValues] = Memo("nim-sequences of heap games", bound=1024)
_periods: Memo[HeapRules, Period] = Memo("proved periods of heap games", bound=1024)
_looked_on_disk: Memo[HeapRules, bool] = Memo("heap games whose kept period was looked for",
                                              bound=1024)
_disk: dict[str, SequenceCache | None] = {}


def disk_cache() -> SequenceCache | None:
    """The disk cache of sequences in use, or None when it is switched off."""
    if "cache" not in _disk:
        from grundy.heap.cache import SequenceCache

        _disk["cache"] = SequenceCache()
    return _disk["cache"]


def use_disk_cache(enabled: bool) -> None:
    """Switch the disk cache of sequences on (the default) or off (``--no-cache``)."""
    if not enabled:
        _disk["cache"] = None
        return
    from grundy.heap.cache import SequenceCache

    _disk["cache"] = SequenceCache()


def narrow_array(values: Sequence[int]) -> np.ndarray[Any, Any]:
    """The values as a numpy array of the narrowest unsigned type that holds them.

    >>> narrow_array([0, 3, 300]).dtype, narrow_array([]).dtype
    (dtype('uint16'), dtype('uint8'))
    """
    import numpy as np

    top = max(values, default=0)
    for dtype in (np.uint8, np.uint16, np.uint32, np.uint64):
        if top <= np.iinfo(dtype).max:
            return np.asarray(values, dtype=dtype)
    raise OverflowError(f"nim-value {top} does not fit in 64 bits")
