"""Periods of nim-sequences: finding them in computed values, and proving them.

A sequence G has period ``p`` from preperiod ``e`` when ``G(n + p) = G(n)`` for every
``n >= e``.  Computed values can only *suggest* a period (:func:`detect_period`); a theorem
turns a long enough stretch of values into a proof for every heap size
(:func:`certify_take_break`, :func:`certify_subtraction`).

All searches use the Z-function of the reversed values: with ``R`` the values read
backwards, ``Z[p]`` is the length of the longest common prefix of ``R`` and ``R[p:]``,
so the values have period ``p`` exactly from index ``len - p - Z[p]`` to the end.  Trying
``p = 1, 2, ...`` costs O(len) in all, and stops at the first ``p`` that qualifies.  It
keeps a byte per period tried; so from :data:`WINDOW_SEARCH_FROM` values on, the
theorems' rules (whose test is the same window for every ``p``) are checked instead by
matching the last window against earlier ones (:mod:`grundy.heap.longperiod`): the same
answer, periods of any length, constant memory.

>>> from grundy.heap.kernels import take_break_values
>>> kayles = take_break_values([0, 7, 7], 300)
>>> certify_take_break([0, 7, 7], kayles)
Period(preperiod=71, period=12, certified=True, by='Guy-Smith octal periodicity theorem')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from grundy.errors import InvalidArgument
from grundy.heap.certificate import GUY_SMITH as GUY_SMITH
from grundy.heap.certificate import K_HEAP as K_HEAP
from grundy.heap.certificate import SUBTRACTION_WINDOW as SUBTRACTION_WINDOW
from grundy.heap.certificate import Period as Period
from grundy.heap.certificate import largest_amount, most_heaps
from grundy.heap.certificate import values_needed_subtraction as values_needed_subtraction
from grundy.heap.certificate import values_needed_take_break as values_needed_take_break
from grundy.heap.codes import TakeBreakCode
from grundy.heap.compact import AnyValues, CompactValues, as_array, last_step_off

if TYPE_CHECKING:
    # Imported where a step needs it: the values of a short run are searched without it.
    import numpy as np

#: From this many values on, a theorem's rule is checked by matching the last window
#: (:mod:`grundy.heap.longperiod`): periods of any length, in constant memory.  Below, the
#: Z-function's byte per period is at most 8 MB, and its C kernel (:mod:`grundy.heap.native`)
#: spares short runs the import of numba.
WINDOW_SEARCH_FROM = 1 << 24


def _search(values: AnyValues, a: int, floor: int, b: int, c: int) -> tuple[int, int] | None:
    if not isinstance(values, CompactValues):
        import numpy as np

        values = np.ascontiguousarray(values)
        if values.ndim != 1:
            raise InvalidArgument("values must be a one-dimensional array")
    size = len(values)
    if a == b and size >= WINDOW_SEARCH_FROM:
        # The same answer in O(1) memory (the module :mod:`grundy.heap.longperiod` shows why).
        from grundy.heap.longperiod import least_period_by_window

        return least_period_by_window(as_array(values), (a, floor, b, c))
    pmax = max(0, (size - c) // b) if b else size
    pmax = min(pmax, max(size - 1, 0))
    if pmax < 1:
        return None
    from grundy.heap.native import first_period

    found = first_period(values, pmax, a, floor, b, c)
    if found is None:
        # No C kernel here (or values wider than it reads): numba's, with one byte per
        # period looked at (longer tails kept apart, see period_search.py), its pages touched
        # as far as the search goes: N/2 bytes beside N values at most, not 2N.
        import numpy as np

        from grundy.heap.period_search import first_period as compiled

        z = np.empty(pmax + 1, dtype=np.uint8)
        found = compiled(np.ascontiguousarray(as_array(values)), z, a, floor, b, c)
    period, start = found
    return (int(start), int(period)) if period else None


def detect_period(values: AnyValues, min_repeats: int = 3) -> tuple[int, int] | None:
    """The smallest period seen in the values, and its smallest preperiod, or None.

    Returns ``(n0, p)`` with ``p`` the least period such that
    ``values[n + p] == values[n]`` for all ``n0 <= n < len(values) - p`` and the repeating
    tail ``values[n0:]`` holds at least ``min_repeats * p`` values (so that a few equal
    values at the end are not taken for a period); ``n0`` is the least such start.  This is
    evidence, not proof.  Time O(len(values)).

    >>> import numpy as np
    >>> detect_period(np.array([5, 1, 2, 3, 1, 2, 3, 1, 2, 3]))
    (1, 3)
    >>> detect_period(np.array([1, 2, 3, 4])) is None
    True
    """
    if isinstance(min_repeats, bool) or not isinstance(min_repeats, int) or min_repeats < 1:
        raise InvalidArgument(f"min_repeats must be a whole number >= 1, not {min_repeats!r}")
    return _search(values, 1, 0, min_repeats, 0)


#: Longest arithmetic period looked for by :func:`detect_arithmetic_period`.
MAX_ARITHMETIC_PERIOD = 1024
#: How many of the last values the search for an arithmetic period looks at first.
ARITHMETIC_WINDOW = 1 << 16


def detect_arithmetic_period(values: AnyValues, min_repeats: int = 3
                             ) -> tuple[int, int, int] | None:
    """The least arithmetic period seen in the values, ``(preperiod, period, saltus)``, or
    None: ``values[n + p] = values[n] + s`` for all ``n >= preperiod`` in the values, with
    the repeating tail at least ``min_repeats`` periods and half the values long.  Periods
    up to :data:`MAX_ARITHMETIC_PERIOD` are looked for.  Evidence, not proof; a saltus of 0
    is an ordinary period.  Time O(p · min(len, 65536) + len) for the period ``p`` found, and
    memory O(65536) whatever the length.  Compact values are searched in plain Python (the
    same steps), numpy arrays with numpy.

    >>> import numpy as np
    >>> detect_arithmetic_period(np.array([0, 1, 2, 3, 4, 5, 6, 7]))
    (0, 1, 1)
    >>> detect_arithmetic_period(np.array([9, 0, 0, 2, 2, 4, 4, 6, 6, 8, 8]))
    (1, 2, 2)
    >>> detect_arithmetic_period(np.array([0, 1, 3, 7, 15, 31])) is None
    True
    >>> detect_arithmetic_period(CompactValues.of([9, 0, 0, 2, 2, 4, 4, 6, 6, 8, 8]))
    (1, 2, 2)
    """
    if isinstance(values, CompactValues):
        return _arithmetic_in_python(values, min_repeats)
    import numpy as np

    size = len(values)
    start = max(0, size - ARITHMETIC_WINDOW)
    # Only the window is widened to signed values: memory stays fixed whatever the length.
    window = np.asarray(values[start:]).astype(np.int64)
    for p in range(1, min(MAX_ARITHMETIC_PERIOD, len(window) // (min_repeats + 1)) + 1):
        # The last few steps must agree before the whole window is looked at: most p fail
        # there, so a sequence with no period costs O(p) per p, not O(window).
        probe = min(PROBE_STEPS, min_repeats * p)
        last = window[-probe:] - window[-probe - p: -p]
        if (last != last[-1]).any():
            continue
        steps = window[p:] - window[:-p]
        saltus = int(steps[-1])
        bad = np.flatnonzero(steps != saltus)
        found = _accepted(values, p, saltus, start + (int(bad[-1]) + 1 if len(bad) else 0),
                          start, min_repeats)
        if found:
            return found
    return None


def _accepted(values: AnyValues, p: int, saltus: int, preperiod: int, start: int,
              min_repeats: int) -> tuple[int, int, int] | None:
    """``(preperiod, p, saltus)`` when the steps of ``p`` hold from ``preperiod`` on (seen
    from the window that begins at ``start``) for ``min_repeats`` periods more and half the
    values at least, else None."""
    if preperiod == start and start:
        # The window repeats throughout: see how far back the whole sequence does.
        preperiod = _repeats_from(values, p, saltus, start)
    tail = len(values) - preperiod
    if tail >= min_repeats * p + p and 2 * tail >= len(values):
        return preperiod, p, saltus
    return None


#: How many of the last steps are compared first for each period tried.
PROBE_STEPS = 32


def _arithmetic_in_python(values: CompactValues, min_repeats: int
                          ) -> tuple[int, int, int] | None:
    """:func:`detect_arithmetic_period` step by step, for compact values: most periods fail
    on the last few steps, so a sequence with no period costs O(p) per period tried; the
    rest is one loop of the C library (:func:`~grundy.heap.compact.last_step_off`)."""
    size = len(values)
    start = max(0, size - ARITHMETIC_WINDOW)
    window = values[start:]
    last = values[max(start, size - (min_repeats + 1) * MAX_ARITHMETIC_PERIOD):].tolist()
    for p in range(1, min(MAX_ARITHMETIC_PERIOD, len(window) // (min_repeats + 1)) + 1):
        probe = min(PROBE_STEPS, min_repeats * p)
        saltus = last[-1] - last[-1 - p]
        if any(last[i + p] - last[i] != saltus
               for i in range(len(last) - p - probe, len(last) - p)):
            continue
        found = _accepted(values, p, saltus, start + last_step_off(window, p, saltus) + 1,
                          start, min_repeats)
        if found:
            return found
    return None


def _repeats_from(values: AnyValues, p: int, saltus: int, start: int) -> int:
    """The least ``e`` with ``values[n + p] = values[n] + saltus`` for ``e <= n < start``,
    read backwards a window at a time (it holds from ``start`` on)."""
    if isinstance(values, CompactValues):
        high = start
        while high > 0:
            low = max(0, high - ARITHMETIC_WINDOW)
            last = last_step_off(values[low: high + p], p, saltus)
            if last >= 0:
                return low + last + 1
            high = low
        return 0
    import numpy as np

    high = start
    while high > 0:
        low = max(0, high - ARITHMETIC_WINDOW)
        block = np.asarray(values[low: high + p]).astype(np.int64)
        bad = np.flatnonzero(block[p:] - block[:-p] != saltus)
        if len(bad):
            return low + int(bad[-1]) + 1
        high = low
    return 0


def certify_take_break(code: TakeBreakCode | Sequence[int], values: AnyValues
                       ) -> Period | None:
    """A period of a take-and-break code proved from its values, or None if none is yet.

    ``values`` must be the code's values of heaps ``0..len(values)-1`` (as from
    :func:`grundy.heap.kernels.take_break_values`); they are trusted.  Let ``t`` be the
    index of the last non-zero digit.

    *Guy-Smith octal periodicity theorem* (digits 0-7 after the point, ``d0 = 0``): if
    ``G(n + p) = G(n)`` for all ``n`` with ``e <= n < 2e + p + t`` and ``e >= 1``, then
    ``G(n + p) = G(n)`` for all ``n >= e``.  It needs ``2e + 2p + t`` values.

    *k-heap take-and-break criterion* (any code whose moves leave at most ``k`` heaps:
    ``k = 3`` when a digit has bit 8, else ``k = 2``; this covers splitting digits ``d0``):
    if ``G(n + p) = G(n)`` for ``e <= n < ke + (k-1)p + t + k`` with ``e >= 1``, then for all
    ``n >= e``.  It needs ``ke + kp + t + k`` values.  Proof, by induction on ``n``: for
    ``n >= ke + (k-1)p + t`` every option of ``n + p`` leaves a largest heap ``L >= e + p``
    and every option of ``n`` a largest heap ``L >= e``; moving ``p`` tokens between that
    heap and nothing matches the options of ``n`` and ``n + p`` one to one with equal values.
    (The same argument with ``k = 2`` is the Guy-Smith theorem; parts must be allowed to be
    equal, so it does not apply to Grundy's game.)

    When the values repeat from heap 0 the proof runs from ``e = 1`` and heap 0 is checked
    directly.  Only ordinary periods are found (``G(n + p) = G(n)``), never arithmetic ones.
    The least period that can be proved is returned, with its least preperiod.

    >>> from grundy.heap.kernels import take_break_values
    >>> certify_take_break([0, 0, 7], take_break_values([0, 0, 7], 200))
    Period(preperiod=53, period=34, certified=True, by='Guy-Smith octal periodicity theorem')
    >>> certify_take_break([0, 0, 7], take_break_values([0, 0, 7], 100)) is None
    True
    """
    rule, by = take_break_rule(code)
    found = _search(values, *rule)
    if found is None:
        return None
    return Period(found[0], found[1], True, by)


#: A rule ``(a, floor, b, c)``: period ``p`` of preperiod ``e`` holds in ``N`` values when
#: ``a * max(e, floor) + b * p + c <= N``.
Rule = tuple[int, int, int, int]

#: The rule of :func:`detect_period` (three repeats of the period).
DETECT_RULE: Rule = (1, 0, 3, 0)


def take_break_rule(code: TakeBreakCode | Sequence[int]) -> tuple[Rule, str]:
    """The rule of the theorem that proves a period of this code (see
    :func:`certify_take_break`), and the theorem's name.

    >>> take_break_rule([0, 7, 7])
    ((2, 1, 2, 2), 'Guy-Smith octal periodicity theorem')
    """
    checked = TakeBreakCode.of(code)
    t, heaps = checked.largest_removal, most_heaps(checked)
    if checked.guy_smith_octal:
        return (2, 1, 2, t), GUY_SMITH
    return (heaps, 1, heaps, t + heaps), K_HEAP


def least_period_after(last: np.ndarray[Any, Any], size: int, a: int, floor: int, b: int,
                       c: int) -> tuple[int, int] | None:
    """``(preperiod, period)``: the least period ``p < len(last)`` that holds by the rule
    ``(a, floor, b, c)`` in the values of heaps ``0..size-1``, from ``last[p]``, the last
    heap ``n`` with ``G(n) != G(n - p)`` (``p - 1`` when there is none); the same answer as
    the search over the values themselves, for the periods it looks at.

    >>> import numpy as np
    >>> values = np.array([5, 1, 2, 3, 1, 2, 3, 1, 2, 3])
    >>> last = np.array([-1, 9, 9, 3])   # G(3) != G(0): period 3 holds from heap 1
    >>> least_period_after(last, len(values), *DETECT_RULE), detect_period(values)
    ((1, 3), (1, 3))
    """
    pmax = max(0, (size - c) // b) if b else size
    pmax = min(pmax, size - 1, len(last) - 1)
    import numpy as np

    from grundy.heap.period_search import least_after

    start, period = least_after(np.asarray(last, dtype=np.int64), pmax, size, a, floor, b, c)
    return (int(start), int(period)) if period else None


def certify_subtraction(amounts: Sequence[int], values: np.ndarray[Any, Any]) -> Period | None:
    """A period of a finite subtraction game proved from its values, or None if none is yet.

    *Subtraction window rule*: with ``t = max(S)``, the value of heap ``n >= t`` depends only
    on the ``t`` values before it.  So if ``G(n + p) = G(n)`` for ``e <= n < e + t``, the
    windows at ``e`` and ``e + p`` agree and ``G(n + p) = G(n)`` for all ``n >= e``.  It
    needs ``e + p + t`` values.  (Every finite subtraction game is ultimately periodic.)
    ``values`` are trusted to be the game's values of heaps ``0..len(values)-1``; the least
    period that can be proved is returned, with its least preperiod.

    >>> from grundy.heap.kernels import subtraction_values
    >>> certify_subtraction([3, 5, 8], subtraction_values([3, 5, 8], 40))
    Period(preperiod=0, period=11, certified=True, by='subtraction window rule')
    """
    t = largest_amount(amounts)
    found = _search(values, 1, 0, 1, t)
    if found is None:
        return None
    return Period(found[0], found[1], True, SUBTRACTION_WINDOW)


MODULAR_WINDOW = "modular subtraction window rule"


def certify_modular_rule(modulus: int, largest: int, values: np.ndarray[Any, Any]
                         ) -> Period | None:
    """A period of a subtraction game whose amounts depend only on the heap mod ``modulus``
    (each at most ``largest``), proved from its values, or None if none is yet.

    *Modular window rule*: from heap ``t = largest`` on every amount fits, so the value of
    heap ``n >= t`` depends only on ``n mod modulus`` and the ``t`` values before it.  So if
    ``p`` is a multiple of ``modulus`` and ``G(n + p) = G(n)`` for ``e <= n < e + t``, the
    windows at ``e`` and ``e + p`` agree with equal residues, and ``G(n + p) = G(n)`` for all
    ``n >= e`` (heap ``e + t`` is past ``t`` for every ``e >= 0``).  The least such ``p`` is
    returned with its least ``e``.

    >>> import numpy as np
    >>> certify_modular_rule(3, 3, np.array([0, 1, 2, 0, 2, 1, 0, 1, 2, 0, 2, 1, 0, 1, 2]))
    Period(preperiod=0, period=6, certified=True, by='modular subtraction window rule')
    """
    seen = [int(v) for v in values[:MODULAR_SEARCH]]
    for period in range(modulus, len(seen), modulus):
        for start in range(len(seen) - period - largest + 1):
            if seen[start:start + largest] == seen[start + period:start + period + largest]:
                return Period(start, period, True, MODULAR_WINDOW)
    return None


#: The values looked at for a modular rule's period (a longer period is not proved).
MODULAR_SEARCH = 4096
