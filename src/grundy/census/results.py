"""One line of a census: a code computed to a limit, its period proved or not.

>>> row = census_row("0.77", 300)
>>> row.solved, row.preperiod, row.period, row.largest, row.largest_at
(True, 71, 12, 8, 27)
>>> census_row("0.6", 100).solved
False
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from grundy.errors import InvalidArgument
from grundy.heap.codes import TakeBreakCode
from grundy.numerals import shown

if TYPE_CHECKING:
    import numpy as np

    from grundy.heap.checkpoint import Checkpoint


@dataclass(frozen=True)
class CensusRow:
    """What the census says of one code, computed for heaps 0..``heaps``.

    ``solved``: a theorem (named by ``by``) proves the period for every heap; else
    ``preperiod``, ``period`` and ``by`` are None (unsolved at this limit).  ``largest`` is
    the largest value of heaps 0..heaps and ``largest_at`` the first heap with it; when the
    code is solved and the limit covers the preperiod and a period, that is the largest
    value of every heap.  ``rare`` counts the heaps 1..heaps whose value is rare under
    ``mask``, the mask of the rare/common method that makes the fewest
    (:func:`~grundy.heap.kernels.fewest_rare`).
    """

    code: str
    heaps: int
    solved: bool
    preperiod: int | None
    period: int | None
    by: str | None
    largest: int
    largest_at: int
    rare: int
    mask: int

    def to_json(self) -> dict[str, Any]:
        """The row as a JSON object (the fields, by name).

        >>> sorted(census_row("0.07", 200).to_json())[:4]
        ['by', 'code', 'heaps', 'largest']
        """
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> CensusRow:
        """The row written by :meth:`to_json`.

        >>> row = census_row("0.07", 200)
        >>> CensusRow.from_json(row.to_json()) == row
        True
        """
        return cls(**{name: data[name] for name in cls.__dataclass_fields__})


#: Heaps computed before the first look for a proof; each later stage is 4 times longer.
FIRST_STAGE = 4096


def census_row(code: str, to: int, seconds: float | None = None,
               keep_in: Path | None = None) -> CensusRow:
    """The census row of one octal code (written like ``0.77``), heaps 0..``to``.

    The values come from the rare/common kernel, in stages of 4096, 16384, ... heaps; after
    each the period is looked for with :func:`~grundy.heap.period.certify_take_break`.
    Once one is proved, the values of the other heaps up to ``to`` follow from it and are
    not computed: the largest value, where it first occurs, and the rare heaps are counted
    from the period.  ``seconds``: stop computing after about that long; the row then
    covers the heaps computed so far (``heaps < to``).

    ``keep_in``: a directory where the values computed so far are checkpointed now and
    then (:mod:`grundy.heap.checkpoint`), so that a killed census loses at most a minute
    of each code; the next call resumes from them, looks for the period after the same
    stages, and so returns the row of an uninterrupted run.  The caller removes the
    checkpoint (:func:`row_checkpoint`) once the row is saved.  Not with ``seconds`` (the
    row would then cover more than its time).
    """
    row = _row(code, to, seconds, keep_in)
    assert row is not None  # no stage limit: every stage up to `to` is run
    return row


def _row(code: str, to: int, seconds: float | None = None, keep_in: Path | None = None,
         last_stage: int | None = None) -> CensusRow | None:
    """:func:`census_row`; with ``last_stage``, None when no period is proved by the first
    stage of at least that many heaps (the later stages are not run)."""
    import time

    import numpy as np

    from grundy.errors import SequenceInterrupted
    from grundy.heap.kernels import fewest_rare, take_break_values
    from grundy.heap.period import certify_take_break

    if isinstance(to, bool) or not isinstance(to, int) or to < 1:
        raise InvalidArgument(f"the census needs heaps 0..N with N >= 1, not {to!r}")
    if seconds is not None and keep_in is not None:
        raise InvalidArgument("a census row with a time limit is not checkpointed")
    checked = TakeBreakCode.parse(code)
    progress = None
    if seconds is not None:
        deadline = time.monotonic() + seconds

        def progress(count: int) -> None:
            if time.monotonic() > deadline:
                raise _OutOfTime

    kept = None if keep_in is None else row_checkpoint(keep_in, checked.text, to)
    # The values known so far: an interrupted run's, when it kept some.  The stages they
    # cover are taken from them, not computed, and looked at for a period as before, so
    # the proof comes at the same stage as in a run never interrupted.
    resumed = None if kept is None else kept.load()
    known = np.zeros(1, dtype=np.uint8) if resumed is None else resumed
    values = known[:1]
    stage = FIRST_STAGE
    proved = None
    while proved is None and len(values) <= to:
        try:
            values = take_break_values(checked, min(stage, to), prefix=known,
                                       progress=progress,
                                       keep=None if kept is None else kept.offer)
        except SequenceInterrupted as stop:
            if not isinstance(stop.__context__, _OutOfTime):
                raise
            values = stop.values
            proved = certify_take_break(checked, values)
            break
        if len(values) > len(known):
            known = values
        proved = certify_take_break(checked, values)
        if len(values) > to:
            break
        if proved is None and last_stage is not None and stage >= last_stage:
            return None
        stage *= 4
    at = int(np.argmax(values))
    if proved is None:
        heaps = len(values) - 1
        counts = _bincount(values[1:], int(values.max()) + 1)
    else:
        heaps = to
        counts = _periodic_counts(values, proved.preperiod, proved.period, to)
    mask, rare = fewest_rare(counts)
    return CensusRow(code=checked.text, heaps=heaps, solved=proved is not None,
                     preperiod=None if proved is None else proved.preperiod,
                     period=None if proved is None else proved.period,
                     by=None if proved is None else proved.by,
                     largest=int(values[at]), largest_at=at, rare=rare, mask=mask)


#: The most heaps computed again to check a row read back from a file that says its period
#: is proved (about 0.02 s for a code whose rare heaps have stopped appearing).
RECHECK_HEAPS = 1 << 16

def _theorems() -> frozenset[str]:
    """The theorems a row may name: those of octal codes and of the others."""
    from grundy.heap.period import take_break_rule

    return frozenset(take_break_rule(code)[1] for code in (TakeBreakCode((0, 7)),
                                                           TakeBreakCode((4, 7))))


class BadRow(ValueError):
    """A row read back from a file that is not one the census writes, or not a true one."""


def checked_row(data: object, to: int, seconds: float | None, recompute: bool = True
                ) -> CensusRow | None:
    """The row ``data`` (as read from a census state file) for a census to heap ``to``,
    checked: every field of the right type and range, and, when it says its period is
    proved, the row computed again and equal to it (the stages up to the first that holds
    the values its proof needs; that is :data:`RECHECK_HEAPS` heaps at most, else None:
    the row is computed again in full by the census).  A row without a proved period is
    checked for types and ranges only, and for its first stage: no period is proved there
    and its largest value is not below theirs.  Not ``recompute``: types and ranges only.
    :class:`BadRow` says what is wrong.

    >>> row = census_row("0.77", 300).to_json()
    >>> checked_row(row, 300, None) == census_row("0.77", 300)
    True
    >>> checked_row({**row, "period": 24}, 300, None)
    Traceback (most recent call last):
    ...
    grundy.census.results.BadRow: the row of 0.77 is not what the census computes: period 12 \
