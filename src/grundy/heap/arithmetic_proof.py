"""Arithmetic periods of take-and-break codes whose moves may leave three heaps, proved.

A nim-sequence is *arithmetic periodic* when ``G(n + p) = G(n) + s`` for every ``n >= e``
(period ``p``, saltus ``s > 0``, preperiod ``e``): hex:0.3F's values are
``3⌊n/6⌋ + n mod 3``.  The periodicity theorems of octal games compare values with an
equal sign and say nothing here, because the nim-sum of values that grow by a saltus
does not grow with them.  This module proves such a period from the values of the first
heaps, for codes with a digit whose moves leave three heaps (bit 8), by two checks on the
formula ``f`` the values follow (``f(n) = G(n)`` for ``n < e``, else
``G(e + (n - e) mod p) + s⌊(n - e)/p⌋``):

*No option reaches f(n).*  Every part of an option is a small heap (below
``e1 = max(e, 1)``, its value known) or ``e1 + u + p·q`` for a residue ``u < p`` and some
``q >= 0``, of value ``f(e1 + u) + s·q``.  For each digit, each number of parts it leaves,
and each choice of the parts' kinds, "the option of heap n has value f(n)" is one
equation ``c ^ (s·q1 + r1) ^ ... = s·(q1 + ...) + d`` in the unknown ``q``'s, whose
solutions :func:`grundy.heap.xor_equations.xor_solution` decides exactly.  None may have a
solution.

*Every value below f(n) is reached.*  A digit k with bit 8 splits ``n - k`` into
``a, a, x``: an option of value ``f(x)`` (the two equal heaps cancel) for every ``x``
of the parity of ``n - k`` with ``1 <= x <= n - k - 2``.  Other options keep their value's
shape too: the one-heap options ``f(n - k)``, and those that leave one or two small heaps
of nim-sum ``c`` beside a heap ``n - d``, of value ``c ^ f(n - d)``.  These values
``C(n)`` are shown to hold ``[0, f(n))`` for every ``n >= n0`` by induction in steps of
``P`` heaps (``P`` a multiple of lcm(p, 2); each step raises the values by
``S = sP/p``, and only nim-sums ``c`` below the lowest bit of ``S`` are used, so that
``c ^ (w + S) = (c ^ w) + S``), from ``n0 <= n < n0 + P``:

  (i)   ``[0, f(n))`` lies in ``C(n)``;
  (ii)  ``[f(n) - S, f(n))`` lies in the values of the last ``P`` heaps ``x`` of each
        mirrored family and the options beside small heaps, which are those of ``n - P``
        plus ``S``;
  (iii) each value of an option beside small heaps below ``f(n)`` is reached again in
        ``C(n + P)``, by a heap ``x >= e`` of a mirrored family or such an option of
        ``n + P``.

(ii) carries ``[f(n) - S, f(n))`` to ``[f(n), f(n + P))``, and (iii) keeps what the options
beside small heaps gave, so (i) holds at ``n + P``; (ii) and (iii) hold at ``n + P``
because every heap they name is past the preperiod, where adding ``P`` tokens adds ``S``
to the value.

Then by induction on ``n``: if ``G = f`` below ``n >= n0`` (and the values computed show it
below ``n0``), the options of ``n`` reach every value below ``f(n)`` and not ``f(n)``, so
``G(n) = f(n)``.  Both checks are sufficient, not necessary: a period they cannot prove is
left unproved (None), never called wrong.

The first check is left undone (the period unproved) when its equations would take more
than about a second (:data:`MOST_EQUATION_WORK`): long periods with a large saltus.

>>> from grundy.heap.triples import triple_values
>>> proof = certify_arithmetic(TakeBreakCode((0, 3, 15)), triple_values([0, 3, 15], 200))
>>> proof.preperiod, proof.period, proof.saltus, proof.by
(0, 6, 3, 'three-heap arithmetic-periodicity check')
"""

from __future__ import annotations

import math
from itertools import combinations_with_replacement

from grundy.heap.certificate import ARITHMETIC_CHECK, Period, Readable
from grundy.heap.codes import TakeBreakCode
from grundy.heap.compact import AnyValues
from grundy.heap.xor_equations import xor_solution

#: Most work for the first check, in equations times the states of the last bits of their
#: unknowns (about 5 µs each here: a second at most); past it the period is left unproved.
MOST_EQUATION_WORK = 250_000


