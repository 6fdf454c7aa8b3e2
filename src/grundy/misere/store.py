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

import numpy as np

from grundy.budget import in_force
from grundy.caches import Memo
from grundy.heap.base import HeapGame, disk_cache
from grundy.misere.certificates import accept, shipped_quotient
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

_kept: Memo[HeapGame, Quotient | None] = Memo("misère quotients", bound=64)
_unions: Memo[HeapUnion, Quotient] = Memo("misère quotients of unions", bound=16)


def known_quotient(game: HeapGame, *, compute: bool = False) -> Quotient | None:
    """The game's misère quotient, if kept; computed (and kept) when ``compute`` is true.
    It may cover only the heaps up to where the construction stopped (``stable`` is false
    then); None when none is kept and ``compute`` is false."""
    if game in _kept:
        return _kept[game]
    loaded = shipped_quotient(game) or _load(game)
    # Inside a work limit (a web request) a quotient is never built: that can take seconds.
    if loaded is not None or not compute or in_force() is not None:
        if loaded is not None:
            _kept[game] = loaded
        return loaded
    shown = BuildProgress(game.text)
    try:
        found = build_quotient(game, QUOTIENT_HEAPS, shown, trials=QUOTIENT_TRIALS)
    finally:
        shown.close()
    _kept[game] = found
    if found.stable:
        _store(game, found)
    return found


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
    if not compute or in_force() is not None:
        return None
    for game in union.games:
        own = known_quotient(game)
        if own is None or not own.stable:
            return None
    shown = BuildProgress(union.text)
    try:
        found = build_quotient(union, QUOTIENT_HEAPS * len(union.games), shown,
                               trials=UNION_TRIALS)
    finally:
        shown.close()
    _unions[union] = found
    if found.stable:
        _store(union, found)
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
