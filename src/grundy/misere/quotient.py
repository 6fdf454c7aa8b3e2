"""Misère quotients of heap games, built heap by heap (Plambeck and Siegel's construction).

The positions made of heaps of sizes 1..n form a closed set A_n.  Two positions G, H are
*indistinguishable* when G + X and H + X have the same misère outcome for every X in A_n;
the classes form a commutative monoid, the *misère quotient* Q_n, and the classes of the
P-positions are its *P-portion*.  The *pretending function* maps each heap to its class.
Once Q_n and the pretending function are known, a position of any number of heaps is
solved by multiplying the classes of its heaps and looking the product up.

The construction adds one heap at a time:

1. the *option images* of heap m are the classes of its options (products of the classes
   of the parts) in the current quotient;
2. if another heap already has exactly these option images, heap m is indistinguishable
   from it and the quotient does not change (heap m "pretends" to be that heap: with the
   same options up to indistinguishability, every sum with it has the same outcome, by
   induction on the sum);
3. otherwise the outcomes of ``m^j x`` (j copies of heap m with a position of class x) are
   computed level by level, each level from the one before, until a level repeats; the
   monoid {h^j x} with ``h^(s+p) = h^s`` is then reduced (indistinguishable elements
   merged) and the result is *checked*: :func:`faithful` proves, over every position of
   A_m, that a position is a P-position exactly when its class is in the P-portion;
4. a candidate that fails the check is never used: heap m split classes of the quotient
   so far, and they are told apart inside the monoid by recalibrated trials, each checked
   the same way (:mod:`grundy.misere.recalibrate`), with no search of the game.  When no
   trial passes within the limits, the construction stops and says so.

A period of the pretending function is proved by the argument of the Guy-Smith theorem:
options of heap n + p and heap n match one to one with parts of equal classes, so their
option images are equal and step 2 applies to every larger heap (Plambeck and Siegel,
"Misère quotients for impartial games", JCTA 115 (2008), the periodicity theorem).

>>> from grundy.heap.takebreak import TakeAndBreak
>>> q = build_quotient(TakeAndBreak("0.3"), 10)
>>> q.order, q.period
(2, Period(preperiod=0, period=2, certified=True, by='Guy-Smith octal periodicity theorem'))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np

from grundy.errors import TooBig
from grundy.heap.base import Heaps
from grundy.heap.period import Period
from grundy.misere.deadline import OutOfTime, check_time
from grundy.misere.deadline import QuotientUnknown as QuotientUnknown
from grundy.misere.monoid import BipartiteMonoid, quotient_by, reduced_classes
from grundy.misere.recalibrate import Unresolved, resolve, trial_with

#: The most levels (copies of one new heap) tried before a new heap is taken to generate an
#: unbounded part of the quotient.
MAX_LEVELS = 64
#: The largest quotient kept; a game whose quotient grows past it is said to grow without
#: bound as far as this computation goes.
MAX_ORDER = 4096
#: The most states the check of a candidate quotient may visit.
MAX_CHECK_STATES = 1_000_000


class HeapRules(Protocol):
    """What the construction needs of a game whose positions are sums of heaps numbered
    1, 2, ...: a heap's options (parts, each smaller than the heap) and a period of the
    pretending function proved from the images of heaps.  Heap games have it, and so has
    the union of several (:mod:`grundy.misere.union`)."""

    @property
    def text(self) -> str: ...

    def heap_options(self, n: int) -> Iterable[Heaps]: ...

    def certify(self, values: Any) -> Period | None: ...


@dataclass
class Quotient:
    """The misère quotient of a heap game restricted to heaps 0..``to``.

    ``images[n]`` is the element of heap n (the pretending function); ``reps[x]`` is a
    position (heap sizes) of class x; ``period`` is a period of the pretending function
    proved for every heap size, or None; ``stopped`` says why the construction stopped
    before ``to`` if it did.
    """

    game: HeapRules
    monoid: BipartiteMonoid
    images: list[int]
    reps: list[Heaps]
    period: Period | None = None
    stopped: str | None = None
    option_images: list[frozenset[int]] = field(default_factory=list, repr=False)
    #: True when the construction stopped because its time (:func:`time_limit`) was spent:
    #: more time may take it further.
    out_of_time: bool = False

    @property
    def order(self) -> int:
        """How many elements the quotient has."""
        return self.monoid.order

    @property
    def to(self) -> int:
        """The largest heap covered."""
        return len(self.images) - 1

    @property
    def stable(self) -> bool:
        """True when a proved period carries the quotient to heaps of every size."""
        return self.period is not None

    def covers(self, heap: int) -> bool:
        """True when the element of a heap of this size is known."""
        return heap <= self.to or self.stable

    def image(self, heap: int) -> int:
        """The element of one heap (any size, once the period is proved)."""
        if heap <= self.to:
            return self.images[heap]
        if self.period is None:
            raise TooBig(f"the misère quotient of {self.game.text} for heap {heap}",
                         size=heap, limit=self.to, unit="heaps")
        start, step = self.period.preperiod, self.period.period
        return self.images[start + (heap - start) % step]

    def images_of(self, heaps: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
        """The elements of many heaps at once (sizes as a numpy array of int64)."""
        known: np.ndarray[Any, Any] = np.asarray(self.images, dtype=np.int64)
        if self.period is None or len(heaps) == 0 or int(heaps.max()) <= self.to:
            found: np.ndarray[Any, Any] = known[heaps]
            return found
        start, step = self.period.preperiod, self.period.period
        folded = np.where(heaps <= self.to, heaps, start + (heaps - start) % step)
        result: np.ndarray[Any, Any] = known[folded]
        return result

    def element_of(self, heaps: Sequence[int]) -> int:
        """The element of a position: the product of its heaps' elements."""
        return self.monoid.product([self.image(h) for h in heaps])

    def is_p(self, heaps: Sequence[int]) -> bool:
        """True when the position is lost by the player to move (misère play)."""
        return bool(self.monoid.p[self.element_of(heaps)])


