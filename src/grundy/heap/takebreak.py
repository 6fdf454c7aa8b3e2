"""Take-and-break games: octal and hexadecimal codes, Grundy's game, stone splitting, the daisy.

A code ``d0.d1d2...dt`` says, digit by digit, what a move that removes k tokens from one heap
may leave (digit dk, a sum of bits): 1 — nothing (the heap was exactly k); 2 — one non-empty
heap; 4 — two non-empty heaps; 8 — three (hexadecimal codes only).  The digit before the point
is for removing nothing, i.e. splitting a heap: 4 — into two, 8 — into three.

>>> KAYLES.values(12).tolist()
[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]
>>> TakeAndBreak("4.07").text, TakeAndBreak("0.770") == KAYLES
('octal:4.07', True)
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from functools import cache, partial
from typing import TYPE_CHECKING

from grundy.budget import check_memory
from grundy.core.ruleset import Ruleset, fixed
from grundy.errors import BEYOND, TooBig, capped
from grundy.heap.base import HeapGame, Heaps, Splits
from grundy.heap.codes import SPLIT_IN_TWO, TakeBreakCode
from grundy.heap.compact import AnyValues, as_array
from grundy.heap.engine import known_period, narrow_array
from grundy.heap.rules import MEMORY_BOUND, Keep, Progress

if TYPE_CHECKING:
    from grundy.heap.cache import Values
    from grundy.heap.period import Period

#: How many steps the values of a code whose moves leave three heaps may take (about a
#: minute of CPU here), as :func:`~grundy.heap.triples.triple_cost` estimates them.
MAX_TRIPLE_STEPS = 20_000_000_000
#: The values of heaps up to this one are computed to estimate a longer run of such a code.
TRIPLE_PROBE = 1024



class _ByCode(HeapGame):
    """A heap game whose values the compiled kernels of its code compute: :attr:`rules`."""

    #: The code the kernels run (:mod:`grundy.heap.choice` picks the kernel).
    rules: TakeBreakCode

    def compute_values(self, n: int, prefix: Values, progress: Progress | None = None
                       ) -> Values:
        """The compiled kernel of the code (:meth:`compute_values_kept`)."""
        return as_array(self.compute_values_kept(n, prefix, progress, None))

    def compute_values_kept(self, n: int, prefix: AnyValues, progress: Progress | None,
                            keep: Keep | None) -> AnyValues:
        """The kernel the values seen call for (:mod:`grundy.heap.choice`), handing its
        values to ``keep`` between chunks."""
        from grundy.heap.choice import compute

        return compute(self.rules, n, prefix, progress, keep)


class TakeAndBreak(_ByCode):
    """The take-and-break game of an octal or hexadecimal code such as ``0.77`` (Kayles).

    ``hexadecimal`` allows the digits 8-f (moves that leave three heaps).  Trailing zeros do
    not change the game.  ``alias`` is the short name used in the text form (``kayles``).

    >>> TakeAndBreak("0.8")
    Traceback (most recent call last):
    ...
    grundy.errors.InvalidGame: digit '8' (for taking 1) in octal code '0.8' is not octal (0-7); \
