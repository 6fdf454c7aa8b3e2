"""Telling apart the classes a new heap splits, inside the monoid: Plambeck and Siegel's
recalibration, with no search of the game.

When heap n splits classes of the quotient of heaps < n, the quotient so far is too coarse
to carry the new heap.  A *trial* is a monoid, a P-portion and an element for every heap;
the trial is right when every sum of heaps is a P-position exactly when its element is in
the P-portion (:func:`~grundy.misere.quotient.faithful`).  When it is not,
:func:`lightest_failure` finds the sum W of least weight (the sum of its heaps' numbers,
which every move lowers) that the trial gets wrong.  Every lighter sum is right, so W's
options are judged right, and W's true outcome is the opposite of the trial's.  The next
trial *frees* some heaps of W: they become generators of cyclic monoids of their own,
beside the submonoid the other heaps generate in the trial.  The P-portion of that larger
monoid is filled in by the lightest word reaching each element (a word is P when none of
its options' elements is P, and options are lighter, so already filled in), the monoid is
reduced, and the trial is kept once it gets W right.  Subsets of W's heaps are freed
smallest first, so the quotient grows no more than it must.  The loop ends when a trial
passes the exact check, which is what makes its answer true, however it was found
(Plambeck and Siegel, "Misère quotients for impartial games", JCTA 115 (2008); the
recalibration of Siegel's MisereSolver).

>>> from grundy.heap.takebreak import KAYLES
>>> from grundy.misere.quotient import build_quotient
>>> q = build_quotient(KAYLES, 12)   # heap 9 splits classes, told apart here
>>> q.order, q.stopped, q.is_p((9,)), q.is_p((5, 5, 9))
(24, None, True, False)
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any, Protocol

import numpy as np

from grundy.heap.base import Heaps
from grundy.misere.deadline import check_time
from grundy.misere.monoid import BipartiteMonoid, refined_classes

#: The most trials tried for one heap before the construction gives up.
MAX_TRIALS = 64
#: The most elements of the unreduced monoid of a trial.
MAX_WIDE = 200_000
#: The most elements of a trial once reduced (its table is kept whole).
MAX_TRIAL_ORDER = 2048
#: The most entries of the tables the search for the lightest failure keeps (element by
#: element by heap type).
MAX_FAILURE_TABLE = 100_000_000
#: The most states the search for the lightest failure may visit.
MAX_FAILURE_STATES = 1_000_000


class Options(Protocol):
    """What recalibration needs of a game: each heap's options, as parts (smaller heaps)."""

    def heap_options(self, n: int) -> Any: ...


class Unresolved(Exception):
    """No trial told the split classes apart within the limits (the message says which)."""


@dataclass
class Trial:
    """A candidate quotient: the monoid with its P-portion, the element of each heap 0..n
    and, for each element, the lightest sum of heaps found with it."""

    monoid: BipartiteMonoid
    images: list[int]
    words: list[Heaps]


def option_images(monoid: BipartiteMonoid | None, game: Options, images: Sequence[int],
                  heap: int, times: Callable[[int, int], int] | None = None) -> frozenset[int]:
    """The elements of a heap's options (the products of their parts' elements), in
    ``monoid`` or by the product ``times``."""
    if times is None:
        assert monoid is not None
        times = monoid.times
    found = set()
    for parts in game.heap_options(heap):
        element = 0
        for part in parts:
            if part:
                element = times(element, images[part])
        found.add(element)
    return frozenset(found)