class Formula:
    """The values an arithmetic period gives every heap: the first ``e + p`` as seen, then
    ``+ s`` each period.

    >>> f = Formula([0, 1, 2, 0, 1, 2], 0, 6, 3)
    >>> [f(n) for n in range(6, 14)]
    [3, 4, 5, 3, 4, 5, 6, 7]
    """

    def __init__(self, first: list[int], preperiod: int, period: int, saltus: int):
        self.first = first
        self.preperiod = preperiod
        self.period = period
        self.saltus = saltus
        self._seen = Period(preperiod, period, saltus=saltus)

    def __call__(self, n: int) -> int:
        return self._seen.value_at(self.first, n)


def certify_arithmetic(code: TakeBreakCode, values: AnyValues) -> Period | None:
    """The arithmetic period the values show, proved by the checks above, or None.

    ``values`` are the code's values of heaps ``0..len(values)-1``, trusted; the period
    must be seen in them (:func:`grundy.heap.period.detect_arithmetic_period`).
    """
    from grundy.heap.period import detect_arithmetic_period

    if not code.triples:
        return None
    seen = detect_arithmetic_period(values)
    if seen is None or seen[2] <= 0:
        return None
    return prove_arithmetic(code, values, *seen)


def prove_arithmetic(code: TakeBreakCode, values: Readable, preperiod: int, period: int,
                     saltus: int) -> Period | None:
    """This arithmetic period, proved from the values of heaps ``0..len(values)-1`` by the
    checks above, or None: the values must follow it and cover the heaps below the
    induction's start (:func:`induction_start`; at most :func:`values_needed_arithmetic`).

    >>> from grundy.heap.triples import triple_values
    >>> prove_arithmetic(TakeBreakCode((0, 8)), triple_values([0, 8], 200), 1, 3, 1).by
    'three-heap arithmetic-periodicity check'
    """
    if saltus <= 0 or len(values) < preperiod + period:
        return None
    formula = Formula([int(values[n]) for n in range(preperiod + period)], preperiod, period,
                      saltus)
    if any(int(values[n]) != formula(n) for n in range(len(values))):
        return None
    if not (lower_values_reached(code, formula, len(values))
            and no_option_reaches(code, formula)):
        return None
    return Period(preperiod, period, True, ARITHMETIC_CHECK, saltus)


def values_needed_arithmetic(code: TakeBreakCode, preperiod: int, period: int) -> int:
    """How many values (heaps 0..N-1) the proof reads: at least the heaps below the
    induction's start (:func:`induction_start`, at most ``3e + 3·8P + t + 3``), and enough
    that the period is seen in them again (``2e + 4p``) when a proof kept on disk is read
    back.

    >>> values_needed_arithmetic(TakeBreakCode((0, 3, 15)), 0, 6)
    149
    """
    step = math.lcm(period, 2) * STEP_TIMES[-1]
    return max(3 * preperiod + 3 * step + code.largest_removal + 3, 2 * preperiod + 4 * period)


def no_option_reaches(code: TakeBreakCode, f: Formula) -> bool:
    """True when no option of any heap n has the value f(n), under f (first check).

    >>> no_option_reaches(TakeBreakCode((0, 3, 15)), Formula([0, 1, 2, 0, 1, 2], 0, 6, 3))
    True
    >>> no_option_reaches(TakeBreakCode((0, 3, 15)), Formula([0, 1, 2, 0, 2, 1], 0, 6, 3))
    False
    """
    start = max(f.preperiod, 1)
    kinds = [("small", x) for x in range(1, start)] + [("large", u) for u in range(f.period)]
    leaving = [(taken, parts) for taken, digit in enumerate(code.digits) for parts in (1, 2, 3)
               if digit >> parts & 1 and (parts > 1 or taken > 0)]
    kept_bits = f.saltus.bit_length() - 1
    work = sum(math.comb(len(kinds) + parts - 1, parts) << (parts * kept_bits)
               for _, parts in leaving)
    if work > MOST_EQUATION_WORK:
        return False
    return not any(_reached(f, taken, start, chosen) for taken, parts in leaving
                   for chosen in combinations_with_replacement(kinds, parts))


def _reached(f: Formula, taken: int, start: int, chosen: tuple[tuple[str, int], ...]
             ) -> bool:
    """Does some option of these parts' kinds, taking ``taken``, have the heap's value?"""
    small = [x for kind, x in chosen if kind == "small"]
    large = [start + u for kind, u in chosen if kind == "large"]
    constant = 0
    for x in small:
        constant ^= f(x)
    tokens = taken + sum(small) + sum(large)  # the heap when every q is 0
    if not large:
        return constant == f(tokens)
    periods, offset = divmod(tokens - f.preperiod, f.period)
    target = f(f.preperiod + offset) + f.saltus * periods
    rests = [f(x) for x in large]
    return xor_solution(f.saltus, rests, constant, target) is not None