hexadecimal codes are written hex:0.8
    """

    picture = "pins"
    def __init__(self, code: str, *, hexadecimal: bool = False, alias: str | None = None) -> None:
        self.rules = TakeBreakCode.parse(code, hexadecimal=hexadecimal)
        self.alias = alias

    @property
    def digits(self) -> tuple[int, ...]:
        """The code's digits d0, d1, ..., dt, trailing zeros removed."""
        return self.rules.digits

    @property
    def code(self) -> str:
        """The code in canonical form, e.g. ``0.77``."""
        return self.rules.text

    @property
    def hexadecimal(self) -> bool:
        """True when some move may leave three heaps."""
        return self.rules.hexadecimal

    @property
    def text(self) -> str:
        """``kayles``, ``dawson``, ``octal:0.6`` or ``hex:0.8``."""
        if self.alias:
            return self.alias
        return ("hex:" if self.hexadecimal else "octal:") + self.code

    @property
    def max_parts(self) -> int:
        """The most heaps one move may leave in place of one."""
        return self.rules.max_parts

    #: Memory, and for codes with moves that leave three heaps the work estimated from their
    #: first values (:meth:`check_cost`), limit the heaps computed.
    max_computed_heap = MEMORY_BOUND

    def check_cost(self, n: int, what: str) -> None:
        """For a code whose moves leave three heaps and whose values of heaps up to
        :data:`TRIPLE_PROBE` prove no period, an estimate of the work and memory from those
        values, refused up front when over :data:`MAX_TRIPLE_STEPS` steps or the memory
        budget.

        >>> from grundy.heap.engine import check_computable
        >>> check_computable(TakeAndBreak("c.18", hexadecimal=True), 10**6)
        Traceback (most recent call last):
        ...
        grundy.errors.TooBig: the nim-values of hex:c.18 heaps 0..1000000 needs about 6e+13 \
steps; the limit is 20000000000
        """
        if not self.rules.triples or n <= TRIPLE_PROBE:
            return
        first = self.values(TRIPLE_PROBE)
        if known_period(self) is not None or self.certify(first) is not None:
            return  # the proved period gives the values past the first (the engine's stages)
        from grundy.heap.triples import triple_cost

        steps, table = triple_cost(self.rules, first, n)
        if steps > MAX_TRIPLE_STEPS:
            raise TooBig(what, size=steps, limit=MAX_TRIPLE_STEPS, unit="steps")
        check_memory(what, table)

    def heap_option_count(self, n: int) -> int:
        """For each digit: one option for taking k, n/2 for splitting in two, n²/12 in three."""
        total = 0
        for taken, digit in enumerate(self.digits):
            rest = max(n - taken, 0)
            total += 2 + (rest // 2 if digit & 4 else 0) + (rest * rest // 12 if digit & 8 else 0)
        return total

    def heap_options(self, n: int) -> Iterator[Heaps]:
        """Every way to remove k tokens as digit dk allows."""
        for group in self.option_groups(n):
            if isinstance(group, Splits):
                yield from group.options()
            else:
                yield group

    def option_groups(self, n: int) -> Iterator[Heaps | Splits]:
        """The options digit by digit, the splits into two heaps of each as one group.

        >>> list(TakeAndBreak("0.74").option_groups(5))
        [(4,), Splits(rest=4, largest=2), Splits(rest=3, largest=1)]
        """
        for taken, digit in enumerate(self.digits):
            if taken > n:
                break
            rest = n - taken
            if taken and digit & 1 and rest == 0:
                yield ()
            if taken and digit & 2 and rest > 0:
                yield (rest,)
            if digit & 4:
                yield Splits(rest, (rest - 1) // 2 if taken in self.rules.unequal else rest // 2)
            if digit & 8:
                yield from _three_parts(rest)

    def certify(self, values: Values) -> Period | None:
        """Guy–Smith for octal codes, the k-heap criterion for the others, and for codes
        whose moves leave three heaps the arithmetic-periodicity check
        (:mod:`grundy.heap.arithmetic_proof`); no theorem when the parts of a split must be
        unequal (``!``)."""
        return self.certify_held(values)

    def certify_held(self, values: AnyValues) -> Period | None:
        """:meth:`certify`, compact values read as they are."""
        from grundy.heap.period import certify_take_break

        if self.rules.unequal:
            return None
        found = certify_take_break(self.rules, values)
        if found is None and self.rules.triples:
            from grundy.heap.arithmetic_proof import certify_arithmetic

            found = certify_arithmetic(self.rules, values)
        return found

    def values_needed(self, period: Period) -> int:
        """``2e + 2p + t`` for octal codes (Guy–Smith), ``ke + kp + t + k`` for the others.

        >>> from grundy.heap.period import Period
        >>> TakeAndBreak("0.354").values_needed(Period(10061916, 1180))
        20126195
        """
        from grundy.heap.certificate import values_needed_take_break

        if self.rules.unequal:
            return 0
        if period.saltus:
            from grundy.heap.arithmetic_proof import values_needed_arithmetic

            return values_needed_arithmetic(self.rules, period.preperiod, period.period)
        return values_needed_take_break(self.rules, period.preperiod, period.period)

    @property
    def cache_key(self) -> str:
        """The code, whatever alias the game goes by."""
        return ("hex:" if self.hexadecimal else "octal:") + self.code

    @property
    def rare_common_code(self) -> TakeBreakCode | None:
        """The code, unless a move may leave three heaps."""
        return None if self.rules.triples else self.rules

    def heap_state_bound(self, n: int) -> int:
        """Multisets of heaps with at most n tokens, or n + 1 if no move splits."""
        return n + 1 if self.max_parts <= 1 else partition_bound(n)

    def describe_heap_move(self, n: int, parts: Heaps) -> str:
        """Kayles-like words: ``take 2 from an end of 5, leaving 3``."""
        if len(parts) == 1:
            return f"take {n - parts[0]} from an end of {n}, leaving {parts[0]}"
        return super().describe_heap_move(n, parts)

    def quotient_applies(self) -> bool:
        """Its misère quotient is built: options are heaps of the same game."""
        return True

    def parameters(self) -> TakeBreakCode:
        """The code: its digits and the splits whose parts must be unequal, so that ``0.14!``
        is not ``0.14`` (nor shares its values or quotient); octal and hexadecimal spellings
        of one code are one game.

        >>> TakeAndBreak("0.14!") == TakeAndBreak("0.14")
        False
        >>> TakeAndBreak("0.14", hexadecimal=True) == TakeAndBreak("0.14")
        True
        """
        return self.rules

    def __repr__(self) -> str:
        hexa = ", hexadecimal=True" if self.hexadecimal else ""
        return f"TakeAndBreak({self.code!r}{hexa})"


def _three_parts(total: int) -> Iterator[Heaps]:
    for a in range(1, total // 3 + 1):
        for b in range(a, (total - a) // 2 + 1):
            yield (a, b, total - a - b)


#: Up to this many tokens the multisets are counted exactly (in O(n^2) steps).
_COUNTED_TOKENS = 400


@cache
def cumulative_partitions(n: int) -> int:
    """How many multisets of positive whole numbers add up to at most ``n``, cut to
    :data:`~grundy.errors.BEYOND`.

    Past a few hundred tokens the count (already more than 10^18) is bounded by
    (n + 1)·exp(π·sqrt(2n/3)), since p(n) < exp(π·sqrt(2n/3)) for every n.

    >>> [cumulative_partitions(n) for n in range(6)]
    [1, 2, 4, 7, 12, 19]
    >>> cumulative_partitions(10**18) == BEYOND
    True
    """
    if n > _COUNTED_TOKENS:
        exponent = math.pi * math.sqrt(2 * n / 3)
        if exponent / math.log(10) + math.log10(n + 1) >= math.log10(BEYOND):
            return BEYOND
        return capped((n + 1) * math.ceil(math.exp(exponent)))
    counts = [1] + [0] * n
    for part in range(1, n + 1):
        for total in range(part, n + 1):
            counts[total] += counts[total - part]
    return sum(counts)


#: Up to this many tokens the count of multisets is exact; past it, estimated.
EXACT_PARTITIONS = 2000


def partition_bound(n: int) -> int:
    """:func:`cumulative_partitions` for n up to :data:`EXACT_PARTITIONS`; past that an
    estimate of the same size (a power of ten at most the count, from the Hardy-Ramanujan
    formula p(n) ~ exp(pi sqrt(2n/3)) / (4 n sqrt 3)), which is all a budget check needs and
    costs O(1) where the exact count costs O(n^2).

    Cut to :data:`~grundy.errors.BEYOND`, like every bound, so that a heap of 10**18 costs
    no more than a small one.

    >>> partition_bound(10) == cumulative_partitions(10)
    True
    >>> len(str(partition_bound(3000))), partition_bound(10**6) == partition_bound(10**18) == BEYOND
    (57, True)
    """
    if n <= EXACT_PARTITIONS:
        return cumulative_partitions(n)
    if n >= 10**6:
        # p(10^6) has over 1000 digits; larger heaps would overflow the float formula.
        return BEYOND
    digits = (math.pi * math.sqrt(2 * n / 3) - math.log(4 * n * math.sqrt(3))) / math.log(10)
    if digits >= math.log10(BEYOND):
        return BEYOND
    power: int = 10 ** int(digits)
    return power


#: Kayles: knock down one pin or two adjacent pins of a row.
KAYLES = TakeAndBreak("0.77", alias="kayles")
#: Dawson's Kayles: knock down two adjacent pins.
DAWSON = TakeAndBreak("0.07", alias="dawson")


#: Grundy's game as a code: split into two unequal heaps (CGSuite's ``4!.0``).
GRUNDY_CODE = TakeBreakCode((4,), unequal=(0,))


class GrundyGame(_ByCode):
    """Grundy's game: split one heap into two heaps of different sizes (OEIS A002188).

    >>> GrundyGame().values(10).tolist()
    [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0]
    """

    name = "grundy-game"
    #: The rare/common kernel: memory is the only limit (no period is known, so none is
    #: ever claimed).
    max_computed_heap = MEMORY_BOUND
    rules = SPLIT_IN_TWO

    def heap_option_count(self, n: int) -> int:
        """About n/2 splits."""
        return n // 2 + 1

    def heap_options(self, n: int) -> Iterator[Heaps]:
        """(a, n - a) with a < n - a."""
        return ((a, n - a) for a in range(1, (n + 1) // 2))

    @property
    def cache_key(self) -> str:
        """``grundy-game``."""
        return self.name

    @property
    def rare_common_code(self) -> TakeBreakCode:
        """``4!.0``: split a heap into two unequal ones."""
        return SPLIT_IN_TWO

    def heap_state_bound(self, n: int) -> int:
        """Multisets of heaps with n tokens at most."""
        return partition_bound(n)

    def parameters(self) -> tuple[()]:
        """Fixed rules: every instance is the same game."""
        return ()


class Split23(HeapGame):
    """Stone splitting: split a heap into 2 or 3 parts as equal as possible.

    2x -> x, x; 2x+1 -> x, x+1; 3x -> x, x, x; 3x+1 -> x, x, x+1; 3x+2 -> x, x+1, x+1.

    >>> sorted(Split23().heap_options(7))
    [(2, 2, 3), (3, 4)]
    """

    name = "split23"
    #: Values are computed in plain Python here, about a million a few seconds.
    max_computed_heap = 2_000_000

    @property
    def cache_key(self) -> str:
        """``split23``."""
        return self.name

    def heap_option_count(self, n: int) -> int:
        """The halves and the thirds."""
        return 2

    def heap_options(self, n: int) -> Iterator[Heaps]:
        """The halves, and the thirds."""
        for parts in (2, 3):
            if n >= parts:
                q, r = divmod(n, parts)
                yield (q,) * (parts - r) + (q + 1,) * r

    def heap_state_bound(self, n: int) -> int:
        """Multisets of heaps with n tokens at most."""
        return partition_bound(n)

    def parameters(self) -> tuple[()]:
        """Fixed rules: every instance is the same game."""
        return ()


class Daisy(HeapGame):
    """The daisy: petals in a circle; pluck one petal or two adjacent ones.

    The first move opens the circle: n petals leave a row of n - 1 or n - 2, and a row is
    Kayles.  So a daisy of n >= 3 petals is a P-position (the second player mirrors).

    >>> Daisy().values(8).tolist()
    [0, 1, 2, 0, 0, 0, 0, 0, 0]
    >>> [move for move, _ in Daisy().labelled_moves((6,))]
    ['pluck 1 petal of 6, leaving a row of 5', 'pluck 2 petals of 6, leaving a row of 4']
    """

    picture = "petals"
    misere_elements = "grundy.misere.daisy"
    name = "daisy"

    @property
    def part_game(self) -> HeapGame:
        """Plucked daisies are rows of Kayles pins."""
        return KAYLES

    def heap_option_count(self, n: int) -> int:
        """Pluck one petal or two."""
        return 2

    def heap_options(self, n: int) -> Iterator[Heaps]:
        """A row of n - 1 or n - 2 petals."""
        for taken in (1, 2):
            if taken <= n:
                yield (n - taken,) if n > taken else ()

    def compute_values(self, n: int, prefix: Values, progress: Progress | None = None
                       ) -> Values:
        """mex of the Kayles values of rows of n - 1 and n - 2, for all n at once."""
        import numpy as np

        rows = KAYLES.values(max(n - 1, 0), progress).astype(np.int64)
        one = np.concatenate(([-1], rows))[: n + 1]  # a row of n - 1; heap 0 has no move
        two = np.concatenate(([-1, 0], rows))[: n + 1]  # a row of n - 2 (nothing, from 2)
        two[1] = -1  # one petal cannot lose two
        options = np.stack([one, two])
        mex = np.zeros(n + 1, dtype=np.int64)
        while True:  # at most three rounds: the mex of two values is at most 2
            hit = (options == mex).any(axis=0)
            if not hit.any():
                return narrow_array(mex.tolist())
            mex += hit

    def heap_state_bound(self, n: int) -> int:
        """The circle itself, or the Kayles positions of a row of n - 1."""
        return 1 + KAYLES.heap_state_bound(max(n - 1, 0))

    def describe_heap_move(self, n: int, parts: Heaps) -> str:
        """``pluck 2 petals of 6, leaving a row of 4``."""
        taken = n - sum(parts)
        petals = "petal" if taken == 1 else "petals"
        left = f"a row of {parts[0]}" if parts else "nothing"
        return f"pluck {taken} {petals} of {n}, leaving {left}"

    def parameters(self) -> tuple[()]:
        """Fixed rules: every instance is the same game."""
        return ()


def parse_code(parameter: str, hexadecimal: bool = False) -> HeapGame:
    """The take-and-break game of a code (``octal:CODE``, ``hex:CODE``); Grundy's game for
    its code 4!.0, which has a ruleset (and a kept sequence) of its own.

    >>> parse_code("0.77") == KAYLES, parse_code("4!.0").text
    (True, 'grundy-game')
    """
    game = TakeAndBreak(parameter, hexadecimal=hexadecimal)
    return GrundyGame() if game.rules == GRUNDY_CODE else game


RULESETS = (
    Ruleset("octal", "take-and-break game of an octal code (0.77 is Kayles, 4.07 splits too)",
            parse_code, "CODE", "octal:0.6 10", position="heap sizes", picture="pins"),
    Ruleset("hex", "take-and-break game of a hexadecimal code (digit 8: leave three heaps)",
            partial(parse_code, hexadecimal=True), "CODE", "hex:0.8 10",
            position="heap sizes", picture="pins"),
    Ruleset("kayles", "Kayles (octal:0.77): knock down one pin or two adjacent pins",
            fixed(KAYLES), example="kayles 5 6", position="heap sizes", picture="pins"),
    Ruleset("dawson", "Dawson's Kayles (octal:0.07): knock down two adjacent pins",
            fixed(DAWSON), example="dawson 10", position="heap sizes", picture="pins"),
    Ruleset("grundy-game", "Grundy's game: split a heap into two unequal heaps",
            fixed(GrundyGame()), example="grundy-game 10", position="heap sizes",
            picture="heaps"),
    Ruleset("split23", "split a heap into 2 or 3 near-equal parts (stone splitting)",
            fixed(Split23()), example="split23 7", position="heap sizes", picture="heaps"),
    Ruleset("daisy", "petals in a circle; pluck one petal or two adjacent ones",
            fixed(Daisy()), example="daisy 6 + daisy 5", position="petal counts",
            picture="petals"),
)
