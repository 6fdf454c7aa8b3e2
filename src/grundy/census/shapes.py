"""Census shapes: a code whose ``?`` stand for every octal digit (``0.??``, ``4.???``).

The digit before the point is ``0``, ``4`` or ``?`` (both); a shape may also be written
without it, as in Winning Ways (``.??`` is ``0.??``).  Each ``?`` after the point is any
digit 0-7.  The codes are listed in increasing order with trailing zeros dropped, each once
(``0.70`` is ``0.7``), and the code that allows no move (``0.00``) is left out.

>>> [code.text for code in shape_codes("0.?")]
['0.1', '0.2', '0.3', '0.4', '0.5', '0.6', '0.7']
>>> len(shape_codes("0.??")), len(shape_codes("?.??"))
(63, 127)
>>> shape_codes("0.8?")
Traceback (most recent call last):
...
grundy.errors.InvalidShape: shape '0.8?' has '8' after the point; write octal digits 0-7 or ?
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable

from grundy.errors import InvalidShape, TooBig
from grundy.heap.codes import TakeBreakCode
from grundy.numerals import shown

#: The most codes one census may hold (the shape ``0.????``).
MAX_CODES = 4096
#: The most digits a shape may have after the point.
MAX_DIGITS = 12

_BEFORE_POINT = {"0": (0,), "4": (4,), "?": (0, 4)}
_AFTER_POINT = {**{str(d): (d,) for d in range(8)}, "?": tuple(range(8))}


def shape_codes(shape: str) -> list[TakeBreakCode]:
    """The distinct codes a shape stands for, smallest first (by length, then digits)."""
    before, after = _split(shape)
    choices = [_BEFORE_POINT[before]] + [_AFTER_POINT[c] for c in after]
    count = 1
    for options in choices:
        count *= len(options)
    if count > MAX_CODES:
        raise TooBig(f"the census of {shown(shape)}", size=count, limit=MAX_CODES,
                     unit="codes")
    return _distinct(TakeBreakCode(digits) for digits in itertools.product(*choices)
                     if any(digits))


def codes_of_shapes(shapes: Iterable[str]) -> list[TakeBreakCode]:
    """The codes of several shapes together, each once, smallest first.

    >>> [c.text for c in codes_of_shapes(["0.?", "0.7?"])][-3:]
    ['0.75', '0.76', '0.77']
    """
    found = [code for shape in shapes for code in shape_codes(shape)]
    distinct = _distinct(found)
    if len(distinct) > MAX_CODES:
        raise TooBig("the census of these shapes", size=len(distinct), limit=MAX_CODES,
                     unit="codes")
    return distinct


def code_order(code: TakeBreakCode) -> tuple[int, tuple[int, ...]]:
    """The order of codes in a census: fewer digits first, then by the digits.

    >>> code_order(TakeBreakCode((0, 7))) < code_order(TakeBreakCode((0, 0, 1)))
    True
    """
    return len(code.digits), code.digits


def _distinct(codes: Iterable[TakeBreakCode]) -> list[TakeBreakCode]:
    return sorted(set(codes), key=code_order)


def _split(shape: str) -> tuple[str, str]:
    if not shape:
        raise InvalidShape("the shape is empty; write it like 0.?? or 4.???")
    if "." not in shape:
        raise InvalidShape(f"shape {shown(shape)} has no point; write it like 0.?? or 4.???")
    before, after = shape.split(".", 1)
    before = before or "0"
    if before not in _BEFORE_POINT:
        raise InvalidShape(f"shape {shown(shape)} has {shown(before)} before the point; "
                           "octal codes have 0, 4 or ? there")
    if not after:
        raise InvalidShape(f"shape {shown(shape)} has no digit after the point; write it "
                           "like 0.?? or 4.???")
    if len(after) > MAX_DIGITS:
        raise InvalidShape(f"shape {shown(shape)} has {len(after)} digits after the point; "
                           f"at most {MAX_DIGITS} are allowed")
    for character in after:
        if character not in _AFTER_POINT:
            raise InvalidShape(f"shape {shown(shape)} has {shown(character)} after the point; "
                               "write octal digits 0-7 or ?")
    return before, after