#: Told (heap reached, elements so far) as the construction goes on.
Progress = Callable[[int, int], None]


def build_quotient(game: HeapRules, to: int, progress: Progress | None = None,
                   trials: int | None = None) -> Quotient:
    """The misère quotient of ``game`` on heaps up to ``to``, and a proved period if the
    pretending function shows one within that range.

    The game's options must be heaps of the same game (not the daisy, whose moves leave
    Kayles rows).  Construction stops early, with the reason in ``stopped``, when a proved
    period makes further heaps unnecessary, or when the quotient cannot be extended.
    ``progress`` is told each heap reached (and, while split classes are told apart, each
    trial's order); ``trials`` bounds the recalibrated trials of the whole construction
    (each heap has at most :data:`~grundy.misere.recalibrate.MAX_TRIALS` anyway).

    >>> from grundy.heap.takebreak import KAYLES
    >>> q = build_quotient(KAYLES, 40)
    >>> q.order, q.images[1] == q.images[4], q.is_p((1, 4))
    (40, True, False)
    """
    builder = _Builder(game, progress, trials)
    for heap in range(1, to + 1):
        if progress is not None:
            progress(heap, builder.monoid.order)
        try:
            check_time()
            builder.add(heap)
        except OutOfTime as error:
            found = builder.result(str(error))
            found.out_of_time = True
            return found
        except QuotientUnknown as error:
            return builder.result(str(error))
        if heap % 8 == 0 or heap == to:
            period = game.certify(np.asarray(builder.images, dtype=np.int64))
            if period is not None:
                return builder.result(None, period)
    return builder.result(None)