def lightest_failure(monoid: BipartiteMonoid, game: Options, images: Sequence[int]
                     ) -> Heaps | None:
    """The sum of heaps 1..len(images)-1 of least weight whose outcome the trial gets wrong
    (its element's P-mark disagrees with its options' marks), or None when there is none.

    The walk is :func:`~grundy.misere.quotient.faithful`'s, over the states (element of
    the sum, which multiples of it an option reaches in the P-portion), in order of the
    weight of the lightest sum reaching each state.

    >>> m = BipartiteMonoid(np.array([[0, 1], [1, 0]], dtype=np.int32), np.array([0, 1], bool))
    >>> class Ones:
    ...     def heap_options(self, n): return [()] if n == 1 else []
    >>> lightest_failure(m, Ones(), [0, 1]) is None
    True
    >>> lightest_failure(BipartiteMonoid(m.table, np.array([0, 0], bool)), Ones(), [0, 1])
    (1,)
    """
    table, p = monoid.table, monoid.p
    if p[0]:
        return ()
    order = monoid.order
    lightest: dict[tuple[int, frozenset[int]], int] = {}
    for heap in range(1, len(images)):
        options = option_images(monoid, game, images, heap)
        if options:
            lightest.setdefault((images[heap], options), heap)
    types = sorted(lightest.items(), key=lambda item: item[1])
    if order * order * len(types) > MAX_FAILURE_TABLE:
        raise Unresolved(f"a trial of {order} elements is too large to check here")
    into = [np.asarray(p[table[table[:, sorted(options)]]].any(axis=1))
            for (_, options), _ in types]
    shifts = [table[:, g] for (g, _), _ in types]
    start = (0, np.zeros(order, dtype=bool).tobytes())
    parent: dict[tuple[int, bytes], tuple[tuple[int, bytes], int] | None] = {start: None}
    lightest_seen = {start: 0}
    done: set[tuple[int, bytes]] = set()
    queue: list[tuple[int, int, tuple[int, bytes]]] = [(0, 0, start)]
    count = 0
    while queue:
        weight, _, key = heapq.heappop(queue)
        if key in done:
            continue
        done.add(key)
        x, h = key[0], np.frombuffer(key[1], dtype=bool)
        if key != start and bool(p[x]) == bool(h[0]):
            return _word(parent, key)
        if len(done) > MAX_FAILURE_STATES:
            raise Unresolved(f"the check of a trial meets more than {MAX_FAILURE_STATES} states")
        for u, ((g, _), heap) in enumerate(types):
            nxt = (int(table[x, g]), (into[u][x] | h[shifts[u]]).tobytes())
            if nxt not in done and weight + heap < lightest_seen.get(nxt, weight + heap + 1):
                count += 1
                lightest_seen[nxt] = weight + heap
                parent[nxt] = (key, heap)
                heapq.heappush(queue, (weight + heap, count, nxt))
    return None


def _word(parent: dict[Any, Any], key: Any) -> Heaps:
    heaps = []
    while (step := parent[key]) is not None:
        heaps.append(step[1])
        key = step[0]
    return tuple(sorted(heaps))


class _DirectSum:
    """A submonoid R (given by its table) times cyclic monoids ``<g | g^(i+p) = g^i>``, its
    elements coded as ``r + |R| (e1 + n1 (e2 + ...))``."""

    def __init__(self, base: np.ndarray[Any, Any], cycles: Sequence[tuple[int, int]]) -> None:
        self.base = base
        self.cycles = list(cycles)
        self.sizes = [len(base)] + [i + p for i, p in cycles]
        self.order = int(np.prod(self.sizes))

    def split(self, codes: np.ndarray[Any, Any]) -> list[np.ndarray[Any, Any]]:
        parts = []
        for size in self.sizes:
            parts.append(codes % size)
            codes = codes // size
        return parts

    def join(self, parts: Sequence[np.ndarray[Any, Any]]) -> np.ndarray[Any, Any]:
        code = np.zeros_like(parts[0])
        for size, part in zip(reversed(self.sizes), reversed(parts), strict=True):
            code = code * size + part
        return code

    def times(self, a: Any, b: Any) -> Any:
        left, right = self.split(np.asarray(a, dtype=np.int64)), self.split(
            np.asarray(b, dtype=np.int64))
        out = [self.base[left[0], right[0]]]
        for (index, period), x, y in zip(self.cycles, left[1:], right[1:], strict=True):
            s = x + y
            out.append(np.where(s < index + period, s, index + (s - index) % period))
        return self.join(np.broadcast_arrays(*out))

    def times_one(self, a: int, b: int) -> int:
        """The product of two elements (plain integers: fast for one product)."""
        base = self.sizes[0]
        (qa, ra), (qb, rb) = divmod(a, base), divmod(b, base)
        code, scale = int(self.base[ra, rb]), base
        for (index, period), size in zip(self.cycles, self.sizes[1:], strict=True):
            (qa, ea), (qb, eb) = divmod(qa, size), divmod(qb, size)
            e = ea + eb
            if e >= size:
                e = index + (e - index) % period
            code += e * scale
            scale *= size
        return code

    def generator(self, component: int) -> int:
        """The code of the generator of the ``component``-th cycle (counted from 1)."""
        return int(np.prod(self.sizes[:component]))


