"""Nim-values read back from a file, checked against the rules before they are used.

A file (a checkpoint) says ``G(0..k-1)``; its seal (:mod:`grundy.seal`) shows it was
written by this user's grundy and not changed since, so a value forged anywhere in it is
refused before this check, but not that its values are right (a faulty build seals wrong
values all the same).  This is the second line, what is checked here:

- every value of the first :data:`FULL_CHECK` heaps, computed again by the game's own
  method (its kernel) and compared: a short run, so cheap;
- :data:`SAMPLES` heaps chosen at random among the others, and always the last: each value
  must be the mex of the values of its options, read from the file's own earlier values
  (a move to parts ``a, b`` has value ``G(a) ^ G(b)``).  The work is bounded by
  :data:`OPTION_BUDGET` options (fewer heaps are sampled when they have very many options).

What this gives. The first ``FULL_CHECK`` values are right. Beyond them a value that breaks
the rule is caught only when its heap is drawn: if a fraction ``f`` of the heaps break it,
the file passes with probability at most ``(1 - f) ** s``, ``s`` the heaps drawn and checked
(all 64 when their options fit the budget: below 4 % for ``f = 5 %``, one in 10^6 for
``f = 20 %``; about 13 for 10^7 Kayles values), so damage, values of another game stored under
this one's key and careless edits are refused. It is not a proof against a forger: values
first wrong at heap ``i`` and recomputed from there by the rules break the rule at ``i``
alone, so they pass unless ``i`` is drawn (probability about ``SAMPLES / k``). Checking
every value would close that gap, but checking a value costs as much as computing it
(showing that ``v`` is missing from the options means looking at all of them), so it would
be the run the file saves.  The seal closes the gap for files the tool did not write;
this check keeps wrong values of its own (an older or faulty build) from being trusted
where it draws them.

>>> from grundy.heap.takebreak import KAYLES
>>> import numpy as np
>>> values = KAYLES.values(3000).copy()
>>> recheck(KAYLES, values) is None
True
>>> values[5] = 9
>>> recheck(KAYLES, values)
'heap 5 has value 9, but the rules give 4'
"""

from __future__ import annotations

from collections.abc import Callable
from functools import reduce
from operator import xor
from typing import TYPE_CHECKING, Any

import numpy as np

from grundy.heap.kernels import take_break_values

if TYPE_CHECKING:
    from grundy.heap.codes import TakeBreakCode
    from grundy.heap.rules import HeapRules

#: Heaps whose values are all computed again and compared.
FULL_CHECK = 1024
#: Heaps beyond those, drawn at random, whose values are checked by the mex of their options.
SAMPLES = 64
#: The most options looked at for the drawn heaps (numpy for take-and-break codes).
OPTION_BUDGET = 20_000_000
#: The same in plain Python, for the other games.
PYTHON_OPTION_BUDGET = 500_000


def recheck(game: HeapRules, values: np.ndarray[Any, Any]) -> str | None:
    """None when ``values`` pass the checks of the module as ``game``'s values of heaps
    0..len-1, else what is wrong (one short sentence)."""
    code = game.rare_common_code if game.part_game is game else None
    if code is not None:
        return recheck_code(code, values)
    drawn = _drawn(len(values))
    # A move's parts are heaps of the part game: this one's own values, or computed.
    parts = values if game.part_game is game or not drawn else game.part_game.values(drawn[-1])
    listed = parts.tolist()

    def options(heap: int) -> np.ndarray[Any, Any]:
        return np.array([reduce(xor, (listed[part] for part in move), 0)
                         for move in game.heap_options(heap)], dtype=np.int64)

    return _checked(values, lambda n: game.compute_values(n, np.zeros(0, dtype=np.uint8)),
                    drawn, options, game.heap_option_count, PYTHON_OPTION_BUDGET)