def lower_values_reached(code: TakeBreakCode, f: Formula, known: int) -> bool:
    """True when the mirrored splits and the options beside small heaps reach every value
    below f(n) for every heap n from the induction's start on (second check, (i)-(iii)
    above), the induction going in steps of one, two, four or eight times lcm(p, 2) heaps
    and starting within the ``known`` values.

    >>> f = Formula([0, 1, 2, 0, 1, 2], 0, 6, 3)
    >>> lower_values_reached(TakeBreakCode((0, 3, 15)), f, 100)
    True
    >>> lower_values_reached(TakeBreakCode((0, 3, 15)), f, 20)  # starts at 21
    False
    >>> lower_values_reached(TakeBreakCode((0, 3, 7)), f, 100)
    False
    """
    if not code.triples:
        return False
    steps = [math.lcm(f.period, 2) * times for times in STEP_TIMES]
    return any(_reached_in_steps(code, f, step) for step in steps
               if induction_start(code, f, step) <= known)


#: The induction's steps tried, in periods P: a longer step raises the values by more,
#: so that more of the small heaps' nim-sums shift with them.
STEP_TIMES = (1, 2, 4, 8)


def _reached_in_steps(code: TakeBreakCode, f: Formula, step: int) -> bool:
    rise = f.saltus * step // f.period
    beside = besides(code, f, step)
    start = induction_start(code, f, step)
    pairs = [k for k, digit in enumerate(code.digits) if digit & 4 and k not in code.unequal]

    def mirror(n: int, low: int) -> set[int]:
        """The values f(x) of the splits a, a, x of n with x >= low."""
        return {f(x) for k in code.triples for x in range(n - k - 2, max(low, 1) - 1, -2)}

    for n in range(start, start + step):
        value = f(n)
        single = {c ^ f(n - d) for d, c in beside}
        reached = single | mirror(n, 1) | {0 for k in pairs if (n - k) % 2 == 0}
        top = single | {f(x) for k in code.triples
                        for x in range(n - k - 2, max(n - k - 2 - step, 0), -2)}
        if value < rise or not set(range(value)) <= reached \
                or not set(range(value - rise, value)) <= top:
            return False
        later = {c ^ f(n + step - d) for d, c in beside} | mirror(n + step, f.preperiod)
        if any(w < value and w not in later for w in single):
            return False
    return True


def besides(code: TakeBreakCode, f: Formula, step: int) -> set[tuple[int, int]]:
    """The options of value ``c ^ f(n - d)`` used besides the mirrored splits, as pairs
    ``(d, c)``: taking k and leaving one heap (``(k, 0)``), or leaving beside it one or two
    small heaps (below ``e + step``) of nim-sum ``c``.  Only ``c`` below the lowest bit of
    the rise ``S`` of a step are kept: then ``c ^ (w + S) = (c ^ w) + S``.

    >>> sorted(besides(TakeBreakCode((0, 12)), Formula([0, 0, 0], 1, 2, 1), 2))
    [(2, 0), (3, 0), (4, 0), (5, 0)]
    """
    rise = f.saltus * step // f.period
    below = rise & -rise  # the lowest bit of the rise
    small = range(1, f.preperiod + step)
    found: set[tuple[int, int]] = set()
    for k, digit in enumerate(code.digits):
        if k and digit & 2:
            found.add((k, 0))
        if digit & 4 and k not in code.unequal:
            found.update((k + z, f(z)) for z in small)
        if digit & 8:
            found.update((k + y + z, f(y) ^ f(z)) for y in small for z in small if y <= z)
    return {(d, c) for d, c in found if c < below}


def induction_start(code: TakeBreakCode, f: Formula, step: int) -> int:
    """``n0``: past it every heap the second check names, with induction steps of ``step``
    heaps, is past the preperiod.

    >>> induction_start(TakeBreakCode((0, 3, 15)), Formula([0, 1, 2, 0, 1, 2], 0, 6, 3), 6)
    21
    """
    farthest = max({d for d, _ in besides(code, f, step)} | {code.largest_removal})
    return f.preperiod + step + farthest + 3
