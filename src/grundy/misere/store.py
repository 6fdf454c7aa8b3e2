"""Misère quotients kept once computed: in this process, and on disk beside the sequences.

The quotients shipped with the package (:mod:`grundy.misere.certificates`) come first.
Another is stored only once its period is proved, as one array of whole numbers (order,
heaps covered, preperiod, period, the multiplication table, the P-portion, the pretending
function) in the sequence cache (``$GRUNDY_CACHE_DIR``), so a later run answers at once;
it is checked again like a shipped one when read.

>>> from grundy.heap.takebreak import TakeAndBreak
>>> known_quotient(TakeAndBreak("0.3"), compute=True).order
2
"""

from __future__ import annotations

from typing import TypeVar

import numpy as np

from grundy.budget import Limit, holding_limit, in_force
from grundy.caches import Memo
from grundy.heap.base import HeapGame
from grundy.heap.engine import disk_cache
from grundy.misere.certificates import accept, shipped_quotient
from grundy.misere.deadline import time_limit
from grundy.misere.progress import BuildProgress
from grundy.misere.quotient import Quotient, build_quotient
from grundy.misere.union import HeapUnion

#: The most heaps a quotient is built over when none is kept (a proved period ends it sooner).
QUOTIENT_HEAPS = 400

#: The most recalibrated trials of a game's quotient built when first asked for (Kayles needs
#: 2, 0.123 needs 8): a quotient that keeps growing is given up instead of built for minutes.
QUOTIENT_TRIALS = 40
#: The most recalibrated trials of a union built when first asked for: the unions that
#: complete need a few (those of Kayles with another game are shipped), and one that needs
#: more is refused within seconds instead of building for minutes.
UNION_TRIALS = 24

#: Seconds a quotient is built for when no time budget is in force: an answer or a
#: refusal comes within seconds; a time budget (``--budget``) allows more.
QUOTIENT_SECONDS = 1.5

_G = TypeVar("_G", HeapGame, HeapUnion)

_kept: Memo[HeapGame, Quotient | None] = Memo("misère quotients", bound=64)
_unions: Memo[HeapUnion, Quotient | None] = Memo("misère quotients of unions", bound=16)
#: Constructions stopped by their time, by the seconds they had: asked again with no more
#: time, they are not started again (a sequence asks once per heap).
_partial: Memo[tuple[HeapGame | HeapUnion, float], Quotient] = Memo(
    "misère quotients stopped by their time", bound=16)


def build_seconds() -> float:
    """The seconds a quotient may be built for: the time budget in force, or
    :data:`QUOTIENT_SECONDS`.

    >>> from grundy.budget import Budget, work_limit
    >>> with work_limit(Budget.of(60)):
    ...     build_seconds()
    60
    """
    budget = in_force()
    if budget is not None and budget.seconds is not None:
        return budget.seconds
    return QUOTIENT_SECONDS


def may_build() -> bool:
    """Whether a quotient may be built here: building takes seconds, so not when counts
    hold the work (:attr:`~grundy.budget.Limit.COUNT`: a web request must answer at once).

    >>> from grundy.budget import Budget, work_limit
    >>> with work_limit(Budget(10**6)):
    ...     may_build()
    False
    >>> with work_limit(Budget.of(60)):
    ...     may_build()
    True
    """
    return holding_limit() is not Limit.COUNT


def stopped_quotient(game: HeapGame | HeapUnion) -> Quotient | None:
    """The construction of ``game``'s quotient stopped by the time it had here, if one was."""
    return _partial.get((game, build_seconds()))


def timed_build(game: HeapGame | HeapUnion, heaps: int, trials: int) -> Quotient:
    """The quotient of ``game`` built over up to ``heaps`` heaps within
    :func:`build_seconds`, with its progress shown (:class:`BuildProgress`)."""
    seconds = build_seconds()
    earlier = _partial.get((game, seconds))
    if earlier is not None:
        return earlier
    shown = BuildProgress(game.text)
    try:
        with time_limit(seconds):
            found = build_quotient(game, heaps, shown, trials=trials)
    finally:
        shown.close()
    if found.out_of_time:
        _partial[game, seconds] = found
    return found


def known_quotient(game: HeapGame, *, compute: bool = False) -> Quotient | None:
    """The game's misère quotient, if kept; computed (and kept) when ``compute`` is true.
    It may cover only the heaps up to where the construction stopped (``stable`` is false
    then); None when none is kept and ``compute`` is false."""
    if game in _kept:
        return _kept[game]
    loaded = shipped_quotient(game) or _load(game)
    # Inside a work limit (a web request) a quotient is never built: that can take seconds.
    if loaded is not None or not compute or not may_build():
        if loaded is not None:
            _kept[game] = loaded
        return loaded
    return _built_and_kept(game, _kept, QUOTIENT_HEAPS, QUOTIENT_TRIALS)


def known_union(union: HeapUnion, *, compute: bool = False) -> Quotient | None:
    """The quotient of the union of several games' heaps: shipped, kept in this process or
    in the cache directory; else built (over up to :data:`QUOTIENT_HEAPS` heaps of each
    game) when ``compute`` is true, no work limit is in force and every game's own quotient
    is known with a proved period (a union is at least as large as each game's quotient, so
    it cannot be finite otherwise)."""
    if union in _unions:
        return _unions[union]
    loaded = shipped_quotient(union) or _load(union)
    if loaded is not None:
        _unions[union] = loaded
        return loaded
    if not compute or not may_build():
        return None
    for game in union.games:
        own = known_quotient(game)
        if own is None or not own.stable:
            return None
    return _built_and_kept(union, _unions, QUOTIENT_HEAPS * len(union.games), UNION_TRIALS)


def _built_and_kept(game: _G, kept: Memo[_G, Quotient | None], heaps: int, trials: int
                    ) -> Quotient:
    """The quotient of ``game`` built by :func:`timed_build`; unless its time ran out, kept
    in ``kept`` and, once its period is proved, in the cache directory."""
    found = timed_build(game, heaps, trials)
    if not found.out_of_time:
        kept[game] = found
        if found.stable:
            _store(game, found)
    return found


def _key(game: HeapGame | HeapUnion) -> str | None:
    keys = [g.cache_key for g in (game.games if isinstance(game, HeapUnion) else (game,))]
    if any(key is None for key in keys):
        return None
    return "misere-quotient:" + "+".join(str(key) for key in keys)


def _store(game: HeapGame | HeapUnion, quotient: Quotient) -> None:
    key, cache = _key(game), disk_cache()
    period = quotient.period
    if key is None or cache is None or period is None:
        return
    head = [quotient.order, quotient.to, period.preperiod, period.period]
    data = np.concatenate([np.array(head), quotient.monoid.table.reshape(-1),
                           quotient.monoid.p.astype(np.int64), np.array(quotient.images)])
    cache.store(key, data.astype(np.uint32))


def _load(game: HeapGame | HeapUnion) -> Quotient | None:
    key, cache = _key(game), disk_cache()
    if key is None or cache is None:
        return None
    data = cache.load(key)
    if data is None or len(data) < 4:
        return None
    order, to, preperiod, period = (int(v) for v in data[:4])
    size = 4 + order * order + order + to + 1
    if len(data) != size or period < 1:
        return None
    table = data[4:4 + order * order].astype(np.int32).reshape(order, order)
    p = data[4 + order * order:4 + order * order + order].astype(bool)
    images = [int(v) for v in data[4 + order * order + order:]]
    # Checked like a shipped file: a damaged cache entry is refused, never believed.
    return accept(game, table, p, images, preperiod, period)
