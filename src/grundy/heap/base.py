"""Heap games: a ruleset is one function, heap size -> options; a position is a multiset of heaps.

A position of a heap game is a sum of single heaps, so its nim-value is the nim-sum of the
heaps' values, and the values of single heaps (the game's nim-sequence) are all the solver
needs.  A heap option is a tuple of the heap sizes left in its place (``()``: the heap is
gone; ``(1, 2)``: it was broken in two).
"""

from __future__ import annotations

import sys
from abc import abstractmethod
from bisect import bisect_left
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import partial, reduce
from operator import xor
from typing import TYPE_CHECKING, Any, ClassVar

from grundy.budget import check_memory, in_force, memory_limit, memory_note
from grundy.caches import Memo
from grundy.core.game import Game, Option
from grundy.core.position import Component, Position
from grundy.errors import BEYOND, InvalidPosition, SequenceInterrupted, TooBig, capped, short_number
from grundy.numerals import whole_number
from grundy.values import Value

if TYPE_CHECKING:
    # numpy, and the compiled kernels with numba, are imported where values are computed:
    # a formula (Nim's heap is its value) needs neither.
    import numpy as np

    from grundy.heap.cache import SequenceCache
    from grundy.heap.checkpoint import Checkpoint
    from grundy.heap.codes import TakeBreakCode
    from grundy.heap.period import Period

    Values = np.ndarray[Any, np.dtype[np.unsignedinteger[Any]]]

Heaps = tuple[int, ...]

#: Largest heap whose nim-value is computed heap by heap, when no formula or proved period
#: gives it, by the methods whose time, not memory, is the limit (plain Python, moves that
#: leave three heaps).  The rare/common kernels are limited by memory alone.
MAX_COMPUTED_HEAP = 10_000_000
#: No limit on the heaps computed but memory (:attr:`HeapGame.max_computed_heap`).
MEMORY_BOUND = sys.maxsize
#: How many values a search for a period may compute before one is seen (0.56 needs about
#: 653 000); once a period is seen, as many as its proof needs are computed, memory allowing.
PERIOD_SEARCH_LIMIT = 1 << 22
#: From this heap on, a value is read from a proved period rather than computed.
PERIOD_FIRST = 1 << 16
#: Runs of at least this many heaps are computed in stages and continued by the period as
#: soon as a theorem proves one (:meth:`HeapGame.values`).
FILL_FROM = 1 << 14
#: Heaps computed in the first stage of such a run before the theorem is first asked.
FIRST_STAGE = 1 << 12
#: Bytes one value takes at least (``uint8``; wider types when the values need them).
VALUE_BYTES = 1
#: Sequences shorter than this are quicker to compute than to read from disk.
DISK_CACHE_FROM = 4096

