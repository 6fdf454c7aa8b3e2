"""Proved periods kept on disk, beside the sequence cache, so that a game seen before answers
for any heap at once, without computing or loading a compiled kernel.

One small JSON file per game: the period, the theorem that proved it, and the values of
heaps 0..N-1 that its hypothesis was checked on (N as the theorem needs; when N is large the
values are read from the sequence cache instead, :mod:`grundy.heap.cache`).

A file is data read back, so it is believed only as far as it can be checked cheaply:

* the number N of values the theorem needs is recomputed from the game
  (:meth:`~grundy.heap.base.HeapGame.values_needed`), never read, and the theorem's name must
  be one this program proves with;
* the theorem's hypothesis, ``G(n + p) = G(n)`` for ``e <= n < N - p``, is checked again on
  the values (one comparison of two stretches in place, O(N), without numpy for an ordinary
  period): the period follows from the values by the theorem; an arithmetic period's
  proof (:mod:`grundy.heap.arithmetic_proof`) also checks its formula against the code's
  moves, and is run again whole;
* the values of the first :data:`RECHECKED` heaps are computed again by the plain mex rule
  over the game's options and compared, as are the values the sequence cache holds too.

The values past :data:`RECHECKED` are as trusted as the sequence cache's: written by this
program and read back only when their SHA-256 matches, which catches damage, not a forger
with write access to the user's cache.  A file that fails a check is ignored, and the
period is found again as if there were none.

>>> import tempfile
>>> from grundy.heap.takebreak import KAYLES
>>> from grundy.heap.certificate import GUY_SMITH, Period
>>> with tempfile.TemporaryDirectory() as folder:
...     period = Period(71, 12, True, GUY_SMITH)
...     store_period(Path(folder), "octal:0.77", period, KAYLES.values(200), 168)
...     load_period(KAYLES, Path(folder), KAYLES.values(10))[0]
Period(preperiod=71, period=12, certified=True, by='Guy-Smith octal periodicity theorem')
"""

from __future__ import annotations

import contextlib
import json
from functools import reduce
from operator import xor
from pathlib import Path
from typing import TYPE_CHECKING, Any

from grundy.errors import InvalidArgument
from grundy.heap.cache import file_name
from grundy.heap.certificate import (
    ARITHMETIC_CHECK,
    GUY_SMITH,
    K_HEAP,
    SUBTRACTION_WINDOW,
    Period,
)
from grundy.heap.checkpoint import write_atomically
from grundy.heap.compact import AnyValues, CompactValues, as_array, same_values

if TYPE_CHECKING:
    from grundy.heap.rules import HeapRules

#: Heaps whose values are computed again, by the mex rule, when a file is read.
RECHECKED = 96
#: Files hold the values themselves up to this many; longer proofs read the sequence cache.
STORED_VALUES = 1 << 16
#: The theorems a kept period may name.
THEOREMS = (GUY_SMITH, K_HEAP, SUBTRACTION_WINDOW, ARITHMETIC_CHECK)
_LARGEST_FILE = 1 << 20


def period_path(directory: Path, key: str) -> Path:
    """The file that keeps the proved period of ``key``.

    >>> period_path(Path("/c"), "kayles").name
    'kayles-dbda7b594add413f0f25.period.json'
    """
    return directory / (file_name(key).removesuffix(".seq") + ".period.json")


def store_period(directory: Path, key: str, period: Period, values: AnyValues,
                 needed: int) -> None:
    """Keep a proved ``period`` of ``key`` with the first ``needed`` of its ``values`` (those
    the theorem's hypothesis was checked on; only their count when there are more than
    :data:`STORED_VALUES`).  File-system trouble is ignored: the cache is an optimisation."""
    if needed <= 0 or len(values) < needed or not period.certified:
        return
    record = {"key": key, "preperiod": period.preperiod, "period": period.period,
              "saltus": period.saltus, "by": period.by, "values_needed": needed,
              "values": values[:needed].tolist() if needed <= STORED_VALUES else None}
    with contextlib.suppress(OSError):
        write_atomically(period_path(directory, key),
                         lambda out: out.write(json.dumps(record).encode()))


def load_period(game: HeapRules, directory: Path, known: AnyValues
                ) -> tuple[Period, AnyValues] | None:
    """The kept period of ``game`` and the values it was proved from (heaps 0..N-1, or the
    ``known`` values when they are longer), or None when there is none or it does not
    check out (see the module's note)."""
    key = game.cache_key
    if key is None:
        return None
    try:
        path = period_path(directory, key)
        if path.stat().st_size > _LARGEST_FILE:
            return None
        record = json.loads(path.read_text(encoding="utf-8"))
        return _checked(game, record, key, known)
    except (OSError, ValueError, TypeError, KeyError, OverflowError):
        return None


def _checked(game: HeapRules, record: dict[str, Any], key: str, known: AnyValues
             ) -> tuple[Period, AnyValues] | None:
    preperiod, length, saltus = record["preperiod"], record["period"], record["saltus"]
    if record["key"] != key or record["by"] not in THEOREMS or \
            any(type(x) is not int for x in (preperiod, length, saltus)):
        return None
    try:
        period = Period(preperiod, length, certified=True, by=record["by"], saltus=saltus)
    except InvalidArgument:
        return None
    needed = game.values_needed(period)
    stored = record["values"]
    if needed <= 0 or period.saltus < 0:
        return None
    values: AnyValues
    if stored is None:
        values = known
    elif isinstance(stored, list) and all(type(v) is int and 0 <= v < 2**63 for v in stored):
        values = CompactValues.of(stored)
    else:
        return None
    if len(values) < needed:
        return None
    e, p = period.preperiod, period.period
    if period.saltus:
        import numpy as np

        head = as_array(values)[e: needed - p].astype(np.int64) + period.saltus
        if not np.array_equal(as_array(values)[e + p: needed], head):
            return None
    elif not same_values(values[e: needed - p], values[e + p: needed]):
        return None  # compared in place: no copy of the values
    overlap = min(len(known), len(values))
    if not same_values(values[:overlap], known[:overlap]):
        return None
    if period.by == ARITHMETIC_CHECK and game.certify_held(values[:needed]) != period:
        return None  # its checks are of the formula, not only of the values: run again
    checked = min(RECHECKED, needed)
    if values[:checked].tolist() != _mex_values(game, checked):
        return None
    longest = known if len(known) >= len(values) else values
    return period, longest


def _mex_values(game: HeapRules, count: int) -> list[int]:
    """The values of heaps 0..count-1 by the mex rule over the game's options."""
    found: list[int] = []
    for n in range(count):
        seen = {reduce(xor, (found[part] for part in parts), 0)
                for parts in game.heap_options(n)}
        found.append(next(v for v in range(len(seen) + 1) if v not in seen))
    return found
