"""Whole numbers read from text: ASCII digits only, and not too many of them.

Every number a user types (heap sizes, board sizes, ``--to``, ``to=``, a move's number in
play) is read here, so that all of them accept the same spellings and refuse the rest with
the same clear message.  Python's ``int`` would also take ``1_0``, Arabic-Indic digits
(``١٢``) and surrounding spaces, and fails with its own message past 4300 digits.  A power
is written ``B^E`` (``10^18``, ``2^25``), as the sizes of research runs are usually named.

>>> whole_number("120", "heap size")
120
>>> whole_number("١٢", "heap size")
Traceback (most recent call last):
...
ValueError: heap size '١٢' is not a whole number; write it with the digits 0-9
"""

from __future__ import annotations

import math

#: Most digits a number may have (Python's own conversion limit is 4300).
MAX_DIGITS = 4000


def is_whole_number(text: str) -> bool:
    """True when ``text`` is a whole number written with the ASCII digits 0-9 only.

    >>> is_whole_number("007"), is_whole_number("1_0"), is_whole_number("²"), is_whole_number("")
    (True, False, False, False)
    """
    return text.isascii() and text.isdigit()


def shown(text: str, limit: int = 40) -> str:
    """``text`` quoted for a message: escaped (no raw control characters) and cut short.

    >>> print(shown("a" + chr(0) + "b"), shown("x" * 50, 10))
    'a\\x00b' 'xxxxxxx...'
    """
    return repr(text if len(text) <= limit else text[: limit - 3] + "...")


def whole_number(text: str, what: str, *, minimum: int = 0,
                 error: type[ValueError] = ValueError) -> int:
    """The whole number written in ``text``, or ``error`` naming ``what`` and the bad text.

    ``minimum`` is the least number allowed; a leading ``-`` is reported as negative.
    At most :data:`MAX_DIGITS` digits are read.

    >>> whole_number("0", "the heap", minimum=1)
    Traceback (most recent call last):
    ...
    ValueError: the heap '0' is too small; the least allowed is 1
    >>> whole_number("-3", "heap size")
    Traceback (most recent call last):
    ...
    ValueError: heap size '-3' is negative; give a whole number >= 0
    >>> whole_number("9" * 5000, "heap size")
    Traceback (most recent call last):
    ...
    ValueError: heap size has 5000 digits; at most 4000 are read
    >>> whole_number("0" * 5000 + "300", "price")
    300
    >>> whole_number("2^25", "--to"), whole_number("10^3", "heap size", minimum=1)
    (33554432, 1000)
    >>> whole_number("10^5000", "heap size")
    Traceback (most recent call last):
    ...
    ValueError: heap size '10^5000' has about 5001 digits; at most 4000 are read
    """
    base, caret, exponent = text.partition("^")
    if caret and is_whole_number(base) and is_whole_number(exponent):
        return _power(text, base, exponent, what, minimum, error)
    digits = text[1:] if text.startswith("-") else text
    # Leading zeros do not count: "000300" is the number 300.
    significant = digits.lstrip("0")
    if len(significant) > MAX_DIGITS and is_whole_number(digits):
        raise error(f"{what} has {len(significant)} digits; at most {MAX_DIGITS} are read")
    if text.startswith("-") and is_whole_number(digits):
        raise error(f"{what} {shown(text)} is negative; give a whole number >= {minimum}")
    if not is_whole_number(text):
        raise error(f"{what} {shown(text)} is not a whole number; write it with the digits 0-9")
    number = int(significant or "0")
    if number < minimum:
        raise error(f"{what} {shown(text)} is too small; the least allowed is {minimum}")
    return number


def _power(text: str, base: str, exponent: str, what: str, minimum: int,
            error: type[ValueError]) -> int:
    """``base^exponent``, refused before it is computed when it has too many digits."""
    b, e = int(base.lstrip("0") or "0"), int(exponent.lstrip("0")[:12] or "0")
    digits = 1 + math.floor(e * math.log10(b)) if b > 1 else 1
    if digits > MAX_DIGITS:
        raise error(f"{what} {shown(text)} has about {digits} digits; at most {MAX_DIGITS} "
                    "are read")
    number: int = b**e
    if number < minimum:
        raise error(f"{what} {shown(text)} is too small; the least allowed is {minimum}")
    return number


def sizes(text: str, count: int, what: str, *, error: type[ValueError] = ValueError
          ) -> tuple[int, ...] | None:
    """The ``count`` whole numbers of ``text`` joined by ``x`` (``4x5``), or None when
    ``text`` is not of that form; a number too long for :func:`whole_number` is ``error``.

    >>> sizes("4x5", 2, "board"), sizes("4x", 2, "board"), sizes("١x2", 2, "board")
    ((4, 5), None, None)
    >>> sizes("1x10^3", 2, "board")
    (1, 1000)
    """
    parts = text.split("x")
    if len(parts) != count or not all(is_whole_number(part.replace("^", "", 1))
                                      for part in parts):
        return None
    return tuple(whole_number(part, what, error=error) for part in parts)
