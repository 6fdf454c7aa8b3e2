"""Nim-sequences of heap games as reports: values, misère outcomes, periods, files.

>>> from grundy.heap.takebreak import KAYLES
>>> sequence_report(KAYLES, 5).values
[0, 1, 2, 3, 1, 4]
>>> heap_value_report(KAYLES, 4).to_json()
{'game': 'kayles', 'heap': 4, 'nim_value': 1, 'by': 'computed'}
>>> heap_value_report(KAYLES, 10**100).by
'period'
>>> sequence_report(KAYLES, 200, values=False, period=True).period.preperiod
71
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from grundy.budget import SEARCH_POSITIONS, positions_limit, search_positions
from grundy.core.position import Position
from grundy.errors import InvalidArgument, TooBig, short_number
from grundy.heap.base import HeapGame
from grundy.heap.compact import AnyValues, as_array, first_index, power_counts, value_counts
from grundy.heap.engine import (
    PERIOD_SEARCH_LIMIT,
    CheckpointPlace,
    WindowedRun,
    computable_heap,
    held_any,
    known_period,
    run_sequence,
    window_values,
)
from grundy.heap.rules import Progress
from grundy.values import Outcome

if TYPE_CHECKING:
    import numpy as np

    from grundy.heap.period import Period
    from grundy.heap.window import WindowCheckpoint, WindowedValues

#: The most nim-values a sequence lists, whatever the game (more may be computed, for a
#: period or a file, without listing them).
MAX_LISTED_VALUES = 10_000_000

#: The most heaps whose misère outcomes are listed: each is a search of its own.
MAX_MISERE_HEAPS = 100_000


def heap_outcomes(game: HeapGame, n: int, *, misere: bool = False) -> list[Outcome]:
    """The outcomes of single heaps 0..n (misère play searches each heap's position)."""
    if not misere:
        return [Outcome.P if v == 0 else Outcome.N for v in held_any(game, n).tolist()]
    if n >= MAX_MISERE_HEAPS:
        raise TooBig(f"the misère outcomes of {game.text} heaps 0..{short_number(n)}", size=n + 1,
                     limit=MAX_MISERE_HEAPS, unit="searches")
    from grundy.analysis import analyze

    # Each heap's search has the positions of a search, whatever the budget of heap values.
    with positions_limit(min(search_positions(), SEARCH_POSITIONS)):
        # The largest heap first: when its answer is refused, so is the list, before the work.
        try:
            analyze(Position.of(game, (n,)), misere=True)
        except TooBig as error:
            raise TooBig(f"the misère outcomes of {game.text} heaps 0..{n}: the {error.what}",
                         size=error.size, limit=error.limit, unit=error.unit) from None
        return [analyze(Position.of(game, (k,)), misere=True).outcome for k in range(n + 1)]


@dataclass(frozen=True)
class Frequencies:
    """How often each value occurs among heaps 0..n, the largest value and the first heap
    that has it, and the rare/common split of heaps 1..n: the mask under which the fewest
    heaps are rare, and how many are (see :mod:`grundy.heap.kernels`).  ``powers[k]``: how
    often each value occurs among heaps ``0..2**k - 1``, for every ``2**k <= n + 1`` (None
    where a run resumed from a checkpoint of an older version no longer knew it).

    >>> from grundy.heap.takebreak import KAYLES
    >>> Frequencies.of(KAYLES.values(1000)).to_json()["largest"]
    {'value': 8, 'first_heap': 27}
    >>> Frequencies.of(KAYLES.values(1000)).powers[3]   # heaps 0..7: 0 1 2 3 1 4 3 2
    [1, 2, 2, 2, 1]
    """

    counts: list[int]
    largest: int
    first_heap: int
    mask: int
    rare_positions: int
    powers: list[list[int] | None] = field(default_factory=list)

    @classmethod
    def of(cls, values: AnyValues) -> Frequencies:
        """The frequencies of these values (heaps 0..len-1), in either form
        (:mod:`grundy.heap.compact`)."""
        counts = value_counts(values)
        largest = len(counts) - 1
        first = first_index(values, largest)
        counts[int(values[0])] -= 1  # heaps 1..len-1
        return cls.of_counts(counts, first, power_counts(values))

    @classmethod
    def of_counts(cls, counts: Sequence[int] | np.ndarray[Any, Any], first_heap: int,
                  powers: Sequence[Sequence[int] | np.ndarray[Any, Any] | None] = ()
                  ) -> Frequencies:
        """The frequencies of heaps 0..n from ``counts[v]``, the number of heaps 1..n of
        value ``v`` (the last count not 0), and the first heap of the largest value;
        ``powers[k]``: the counts of heaps ``1..2**k - 1`` in the same way, or None.

        >>> import numpy as np
        >>> Frequencies.of_counts(np.array([0, 2, 1]), 3).counts
        [1, 2, 1]
        >>> Frequencies.of_counts(np.array([0, 2, 1]), 3, [np.array([0]), None]).powers
        [[1], None]
        """
        from grundy.heap.masks import fewest_rare

        mask, rare = fewest_rare(counts)
        every = [int(c) for c in counts]
        every[0] += 1  # heap 0
        return cls(every, len(every) - 1, first_heap, mask, rare,
                   [None if row is None else _with_heap_0(row) for row in powers])

    def to_json(self) -> dict[str, Any]:
        """The object under ``frequencies`` in ``grundy sequence --json``: ``powers`` lists,
        for each ``2**k <= n + 1``, ``{"to": 2**k - 1, "counts": ...}`` (heaps 0..to; the
        counts null when not known)."""
        return {"counts": _nonzero(self.counts),
                "largest": {"value": self.largest, "first_heap": self.first_heap},
                "rare": {"mask": self.mask, "heaps": self.rare_positions},
                "powers": [{"to": (1 << k) - 1, "counts": None if row is None else _nonzero(row)}
                           for k, row in enumerate(self.powers)]}


def _with_heap_0(row: Sequence[int] | np.ndarray[Any, Any]) -> list[int]:
    """Counts of heaps 1..m with heap 0 (value 0) added, the trailing zeros dropped."""
    every = [int(count) for count in row]
    every[0] += 1
    while every[-1] == 0:
        every.pop()
    return every


def _nonzero(counts: list[int]) -> dict[str, int]:
    return {str(v): c for v, c in enumerate(counts) if c}


@dataclass(frozen=True)
class SequenceReport:
    """Values (or misère outcomes, as ``P``/``N``) of single heaps 0..n, their period when
    it was looked for (``period_sought``; None: no period seen), the frequencies of the
    values when asked for, and the kernel that computed the last values in this run
    (normal play; None when none did: values from the cache or a formula, or computed
    by a kernel of another family; see :mod:`grundy.heap.choice`).  ``window``: how the run
    went beyond memory, if it did; ``checkpoint_left``: the checkpoint holds the only copy of
    the values."""

    game: str
    misere: bool
    values: list[int] | None = None
    outcomes: list[str] | None = None
    period_sought: bool = False
    period: Period | None = None
    frequencies: Frequencies | None = None
    window: WindowedRun | None = None
    checkpoint_left: bool = False
    kernel: str | None = None

    def to_json(self) -> dict[str, Any]:
        """The object printed by ``grundy sequence --json``."""
        data: dict[str, Any] = {"game": self.game,
                                "convention": "misere" if self.misere else "normal"}
        if self.outcomes is not None:
            data["outcomes"] = self.outcomes
        if self.values is not None:
            data["values"] = self.values
        if self.period_sought:
            data["period"] = None if self.period is None else self.period.to_json()
        if self.frequencies is not None:
            data["frequencies"] = self.frequencies.to_json()
        if self.kernel is not None:
            data["kernel"] = self.kernel
        return data


@dataclass(frozen=True)
class ValueReport:
    """The nim-value of one heap, and how it was found (see :func:`heap_value_report`)."""

    game: str
    heap: int
    nim_value: int
    by: str
    #: The proved period that gave the value (``by == "period"``), and how many values its
    #: theorem's hypothesis was checked on.
    period: Period | None = None
    values_needed: int = 0

    def to_json(self) -> dict[str, Any]:
        """The object printed by ``grundy value --json``."""
        return {"game": self.game, "heap": self.heap, "nim_value": self.nim_value,
                "by": self.by}


def sequence_report(game: HeapGame, n: int, *, misere: bool = False, period: bool = False,
                    values: bool = True, save: str | None = None,
                    progress: Progress | None = None,
                    checkpoint: CheckpointPlace | None = None,
                    frequencies: bool = False) -> SequenceReport:
    """The nim-values (or misère outcomes) of single heaps 0..n, as ``grundy sequence``
    shows them.

    ``period``: add the period of the values (None when none is seen), proved by a
    theorem where one applies, else marked as not certified.  ``checkpoint``: resume from
    it and write it now and then (normal play only).  ``frequencies``: add how often each
    value occurs (normal play only).  Values neither listed nor saved may be computed
    beyond memory, as the sequence engine chooses (:func:`~grundy.heap.engine.run_sequence`).
    """
    listed: list[int] | None = None
    left = False
    letters: list[str] | None = None
    found: Period | None = None
    counted: Frequencies | None = None
    kernel: str | None = None
    array: AnyValues
    if misere:
        outcomes = [o.value for o in heap_outcomes(game, n, misere=True)]
        import numpy as np

        from grundy.heap.period import Period, detect_period

        array = np.array([o == "N" for o in outcomes], dtype=np.uint8)
        if values:
            letters = outcomes
        if period:
            seen = detect_period(array)
            found = None if seen is None else Period(*seen)
    else:
        if values and MAX_LISTED_VALUES < n <= computable_heap(game):
            raise TooBig(f"listing the nim-values of {game.text} heaps 0..{short_number(n)}",
                         size=n + 1, limit=MAX_LISTED_VALUES, unit="values",
                         advice="--no-values computes them without listing (with --period "
                         "or --save)")
        from grundy.heap.choice import recording

        with recording() as used:
            run = run_sequence(game, n, whole=values or bool(save), period=period,
                               progress=progress, checkpoint=checkpoint,
                               kept_elsewhere=bool(save))
        if isinstance(run, WindowedRun):
            return _windowed(game, run.found, period, frequencies, run)
        array, left = run.values, run.checkpoint_left
        kernel = used[-1] if used else None
        if values:
            listed = array.tolist()
        if period:
            found = game.find_period(array)
        if frequencies:
            counted = Frequencies.of(array)
    if save:
        save_sequence(save, array)
    return SequenceReport(game.text, misere, listed, letters, period, found, counted,
                          checkpoint_left=left, kernel=kernel)


def windowed_report(game: HeapGame, n: int, *, period: bool = False, frequencies: bool = False,
                    progress: Progress | None = None,
                    checkpoint: WindowCheckpoint | None = None) -> SequenceReport:
    """The report of ``grundy sequence --no-values`` for heaps 0..n beyond memory (see
    :func:`~grundy.heap.engine.beyond_memory`): the frequencies and the period as a full run
    gives them, the period only when it is at most
    :func:`~grundy.heap.window.periods_looked_for` (and the window) long, and never an
    arithmetic one.  ``checkpoint``: resumed from, and written
    now and then (:class:`~grundy.heap.window.WindowCheckpoint`).

    >>> from grundy.budget import Budget, work_limit
    >>> from grundy.heap.takebreak import KAYLES
    >>> with work_limit(Budget(10**12, memory=9_000)):
    ...     report = windowed_report(KAYLES, 10**5, period=True, frequencies=True)
    >>> report.period.preperiod, report.period.period, report.frequencies.largest
    (71, 12, 8)
    """
    found = window_values(game, n, period=period, progress=progress, checkpoint=checkpoint)
    return _windowed(game, found, period, frequencies)


def _windowed(game: HeapGame, found: WindowedValues, period: bool, frequencies: bool,
              window: WindowedRun | None = None) -> SequenceReport:
    """The report of a run beyond memory, from what it gathered."""
    from grundy.heap.choice import WINDOW
    from grundy.heap.period import Period

    proved = None
    if period and found.period is not None:
        proved = Period(*found.period, certified=found.theorem is not None, by=found.theorem)
    counted = (Frequencies.of_counts(found.counts, found.first_heap, found.powers)
               if frequencies else None)
    return SequenceReport(game.text, False, period_sought=period, period=proved,
                          frequencies=counted, window=window, kernel=WINDOW)


def heap_value_report(game: HeapGame, heap: int, search: int = PERIOD_SEARCH_LIMIT,
                      progress: Progress | None = None) -> ValueReport:
    """The value of one heap, and how it was found.

    ``by`` is ``formula`` (a proved closed form), ``period`` (a proved period carries
    computed values to any size) or ``computed``.  ``search`` heaps at most are computed
    to prove a period (see :meth:`~grundy.heap.base.HeapGame.heap_value_by`).
    """
    value, by = game.heap_value_by(heap, search, progress)
    period = known_period(game) if by == "period" else None
    if period is None:
        return ValueReport(game.text, heap, value, by)
    return ValueReport(game.text, heap, value, by, period, game.values_needed(period))


def save_sequence(path: str, values: AnyValues) -> None:
    """Write values to ``path``: ``.npy`` (a one-dimensional unsigned array) or ``.csv``."""
    target = Path(path)
    suffix = target.suffix.lower()
    if suffix not in (".npy", ".csv"):
        raise InvalidArgument(f"cannot save to {path!r}: the file name must end in .npy or .csv")
    try:
        if suffix == ".npy":
            import numpy as np

            np.save(target, as_array(values))
        else:
            with target.open("w", encoding="utf-8") as out:
                out.write("heap,value\n")
                out.writelines(f"{i},{v}\n" for i, v in enumerate(values.tolist()))
    except OSError as error:
        raise InvalidArgument(f"cannot save to {path!r}: {error.strerror}") from None
