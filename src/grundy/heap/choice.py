"""Which kernel computes the values of a take-and-break code, chosen by the values seen, and
which one a computation used (``kernel`` in ``grundy sequence --json``).

Until a period is proved, the values of a code are computed heap by heap, in stages
(:meth:`~grundy.heap.base.HeapGame.values`).  Each stage looks at the values of the stages
before it: while the heaps rare under the best mask (:func:`~grundy.heap.masks.fewest_rare`)
are few, the rare/common method (:mod:`grundy.heap.kernels`; short runs in C,
:mod:`grundy.heap.native`) marks few splits per heap.  When they are not, it would mark
nearly every split through its tables of rare heaps, and the kernel for values that are all
common (:func:`~grundy.heap.kernels.all_common_values`: every split marked, in order) does
the same work with less bookkeeping.  The values are the same either way.

>>> from grundy.heap.codes import TakeBreakCode
>>> with recording() as used:
...     values = compute(TakeBreakCode.of([0, 7, 7]), 20, None)
>>> values[:6].tolist(), used
([0, 1, 2, 3, 1, 4], ['rare/common'])
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING

from grundy.heap.codes import TakeBreakCode
from grundy.heap.compact import AnyValues, as_array, value_counts
from grundy.heap.masks import fewest_rare

if TYPE_CHECKING:
    from grundy.heap.cache import Values

#: The kernels' names, as ``grundy sequence --json`` gives them.
RARE_COMMON = "rare/common"
ALL_COMMON = "all-common"
#: Codes whose moves leave three heaps: rows of two-heap splits (:mod:`grundy.heap.triples`).
TRIPLE_ROWS = "three-heap rows"
PERIOD = "period"
#: The rare/common method with a window of the last values, beyond memory (window.py).
WINDOW = "rare/common window"

#: The rare/common method is kept until this many values have been seen.
SEEN_FIRST = 4096
#: Rare heaps are few while they are at most this share of the heaps seen.  Each rare heap
#: costs two marks' work per split and heap (its table entries, then the values), where
#: marking every split costs one per pair of parts, half the heap: past a quarter of the
#: heaps marking every split is cheaper.  The choice is made again at every stage, so a
#: game whose rare heaps thin out later (0.014 has a quarter of them rare at 4096 heaps, 3 %
#: at 65536) comes back to the rare/common method.  Measured in benchmarks/README.md
#: ("Against the Rust solver").
RARE_SHARE = 0.25

_USED: ContextVar[list[str] | None] = ContextVar("grundy_kernels_used", default=None)


@contextmanager
def recording() -> Iterator[list[str]]:
    """The kernels used while the block runs, in the order they were first used after each
    other (a stage that uses the kernel of the stage before is not listed again)."""
    used: list[str] = []
    token = _USED.set(used)
    try:
        yield used
    finally:
        _USED.reset(token)


def note(kernel: str) -> None:
    """Tells :func:`recording` (if any) that ``kernel`` computes values now."""
    used = _USED.get()
    if used is not None and (not used or used[-1] != kernel):
        used.append(kernel)


def choose(code: TakeBreakCode, prefix: AnyValues | None) -> str:
    """:data:`RARE_COMMON` or :data:`ALL_COMMON` for the next values of ``code``, from the
    values seen (``prefix``, heaps 0..len-1); :data:`TRIPLE_ROWS` for a code whose moves
    leave three heaps.

    >>> import numpy as np
    >>> from grundy.heap.codes import TakeBreakCode
    >>> code = TakeBreakCode.of([0, 7, 7])
    >>> choose(code, None), choose(code, np.arange(SEEN_FIRST) % 7)
    ('rare/common', 'all-common')
    """
    if code.triples:
        return TRIPLE_ROWS
    known = 0 if prefix is None else len(prefix)
    if known < SEEN_FIRST or not code.splits:
        return RARE_COMMON
    _, rare = fewest_rare(value_counts(prefix[1:known]))  # type: ignore[index]
    return ALL_COMMON if rare > RARE_SHARE * (known - 1) else RARE_COMMON


def compute(code: TakeBreakCode, n: int, prefix: AnyValues | None,
            progress: Callable[[int], None] | None = None,
            keep: Callable[[Values], None] | None = None) -> AnyValues:
    """Values 0..n of ``code`` extending ``prefix``, by the kernel :func:`choose` picks;
    ``progress`` and ``keep`` as for :func:`~grundy.heap.kernels.take_break_values`.  The
    C kernel of short runs answers in compact values (:mod:`grundy.heap.compact`), the
    others in numpy arrays."""
    kernel = choose(code, prefix)
    note(kernel)
    if kernel == RARE_COMMON:
        from grundy.heap.native import short_run

        short = short_run(code, n, prefix, progress, keep)
        if short is not None:
            return short
    array = None if prefix is None else as_array(prefix)
    if kernel == TRIPLE_ROWS:
        from grundy.heap.triples import triple_values

        return triple_values(code, n, array, progress, keep)
    if kernel == ALL_COMMON:
        from grundy.heap.kernels import all_common_values

        return all_common_values(code, n, array, progress, keep)
    from grundy.heap.kernels import take_break_values

    return take_break_values(code, n, array, progress, keep)