def recheck_code(code: TakeBreakCode, values: np.ndarray[Any, Any]) -> str | None:
    """:func:`recheck` for the values of a take-and-break ``code`` whose moves leave at most
    two heaps (numpy does the options).

    >>> from grundy.heap.codes import TakeBreakCode
    >>> recheck_code(TakeBreakCode((0, 7, 7)), np.array([0, 1, 2, 3, 1, 4, 3, 2]))
    """
    splits = len(code.splits)
    return _checked(values, lambda n: take_break_values(code, n), _drawn(len(values)),
                    lambda heap: code_option_values(code, values, heap),
                    lambda heap: len(code.digits) + splits * (heap // 2), OPTION_BUDGET)


def _checked(values: np.ndarray[Any, Any], compute: Callable[[int], np.ndarray[Any, Any]],
             drawn: list[int], options: Callable[[int], np.ndarray[Any, Any]],
             cost: Callable[[int], int], budget: int) -> str | None:
    """The checks of the module: the first values against ``compute(n)`` (heaps 0..n),
    the ``drawn`` heaps against the mex of their ``options``, as long as their ``cost``
    fits the ``budget``."""
    full = min(len(values), FULL_CHECK)
    if full == 0:
        return None
    expected = compute(full - 1)
    wrong = np.flatnonzero(np.asarray(expected[:full], dtype=np.int64)
                           != np.asarray(values[:full], dtype=np.int64))
    if len(wrong):
        heap = int(wrong[0])
        return (f"heap {heap} has value {int(values[heap])}, but the rules give "
                f"{int(expected[heap])}")
    for heap in drawn:
        if cost(heap) > budget:
            continue  # too many options for what is left: the next, smaller ones may fit
        budget -= cost(heap)
        found = options(heap)
        value = int(values[heap])
        if not _is_mex(found, value):
            return (f"heap {heap} has value {value}, but the mex of its options (from the "
                    f"values before it) is {_mex(found)}")
    return None


def _drawn(length: int) -> list[int]:
    """The last heap and up to :data:`SAMPLES` others drawn at random beyond
    :data:`FULL_CHECK`, smallest first."""
    if length <= FULL_CHECK:
        return []
    others = length - 1 - FULL_CHECK
    count = min(SAMPLES, others)
    # Fresh entropy each time: a file cannot know which heaps will be looked at.
    drawn: list[int] = np.random.default_rng().choice(others, size=count,
                                                      replace=False).tolist()
    # Smallest first: when the budget runs out, as many heaps as possible were checked.
    return sorted({length - 1, *(FULL_CHECK + h for h in drawn)})


def _is_mex(options: np.ndarray[Any, Any], value: int) -> bool:
    """True when ``value`` is the least whole number not among ``options``."""
    if value > len(options):
        return False  # a mex is at most the number of options
    present = np.zeros(value + 1, dtype=bool)
    present[options[options <= value]] = True
    return not present[value] and bool(present[:value].all())


def _mex(options: np.ndarray[Any, Any]) -> int:
    seen = np.zeros(len(options) + 1, dtype=bool)
    seen[options[options <= len(options)]] = True
    return int(np.argmin(seen))


def code_option_values(code: TakeBreakCode, values: np.ndarray[Any, Any], heap: int
                       ) -> np.ndarray[Any, Any]:
    """The values of the options of ``heap`` under a take-and-break ``code`` (moves leaving
    at most two heaps), from ``values`` of the smaller heaps.

    >>> from grundy.heap.codes import TakeBreakCode
    >>> code_option_values(TakeBreakCode((0, 7, 7)), np.array([0, 1, 2, 3, 1]), 4).tolist()
    [3, 3, 2, 0]
    """
    def g(start: int, stop: int) -> np.ndarray[Any, Any]:
        return np.asarray(values[start:stop], dtype=np.int64)  # only the slice is converted

    found: list[np.ndarray[Any, Any]] = []
    for taken, digit in enumerate(code.digits):
        if taken > heap:
            break
        rest = heap - taken
        if taken and digit & 1 and rest == 0:
            found.append(np.zeros(1, dtype=np.int64))
        if taken and digit & 2 and rest > 0:
            found.append(g(rest, rest + 1))
        if digit & 4:
            largest = (rest - 1) // 2 if taken in code.unequal else rest // 2
            if largest > 0:
                found.append(g(1, largest + 1) ^ g(rest - largest, rest)[::-1])
    return np.concatenate(found) if found else np.zeros(0, dtype=np.int64)
