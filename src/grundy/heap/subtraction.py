"""Nim, subtraction games and "Candy": games where a move takes tokens from one heap.

* :class:`Nim` — take any number from one heap; a heap's value is its size.
* :class:`Subtraction` — take an amount from a set: finite (``{3, 5, 8}``), a range
  (``1-4``, bounded Nim), squares, powers of two, or any rule ``heap size -> amounts``.
* :data:`STONES` — the "Stones" problem's rule, which depends on the heap size mod 3.
* :class:`Half` — "Candy": bite off at least one and at most half of a heap.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator
from functools import partial
from itertools import islice
from math import isqrt
from typing import TYPE_CHECKING

from grundy.core.game import Option, RuleAnswer
from grundy.core.ruleset import Ruleset, fixed
from grundy.errors import InvalidGame, TooBig, short_number
from grundy.heap.base import HeapGame, Heaps
from grundy.heap.engine import narrow_array
from grundy.heap.rules import Progress
from grundy.numerals import is_whole_number, shown, whole_number
from grundy.values import Outcome, nim_sum

if TYPE_CHECKING:
    from grundy.heap.cache import Values
    from grundy.heap.period import Period

NIM_FORMULA = "closed form G(n) = n"


class Nim(HeapGame):
    """Nim: take any number of tokens from one heap.  Heaps of any size.

    >>> game = Nim()
    >>> game.value((3, 2, 1)), game.value((10**30, 10**30 + 5))
    (0, 5)
    >>> list(game.heap_options_with_value(10**30, 7))
    [(7,)]
    """

    name = "nim"

    def heap_options(self, n: int) -> Iterator[Heaps]:
        """Any smaller heap, down to none."""
        return ((m,) if m else () for m in range(n))

    def closed_form(self, n: int) -> int:
        """A Nim heap's value is its size."""
        return n

    def compute_values(self, n: int, prefix: Values, progress: Progress | None = None
                       ) -> Values:
        """0, 1, ..., n."""
        return narrow_array(range(n + 1))

    def heap_scan_count(self, n: int) -> int:
        """One: the move to a value leaves exactly that many tokens."""
        return 1

    def certify(self, values: Values) -> Period:
        """Arithmetic period 1 with saltus 1 from heap 0, proved by the closed form ``G(n) = n``.

        >>> Nim().find_period(Nim().values(10))
        Period(preperiod=0, period=1, certified=True, by='closed form G(n) = n', saltus=1)
        """
        from grundy.heap.period import Period

        return Period(0, 1, True, NIM_FORMULA, saltus=1)

    def heap_options_with_value(self, n: int, want: int) -> Iterator[Heaps]:
        """Nim's winning move: leave exactly ``want`` tokens, when that is fewer than ``n``."""
        if want < n:
            yield (want,) if want else ()

    def misere_rule(self, state: Heaps) -> RuleAnswer:
        """Bouton's rule for misère Nim, at any size (see :func:`bouton_misere`).

        Only three sizes can be left in a heap by a winning move: the normal-play answer
        (heap xor nim-sum), 0 or 1; each candidate is judged by Bouton's rule in O(1).

        >>> rule = Nim().misere_rule((1, 1, 5))
        >>> rule.outcome, [move for move, _ in rule.moves]
        (<Outcome.N: 'N'>, ['take 4 from 5, leaving 1'])
        """
        outcome = bouton_misere(list(state))
        moves: list[tuple[str, Callable[[], Option]]] = []
        if outcome is Outcome.N:
            total = nim_sum(*state)
            big = sum(1 for h in state if h >= 2)
            for i, heap in self.distinct_heaps(state):
                for left in sorted({heap ^ total, 0, 1}):
                    if left >= heap:
                        continue
                    after_total = total ^ heap ^ left
                    after_big = big - (heap >= 2) + (left >= 2)
                    if (after_big and after_total == 0) or (not after_big and after_total == 1):
                        parts = (left,) if left else ()
                        moves.append((self.describe_heap_move(heap, parts),
                                      partial(self.after_move, state, i, parts)))
        return RuleAnswer(outcome, tuple(moves), "Bouton's misère rule")

    def parameters(self) -> tuple[()]:
        """Fixed rules: every instance is the same game."""
        return ()


