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

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from grundy.analysis import analyze
from grundy.core.position import Position
from grundy.errors import InvalidArgument, TooBig, short_number
from grundy.heap.base import HeapGame, Progress
from grundy.values import Outcome

if TYPE_CHECKING:
    import numpy as np

    from grundy.heap.base import Values
    from grundy.heap.period import Period

#: The most heaps whose misère outcomes are listed: each is a search of its own.
MAX_MISERE_HEAPS = 100_000


def heap_outcomes(game: HeapGame, n: int, *, misere: bool = False) -> list[Outcome]:
    """The outcomes of single heaps 0..n (misère play searches each heap's position)."""
    if not misere:
        return [Outcome.P if v == 0 else Outcome.N for v in listed_values(game, n).tolist()]
    if n >= MAX_MISERE_HEAPS:
        raise TooBig(f"the misère outcomes of {game.text} heaps 0..{short_number(n)}", size=n + 1,
                     limit=MAX_MISERE_HEAPS, unit="searches")
    return [analyze(Position.of(game, (k,)), misere=True).outcome for k in range(n + 1)]


def listed_values(game: HeapGame, n: int, progress: Progress | None = None) -> Values:
    """The values of heaps 0..n, to be listed: refused as too many to list (not to compute)
    when a formula or a proved period gives each of them.

    >>> from grundy.heap.subtraction import Nim
    >>> listed_values(Nim(), 10**8)
    Traceback (most recent call last):
    ...
    grundy.errors.TooBig: the nim-values of nim heaps 0..100000000 (each known by its formula \
or period, but too many to list) needs about 1e+8 values; the limit is 10000000
    """
    most = game.computable_heap
    if n > most and (game.closed_form(n) is not None or game.proved_period() is not None):
        raise TooBig(f"the nim-values of {game.text} heaps 0..{short_number(n)} (each known "
                     "by its formula or period, but too many to list)", size=n + 1, limit=most,
                     unit="values")
    return game.values(n, progress)


@dataclass(frozen=True)
class SequenceReport:
    """Values (or misère outcomes, as ``P``/``N``) of single heaps 0..n, and their period
    when it was looked for (``period_sought``; None: no period seen)."""

    game: str
    misere: bool
    values: list[int] | None = None
    outcomes: list[str] | None = None
    period_sought: bool = False
    period: Period | None = None

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
        return data


@dataclass(frozen=True)
class ValueReport:
    """The nim-value of one heap, and how it was found (see :func:`heap_value_report`)."""

    game: str
    heap: int
    nim_value: int
    by: str

    def to_json(self) -> dict[str, Any]:
        """The object printed by ``grundy value --json``."""
        return {"game": self.game, "heap": self.heap, "nim_value": self.nim_value,
                "by": self.by}


def sequence_report(game: HeapGame, n: int, *, misere: bool = False, period: bool = False,
                    values: bool = True, save: str | None = None,
                    progress: Progress | None = None) -> SequenceReport:
    """The nim-values (or misère outcomes) of single heaps 0..n, as ``grundy sequence``
    shows them.

    ``period``: add the period of the values (None when none is seen), proved by a
    theorem where one applies, else marked as not certified.
    """
    listed: list[int] | None = None
    letters: list[str] | None = None
    found: Period | None = None
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
        array = listed_values(game, n, progress)
        if values:
            listed = array.tolist()
        if period:
            found = game.find_period(array)
    if save:
        save_sequence(save, array)
    return SequenceReport(game.text, misere, listed, letters, period, found)


def heap_value_report(game: HeapGame, heap: int) -> ValueReport:
    """The value of one heap, and how it was found.

    ``by`` is ``formula`` (a proved closed form), ``period`` (a proved period carries
    computed values to any size) or ``computed``.
    """
    value, by = game.heap_value_by(heap)
    return ValueReport(game.text, heap, value, by)


def save_sequence(path: str, values: np.ndarray[Any, Any]) -> None:
    """Write values to ``path``: ``.npy`` (a one-dimensional unsigned array) or ``.csv``."""
    target = Path(path)
    suffix = target.suffix.lower()
    if suffix not in (".npy", ".csv"):
        raise InvalidArgument(f"cannot save to {path!r}: the file name must end in .npy or .csv")
    try:
        if suffix == ".npy":
            import numpy as np

            np.save(target, values)
        else:
            with target.open("w", encoding="utf-8") as out:
                out.write("heap,value\n")
                out.writelines(f"{i},{v}\n" for i, v in enumerate(values.tolist()))
    except OSError as error:
        raise InvalidArgument(f"cannot save to {path!r}: {error.strerror}") from None
