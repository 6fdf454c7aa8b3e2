"""Heap games: a ruleset is one function, heap size -> options; a position is a multiset of heaps.

A position of a heap game is a sum of single heaps, so its nim-value is the nim-sum of the
heaps' values, and the values of single heaps (the game's nim-sequence) are all the solver
needs.  A heap option is a tuple of the heap sizes left in its place (``()``: the heap is
gone; ``(1, 2)``: it was broken in two).
"""

from __future__ import annotations

from abc import abstractmethod
from bisect import bisect_left
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial, reduce
from operator import xor
from typing import TYPE_CHECKING, ClassVar

from grundy.core.game import Game, Option
from grundy.core.position import Component, Position
from grundy.errors import BEYOND, InvalidPosition, capped
from grundy.heap import engine
from grundy.heap.compact import AnyValues, as_array
from grundy.heap.rules import Keep, Progress
from grundy.numerals import whole_number
from grundy.values import Value

if TYPE_CHECKING:
    from grundy.heap.cache import Values
    from grundy.heap.checkpoint import Checkpoint
    from grundy.heap.codes import TakeBreakCode
    from grundy.heap.period import Period

Heaps = tuple[int, ...]

#: Largest heap whose nim-value is computed heap by heap, when no formula or proved period
#: gives it, by the methods whose time, not memory, is the limit (plain Python, moves that
#: leave three heaps).  The rare/common kernels are limited by memory alone
#: (:data:`~grundy.heap.rules.MEMORY_BOUND`).
MAX_COMPUTED_HEAP = 10_000_000


@dataclass(frozen=True)
class Splits:
    """The options ``(a, rest - a)`` for ``1 <= a <= largest``: the splits of ``rest`` tokens
    into two heaps, named as one group so that a caller may judge them all at once.

    >>> list(Splits(5, 2).options())
    [(1, 4), (2, 3)]
    """

    rest: int
    largest: int

    def options(self) -> Iterator[Heaps]:
        """The splits one by one."""
        return ((a, self.rest - a) for a in range(1, self.largest + 1))


class HeapPositions(Game[Heaps]):
    """Games whose positions are multisets of heap sizes: kept sorted, empty heaps dropped,
    written as the sizes separated by spaces.  :class:`HeapGame` is one; so is a game whose
    moves may touch several heaps at once (Moore's Nim), which is not a sum of its heaps.
    """

    def canonical(self, state: Heaps) -> Heaps:
        """Heaps sorted, empty heaps dropped."""
        return tuple(sorted(h for h in state if h))

    def is_empty(self, state: Heaps) -> bool:
        """No heaps left."""
        return not state

    def format_state(self, state: Heaps) -> str:
        """Heap sizes separated by spaces; ``0`` for no heaps."""
        return " ".join(map(str, state)) if state else "0"

    def parse_state(self, tokens: Sequence[str]) -> Heaps:
        """Heap sizes: whole numbers >= 0."""
        return self.canonical(tuple(parse_heap(token) for token in tokens))

    def state_bound(self, state: Heaps) -> int:
        """Positions reachable from ``state``: at most the product of each heap's bound, cut
        to :data:`~grundy.errors.BEYOND`."""
        total = 1
        for h in state:
            total = capped(total * self.heap_state_bound(h))
            if total == BEYOND:
                break
        return total

    def heap_state_bound(self, n: int) -> int:
        """Positions reachable from one heap of size ``n``; n + 1 for games that never split."""
        return n + 1