class _Builder:
    """The quotient under construction (see the module's description)."""

    def __init__(self, game: HeapRules, progress: Progress | None = None,
                 trials: int | None = None) -> None:
        self.game = game
        self.progress = progress
        self.trials = trials
        self.monoid = BipartiteMonoid(np.zeros((1, 1), dtype=np.int32), np.zeros(1, dtype=bool))
        self.images: list[int] = [0]
        self.option_images: list[frozenset[int]] = [frozenset()]
        # One representative parts tuple for each option image of each heap.
        self.witness: list[dict[int, Heaps]] = [{}]
        self.reps: list[Heaps] = [()]

    def result(self, stopped: str | None, period: Period | None = None) -> Quotient:
        return Quotient(self.game, self.monoid, list(self.images), list(self.reps), period,
                        stopped, list(self.option_images))

    def add(self, heap: int) -> None:
        witness = self._witness(heap, self.images)
        images = frozenset(witness)
        for earlier, seen in enumerate(self.option_images):
            if seen == images:
                self._keep(heap, self.images[earlier], images, witness)
                return
        self._extend(heap, images, witness)

    def _keep(self, heap: int, image: int, images: frozenset[int],
              witness: dict[int, Heaps]) -> None:
        self.images.append(image)
        self.option_images.append(images)
        self.witness.append(witness)

    def _extend(self, heap: int, images: frozenset[int], witness: dict[int, Heaps]) -> None:
        levels = self._levels(heap, images)
        start, period = levels.repeat
        size = start + period
        order = self.monoid.order
        if size * order > MAX_ORDER * 4:
            raise QuotientUnknown(f"heap {heap} would make the quotient larger than "
                                  f"{MAX_ORDER} elements")
        wide = _power_product(self.monoid, start, period, np.array(levels.rows))
        one = 1 if size > 1 else 0  # the power h^1 is h^0 when the levels repeat at once
        generators = [one * order, *sorted(set(self.images))]
        classes = reduced_classes(wide, generators)
        if not np.array_equal(classes[:order], np.arange(order)):
            self._rebuild(heap)
            return
        narrow = quotient_by(wide, classes)
        if narrow.order > MAX_ORDER:
            raise QuotientUnknown(f"the quotient grows past {MAX_ORDER} elements at heap {heap}")
        reps = list(self.reps)
        for element in range(order, wide.order):
            c = int(classes[element])
            if c >= len(reps):
                power, base = divmod(element, order)
                reps.append(tuple(sorted((heap,) * power + self.reps[base])))
        image = int(classes[one * order])
        if not self._faithful_with(narrow, image, images):
            self._rebuild(heap)
            return
        self.monoid = narrow
        self.reps = reps
        self._keep(heap, image, images, witness)

    def _faithful_with(self, monoid: BipartiteMonoid, image: int, images: frozenset[int]
                       ) -> bool:
        types = {(g, o) for g, o in zip(self.images[1:], self.option_images[1:], strict=True) if o}
        if images:
            types.add((image, images))
        return faithful(monoid, sorted(types, key=lambda t: (t[0], sorted(t[1]))))

    def _rebuild(self, heap: int) -> None:
        """The quotient of heaps 1..heap when adding the heap splits classes of the quotient
        so far (positions indistinguishable without it, distinguished with it): found by
        recalibrated trials (:mod:`grundy.misere.recalibrate`), each checked exactly."""
        images = [*self.images, 0]
        try:
            trial = resolve(trial_with(self.monoid, images, self.game, {heap: (2, 2)}),
                            self.game, lambda order: self._told(heap, order),
                            self.trials)
        except Unresolved as error:
            raise QuotientUnknown(f"heap {heap} splits classes of the quotient so far, and "
                                  f"{error}") from None
        if trial.monoid.order > MAX_ORDER:
            raise QuotientUnknown(f"the quotient grows past {MAX_ORDER} elements at heap {heap}")
        self._adopt(heap, trial.monoid, trial.images, trial.words)

    def _told(self, heap: int, order: int) -> None:
        if self.trials is not None:
            self.trials -= 1
        if self.progress is not None:
            self.progress(heap, order)

    def _adopt(self, heap: int, monoid: BipartiteMonoid, images: list[int],
               reps: list[Heaps]) -> None:
        self.monoid, self.images, self.reps = monoid, [0], reps
        self.option_images, self.witness = [frozenset()], [{}]
        for size in range(1, heap + 1):
            witness = self._witness(size, images)
            self._keep(size, images[size], frozenset(witness), witness)

    def _witness(self, heap: int, images: Sequence[int]) -> dict[int, Heaps]:
        witness: dict[int, Heaps] = {}
        for count, parts in enumerate(self.game.heap_options(heap)):
            if count % 1024 == 1023:
                check_time()
            key = tuple(sorted(p for p in parts if p))
            witness.setdefault(self.monoid.product([images[p] for p in key]), key)
        return witness

    def _levels(self, heap: int, images: frozenset[int]) -> _Levels:
        """The P-portion of ``heap^j x`` for j = 0, 1, ... until a level repeats."""
        table, order = self.monoid.table, self.monoid.order
        rows = [self.monoid.p.copy()]
        seen = {rows[0].tobytes(): 0}
        by_size = sorted(range(order), key=lambda x: (sum(self.reps[x]), x))
        targets = np.array(sorted(images), dtype=np.int64)
        while len(rows) <= MAX_LEVELS:
            check_time()
            below = rows[-1]
            # x has a move in the new heap to a P-position of the level below.
            move_down: np.ndarray[Any, Any] = (
                np.asarray(below[table[:, targets]].any(axis=1)) if len(targets)
                else np.zeros(order, dtype=bool))
            row = _Level(self, move_down).solve(by_size)
            key = row.tobytes()
            if key in seen:
                return _Levels(rows, (seen[key], len(rows) - seen[key]))
            seen[key] = len(rows)
            rows.append(row)
        raise QuotientUnknown(f"heap {heap} generates more than {MAX_LEVELS} levels; the "
                              f"quotient seems to grow without bound")