from heap 71, not 24 from heap 71
    """
    row = _typed_row(data, to, seconds)
    if not recompute:
        return row
    if row.solved:
        assert row.preperiod is not None and row.period is not None  # a solved row has both
        from grundy.heap.period import values_needed_take_break

        needed = values_needed_take_break(TakeBreakCode.parse(row.code), row.preperiod,
                                          row.period)
        if needed > RECHECK_HEAPS:
            return None
        again = _row(row.code, to, last_stage=needed)
        if again != row:
            proved = again is not None and again.solved
            said = (f"period {again.period} from heap {again.preperiod}"
                    if again is not None and proved else "no proved period")
            if not proved or again is None or (again.period, again.preperiod) != (
                    row.period, row.preperiod):
                raise BadRow(f"the row of {row.code} is not what the census computes: {said}, "
                             f"not {row.period} from heap {row.preperiod}")
            raise BadRow(f"the row of {row.code} is not what the census computes: "
                         f"{_differences(again, row)}")
        return row
    from grundy.heap.kernels import take_break_values
    from grundy.heap.period import certify_take_break

    code = TakeBreakCode.parse(row.code)
    first = take_break_values(code, min(row.heaps, FIRST_STAGE))
    if certify_take_break(code, first) is not None or int(first.max()) > row.largest or (
            row.largest_at < len(first) and int(first[row.largest_at]) != row.largest):
        raise BadRow(f"the row of {row.code} is not what the census computes (its first "
                     f"{len(first)} heaps prove a period or show a larger value)")
    return row


def _differences(right: CensusRow, said: CensusRow) -> str:
    """The fields where ``said`` differs from ``right``, with both values."""
    return ", ".join(f"{name} {getattr(right, name)}, not {getattr(said, name)}"
                     for name in CensusRow.__dataclass_fields__
                     if getattr(right, name) != getattr(said, name))


def _typed_row(data: object, to: int, seconds: float | None) -> CensusRow:
    """The row of ``data`` when each field has the type and range a census gives it."""
    names = set(CensusRow.__dataclass_fields__)
    if not isinstance(data, dict) or set(data) != names:
        raise BadRow(f"a row must be an object with the fields {', '.join(sorted(names))}")
    code = data["code"]
    if not isinstance(code, str):
        raise BadRow("a row's code must be text")
    try:
        parsed = TakeBreakCode.parse(code)
    except ValueError:
        parsed = None
    if parsed is None or parsed.text != code or parsed.digits[0] not in (0, 4) or any(
            digit > 7 for digit in parsed.digits):
        raise BadRow(f"a row's code must be an octal code as a census writes it, not "
                     f"{shown(code, 40)}")

    def whole(name: str, low: int, high: int | None = None) -> int:
        value = data[name]
        if type(value) is not int or value < low or (high is not None and value > high):
            upto = "" if high is None else f" and <= {high}"
            raise BadRow(f"the row of {code} has {name} {json.dumps(value)[:40]}; a whole "
                         f"number >= {low}{upto} is needed")
        return value

    heaps = whole("heaps", 0, to)
    solved = data["solved"]
    if type(solved) is not bool:
        raise BadRow(f"the row of {code} has solved {json.dumps(solved)[:40]}, not true or "
                     "false")
    if (solved or seconds is None) and heaps != to:
        raise BadRow(f"the row of {code} covers heaps 0..{heaps}, not 0..{to}")
    if solved:
        whole("preperiod", 0, to)
        whole("period", 1, to)
        if data["by"] not in _theorems():
            raise BadRow(f"the row of {code} names {json.dumps(data['by'])[:60]}, not a theorem "
                         "the census uses")
    elif any(data[name] is not None for name in ("preperiod", "period", "by")):
        raise BadRow(f"the row of {code} is not solved but has a period")
    whole("largest", 0)
    whole("largest_at", 0, heaps)
    whole("rare", 0, heaps)
    whole("mask", 0)
    return CensusRow.from_json(data)


def row_checkpoint(directory: Path, code: str, to: int) -> Checkpoint:
    """The checkpoint of one code's values in a census to heap ``to``: its own folder in
    ``directory`` (a checkpoint file is alone in its folder).

    >>> row_checkpoint(Path("runs"), "0.77", 400).path.as_posix()
    'runs/0.77-to-400/sequence.checkpoint'
    """
    from grundy.heap.checkpoint import Checkpoint
    from grundy.heap.takebreak import TakeAndBreak

    # With the game: the values read back are checked against its rules.
    return Checkpoint(directory / f"{code}-to-{to}", f"census octal:{code} to {to}",
                      game=TakeAndBreak(code))


class _OutOfTime(KeyboardInterrupt):
    """Raised between chunks of the kernel when a row's time is up (the kernel keeps the
    values computed so far, as on Ctrl-C)."""


def _periodic_counts(values: np.ndarray[Any, Any], preperiod: int, period: int, to: int
                     ) -> np.ndarray[Any, Any]:
    """How many heaps 1..to have each value, for values periodic from ``preperiod``.

    >>> import numpy as np
    >>> _periodic_counts(np.array([0, 1, 2, 1, 2]), 1, 2, 6).tolist()
    [0, 3, 3]
    """

    size = int(values.max()) + 1
    block = values[preperiod: preperiod + period]
    full, rest = divmod(to + 1 - preperiod, period)
    counts: np.ndarray[Any, Any] = (_bincount(values[:preperiod], size)
                                    + full * _bincount(block, size)
                                    + _bincount(block[:rest], size))
    counts[0] -= 1  # heap 0
    return counts


def _bincount(values: np.ndarray[Any, Any], size: int) -> np.ndarray[Any, Any]:
    """How many of the values are 0, 1, ..., size - 1, counted a slice at a time: the whole
    array widened to 64 bits would take 8 bytes a value (3.5 GB for 0.454's proof).

    >>> import numpy as np
    >>> _bincount(np.array([0, 2, 2], dtype=np.uint8), 4).tolist()
    [1, 0, 2, 0]
    """
    import numpy as np

    counts = np.zeros(size, dtype=np.int64)
    for start in range(0, len(values), _SLICE):
        counts += np.bincount(values[start:start + _SLICE].astype(np.int64), minlength=size)
    return counts


_SLICE = 1 << 22