class HeapGame(HeapPositions):
    """A game played on heaps; subclasses give :meth:`heap_options` (and maybe a formula,
    a kernel that computes the values, a theorem that proves their period).  The values
    are computed, kept and continued by a period by the sequence engine
    (:mod:`grundy.heap.engine`), which asks these rules.

    >>> from grundy.heap.takebreak import KAYLES
    >>> KAYLES.canonical((6, 0, 5)), KAYLES.value((5, 6))
    ((5, 6), 7)
    >>> [move for move, _ in KAYLES.moves_to_value((5, 6), 0)]
    ['take 2 from an end of 5, leaving 3', 'take 2 from 5, leaving 1 and 2', \
'take 1 from an end of 6, leaving 5']
    """

    picture = "heaps"
    #: Largest heap this game computes values up to, heap by heap, whatever the memory
    #: (:data:`~grundy.heap.rules.MEMORY_BOUND`: memory is the only limit).
    max_computed_heap: int = MAX_COMPUTED_HEAP

    @abstractmethod
    def heap_options(self, n: int) -> Iterable[Heaps]:
        """The options of one heap of size ``n``: tuples of the heap sizes left."""

    def option_groups(self, n: int) -> Iterable[Heaps | Splits]:
        """The options of one heap of size ``n``, the splits into two heaps grouped as
        :class:`Splits` where the game knows them so (take-and-break codes); here each option
        alone.

        >>> from grundy.heap.subtraction import Subtraction
        >>> list(Subtraction({1, 2}).option_groups(3)) == list(Subtraction({1, 2}).heap_options(3))
        True
        """
        return self.heap_options(n)

    @property
    def part_game(self) -> HeapGame:
        """The game the heaps left by a move belong to (this one, except for the daisy)."""
        return self

    #: Where the elements of this game's heaps in the misère quotient of :attr:`part_game`
    #: are proved, for a game whose heaps open into another game's (a module with a function
    #: ``elements``; see :mod:`grundy.misere.given`); None for the others.
    misere_elements: ClassVar[str | None] = None

    def quotient_applies(self) -> bool:
        """True when the game's own misère quotient is built (:mod:`grundy.misere`): its
        options are heaps of the same game and a theorem proves a period of the pretending
        function (take-and-break codes, finite subtraction sets)."""
        return False

    # -- nim-values, from the engine ----------------------------------------------------

    def heap_value(self, n: int) -> int:
        """The nim-value of one heap of size ``n`` (any size once a period is proved)."""
        return self.heap_value_by(n)[0]

    def heap_value_by(self, n: int, search: int = engine.PERIOD_SEARCH_LIMIT,
                      progress: Progress | None = None) -> tuple[int, str]:
        """The nim-value of one heap and how it was found: ``formula``, ``computed`` or
        ``period`` (:func:`grundy.heap.engine.heap_value_by`)."""
        return engine.heap_value_by(self, n, search, progress)

    def values(self, n: int, progress: Progress | None = None,
               checkpoint: Checkpoint | None = None) -> Values:
        """The nim-values of single heaps 0..n, as a numpy array, computed once and kept
        (:func:`grundy.heap.engine.values_to`).

        >>> from grundy.heap.subtraction import Subtraction
        >>> Subtraction({1, 2}).values(7).tolist()
        [0, 1, 2, 0, 1, 2, 0, 1]
        """
        return engine.values_to(self, n, progress, checkpoint)

    def proved_period(self, limit: int = engine.PERIOD_SEARCH_LIMIT,
                      progress: Progress | None = None) -> Period | None:
        """The game's period proved by a theorem, computing up to ``limit`` values to find
        it (:func:`grundy.heap.engine.proved_period`)."""
        return engine.proved_period(self, limit, progress)

    def find_period(self, values: AnyValues) -> Period | None:
        """The period of these values: proved if a theorem allows, else only seen, or None
        (:func:`grundy.heap.engine.find_period`)."""
        return engine.find_period(self, values)

    # -- how the values are computed and proved -------------------------------------------

    def closed_form(self, n: int) -> int | None:
        """The nim-value of a heap of size ``n`` by a proved formula, or None if there is none."""
        return None

    def check_cost(self, n: int, what: str) -> None:
        """Refuse up front values 0..n whose work this game's kernel knows to be too big,
        beyond memory (:func:`grundy.heap.engine.check_computable`): none here."""

    def compute_values_kept(self, n: int, prefix: AnyValues, progress: Progress | None,
                            keep: Keep | None) -> AnyValues:
        """:meth:`compute_values`, handing the values computed so far to ``keep`` now and
        then; methods that cannot stop midway hand none (the caller keeps the result).
        The values may be compact (:mod:`grundy.heap.compact`) where a kernel makes them so."""
        return self.compute_values(n, as_array(prefix), progress)

    def compute_values(self, n: int, prefix: Values, progress: Progress | None = None
                       ) -> Values:
        """Compute values 0..n, extending ``prefix`` (correct values of heaps below it).

        The general method takes the mex over each heap's options, in plain Python;
        rulesets with a compiled kernel or a formula override this.
        """
        from grundy.heap.kernels import generic_values

        return generic_values(self.heap_options, n, prefix)

    def certify(self, values: Values) -> Period | None:
        """A period proved from the values of heaps 0..len(values)-1 by a theorem, or None.

        Only rulesets with a periodicity theorem (finite subtraction sets, take-and-break
        codes) override this.
        """
        return None

    def certify_held(self, values: AnyValues) -> Period | None:
        """:meth:`certify` of values in either form (:mod:`grundy.heap.compact`), as the
        sequence engine holds them; rulesets whose theorem reads compact values override it."""
        return self.certify(as_array(values))

    @property
    def certifiable(self) -> bool:
        """True when a theorem can prove this game's period from enough values."""
        return type(self).certify is not HeapGame.certify

    def values_needed(self, period: Period) -> int:
        """How many values (heaps 0..N-1) this game's theorem needs to prove ``period``; 0
        when no theorem applies or none says (the search then stops at its limit)."""
        return 0

    @property
    def cache_key(self) -> str | None:
        """The key of this game's sequence in the disk cache; None: not kept on disk."""
        return None

    @property
    def rare_common_code(self) -> TakeBreakCode | None:
        """The code whose rare/common kernel computes this game's values with moves that
        leave at most two heaps, so that a window of them may do beyond memory
        (:mod:`grundy.heap.window`); None for other games."""
        return None

    def heaps_known(self) -> int:
        """How many values are known now (kept in this process or on disk): none computed."""
        return len(engine.kept_any(self))

    # -- values of positions ------------------------------------------------------------

    def terms(self, state: Heaps) -> list[tuple[str, Value]]:
        """One summand per heap: ``kayles 5`` and its value."""
        return [(f"{self.text} {h}", self.heap_value(h)) for h in state]

    def value(self, state: Heaps) -> int:
        """The nim-value of a position: the nim-sum of its heaps' values."""
        return reduce(xor, (self.heap_value(h) for h in state), 0)

    # -- positions --------------------------------------------------------------------

    def merge(self, state: Heaps, other: Heaps) -> Heaps:
        """Two multisets of heaps of one game are one multiset."""
        return self.canonical(state + other)

    def merge_all(self, states: Sequence[Heaps]) -> Heaps:
        """Many multisets of heaps are one, sorted once."""
        return self.canonical(tuple(h for state in states for h in state))

    # -- moves --------------------------------------------------------------------------

    def moves(self, state: Heaps) -> Iterator[Option]:
        """Move in one heap: replace it by one of its options."""
        for index, heap in self.distinct_heaps(state):
            for parts in self.heap_options(heap):
                yield self.after_move(state, index, parts)

    def options(self, state: Heaps) -> Iterator[Option]:
        """The moves' results are canonical already: no second sort."""
        return self.moves(state)

    def labelled_moves(self, state: Heaps) -> Iterator[tuple[str, Option]]:
        """Each distinct option with its move in words."""
        for index, heap in self.distinct_heaps(state):
            seen: set[Heaps] = set()
            for parts in self.heap_options(heap):
                key = _parts_key(parts)
                if key not in seen:
                    seen.add(key)
                    yield self.describe_heap_move(heap, key), self.after_move(state, index, key)

    def moves_to_value(self, state: Heaps, target: int) -> Iterator[tuple[str, Option]]:
        """Moves to value ``target``: heap value v goes to parts of value v ^ total ^ target."""
        change = self.value(state) ^ target
        for index, heap in self.distinct_heaps(state):
            for parts in self.heap_options_with_value(heap, self.heap_value(heap) ^ change):
                # Lazy: a big position has thousands of winning moves, each option O(heaps).
                yield (self.describe_heap_move(heap, parts),
                       partial(self.after_move, state, index, parts))

    def heap_option_count(self, n: int) -> int:
        """How many options a heap of size ``n`` has, at most (n + 1 unless a game says
        better).

        >>> from grundy.heap.takebreak import KAYLES
        >>> KAYLES.heap_option_count(10**18)
        1000000000000000004
        """
        return n + 1

    def heap_scan_count(self, n: int) -> int:
        """How many options of a heap :meth:`heap_options_with_value` looks at."""
        return self.heap_option_count(n)

    def scan_size(self, state: Heaps) -> int:
        """How many heap options listing the moves of ``state`` to a value looks at."""
        return sum(self.heap_scan_count(heap) for _, heap in self.distinct_heaps(state))

    def move_bound(self, state: Heaps) -> int:
        """The most moves a position reachable from ``state`` has: each heap's options."""
        return sum(self.heap_option_count(heap) for heap in state)

    def heap_options_with_value(self, n: int, want: int) -> Iterator[Heaps]:
        """The distinct options of a heap of size ``n`` whose parts' nim-sum is ``want``."""
        parts_game = self.part_game
        seen: set[Heaps] = set()
        for parts in self.heap_options(n):
            key = _parts_key(parts)
            if key not in seen and reduce(xor, map(parts_game.heap_value, key), 0) == want:
                seen.add(key)
                yield key

    def describe_heap_move(self, n: int, parts: Heaps) -> str:
        """A move on a heap of size ``n`` that leaves ``parts``, in words."""
        taken = n - sum(parts)
        left = _and_list(parts)
        if not parts:
            return f"take all {n}"
        if taken == 0:
            return f"split {n} into {left}"
        return f"take {taken} from {n}, leaving {left}"

    def after_move(self, state: Heaps, index: int, parts: Heaps) -> Option:
        """The option left when heap ``state[index]`` is replaced by ``parts``."""
        rest = state[:index] + state[index + 1:]
        if self.part_game is not self:
            return Position([Component(self, rest), Component(self.part_game, parts)])
        for part in parts:
            if part:
                # Tuple slices keep the heaps sorted in O(n) at C speed, with no full sort.
                at = bisect_left(rest, part)
                rest = (*rest[:at], part, *rest[at:])
        return rest

    @staticmethod
    def distinct_heaps(state: Heaps) -> Iterator[tuple[int, int]]:
        """(index, size) of the first heap of each size in a sorted state."""
        previous = None
        for index, heap in enumerate(state):
            if heap != previous:
                previous = heap
                yield index, heap


def parse_heap(token: str) -> int:
    """A heap size from its text: a whole number >= 0 (:func:`~grundy.numerals.whole_number`).

    >>> parse_heap("12")
    12
    >>> parse_heap("-3")
    Traceback (most recent call last):
    ...
    grundy.errors.InvalidPosition: heap size '-3' is negative; give a whole number >= 0
    """
    return whole_number(token, "heap size", error=InvalidPosition)


def _parts_key(parts: Heaps) -> Heaps:
    return tuple(sorted(p for p in parts if p))


def _and_list(parts: Heaps) -> str:
    words = [str(p) for p in parts]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]
