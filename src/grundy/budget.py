"""The work budget: how many positions a search may meet, how long it may take, and how
much memory the tables of big work may hold.

One :class:`Budget` is in force at a time: the one set by :func:`work_limit` around the
caller (in this thread or task only), or none, and then each kind of search has its default,
named here once.  Every search reads it here: the general solver, the board games' checks up
front, the heap values a game may compute, the misère search, the remoteness search.

>>> search_positions() == SEARCH_POSITIONS
True
>>> with work_limit(Budget(100, seconds=0.5)):
...     search_positions(), in_force(), holding_limit()
(100, Budget(positions=100, seconds=0.5, memory=None, limit=<Limit.COUNT: 'count'>), \
<Limit.COUNT: 'count'>)
>>> holding_limit()
<Limit.DEFAULTS: 'defaults'>
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, replace
from enum import Enum

from grundy.errors import InvalidArgument, SearchInterrupted, TooBig
from grundy.numerals import shown

#: Positions one search may meet by default (a few seconds of the general solver).
SEARCH_POSITIONS = 2_000_000
#: About the seconds the general solver takes for :data:`SEARCH_POSITIONS`: a time budget
#: of n times this allows n times as many positions.
SEARCH_SECONDS = 5.0
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


class Limit(Enum):
    """What holds a piece of work within its budget (:func:`holding_limit`).

    ``DEFAULTS``: no budget was given; each kind of search has its default count, and the
    constructions that take seconds (misère quotients) run for their default time.
    ``COUNT``: the counts of a :class:`Budget` a caller gave (a web request, one heap's
    search in a list): work that would need more is refused up front, and nothing that
    takes seconds to build is started.  ``CLOCK``: the time and memory of ``--budget``
    (:meth:`Budget.of`): the searches that watch the clock (the compiled board searches,
    :class:`Watch`) run until one is spent instead of being refused by their size.
    """

    DEFAULTS = "defaults"
    COUNT = "count"
    CLOCK = "clock"


@dataclass(frozen=True)
class Budget:
    """How much work is allowed: ``positions`` met by any one search (and heap values
    computed), ``seconds`` a remoteness search may take (None: no time limit), and
    ``memory``, the bytes the tables of one piece of work may hold (None:
    :func:`default_memory`, a share of the machine's); ``limit`` says which of them holds
    the work (:class:`Limit`: the counts, or the clock of a budget made by :meth:`of`)."""

    positions: int
    seconds: float | None = None
    memory: int | None = MEMORY
    limit: Limit = Limit.COUNT

    @classmethod
    def of(cls, seconds: float | None = None, memory: int | None = MEMORY) -> Budget:
        """The budget of ``seconds`` (a search is stopped when it runs longer; the positions a
        search may meet, checked up front, grow in proportion from :data:`SEARCH_POSITIONS`
        in :data:`SEARCH_SECONDS`) and ``memory`` bytes.

        >>> Budget.of(60, 2**30).positions, Budget.of(60, 2**30).limit
        (24000000, <Limit.CLOCK: 'clock'>)
        """
        if seconds is None:
            return cls(SEARCH_POSITIONS, None, memory, Limit.CLOCK)
        return cls(max(1, round(SEARCH_POSITIONS * seconds / SEARCH_SECONDS)), seconds, memory,
                   Limit.CLOCK)


_MEMORY_UNITS = {"b": 1, "kb": 10**3, "mb": 10**6, "gb": 10**9, "tb": 10**12,
                 "kib": 2**10, "mib": 2**20, "gib": 2**30, "tib": 2**40}
_TIME_UNITS = {"s": 1, "m": 60, "h": 3600}
_PART = re.compile(r"([0-9]{1,12}(?:\.[0-9]{1,6})?)([a-z]+)", re.IGNORECASE)
#: The least memory a budget may give: less holds no search's tables (``1B`` is a slip).
LEAST_MEMORY = 2**20


def parse_budget(text: str) -> Budget:
    """A budget from its text: a time, a memory or both, joined by a comma, each a number and
    its unit: ``s``, ``m``, ``h`` for seconds, minutes, hours; ``B``, ``KB``, ``MB``,
    ``GB``, ``TB`` (powers of 1000) or ``KiB``, ``MiB``, ``GiB``, ``TiB`` for memory (at
    least :data:`LEAST_MEMORY` bytes).  A capital ``M`` alone is refused: ``--max-memory``
    reads ``512M`` as 512 MiB, so here it would be ambiguous.

    >>> parse_budget("2GB,10m")
    Budget(positions=240000000, seconds=600.0, memory=2000000000, limit=<Limit.CLOCK: 'clock'>)
    >>> parse_budget("90s").seconds, parse_budget("512MiB").memory
    (90.0, 536870912)
    >>> parse_budget("10 parsecs")
    Traceback (most recent call last):
    ...
    grundy.errors.InvalidArgument: --budget part '10 parsecs' is not a time (like 90s, 10m, \
2h) nor a memory (like 2GB, 512MiB)
    >>> parse_budget("512M")
    Traceback (most recent call last):
    ...
    grundy.errors.InvalidArgument: --budget '512M' is ambiguous: write 512m for 512 minutes, \
or 512MiB (what --max-memory 512M means) or 512MB for memory
    """
    seconds: float | None = None
    memory: int | None = None
    for part in text.split(","):
        match = _PART.fullmatch(part.strip())
        unit = match.group(2).lower() if match else ""
        if match and match.group(2) == "M":
            number = match.group(1)
            raise InvalidArgument(f"--budget {shown(part.strip(), 40)} is ambiguous: write "
                                  f"{number}m for {number} minutes, or {number}MiB (what "
                                  f"--max-memory {number}M means) or {number}MB for memory")
        if match and unit in _TIME_UNITS and seconds is None:
            seconds = float(match.group(1)) * _TIME_UNITS[unit]
        elif match and unit in _MEMORY_UNITS and memory is None:
            memory = int(float(match.group(1)) * _MEMORY_UNITS[unit])
            if memory < LEAST_MEMORY:
                raise InvalidArgument(f"--budget {shown(part.strip(), 40)}: a memory budget "
                                      "is at least 1MiB (like 2GB, 512MiB)")
        elif match and unit in {**_TIME_UNITS, **_MEMORY_UNITS}:
            kind = "time" if unit in _TIME_UNITS else "memory"
            raise InvalidArgument(f"--budget {shown(text, 60)} gives the {kind} twice")
        else:
            raise InvalidArgument(f"--budget part {shown(part, 40)} is not a time (like 90s, "
                                  "10m, 2h) nor a memory (like 2GB, 512MiB)")
    if seconds is not None and seconds <= 0:
        raise InvalidArgument(f"--budget {shown(text, 60)}: the time must be more than 0")
    return Budget.of(seconds, memory)


def time_needed(positions: int) -> str:
    """The time budget, in the form :func:`parse_budget` reads, whose positions cover
    ``positions``: what a refusal up front advises.

    >>> time_needed(3 * 10**8), time_needed(10**6), time_needed(10**12)
    ('13m', '3s', 'more than 100h')
    """
    if positions > 100 * 3600 * SEARCH_POSITIONS:
        return "more than 100h"
    seconds = SEARCH_SECONDS * positions / SEARCH_POSITIONS
    if seconds >= 600:
        return f"{-(-seconds // 60):.0f}m"
    return f"{max(1, -(-seconds // 1)):.0f}s"


_in_force: ContextVar[Budget | None] = ContextVar("grundy_budget", default=None)


def in_force() -> Budget | None:
    """The budget set by the innermost :func:`work_limit` around the caller, or None."""
    return _in_force.get()


def holding_limit() -> Limit:
    """What holds the work here: the limit of the budget in force, or
    :attr:`Limit.DEFAULTS` outside any :func:`work_limit`."""
    budget = _in_force.get()
    return Limit.DEFAULTS if budget is None else budget.limit


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


def resident_bytes() -> int:
    """The memory this process holds now (its resident set), in bytes; 0 where the system
    does not say.

    >>> resident_bytes() > 0
    True
    """
    try:
        with open("/proc/self/statm", "rb") as statm:
            return int(statm.read().split()[1]) * int(os.sysconf("SC_PAGE_SIZE"))
    except (OSError, ValueError, IndexError):
        return 0


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


def playing_budget() -> Budget:
    """The budget of a remoteness search: the budget in force, else
    :data:`PLAYING_POSITIONS` (no time limit).

    >>> playing_budget().positions
    200000
    >>> with work_limit(10):
    ...     playing_budget().positions
    10
    """
    return _in_force.get() or Budget(PLAYING_POSITIONS)


_reporter: ContextVar[Callable[[str], None] | None] = ContextVar("grundy_progress",
                                                              default=None)


@contextmanager
def progress_to(report: Callable[[str], None]) -> Iterator[None]:
    """Send a line on the progress of searches that run longer than a second to ``report``
    inside the block (the command line writes it on a terminal's stderr)."""
    token = _reporter.set(report)
    try:
        yield
    finally:
        _reporter.reset(token)


#: Seconds between two progress lines of one search.
REPORT_EVERY = 0.25


class Watch:
    """The clock of one long search, which the search shows between chunks of its work: it
    stops the search with :class:`~grundy.errors.TooBig` past the time or the memory of the
    budget in force when the clock holds the work (:attr:`Limit.CLOCK`), and reports
    progress once the search has run a second.

    >>> with work_limit(Budget.of(seconds=1.0)):
    ...     watch = Watch("solving cram 7x7")
    >>> watch.start -= 2  # two seconds later
    >>> watch.tick(positions=10, regions=5, memory=80)
    Traceback (most recent call last):
    ...
    grundy.errors.TooBig: solving cram 7x7 (stopped after 10 positions, 5 regions solved) needs \
more than 1.0 seconds
    """

    def __init__(self, what: str, settled: str = "regions solved") -> None:
        self.what = what
        self.settled = settled
        self.start = time.monotonic()
        self._reported = 0.0
        budget = _in_force.get()
        self.budget = budget if budget is not None and budget.limit is Limit.CLOCK else None

    @property
    def by_clock(self) -> bool:
        """Whether the clock and memory of the budget (``--budget``) hold the search: it then
        runs until one of them says stop, not up to a count of positions."""
        return self.budget is not None

    def _so_far(self, positions: int, regions: int) -> str:
        return f"{positions:,} positions, {regions:,} {self.settled}"

    def tick(self, positions: int, regions: int, memory: int) -> None:
        """Look at the clock and the memory after some work; report or stop."""
        elapsed = time.monotonic() - self.start
        budget = self.budget
        if budget is not None and budget.seconds is not None and elapsed > budget.seconds:
            raise TooBig(f"{self.what} (stopped after {self._so_far(positions, regions)})",
                         limit=budget.seconds, unit="seconds")
        if budget is not None and budget.memory is not None and memory > budget.memory:
            raise TooBig(f"{self.what} (stopped after {self._so_far(positions, regions)})",
                         size=memory, limit=budget.memory, unit="bytes")
        report = _reporter.get()
        # A few lines a second at most, however often the search looks at the clock.
        if report is not None and elapsed >= 1 and elapsed - self._reported >= REPORT_EVERY:
            self._reported = elapsed
            rate = positions / elapsed if elapsed else 0
            report(f"{self.what}: {self._so_far(positions, regions)}, {rate:,.0f} positions/s,"
                   f" {elapsed:.0f} s{self._left(elapsed)}")

    def _left(self, elapsed: float) -> str:
        """What is left, where it can be told: the time a budget still allows (the search
        ends by then, answered or refused); nothing bounds a search without one.

        >>> with work_limit(Budget.of(seconds=60.0)):
        ...     watch = Watch("solving cram 6x6")
        >>> watch._left(12.4)
        ', at most 48 s left of the budget'
        """
        seconds = None if self.budget is None else self.budget.seconds
        if seconds is None:
            return ""
        return f", at most {max(0.0, seconds - elapsed):.0f} s left of the budget"

    def interrupted(self, positions: int, regions: int) -> SearchInterrupted:
        """What Ctrl-C during the search says: how far it got."""
        elapsed = time.monotonic() - self.start
        return SearchInterrupted(f"{self.what} stopped after {elapsed:.1f} s, "
                                 f"{self._so_far(positions, regions)} (kept for the next search"
                                 " in this process)")


_work: ContextVar[object | None] = ContextVar("grundy_work", default=None)


def current_work() -> object | None:
    """The piece of work under way: a token made by the outermost :func:`work_limit` around
    the caller (a command, a request of the web server) and shared by the limits inside it,
    or None outside any.  Tables that outlive a search are kept within one piece of work.

    >>> with work_limit(100):
    ...     outer = current_work()
    ...     with work_limit(10):
    ...         current_work() is outer
    True
    """
    return _work.get()


@contextmanager
def positions_limit(count: int) -> Iterator[None]:
    """Hold the searches inside the block to ``count`` positions each, the rest of the
    budget in force (its time, its memory, what holds the work) unchanged; outside any
    :func:`work_limit`, the defaults but for that count.

    >>> with positions_limit(500):
    ...     search_positions(), holding_limit()
    (500, <Limit.DEFAULTS: 'defaults'>)
    >>> with work_limit(Budget.of(60)), positions_limit(500):
    ...     search_positions(), in_force().seconds, holding_limit()
    (500, 60, <Limit.CLOCK: 'clock'>)
    """
    here = _in_force.get() or Budget(SEARCH_POSITIONS, limit=Limit.DEFAULTS)
    with work_limit(replace(here, positions=count)):
        yield


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
    work = _work.set(_work.get() or object())
    try:
        yield
    finally:
        _work.reset(work)
        _in_force.reset(token)
