"""The exceptions of `grundy`: one narrow type per kind of bad input, and one for work too big.

Bad input raises a subclass of :class:`ValueError` whose message names the bad part and
what is allowed; the command line prints it as one line and exits with code 2, the web
layer answers HTTP 400.  Work that would exceed a budget raises :class:`TooBig` before it
starts (or as soon as the budget is crossed); the command line exits with code 3, the web
layer answers HTTP 413.

>>> try:
...     raise InvalidPosition("heap size '-3' is negative; heap sizes are whole numbers >= 0")
... except ValueError as error:
...     print(error)
heap size '-3' is negative; heap sizes are whole numbers >= 0
"""

from __future__ import annotations

import math
from typing import Any


class InvalidGame(ValueError):
    """A game's name or parameters (an octal code, a subtraction set, ...) are not valid."""


class InvalidPosition(ValueError):
    """A position's text or value does not describe a position of its game."""


class InvalidMove(ValueError):
    """A move that is not legal in the position it is played in."""


class InvalidShape(ValueError):
    """A census shape (``0.??``: a code whose ``?`` stand for any octal digit) is not valid."""


class InvalidArgument(ValueError):
    """A command or API argument other than a game or position is not valid (``--to -5``)."""


#: Sizes from here on are not told apart: bounds are cut to it, and a job of this size or more
#: is said to need "more than 1e+100".  Far beyond every budget, and cheap to multiply.
BEYOND = 10**100


def capped(size: int) -> int:
    """``size``, or :data:`BEYOND` if it is larger.

    >>> capped(12), capped(10**500) == BEYOND
    (12, True)
    """
    return min(size, BEYOND)


class TooBig(Exception):
    """Work that would exceed a budget (states, values, memory) and is refused.

    ``size`` is the size of the job, as far as it is known, in the unit ``unit``.

    >>> str(TooBig("misère search of 'kayles 60 60'", size=10**12, limit=10**6))
    "misère search of 'kayles 60 60' needs about 1e+12 states; the limit is 1000000"
    >>> str(TooBig("misère search of 'cram 100x200'", size=2**200)).split()[-2]
    '2e+60'
    >>> str(TooBig("solving kayles 20000", size=BEYOND, limit=10))
    'solving kayles 20000 needs more than 1e+100 states; the limit is 10'
    >>> str(TooBig("solving cram 3x11", size=3 * 10**8, limit=10**8, advice="raise it"))
    'solving cram 3x11 needs about 3e+8 states; the limit is 100000000; raise it'
    """

    def __init__(self, what: str, size: int | None = None, limit: int | float | None = None,
                 unit: str = "states", note: str | None = None, advice: str | None = None
                 ) -> None:
        self.what = what
        self.size = size
        self.limit = limit
        self.unit = unit
        self.note = note
        self.advice = advice
        super().__init__(self._message() + (f" ({note})" if note else "")
                         + (f"; {advice}" if advice else ""))

    def _message(self) -> str:
        if self.size is None:
            amount = f"more than {self.limit} {self.unit}" if self.limit else "too much work"
            return f"{self.what} needs {amount}"
        limit = f"; the limit is {self.limit}" if self.limit is not None else ""
        about = "more than" if self.size >= BEYOND else "about"
        return f"{self.what} needs {about} {_rounded(capped(self.size))} {self.unit}{limit}"


def short_number(number: int) -> str:
    """A whole number for a message: in full up to 30 digits, else rounded like ``1e+4000``.

    >>> short_number(12), short_number(10**4000)
    ('12', '1e+4000')
    """
    return str(number) if number < 10**30 else _rounded(number)


def _rounded(size: int) -> str:
    """A whole number of any size, shortened to one significant digit when it is long."""
    if size < 10**7:
        return str(size)
    # math.log10 takes integers of any size, where float() and str() would fail.
    exponent = math.floor(math.log10(size))
    mantissa = round(10 ** (math.log10(size) - exponent))
    if mantissa == 10:
        mantissa, exponent = 1, exponent + 1
    return f"{mantissa}e+{exponent}"


class SequenceInterrupted(KeyboardInterrupt):
    """Ctrl-C during a long computation; ``values`` holds the correct prefix computed so far.

    >>> error = SequenceInterrupted([0, 1, 2])
    >>> isinstance(error, KeyboardInterrupt), len(error.values)
    (True, 3)
    """

    def __init__(self, values: Any) -> None:
        super().__init__(f"interrupted after the values of heaps 0..{len(values) - 1}")
        self.values = values


class SearchInterrupted(KeyboardInterrupt):
    """Ctrl-C during a long search; the message says how far it got.

    >>> str(SearchInterrupted("solving kings on 8x8 cells stopped after 3.0 s"))
    'solving kings on 8x8 cells stopped after 3.0 s'
    """