@dataclass
class _Levels:
    rows: list[np.ndarray[Any, Any]]
    repeat: tuple[int, int]


class _Level:
    """One level: which positions ``heap^j X`` (j >= 1 fixed) are P-positions."""

    def __init__(self, builder: _Builder, move_down: np.ndarray[Any, Any]) -> None:
        self.builder = builder
        self.move_down = move_down
        self.known: dict[int, bool] = {}

    def solve(self, by_size: list[int]) -> np.ndarray[Any, Any]:
        for x in by_size:
            if x not in self.known:
                self.known[x] = self._is_p(self.builder.reps[x])
        return np.array([self.known[x] for x in range(len(by_size))], dtype=bool)

    def _is_p(self, heaps: Heaps) -> bool:
        monoid = self.builder.monoid
        x = monoid.product([self.builder.images[h] for h in heaps])
        if x in self.known:
            return self.known[x]
        if self.move_down[x]:
            return False
        for rest, heap in _removals(heaps):
            base = monoid.product([self.builder.images[h] for h in rest])
            for image, parts in self.builder.witness[heap].items():
                after = monoid.times(base, image)
                if after in self.known:
                    if self.known[after]:
                        return False
                elif self._is_p(tuple(sorted(rest + parts))):
                    return False
        return True


def _removals(heaps: Heaps) -> Iterator[tuple[Heaps, int]]:
    previous = None
    for i, heap in enumerate(heaps):
        if heap != previous:
            previous = heap
            yield heaps[:i] + heaps[i + 1:], heap


def _power_product(monoid: BipartiteMonoid, start: int, period: int,
                   rows: np.ndarray[Any, Any]) -> BipartiteMonoid:
    """The monoid of pairs (j, x): h^j times x, with h^(start+period) = h^start."""
    size, order = start + period, monoid.order
    powers = np.arange(size)
    total = powers[:, None] + powers[None, :]
    total = np.where(total < size, total, start + (total - start) % period)
    element = np.arange(size * order)
    power, base = element // order, element % order
    table = (total[power[:, None], power[None, :]] * order
             + monoid.table[base[:, None], base[None, :]]).astype(np.int32)
    return BipartiteMonoid(table, rows.reshape(-1).astype(bool))