AmountRule = Callable[[int], Iterable[int]]

#: The most amounts of a rule counted one by one (a rule naming more is taken to name them all).
COUNTED_AMOUNTS = 100_000


def squares(n: int) -> Iterator[int]:
    """The squares 1, 4, 9, ... up to ``n``."""
    return (k * k for k in range(1, isqrt(n) + 1))


def powers_of_two(n: int) -> Iterator[int]:
    """The powers of two 1, 2, 4, ... up to ``n``."""
    power = 1
    while power <= n:
        yield power
        power *= 2


def stones(n: int) -> tuple[int, ...]:
    """The "Stones" rule: 1 or 2 if n = 0 mod 3; 1 or 3 if n = 1 mod 3; 1, 2 or 3 otherwise."""
    allowed = {0: (1, 2), 1: (1, 3), 2: (1, 2, 3)}[n % 3]
    return tuple(k for k in allowed if k <= n)


_RULE_NAMES: dict[AmountRule, str] = {
    squares: "squares", powers_of_two: "powers2", stones: "stones"}

#: Rules whose amounts depend only on the heap mod m, each at most t: (m, t).
_MODULAR_RULES: dict[AmountRule, tuple[int, int]] = {stones: (3, 3)}


def bouton_misere(heaps: list[int]) -> Outcome:
    """Misère Nim: the player to move loses iff (some heap >= 2 and nim-sum 0) or
    (every heap <= 1 and nim-sum 1).

    >>> bouton_misere([3, 2, 1]), bouton_misere([5, 1, 1]), bouton_misere([1, 1, 1])
    (<Outcome.P: 'P'>, <Outcome.N: 'N'>, <Outcome.P: 'P'>)
    """
    total = nim_sum(*heaps)
    if any(h >= 2 for h in heaps):
        return Outcome.P if total == 0 else Outcome.N
    return Outcome.P if total == 1 else Outcome.N