Progress = Callable[[int], None]
#: Hears the values computed so far, now and then during a long computation (checkpoints).
Keep = Callable[["Values"], None]


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
    """A game played on heaps; subclasses give :meth:`heap_options` (and maybe a formula).

    >>> from grundy.heap.takebreak import KAYLES
    >>> KAYLES.canonical((6, 0, 5)), KAYLES.value((5, 6))
    ((5, 6), 7)
    >>> [move for move, _ in KAYLES.moves_to_value((5, 6), 0)]
    ['take 2 from an end of 5, leaving 3', 'take 2 from 5, leaving 1 and 2', \
'take 1 from an end of 6, leaving 5']
    """

    picture = "heaps"
    #: Largest heap this game computes values up to, heap by heap, whatever the memory
    #: (:data:`MEMORY_BOUND`: memory is the only limit).
    max_computed_heap: int = MAX_COMPUTED_HEAP

    @property
    def computable_heap(self) -> int:
        """The largest heap whose value may be computed here: :attr:`max_computed_heap`, the
        positions of a :func:`~grundy.budget.work_limit` around the caller, or the heaps
        whose values (one byte each at least) fit in the memory budget, whichever is least.

        >>> from grundy.heap.takebreak import KAYLES
        >>> from grundy.budget import Budget, work_limit
        >>> with work_limit(1000):
        ...     KAYLES.computable_heap
        1000
        >>> with work_limit(Budget(10**12, memory=5000)):
        ...     KAYLES.computable_heap
        4999
        """
        budget = in_force()
        most = self.max_computed_heap if budget is None else min(budget.positions,
                                                                 self.max_computed_heap)
        return min(most, memory_limit() // VALUE_BYTES - 1)

    @abstractmethod
    def heap_options(self, n: int) -> Iterable[Heaps]:
        """The options of one heap of size ``n``: tuples of the heap sizes left."""

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

    # -- nim-values -------------------------------------------------------------------

    def heap_value(self, n: int) -> int:
        """The nim-value of one heap of size ``n`` (any size once a period is proved)."""
        return self.heap_value_by(n)[0]

    def heap_value_by(self, n: int, search: int = PERIOD_SEARCH_LIMIT,
                      progress: Progress | None = None) -> tuple[int, str]:
        """The nim-value of one heap and how it was found: ``formula``, ``computed`` or
        ``period`` (a proved period carries the computed values to any heap size).

        ``search``: how many heaps may be computed to prove a period (more when a period
        seen needs them, memory allowing); ``progress`` hears how far that has come.
        """
        formula = self.closed_form(n)
        if formula is not None:
            return formula, "formula"
        known = self._sequence()
        if n < len(known):
            return int(known[n]), "computed"
        if n > min(self.computable_heap, PERIOD_FIRST):
            # A period proved from a few thousand values beats computing millions of them.
            period = self.proved_period(min(search, n + 1), progress)
            if period is not None:
                # The kept values may have been forgotten (memos are bounded) or cut short.
                covered = period.preperiod + period.period
                known = self._sequence()
                if len(known) < covered:
                    known = self.values(covered - 1, progress)
                return period.value_at(known, n), "period"
        if n >= self.computable_heap and self.certifiable:
            self.check_computable(n, f"the nim-value of {self.text} {short_number(n)} (no "
                                     f"formula, and no period proved from the values of "
                                     f"heaps 0..{short_number(min(search, n + 1) - 1)})")
        return int(self.values(n, progress)[n]), "computed"

    def closed_form(self, n: int) -> int | None:
        """The nim-value of a heap of size ``n`` by a proved formula, or None if there is none."""
        return None

    def values(self, n: int, progress: Progress | None = None,
               checkpoint: Checkpoint | None = None) -> Values:
        """The nim-values of single heaps 0..n, as a numpy array (computed once, then kept).

        Values computed before — in this process, or in an earlier one through the disk
        cache — are not computed again; longer sequences extend shorter ones.
        ``progress(count)`` hears how far a long computation has come.  On Ctrl-C the values
        computed so far are kept and :class:`~grundy.heap.kernels.SequenceInterrupted` is
        raised.  A ``checkpoint`` (:class:`~grundy.heap.checkpoint.Checkpoint`) is resumed
        from, written now and then while the values are computed, and at the end.

        >>> from grundy.heap.subtraction import Subtraction
        >>> Subtraction({1, 2}).values(7).tolist()
        [0, 1, 2, 0, 1, 2, 0, 1]
        """
        if n < 0:
            raise InvalidPosition(f"heap size {n} is negative")
        known = self._sequence()
        if checkpoint is not None:
            resumed = checkpoint.load()
            if resumed is not None and len(resumed) > len(known):
                known = resumed
                _sequences[self] = known
        if n < len(known):
            return known[: n + 1]
        self.check_computable(n, f"the nim-value of {self.text} {short_number(n)} (no formula "
                                 "or proved period)")
        # Short sequences grow by doubling, so that many small requests cost little; long
        # ones are computed to n exactly, so that memory holds what was asked for.
        target = n if n >= PERIOD_SEARCH_LIMIT else min(max(n, 2 * len(known)),
                                                         self.computable_heap)
        # Values take one to eight bytes each: at least one byte per heap will be held.
        check_memory(f"the nim-values of {self.text} heaps 0..{short_number(target)}",
                     (target + 1) * max(VALUE_BYTES, known.dtype.itemsize))
        try:
            grown = self._grow(target, known, progress,
                               None if checkpoint is None else checkpoint.offer)
        except SequenceInterrupted as stop:
            self._keep_sequence(stop.values)
            if checkpoint is not None:
                checkpoint.save(stop.values)
            raise
        self._keep_sequence(grown)
        if checkpoint is not None:
            checkpoint.save(grown)
        return grown[: n + 1]

    def _grow(self, target: int, known: Values, progress: Progress | None,
              keep: Keep | None) -> Values:
        """Values 0..target from ``known``: computed, but continued by the period as soon
        as one is proved (:func:`~grundy.heap.tiling.extend_by_period`).

        A long run of a game with a theorem is computed in stages, each four times the
        last, from :data:`FIRST_STAGE` heaps; the values of each stage are offered to the
        theorem (one linear search), and the rest is copied from the proved period.  The
        values are those of the full computation; what is saved is the work of computing
        heap after heap of a sequence that is known to repeat.
        """
        period = self.known_period()
        if period is not None and len(self._sequence()) > len(known):
            known = self._sequence()  # read with the period from disk
        if period is None and self.certifiable and target >= FILL_FROM:
            stage = len(known)
            period = self.certify(known) if stage else None
            while period is None and stage <= target:
                stage = min(target, max(4 * stage, FIRST_STAGE))
                known = self.compute_values_kept(stage, known, progress, keep)
                if stage == target:
                    return known
                period = self.certify(known)
            if period is not None:
                self._remember_period(period, known)
        if period is None or len(known) < period.preperiod + period.period:
            return self.compute_values_kept(target, known, progress, keep)
        from grundy.heap.tiling import extend_by_period

        grown = extend_by_period(known, period.preperiod, period.period, period.saltus, target)
        if progress is not None:
            progress(target + 1)
        return grown

    def check_computable(self, n: int, what: str | None = None) -> None:
        """Refuse up front, with :class:`~grundy.errors.TooBig`, to compute values 0..n when
        they need more memory than the budget allows, or more heaps than this game computes.
        ``what`` names the work in the refusal (by default, the values of heaps 0..n).

        >>> from grundy.heap.takebreak import KAYLES
        >>> from grundy.budget import Budget, work_limit
        >>> with work_limit(Budget(10**12, memory=1000)):
        ...     KAYLES.check_computable(5000)
        Traceback (most recent call last):
        ...
        grundy.errors.TooBig: the nim-values of kayles heaps 0..5000 needs about 5001 bytes; \
the limit is 1000 (the memory budget)
        """
        budget = in_force()
        most = self.max_computed_heap if budget is None else min(budget.positions,
                                                                 self.max_computed_heap)
        what = what or f"the nim-values of {self.text} heaps 0..{short_number(n)}"
        # A game limited by memory alone (MEMORY_BOUND) is refused by the memory it needs.
        if n > most and most < MEMORY_BOUND:
            raise TooBig(what, size=n + 1, limit=most, unit="heap values")
        needed = (n + 1) * VALUE_BYTES
        if needed > memory_limit():
            raise TooBig(what, size=needed, limit=memory_limit(), unit="bytes",
                         note=memory_note())

    def compute_values_kept(self, n: int, prefix: Values, progress: Progress | None,
                            keep: Keep | None) -> Values:
        """:meth:`compute_values`, handing the values computed so far to ``keep`` now and
        then; methods that cannot stop midway hand none (the caller keeps the result)."""
        return self.compute_values(n, prefix, progress)

    def compute_values(self, n: int, prefix: Values, progress: Progress | None = None
                       ) -> Values:
        """Compute values 0..n, extending ``prefix`` (correct values of heaps below it).

        The general method takes the mex over each heap's options, in plain Python;
        rulesets with a compiled kernel or a formula override this.
        """
        from grundy.heap.kernels import generic_values

        return generic_values(self.heap_options, n, prefix)

    # -- periods ----------------------------------------------------------------------

    def certify(self, values: Values) -> Period | None:
        """A period proved from the values of heaps 0..len(values)-1 by a theorem, or None.

        Only rulesets with a periodicity theorem (finite subtraction sets, take-and-break
        codes) override this.
        """
        return None

    @property
    def certifiable(self) -> bool:
        """True when a theorem can prove this game's period from enough values."""
        return type(self).certify is not HeapGame.certify

    def proved_period(self, limit: int = PERIOD_SEARCH_LIMIT, progress: Progress | None = None
                      ) -> Period | None:
        """The game's period proved by a theorem, computing up to ``limit`` values to find it.

        The values are computed in growing steps, so a short period is proved cheaply.  Once
        a period is seen in the values (not yet proved), as many values as its proof needs
        (:meth:`values_needed`) are computed, past ``limit`` if the memory budget allows.
        ``progress`` hears how many values are computed, now and then.

        >>> from grundy.heap.takebreak import KAYLES
        >>> KAYLES.proved_period()
        Period(preperiod=71, period=12, certified=True, by='Guy-Smith octal periodicity theorem')
        """
        if not self.certifiable:
            return None
        found = self.known_period()
        if found is not None:
            return found
        known = len(self._sequence())
        # Values kept from earlier work (the disk cache) all count, even past the limit.
        cap = max(min(limit, self.computable_heap + 1), known)
        size = max(1024, known)
        while True:
            size = min(size, cap)
            values = self.values(size - 1, progress)
            found = self.certify(values)
            if found is not None:
                self._remember_period(found, values)
                return found
            wanted = self._proof_size(values)
            if size < wanted <= self.computable_heap + 1:
                values = self.values(wanted - 1, progress)
                found = self.certify(values)
                if found is not None:
                    self._remember_period(found, values)
                    return found
            if size >= cap:
                return None
            size *= 4

    def known_period(self) -> Period | None:
        """The period proved before, in this process or in an earlier one (kept on disk
        beside the sequence cache and checked when read, :mod:`grundy.heap.proved`), or
        None: nothing is computed here."""
        found = _periods.get(self)
        if found is not None or not self.certifiable or self in _looked_on_disk:
            return found
        _looked_on_disk[self] = True
        key, disk = self.cache_key, disk_cache()
        if key is None or disk is None:
            return None
        from grundy.heap.proved import load_period

        loaded = load_period(self, disk.directory, self._sequence())
        if loaded is None:
            return None
        found, values = loaded
        if len(values) > len(self._sequence()):
            _sequences[self] = values
        _periods[self] = found
        return found

    def _remember_period(self, period: Period, values: Values) -> None:
        """Keep a period just proved from ``values``: in memory, and on disk for later runs."""
        _periods[self] = period
        key, disk = self.cache_key, disk_cache()
        needed = self.values_needed(period)
        if key is not None and disk is not None and needed > 0:
            from grundy.heap.proved import store_period

            store_period(disk.directory, key, period, values, needed)

    def _proof_size(self, values: Values) -> int:
        """How many values would prove the period seen in ``values`` (0: none is seen)."""
        from grundy.heap.period import Period, detect_period

        seen = detect_period(values)
        if seen is None:
            return 0
        return self.values_needed(Period(*seen))

    def values_needed(self, period: Period) -> int:
        """How many values (heaps 0..N-1) this game's theorem needs to prove ``period``; 0
        when no theorem applies or none says (the search then stops at its limit)."""
        return 0

    def find_period(self, values: Values) -> Period | None:
        """The period of these values: proved if a theorem allows, else only seen, or None.

        A period that is only seen must repeat over at least the second half of the values
        (and three periods), so that a few equal values at the end are not taken for one.
        When no ordinary period is seen, an arithmetic one (values growing by a saltus each
        period) is looked for the same way.

        >>> from grundy.heap.takebreak import Daisy, Split23
        >>> Daisy().find_period(Daisy().values(100))
        Period(preperiod=3, period=1, certified=False, by=None)
        >>> Split23().find_period(Split23().values(200)) is None
        True
        """
        from grundy.heap.period import Period, detect_arithmetic_period, detect_period

        proved = self.certify(values)
        if proved is not None:
            return proved
        seen = detect_period(values)
        if seen is None or len(values) - seen[0] < len(values) / 2:
            growing = detect_arithmetic_period(values)
            if growing is None:
                return None
            return Period(growing[0], growing[1], saltus=growing[2])
        return Period(seen[0], seen[1])

    # -- the kept sequence -------------------------------------------------------------

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
        return len(self._sequence())

    def _sequence(self) -> Values:
        known = _sequences.get(self)
        if known is None:
            key = self.cache_key
            disk = disk_cache()
            loaded = disk.load(key) if key is not None and disk is not None else None
            known = narrow_array(()) if loaded is None else loaded
            _sequences[self] = known
        return known

    def _keep_sequence(self, values: Values) -> None:
        _sequences[self] = values
        key = self.cache_key
        disk = disk_cache()
        if key is not None and disk is not None and len(values) >= DISK_CACHE_FROM:
            period = _periods.get(self)
            if period is not None:
                # Past what proves the period, the values are copies: the disk keeps the proof.
                needed = max(self.values_needed(period), period.preperiod + period.period,
                             DISK_CACHE_FROM)
                values = values[:needed]
            disk.store(key, values)

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


_sequences: Memo[HeapGame, Values] = Memo("nim-sequences of heap games", bound=1024)
_periods: Memo[HeapGame, Period] = Memo("proved periods of heap games", bound=1024)
_looked_on_disk: Memo[HeapGame, bool] = Memo("heap games whose kept period was looked for",
                                             bound=1024)
_disk: dict[str, SequenceCache | None] = {}


def disk_cache() -> SequenceCache | None:
    """The disk cache of sequences in use, or None when it is switched off."""
    if "cache" not in _disk:
        from grundy.heap.cache import SequenceCache

        _disk["cache"] = SequenceCache()
    return _disk["cache"]


def use_disk_cache(enabled: bool) -> None:
    """Switch the disk cache of sequences on (the default) or off (``--no-cache``)."""
    from grundy.heap.cache import SequenceCache

    _disk["cache"] = SequenceCache() if enabled else None


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


def narrow_array(values: Sequence[int]) -> np.ndarray[Any, Any]:
    """The values as a numpy array of the narrowest unsigned type that holds them.

    >>> narrow_array([0, 3, 300]).dtype, narrow_array([]).dtype
    (dtype('uint16'), dtype('uint8'))
    """
    import numpy as np

    top = max(values, default=0)
    for dtype in (np.uint8, np.uint16, np.uint32, np.uint64):
        if top <= np.iinfo(dtype).max:
            return np.asarray(values, dtype=dtype)
    raise OverflowError(f"nim-value {top} does not fit in 64 bits")


def _parts_key(parts: Heaps) -> Heaps:
    return tuple(sorted(p for p in parts if p))


def _and_list(parts: Heaps) -> str:
    words = [str(p) for p in parts]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]
