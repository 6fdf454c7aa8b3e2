"""The work budget: how many positions a search may meet, how long it may take, and how
much memory the tables of big work may hold.

One :class:`Budget` is in force at a time: the one set by :func:`work_limit` around the
caller (in this thread or task only), or none, and then each kind of search has its default,
named here once.  Every search reads it here: the general solver, the board games' checks up
front, the heap values a game may compute, the misère search, the remoteness search.

>>> search_positions() == SEARCH_POSITIONS
True
>>> with work_limit(Budget(100, seconds=0.5)):
...     search_positions(), in_force()
(100, Budget(positions=100, seconds=0.5, memory=None))
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from grundy.errors import TooBig

#: Positions one search may meet by default (a few seconds of the general solver).
SEARCH_POSITIONS = 2_000_000
#: Positions a remoteness search may meet by default when it plays or rates moves (the
#: computer opponent must answer at once).
PLAYING_POSITIONS = 200_000
#: Positions ``grundy analyze`` may search for the remoteness it prints: a count, not a time,
#: so that the same command always prints the same thing.
SHOWN_REMOTENESS_POSITIONS = 20_000
#: Positions one web request may meet, and the seconds its remoteness search may take.
REQUEST_POSITIONS = 200_000
REQUEST_SECONDS = 2.0
#: Bytes the tables of one piece of work may hold by default (None: a share of the machine's
#: memory, :data:`MEMORY_SHARE`).
MEMORY: int | None = None
#: The share of this machine's memory one piece of work may hold when no budget says.
MEMORY_SHARE = 0.5
#: Bytes assumed when the machine's memory cannot be read.
UNKNOWN_MACHINE_MEMORY = 4 << 30


@dataclass(frozen=True)
class Budget:
    """How much work is allowed: ``positions`` met by any one search (and heap values
    computed), ``seconds`` a remoteness search may take (None: no time limit), and
    ``memory``, the bytes the tables of one piece of work may hold (None:
    :func:`default_memory`, a share of the machine's)."""

    positions: int
    seconds: float | None = None
    memory: int | None = MEMORY


_in_force: ContextVar[Budget | None] = ContextVar("grundy_budget", default=None)


def in_force() -> Budget | None:
    """The budget set by the innermost :func:`work_limit` around the caller, or None."""
    return _in_force.get()


def search_positions() -> int:
    """How many new positions one search may meet here: the budget in force, or
    :data:`SEARCH_POSITIONS`."""
    budget = _in_force.get()
    return SEARCH_POSITIONS if budget is None else budget.positions


def machine_memory() -> int:
    """This machine's physical memory in bytes (:data:`UNKNOWN_MACHINE_MEMORY` when the
    system does not say).

    >>> machine_memory() > 0
    True
    """
    try:
        return int(os.sysconf("SC_PHYS_PAGES")) * int(os.sysconf("SC_PAGE_SIZE"))
    except (AttributeError, ValueError, OSError):
        return UNKNOWN_MACHINE_MEMORY


def default_memory() -> int:
    """The bytes one piece of work may hold when no budget says: :data:`MEMORY`, else
    :data:`MEMORY_SHARE` of :func:`machine_memory`."""
    return MEMORY if MEMORY is not None else int(machine_memory() * MEMORY_SHARE)


def memory_limit() -> int:
    """The bytes the budget in force allows one piece of work's tables, or
    :func:`default_memory` when it does not say."""
    budget = _in_force.get()
    return default_memory() if budget is None or budget.memory is None else budget.memory


def memory_note() -> str:
    """Where the memory limit in force comes from, for refusals.

    >>> with work_limit(Budget(100, memory=1000)):
    ...     memory_note()
    'the memory budget'
    """
    budget = _in_force.get()
    if budget is not None and budget.memory is not None:
        return "the memory budget"
    if MEMORY is not None:
        return "the default memory budget"
    share = f"{MEMORY_SHARE:.0%}"
    return (f"{share} of this machine's {machine_memory() / 2**30:.1f} GiB; "
            "--max-memory sets another limit")


def check_memory(what: str, needed: int) -> None:
    """Refuse ``what`` up front, with :class:`~grundy.errors.TooBig` in bytes, when the
    ``needed`` bytes it is estimated to hold exceed the memory of the budget in force.

    >>> with work_limit(Budget(100, memory=1000)):
    ...     check_memory("a table of 2000 values", 2000)
    Traceback (most recent call last):
    ...
    grundy.errors.TooBig: a table of 2000 values needs about 2000 bytes; the limit is 1000 \
(the memory budget)
    """
    limit = memory_limit()
    if needed > limit:
        raise TooBig(what, size=needed, limit=limit, unit="bytes", note=memory_note())


def playing_budget(budget: Budget | int | None = None) -> Budget:
    """The budget of a remoteness search: ``budget`` (a count of positions, no time limit),
    else the budget in force, else :data:`PLAYING_POSITIONS`.

    >>> playing_budget().positions, playing_budget(10)
    (200000, Budget(positions=10, seconds=None, memory=None))
    """
    if isinstance(budget, int):
        return Budget(budget)
    return budget or _in_force.get() or Budget(PLAYING_POSITIONS)


@contextmanager
def work_limit(budget: Budget | int) -> Iterator[None]:
    """Put ``budget`` (or that many positions) in force inside the block, in this thread or
    task only: searches and computations that would need more are refused up front.

    The web server answers each request inside one, so no request runs for long.

    >>> with work_limit(100):
    ...     search_positions()
    100
    """
    token = _in_force.set(Budget(budget) if isinstance(budget, int) else budget)
    try:
        yield
    finally:
        _in_force.reset(token)
