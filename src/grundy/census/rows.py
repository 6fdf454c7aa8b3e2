"""One line of a census: a code computed to a limit, its period proved or not.

>>> row = census_row("0.77", 300)
>>> row.solved, row.preperiod, row.period, row.largest, row.largest_at
(True, 71, 12, 8, 27)
>>> census_row("0.6", 100).solved
False
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from grundy.errors import InvalidArgument
from grundy.heap.codes import TakeBreakCode

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
        stage *= 4
    at = int(np.argmax(values))
    if proved is None:
        heaps = len(values) - 1
        counts = np.bincount(np.asarray(values[1:], dtype=np.int64))
    else:
        heaps = to
        counts = _periodic_counts(values, proved.preperiod, proved.period, to)
    mask, rare = fewest_rare(counts)
    return CensusRow(code=checked.text, heaps=heaps, solved=proved is not None,
                     preperiod=None if proved is None else proved.preperiod,
                     period=None if proved is None else proved.period,
                     by=None if proved is None else proved.by,
                     largest=int(values[at]), largest_at=at, rare=rare, mask=mask)


def row_checkpoint(directory: Path, code: str, to: int) -> Checkpoint:
    """The checkpoint of one code's values in a census to heap ``to``: its own folder in
    ``directory`` (a checkpoint file is alone in its folder).

    >>> row_checkpoint(Path("runs"), "0.77", 400).path.as_posix()
    'runs/0.77-to-400/sequence.checkpoint'
    """
    from grundy.heap.checkpoint import Checkpoint

    return Checkpoint(directory / f"{code}-to-{to}", f"census octal:{code} to {to}")


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
    import numpy as np

    signed = np.asarray(values, dtype=np.int64)
    size = int(signed.max()) + 1
    block = signed[preperiod: preperiod + period]
    full, rest = divmod(to + 1 - preperiod, period)
    counts = (np.bincount(signed[:preperiod], minlength=size)
              + full * np.bincount(block, minlength=size)
              + np.bincount(block[:rest], minlength=size))
    counts[0] -= 1  # heap 0
    return counts