class Subtraction(HeapGame):
    """Take from one heap an amount allowed by a set or a rule.

    ``rule`` is an iterable of positive amounts (a finite set), or a function from the heap
    size to the amounts allowed from it (``squares``, ``powers_of_two``, ``stones`` or your
    own; give your own a ``name`` for the text form).

    >>> Subtraction({3, 5, 8}).values(12).tolist()
    [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 0, 0]
    >>> Subtraction(range(1, 5)).text, Subtraction(range(1, 5)).heap_value(10**18)
    ('subtract:1-4', 0)
    >>> Subtraction(squares).text, Subtraction(squares)
    ('subtract:squares', Subtraction(squares))
    """

    def __init__(self, rule: Iterable[int] | AmountRule, name: str | None = None) -> None:
        if callable(rule):
            self.rule: AmountRule | None = rule
            self.amounts: frozenset[int] = frozenset()
            self._name = name or _RULE_NAMES.get(rule, getattr(rule, "__name__", "rule"))
        else:
            amounts = frozenset(rule)
            bad = sorted(a for a in amounts if not isinstance(a, int) or a <= 0)
            if bad or not amounts:
                what = f"{bad[0]!r} is not" if bad else "none is given; they must be"
                raise InvalidGame(f"amounts to subtract must be whole numbers >= 1; {what}")
            self.rule = None
            self.amounts = amounts
            self._name = name or _compress(sorted(amounts))

    @property
    def text(self) -> str:
        """``subtract:1,2``, ``subtract:1-4``, ``subtract:squares``; ``stones`` for its rule."""
        return "stones" if self.rule is stones else f"subtract:{self._name}"

    def allowed(self, n: int) -> Iterable[int]:
        """The amounts that may be taken from a heap of size ``n``: those of the set or rule
        that are at most ``n`` (a rule may name larger ones; they cannot be taken).

        >>> Subtraction(lambda n: [1, 3], name="1,3").values(6).tolist()
        [0, 1, 0, 1, 0, 1, 0]
        >>> list(Subtraction(lambda n: [0, 1]).allowed(2))
        Traceback (most recent call last):
        ...
        grundy.errors.InvalidGame: the rule of subtract:<lambda> allowed 0 from a heap of 2; \
amounts taken are whole numbers >= 1
        """
        if self.rule is None:
            return (a for a in self.amounts if a <= n)
        amounts = list(self.rule(n))
        for a in amounts:
            if isinstance(a, bool) or not isinstance(a, int) or a < 1:
                raise InvalidGame(f"the rule of {self.text} allowed {a!r} from a heap of {n}; "
                                  "amounts taken are whole numbers >= 1")
        return [a for a in amounts if a <= n]

    def heap_option_count(self, n: int) -> int:
        """The amounts of the set; for a rule, its amounts up to ``n`` counted (about 60
        powers of two for a heap of 10^18), or n + 1 when it names more than
        :data:`COUNTED_AMOUNTS`.

        >>> Subtraction(powers_of_two).heap_option_count(4_000_000)
        22
        """
        if self.rule is None:
            return len(self.amounts)
        named = sum(1 for a in islice(self.rule(n), COUNTED_AMOUNTS + 1) if a <= n)
        return named if named <= COUNTED_AMOUNTS else n + 1

    def heap_options(self, n: int) -> Iterator[Heaps]:
        """Take an allowed amount."""
        return ((n - a,) if a < n else () for a in self.allowed(n))

    def closed_form(self, n: int) -> int | None:
        """Closed forms where a theorem gives one.

        Taking 1..k (bounded Nim) gives n mod (k+1): from n, taking n mod (k+1) reaches a
        multiple of k+1, and from a multiple every move leaves a non-multiple.  Powers of
        two give n mod 3, because no power of two is a multiple of 3 while 1 and 2 are
        powers of two.
        """
        if self.rule is powers_of_two:
            return n % 3
        top = max(self.amounts, default=0)
        # Distinct amounts >= 1 are exactly 1..top when there are top of them.
        if self.amounts and len(self.amounts) == top:
            return n % (top + 1)
        return None

    def compute_values(self, n: int, prefix: Values, progress: Progress | None = None
                       ) -> Values:
        """Compiled for finite sets and squares (all squares up to n form a finite set for
        heaps up to n); the general method for other rules."""
        if self.rule is None:
            from grundy.heap.kernels import subtraction_values

            return subtraction_values(sorted(self.amounts), n, prefix)
        if self.rule is squares:
            from grundy.heap.kernels import subtraction_values

            return subtraction_values(list(squares(n)), n, prefix)
        return super().compute_values(n, prefix, progress)

    @property
    def certifiable(self) -> bool:
        """Finite sets, and the rules known to depend only on the heap mod some number."""
        return self.rule is None or self.rule in _MODULAR_RULES

    def certify(self, values: Values) -> Period | None:
        """Finite sets: the subtraction window rule; a rule that depends only on the heap
        mod m and takes at most t: the same rule with the residue in the window (see
        :mod:`grundy.heap.period`).

        >>> STONES.proved_period()
        Period(preperiod=0, period=6, certified=True, by='modular subtraction window rule')
        """
        from grundy.heap.period import certify_modular_rule, certify_subtraction

        if self.rule is not None:
            if self.rule not in _MODULAR_RULES:
                return None
            modulus, largest = _MODULAR_RULES[self.rule]
            return certify_modular_rule(modulus, largest, values)
        return certify_subtraction(sorted(self.amounts), values) if self.amounts else None

    @property
    def cache_key(self) -> str | None:
        """Built-in sets and rules only: a function of yours has no stable name."""
        return self.text if self.rule is None or self.rule in _RULE_NAMES else None

    def describe_heap_move(self, n: int, parts: Heaps) -> str:
        """``take 3 from 8, leaving 5``."""
        left = parts[0] if parts else 0
        return f"take {n - left} from {n}, leaving {left}"

    def quotient_applies(self) -> bool:
        """A finite set's misère quotient is built (a rule's has no period proved)."""
        return self.rule is None

    def parameters(self) -> Hashable:
        """The rule, or the set of amounts."""
        return self.rule if self.rule is not None else self.amounts

    def __repr__(self) -> str:
        if self.rule is not None:
            return f"Subtraction({getattr(self.rule, '__name__', 'rule')})"
        return f"Subtraction({set(sorted(self.amounts))})"