def heaps_faithful(monoid: BipartiteMonoid, game: HeapRules, images: Sequence[int]) -> bool:
    """:func:`faithful` for heaps 1..len(images)-1 of ``game`` with these elements, the
    option images recomputed from the game's moves; False when a heap without moves (the
    empty position) is not the identity."""
    types = set()
    for heap in range(1, len(images)):
        options = frozenset(monoid.product([images[part] for part in parts if part])
                            for parts in game.heap_options(heap))
        if options:
            types.add((images[heap], options))
        elif images[heap] != 0:
            return False
    return faithful(monoid, sorted(types, key=lambda t: (t[0], sorted(t[1]))))


def faithful(monoid: BipartiteMonoid, types: Sequence[tuple[int, frozenset[int]]]) -> bool:
    """True when every non-empty sum of heaps of the given types (element, option images)
    is a misère P-position exactly when its element is in the P-portion.

    Let ``H(m, G)`` say that some option G' of G has ``G' m`` in the P-portion.  Adding a
    heap u (element g_u, option images O_u) to a sum G0 of element x gives
    ``H(m, G0 + u) = [x O_u m meets P] or H(m g_u, G0)``.  So the state (element of G, the
    vector H(., G)) of ``G + u`` follows from the state of G, and every sum reaches one of
    finitely many states.  Each reachable state is visited once, and the check is
    ``P(element) = not H(1, G)`` (the position has no move to a P-position exactly when it
    is one).  By induction on the sum, that proves the claim for every sum.

    >>> m = BipartiteMonoid(np.array([[0, 1], [1, 0]], dtype=np.int32), np.array([0, 1], bool))
    >>> faithful(m, [(1, frozenset({0}))])   # misère Nim with heaps of size 1
    True
    >>> faithful(m, [(1, frozenset({1}))])
    False
    """
    table, p = monoid.table, monoid.p
    if p[0]:
        return False
    order = monoid.order
    # into[u][x, m]: a move in a heap of type u, beside a sum of element x, reaches P times m.
    into: list[np.ndarray[Any, Any]] = [
        np.asarray(p[table[table[:, sorted(options)]]].any(axis=1)) for _, options in types]
    shifts = [table[:, g] for g, _ in types]
    # The walk goes level by level (sums of j heaps), each level at once with numpy.
    xs = np.zeros(1, dtype=np.int64)
    hs = np.zeros((1, order), dtype=bool)
    seen = {_state_key(xs, hs)[0].tobytes()}
    while len(xs):
        check_time()
        next_x, next_h = [], []
        for u, (g, _) in enumerate(types):
            ys = table[xs, g].astype(np.int64)
            after = into[u][xs] | hs[:, shifts[u]]
            if np.any(p[ys] == after[:, 0]):
                return False
            next_x.append(ys)
            next_h.append(after)
        ys, after = np.concatenate(next_x), np.concatenate(next_h)
        keys = _state_key(ys, after)
        _, first = np.unique(keys, return_index=True)
        fresh = [i for i in first.tolist() if keys[i].tobytes() not in seen]
        seen.update(keys[i].tobytes() for i in fresh)
        if len(seen) > MAX_CHECK_STATES:
            raise QuotientUnknown("the check of the candidate quotient meets more than "
                                  f"{MAX_CHECK_STATES} states")
        xs, hs = ys[fresh], after[fresh]
    return True


def _state_key(xs: np.ndarray[Any, Any], hs: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    """Each state (element, marks) as one opaque row, for finding the new ones."""
    rows = np.concatenate([xs.astype("<i8")[:, None].view(np.uint8),
                           np.packbits(hs, axis=1)], axis=1)
    keys: np.ndarray[Any, Any] = np.ascontiguousarray(rows).view(
        np.dtype((np.void, rows.shape[1]))).ravel()
    return keys