def _submonoid(monoid: BipartiteMonoid, generators: Sequence[int]) -> np.ndarray[Any, Any]:
    """The elements generated by ``generators``, in order of discovery (the identity first)."""
    columns = monoid.table[:, sorted(set(generators))]
    found = np.zeros(monoid.order, dtype=bool)
    found[0] = True
    order, frontier = [0], np.array([0])
    while len(frontier):
        reached = np.unique(columns[frontier].reshape(-1))
        frontier = reached[~found[reached]]
        found[frontier] = True
        order.extend(frontier.tolist())
    return np.array(order, dtype=np.int64)


def _index(monoid: BipartiteMonoid, x: int) -> int:
    """The least i with x^i equal to a later power of x."""
    seen: dict[int, int] = {}
    power, i = 0, 0
    while power not in seen:
        seen[power] = i
        power, i = monoid.times(power, x), i + 1
    return seen[power]


def trial_with(monoid: BipartiteMonoid, images: Sequence[int], game: Options,
               free: dict[int, tuple[int, int]]) -> Trial:
    """The reduced trial where the heaps of ``free`` generate cyclic monoids (index,
    period) of their own and the others keep their elements, with the P-portion filled in
    by the lightest word reaching each element."""
    kept = [images[h] if h not in free else 0 for h in range(len(images))]
    elements = _submonoid(monoid, kept[1:])
    local = np.full(monoid.order, -1, dtype=np.int64)
    local[elements] = np.arange(len(elements))
    base = local[monoid.table[np.ix_(elements, elements)]]
    wide = _DirectSum(base, list(free.values()))
    if wide.order > MAX_WIDE:
        raise Unresolved(f"a trial would have {wide.order} elements before reduction")
    freed = {h: wide.generator(i + 1) for i, h in enumerate(free)}
    codes = [freed[h] if h in free else local[kept[h]] for h in range(len(images))]

    p, last, below = _marks(wide, game, codes, wide.times_one)
    reached = np.flatnonzero(last >= 0)
    generators = sorted(set(codes[1:]))
    columns = [wide.times(reached, g) for g in generators]  # the steps' actions, on reached
    position = np.full(wide.order, -1, dtype=np.int64)
    position[reached] = np.arange(len(reached))
    classes = refined_classes(p[reached], [position[c] for c in columns])
    count = int(classes.max(initial=0)) + 1
    if count > MAX_TRIAL_ORDER:
        raise Unresolved(f"a trial would have {count} elements")
    first = np.full(count, -1, dtype=np.int64)
    for i in range(len(reached) - 1, -1, -1):
        first[classes[i]] = reached[i]
    product = wide.times(first[:, None], first[None, :])
    table = classes[position[product]].astype(np.int32)
    narrow = BipartiteMonoid(table, p[first].copy())
    new_images = [int(classes[position[c]]) for c in codes]
    return Trial(narrow, new_images, [_spelled(last, below, int(x)) for x in first])


