"""What every problem shares: its registry entry, and reading whole numbers from its input.

An input is whole numbers separated by any white space (spaces, tabs, new lines, extra
white space at the end).  Anything else is refused with
:class:`~grundy.errors.InvalidArgument`, whose one-line message names the bad part.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from grundy.errors import InvalidArgument
from grundy.numerals import MAX_DIGITS, shown, whole_number

_WHOLE = re.compile(r"[+-]?[0-9]+")


@dataclass(frozen=True)
class Problem:
    """An olympiad problem of the texts: its name, what it reads and writes, its solver.

    ``solver`` maps the whole input text to the whole output text (ending with a newline).
    """

    name: str
    summary: str
    reads: str
    writes: str
    solver: Callable[[str], str]


class Numbers:
    """The whole numbers of an input, taken one by one under names used in error messages.

    >>> numbers = Numbers(" 2\\n 5\\t7 \\n")
    >>> count = numbers.take("N")
    >>> numbers.take_many(count, "heap sizes"), numbers.end()
    ([5, 7], None)
    >>> Numbers("3 x").take_many(2, "numbers")
    Traceback (most recent call last):
    ...
    grundy.errors.InvalidArgument: 'x' is not a whole number
    >>> Numbers("0").take("N", low=1)
    Traceback (most recent call last):
    ...
    grundy.errors.InvalidArgument: N = 0 is out of range; it must be at least 1
    """

    def __init__(self, text: str) -> None:
        self._values = [_whole(token) for token in text.split()]
        self._used = 0

    def take(self, name: str, *, low: int = 0) -> int:
        """The next number, called ``name``; it must be at least ``low``."""
        if self._used == len(self._values):
            raise InvalidArgument(f"the input ends before {name}")
        value = self._values[self._used]
        self._used += 1
        if value < low:
            raise InvalidArgument(f"{name} = {value} is out of range; it must be at least {low}")
        return value

    def take_many(self, count: int, name: str, *, low: int = 0) -> list[int]:
        """The next ``count`` numbers, together called ``name``; each at least ``low``."""
        left = len(self._values) - self._used
        if left < count:
            raise InvalidArgument(f"expected {count} {name}, but the input has only {left}")
        values = self._values[self._used:self._used + count]
        self._used += count
        for index, value in enumerate(values, 1):
            if value < low:
                raise InvalidArgument(f"number {index} of the {name} is {value}, which is out "
                                      f"of range; it must be at least {low}")
        return values

    def end(self) -> None:
        """Check that nothing is left over."""
        extra = len(self._values) - self._used
        if extra:
            raise InvalidArgument(f"{extra} number(s) more than expected at the end of the "
                                  f"input, starting with {self._values[self._used]}")


def _whole(token: str) -> int:
    if not _WHOLE.fullmatch(token):
        raise InvalidArgument(f"{shown(token)} is not a whole number")
    digits = token.lstrip("+-")
    if len(digits.lstrip("0")) > MAX_DIGITS:
        raise InvalidArgument(f"the number starting {digits[:20]}... has too many digits "
                              f"({len(digits)}); at most {MAX_DIGITS} are read")
    sign = -1 if token.startswith("-") else 1
    return sign * whole_number(digits, "a number", error=InvalidArgument)
