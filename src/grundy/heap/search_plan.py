"""A long search for a period, said before it starts and held to a time budget.

A heap far past the values known is answered by a proved period; when no period is proved
from the first :data:`CALIBRATION` heaps, finding one may mean computing hundreds of millions
more (octal 0.454: 443 139 469 heaps).  :func:`plan_period_search` computes those first
heaps (which prove every short period), measures how fast this game's values come on this
machine, and says how long the rest of the search may take at most; with a time budget too
small for that it refuses at once (:class:`~grundy.errors.TooBig`, exit 3).  The search
itself is then watched by :func:`watched`, which stops it when the budget is spent.

>>> from grundy.heap.takebreak import KAYLES
>>> plan_period_search(KAYLES, 10**18, 1 << 29, None) is None   # proved from a few values
True
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from grundy.errors import TooBig, short_number
from grundy.heap.base import HeapGame
from grundy.heap.engine import PERIOD_FIRST, computable_heap, known_period
from grundy.heap.rules import Progress

#: Heaps computed before the time of a longer search is estimated (about a second here).
CALIBRATION = 1 << 22
#: The fewest heaps whose computing time is measured for the estimate.
MEASURED = 1 << 20
#: The estimate is the measured rate times this: later values of a code cost a little
#: more than the first (more rare heaps to pair with), and each stage's proof is a scan.
MARGIN = 1.25


@dataclass(frozen=True)
class SearchPlan:
    """A search for a period of ``game`` past ``known`` heaps, to ``heaps`` heaps at most,
    which should take ``seconds`` at most at the rate measured (``rate`` heaps a second).

    >>> print(SearchPlan("octal:0.454", 4194304, 536870912, 180.0, 3.2e6).text())
    grundy: no period of octal:0.454 is proved from heaps 0..4194303; heaps up to 536870911 \
will be computed to find one (more if a period seen needs them): at most about 3 min at \
3,200,000 heaps/s
    """

    game: str
    known: int
    heaps: int
    seconds: float
    rate: float

    def text(self) -> str:
        """The line said before the search."""
        return (f"grundy: no period of {self.game} is proved from heaps 0..{self.known - 1}; "
                f"heaps up to {self.heaps - 1} will be computed to find one (more if a period "
                f"seen needs them): at most about {duration(self.seconds)} at "
                f"{self.rate:,.0f} heaps/s")


def duration(seconds: float) -> str:
    """Seconds in words, rounded up, in the units ``--budget`` reads.

    >>> duration(4.2), duration(170), duration(7300)
    ('5 s', '3 min', '2.0 h')
    """
    if seconds < 60:
        return f"{max(1, -int(-seconds // 1))} s"
    if seconds < 3600:
        return f"{-int(-seconds // 60)} min"
    return f"{seconds / 3600:.1f} h"


def budget_needed(seconds: float) -> str:
    """A ``--budget`` that covers ``seconds``, as the refusal advises it.

    >>> budget_needed(170), budget_needed(40)
    ('3m', '40s')
    """
    return f"{-int(-seconds // 60)}m" if seconds >= 60 else f"{max(1, -int(-seconds // 1))}s"


def plan_period_search(game: HeapGame, heap: int, search: int, budget: float | None,
                       progress: Progress | None = None) -> SearchPlan | None:
    """The plan of the search for a period that the value of ``heap`` needs, computing up to
    ``search`` heaps, or None when none is needed (a formula, a value known, a period proved,
    or a search no longer than :data:`CALIBRATION`).  The first heaps are computed here.
    :class:`~grundy.errors.TooBig` when ``budget`` seconds are too few for the search.
    """
    if (not game.certifiable or game.closed_form(heap) is not None
            or heap <= min(computable_heap(game), PERIOD_FIRST)):
        return None
    if known_period(game) is not None:
        return None
    known = game.heaps_known()
    if heap < known:
        return None
    cap = max(min(search, heap + 1, computable_heap(game) + 1), known)
    if cap <= CALIBRATION:
        return None
    # The rate is measured past the first heaps, whose cost is mostly loading the kernel.
    size = min(MEASURED, cap)
    if game.proved_period(size, progress) is not None:
        return None
    while True:
        before, started = game.heaps_known(), time.monotonic()
        # A few million heaps past those known (the disk cache may hold many): enough to
        # measure, never the bulk of the search.
        size = min(cap, max(min(4 * size, CALIBRATION), before + 2 * MEASURED))
        if game.proved_period(size, progress) is not None:
            return None
        done = game.heaps_known()
        if (done - before >= 2 * MEASURED and size >= CALIBRATION) or size >= cap:
            break
    if done >= cap:
        return None
    rate = (done - before) / max(time.monotonic() - started, 1e-3)
    seconds = (cap - done) / rate * MARGIN
    plan = SearchPlan(game.text, done, cap, seconds, rate)
    if budget is not None and seconds > budget:
        raise TooBig(f"the search for a period of {game.text} (none is proved from heaps "
                     f"0..{short_number(done - 1)}; it computes up to {short_number(cap)} "
                     f"heaps at {rate:,.0f} a second)", size=round(seconds), limit=round(budget, 1),
                     unit="seconds", advice=f"give --budget {budget_needed(seconds)}, or a "
                     "smaller --search")
    return plan


def watched(progress: Progress | None, budget: float | None, what: str
            ) -> Progress | None:
    """``progress``, stopping the work with :class:`~grundy.errors.TooBig` once ``budget``
    seconds have passed (None: no limit).

    >>> tick = watched(None, 0.001, "the search")
    >>> time.sleep(0.01)
    >>> tick(10)
    Traceback (most recent call last):
    ...
    grundy.errors.TooBig: the search needs more than 0.001 seconds; stopped at heap 10
    """
    if budget is None:
        return progress
    started = time.monotonic()

    def tick(count: int) -> None:
        if progress is not None:
            progress(count)
        if time.monotonic() - started > budget:
            raise TooBig(what, limit=budget, unit="seconds", advice=f"stopped at heap {count}")

    return tick