def _marks(wide: _DirectSum, game: Options, codes: list[int],
           times: Callable[[int, int], int]
           ) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """P-marks of the elements of ``wide`` by their lightest words, and for each element
    its word's last heap (-1 for an element no word reaches, 0 for the identity) and the
    element of the word without that heap."""
    heaps = range(1, len(codes))
    moves = {h: np.array(sorted(option_images(None, game, codes, h, times)), dtype=np.int64)
             for h in heaps}
    kinds: dict[tuple[int, bytes], int] = {}
    for h in heaps:
        if len(moves[h]):
            kinds.setdefault((codes[h], moves[h].tobytes()), h)
    steps = sorted(kinds.values())
    every = np.arange(wide.order, dtype=np.int64)
    actions = {h: wide.times(every, codes[h]) for h in steps}
    p = np.zeros(wide.order, dtype=bool)
    last = np.full(wide.order, -1, dtype=np.int64)
    below = np.full(wide.order, -1, dtype=np.int64)
    best = np.full(wide.order, np.iinfo(np.int64).max, dtype=np.int64)
    marks: dict[int, np.ndarray[Any, Any]] = {0: np.zeros(0, dtype=np.int64)}
    best[0], last[0] = 0, 0
    queue = [(0, 0)]
    while queue:
        weight, x = heapq.heappop(queue)
        if weight > best[x] or (x in marks and x != 0):
            continue
        if x:
            h, y = int(last[x]), int(below[x])
            reach = np.concatenate([actions[h][marks[y]], wide.times(y, moves[h])])
            marks[x] = np.unique(reach)
            p[x] = not p[marks[x]].any()
        for h in steps:
            z = int(actions[h][x])
            if z not in marks and weight + h < best[z]:
                best[z], last[z], below[z] = weight + h, h, x
                heapq.heappush(queue, (weight + h, z))
    unreached = np.ones(wide.order, dtype=bool)
    unreached[list(marks)] = False
    last[unreached] = -1
    return p, last, below


def _spelled(last: np.ndarray[Any, Any], below: np.ndarray[Any, Any], x: int) -> Heaps:
    heaps = []
    while x:
        heaps.append(int(last[x]))
        x = int(below[x])
    return tuple(sorted(heaps))


def recalibrated(trial: Trial, game: Options, failure: Heaps) -> Trial:
    """The smallest next trial (freeing as few of the failure's heaps as will do) that gets
    the failing sum right."""
    monoid, images = trial.monoid, trial.images
    wrong = bool(monoid.p[monoid.product([images[h] for h in failure])])
    involved = sorted(set(failure))
    for size in range(1, len(involved) + 1):
        for chosen in combinations(involved, size):
            free = {}
            for h in chosen:
                index = max(_index(monoid, images[h]), failure.count(h) - 1)
                free[h] = (index, max(2, 2 * ((index - 4) // 2)))
            try:
                found = trial_with(monoid, images, game, free)
            except Unresolved:
                continue
            element = found.monoid.product([found.images[h] for h in failure])
            if bool(found.monoid.p[element]) != wrong:
                return found
    raise Unresolved(f"no trial tells the sum {' '.join(map(str, failure))} apart")


def resolve(trial: Trial, game: Options, progress: Callable[[int], None] | None = None,
            most: int | None = None) -> Trial:
    """Trials in turn until one passes the exact check (see the module), at most
    :data:`MAX_TRIALS` of them and at most ``most``; ``progress`` is told each trial's
    order."""
    most = MAX_TRIALS if most is None else max(0, min(most, MAX_TRIALS))
    for _ in range(most):
        check_time()
        if progress is not None:
            progress(trial.monoid.order)
        failure = lightest_failure(trial.monoid, game, trial.images)
        if failure is None:
            return trial
        trial = recalibrated(trial, game, failure)
    raise Unresolved(f"no trial passed the check after {most} recalibrations")