#: The "Stones" problem: take 1 or 2 if n = 0 mod 3, 1 or 3 if n = 1, 1, 2 or 3 if n = 2.
STONES = Subtraction(stones)


class Half(HeapGame):
    """"Candy": bite off at least 1 and at most half of the heap (OEIS A025480).

    A heap of n has value a(n) with a(2m) = m and a(2m+1) = a(m): the losing heaps are the
    2^k - 1.  From n the options are the heaps m with ceil(n/2) <= m < n; by induction the
    values of those cover 0..a(n)-1 and miss a(n).  Heaps of any size.

    >>> Half().values(10).tolist()
    [0, 0, 1, 0, 2, 1, 3, 0, 4, 2, 5]
    >>> [move for move, _ in Half().moves_to_value((33,), 0)]
    ['bite 2 off 33, leaving 31']
    """

    name = "half"

    def heap_options(self, n: int) -> Iterator[Heaps]:
        """Bite 1..n//2."""
        return ((n - k,) for k in range(1, n // 2 + 1))

    def closed_form(self, n: int) -> int:
        """a(n): drop the trailing 1-bits of n, then one more bit."""
        while n & 1:
            n >>= 1
        return n >> 1

    def compute_values(self, n: int, prefix: Values, progress: Progress | None = None
                       ) -> Values:
        """The closed form, vectorised."""
        import numpy as np

        heaps = np.arange(n + 1, dtype=np.uint64)
        lowest_zero = (heaps + np.uint64(1)) & ~heaps
        return narrow_array((heaps // (lowest_zero * np.uint64(2))).tolist())

    def heap_option_count(self, n: int) -> int:
        """Bites of 1 to n/2."""
        return n // 2

    def heap_scan_count(self, n: int) -> int:
        """One per power of two up to n: the candidates (2·want + 1)·2^j."""
        return n.bit_length() + 1

    def heap_options_with_value(self, n: int, want: int) -> Iterator[Heaps]:
        """The heaps m in [ceil(n/2), n) of value ``want``: m + 1 = (2·want + 1)·2^j."""
        odd = 2 * want + 1
        while odd <= n:
            m = odd - 1
            if (n + 1) // 2 <= m:
                yield (m,) if m else ()
            odd *= 2

    def describe_heap_move(self, n: int, parts: Heaps) -> str:
        """``bite 2 off 33, leaving 31``."""
        left = parts[0] if parts else 0
        return f"bite {n - left} off {n}, leaving {left}"

    def parameters(self) -> tuple[()]:
        """Fixed rules: every instance is the same game."""
        return ()


def _compress(amounts: list[int]) -> str:
    """``1,2,3,4,7`` as ``1-4,7``: runs of three or more become ranges."""
    pieces: list[str] = []
    start = 0
    while start < len(amounts):
        end = start
        while end + 1 < len(amounts) and amounts[end + 1] == amounts[end] + 1:
            end += 1
        if end - start >= 2:
            pieces.append(f"{amounts[start]}-{amounts[end]}")
        else:
            pieces.extend(str(a) for a in amounts[start:end + 1])
        start = end + 1
    return ",".join(pieces)


#: The largest amount a subtraction set may name: the values of heaps below it are computed,
#: so that many values must fit in memory.
MAX_AMOUNT = 10_000_000
#: The most amounts a subtraction set may hold (every heap's value looks at each).
MAX_AMOUNTS = 100_000


def parse_subtraction(parameter: str) -> Subtraction:
    """The subtraction game of ``subtract:PARAMETER``: amounts and ranges joined by commas
    (``1,2``, ``1-4``), ``squares`` or ``powers2``; sets too big for memory refused up front.

    >>> parse_subtraction("1-3,5")
    Subtraction({1, 2, 3, 5})
    """
    named = {"squares": squares, "powers2": powers_of_two}
    if parameter in named:
        return Subtraction(named[parameter])
    if not parameter:
        raise InvalidGame("subtract: needs a set, like subtract:1,2 or subtract:1-4 "
                          "or subtract:squares or subtract:powers2")
    amounts: set[int] = set()
    for piece in parameter.split(","):
        low, dash, high = piece.partition("-")
        if not (is_whole_number(low) and (not dash or is_whole_number(high))):
            raise InvalidGame(f"subtract:{_cut(parameter)}: {shown(piece)} is not an amount or "
                              "a range like 1-4 (amounts are whole numbers >= 1, joined by commas)")
        first = whole_number(low, "an amount", error=InvalidGame)
        last = whole_number(high, "an amount", error=InvalidGame) if dash else first
        if first < 1 or last < first:
            raise InvalidGame(f"subtract:{_cut(parameter)}: {shown(piece)} is not allowed; "
                              "amounts are whole numbers >= 1 and a range low-high needs "
                              "low <= high")
        if last > MAX_AMOUNT:
            raise TooBig(f"subtract:{_cut(parameter)} (amounts up to {short_number(last)})",
                         size=last, limit=MAX_AMOUNT, unit="heap values")
        # Counted before it is built: a range of ten million amounts is a set of 600 MB.
        if last - first >= MAX_AMOUNTS:
            raise TooBig(f"subtract:{_cut(parameter)}", size=_amounts_at_most(parameter),
                         limit=MAX_AMOUNTS, unit="amounts")
        amounts.update(range(first, last + 1))
        if len(amounts) > MAX_AMOUNTS:
            raise TooBig(f"subtract:{_cut(parameter)}", size=_amounts_at_most(parameter),
                         limit=MAX_AMOUNTS, unit="amounts")
    return Subtraction(amounts)


def _amounts_at_most(parameter: str) -> int:
    """How many amounts a subtraction set names, at most (each range counted in full)."""
    total = 0
    for piece in parameter.split(","):
        low, dash, high = piece.partition("-")
        total += int(high) - int(low) + 1 if dash else 1
    return total


def _cut(text: str) -> str:
    return text if len(text) <= 40 else text[:37] + "..."


RULESETS = (
    Ruleset("nim", "Nim: take any number of tokens from one heap", fixed(Nim()),
            example="nim 3 2 1", position="heap sizes", picture="heaps"),
    Ruleset("subtract", "take an amount of the set from one heap (1,2 / 1-4 / squares / powers2)",
            parse_subtraction, "SET", "subtract:3,5,8 20", position="heap sizes",
            picture="heaps"),
    Ruleset("half", "\"Candy\": bite off at least 1 and at most half of a heap", fixed(Half()),
            example="half 33", position="heap sizes", picture="heaps"),
    Ruleset("stones", "\"Stones\": take 1 or 2 if n = 0 mod 3; 1 or 3 if 1 mod 3; 1, 2 or 3 "
            "if 2 mod 3", fixed(STONES), example="stones 10", position="heap sizes",
            picture="heaps"),
)
