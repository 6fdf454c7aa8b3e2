"""Nim-sequences of heap games as reports: values, misère outcomes, periods, files.

>>> from grundy.heap.takebreak import KAYLES
>>> sequence_report(KAYLES, 5)["values"]
[0, 1, 2, 3, 1, 4]
>>> heap_value_report(KAYLES, 4)
{'game': 'kayles', 'heap': 4, 'nim_value': 1, 'by': 'computed'}
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from grundy.analysis import analyze
from grundy.errors import InvalidArgument
from grundy.heap.base import HeapGame
from grundy.sums import Position
from grundy.values import Outcome


def heap_outcomes(game: HeapGame, n: int, *, misere: bool = False) -> list[Outcome]:
    """The outcomes of single heaps 0..n (misère play searches each heap's position)."""
    if not misere:
        return [Outcome.P if v == 0 else Outcome.N for v in game.values(n).tolist()]
    return [analyze(Position.of(game, (k,)), misere=True).outcome for k in range(n + 1)]


def sequence_report(game: HeapGame, n: int, *, misere: bool = False, period: bool = False,
                    values: bool = True, save: str | None = None) -> dict[str, Any]:
    """The object printed by ``grundy sequence --json``."""
    report: dict[str, Any] = {"game": game.text, "convention": "misere" if misere else "normal"}
    if misere:
        outcomes = [o.value for o in heap_outcomes(game, n, misere=True)]
        if values:
            report["outcomes"] = outcomes
        if save:
            save_sequence(save, np.array([o == "N" for o in outcomes], dtype=np.uint8))
        return report
    array = game.values(n)
    if values:
        report["values"] = array.tolist()
    if save:
        save_sequence(save, array)
    return report


def heap_value_report(game: HeapGame, heap: int) -> dict[str, Any]:
    """The object printed by ``grundy value --json``: the value of one heap, and how."""
    formula = game.closed_form(heap)
    if formula is not None:
        return {"game": game.text, "heap": heap, "nim_value": formula, "by": "formula"}
    return {"game": game.text, "heap": heap, "nim_value": game.heap_value(heap), "by": "computed"}


def save_sequence(path: str, values: np.ndarray[Any, Any]) -> None:
    """Write values to ``path``: ``.npy`` (a one-dimensional unsigned array) or ``.csv``."""
    target = Path(path)
    suffix = target.suffix.lower()
    if suffix not in (".npy", ".csv"):
        raise InvalidArgument(f"cannot save to {path!r}: the file name must end in .npy or .csv")
    try:
        if suffix == ".npy":
            np.save(target, values)
        else:
            with target.open("w", encoding="utf-8") as out:
                out.write("heap,value\n")
                out.writelines(f"{i},{v}\n" for i, v in enumerate(values.tolist()))
    except OSError as error:
        raise InvalidArgument(f"cannot save to {path!r}: {error.strerror}") from None
