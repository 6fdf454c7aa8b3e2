"""The time a misère quotient's construction may take: it stops where it got to, and says so.

Building a quotient can take minutes, or never end (the quotient may be infinite); a
question asked on the command line wants an answer or a refusal within seconds.  The
construction (:mod:`grundy.misere.quotient`, :mod:`grundy.misere.recalibrate`) calls
:func:`check_time` in each of its loops; inside :func:`time_limit` that stops it with
:class:`OutOfTime` once the time is spent.

>>> with time_limit(0):
...     check_time()
Traceback (most recent call last):
...
grundy.misere.deadline.OutOfTime: not finished within 0 s of work; more time (--budget) may \
take it further
>>> check_time()   # no limit around: nothing happens
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar


class QuotientUnknown(Exception):
    """The quotient could not be extended to the next heap (see the message for why)."""


class OutOfTime(QuotientUnknown):
    """The construction ran past the time it was given (:func:`time_limit`)."""


#: When the construction in this thread or task must stop, and the seconds it was given.
_deadline: ContextVar[tuple[float, float] | None] = ContextVar("quotient_deadline",
                                                                default=None)


@contextmanager
def time_limit(seconds: float | None) -> Iterator[None]:
    """Stop quotient constructions inside after ``seconds`` (None: no limit)."""
    token = _deadline.set(None if seconds is None else (time.monotonic() + seconds, seconds))
    try:
        yield
    finally:
        _deadline.reset(token)


def check_time() -> None:
    """Raise :class:`OutOfTime` once the time of the :func:`time_limit` around is spent."""
    limit = _deadline.get()
    if limit is not None and time.monotonic() > limit[0]:
        raise OutOfTime(f"not finished within {limit[1]:g} s of work; more time (--budget) may "
                        "take it further")
