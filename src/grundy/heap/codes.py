"""Take-and-break codes, validated once: the digits ``d0.d1d2...dt`` and what they imply.

A :class:`TakeBreakCode` is made from a written code (:meth:`TakeBreakCode.parse`, as the
text form reads it) or from its digits (``TakeBreakCode((0, 7, 7))``, as the kernels are
called); either way it is checked once, and the ruleset, the compiled kernels and the
period certifier all take the same object.

>>> kayles = TakeBreakCode.parse("0.770")
>>> kayles.digits, kayles.text, kayles.largest_removal, kayles.max_parts
((0, 7, 7), '0.77', 2, 2)
>>> TakeBreakCode((0, 8)).hexadecimal, TakeBreakCode((0, 8)) == TakeBreakCode.parse("0.8",
... hexadecimal=True)
(True, True)

The notations of the literature are read too: Winning Ways' ``.77`` (``0.77``), a lone
``4`` (``4.0``), and CGSuite's ``!`` after a digit that splits, for splits into two
*unequal* heaps (Grundy's game is ``4!.0``):

>>> TakeBreakCode.parse(".77").text, TakeBreakCode.parse("4").text
('0.77', '4.')
>>> grundy = TakeBreakCode.parse("4!.0")
>>> grundy.digits, grundy.unequal, grundy.text
((4,), (0,), '4!.')
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from numbers import Integral

from grundy.errors import InvalidGame

_CODE = re.compile(r"([0-9a-fA-F]?!?)(?:\.((?:[0-9a-fA-F]!?)*))?")
_DIGIT = re.compile(r"([0-9a-fA-F])(!?)")
_BITS_BEFORE_POINT = 0b1100


@dataclass(frozen=True)
class TakeBreakCode:
    """The digits of a take-and-break code, trailing zeros removed.

    ``digits[k]`` is the digit for taking k tokens (0-15): bit 1 lets the heap be removed
    when it holds exactly k, bit 2 leaves one non-empty heap, bit 4 two, bit 8 three.
    ``digits[0]`` (taking nothing) may only have bits 4 and 8.  ``unequal`` lists the
    removals k whose splits into two heaps must leave two different sizes (CGSuite's ``!``);
    their digits must have bit 4 and not bit 8.

    >>> TakeBreakCode((1, 7))
    Traceback (most recent call last):
    ...
    grundy.errors.InvalidGame: digit before the point may only be 0, 4, 8 or 12 (splitting \
without taking), not 1
    """

    digits: tuple[int, ...]
    unequal: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        checked = tuple(self.digits)
        if not checked:
            raise InvalidGame("take-and-break code has no digits; give at least d0 "
                              "(like 0, 7, 7)")
        for taken, digit in enumerate(checked):
            if isinstance(digit, bool) or not isinstance(digit, Integral):
                raise InvalidGame(f"digit {digit!r} (for taking {taken}) is not a whole "
                                  f"number 0-15")
            if not 0 <= digit <= 15:
                raise InvalidGame(f"digit {digit} (for taking {taken}) is not a hexadecimal "
                                  f"digit 0-15")
        if checked[0] & 3:
            raise InvalidGame(f"digit before the point may only be 0, 4, 8 or 12 (splitting "
                              f"without taking), not {checked[0]}")
        digits = [int(d) for d in checked]
        while len(digits) > 1 and digits[-1] == 0:
            digits.pop()
        object.__setattr__(self, "digits", tuple(digits))
        unequal = tuple(sorted({int(k) for k in self.unequal}))
        for taken in unequal:
            if not 0 <= taken < len(digits) or digits[taken] & 12 != 4:
                raise InvalidGame(f"'!' (unequal parts) is only for a digit that splits in two "
                                  f"(4-7), not for taking {taken}")
        object.__setattr__(self, "unequal", unequal)

    def __repr__(self) -> str:
        unequal = f", unequal={self.unequal}" if self.unequal else ""
        return f"TakeBreakCode(digits={self.digits}{unequal})"

    @classmethod
    def parse(cls, code: str, *, hexadecimal: bool = False) -> TakeBreakCode:
        """The code written ``D.DDD``; digits 8-f only when ``hexadecimal``.

        >>> TakeBreakCode.parse("0.77"), TakeBreakCode.parse("4.070").digits
        (TakeBreakCode(digits=(0, 7, 7)), (4, 0, 7))
        >>> TakeBreakCode.parse("0.8")
        Traceback (most recent call last):
        ...
        grundy.errors.InvalidGame: digit '8' (for taking 1) in octal code '0.8' is not octal \
(0-7); hexadecimal codes are written hex:0.8
        """
        kind = "hexadecimal" if hexadecimal else "octal"
        written = f"hex:{code}" if hexadecimal else f"octal:{code}"
        if not code:
            raise InvalidGame(f"{kind} code is empty; write it like {written}0.77")
        match = _CODE.fullmatch(code)
        if match is None or not (match.group(1) or match.group(2)):
            raise InvalidGame(f"{kind} code {code!r} is not of the form D.DDD (like 0.77, .77, "
                              f"4 or 4!.0)")
        before, after = match.group(1) or "0", match.group(2) or ""
        if before == "!":
            raise InvalidGame(f"'!' in {code!r} must follow a digit")
        written_digits = [(before[0], before[1:]), *_DIGIT.findall(after)]
        digits = [int(d, 16) for d, _ in written_digits]
        unequal = tuple(k for k, (_, mark) in enumerate(written_digits) if mark)
        if not hexadecimal:
            for taken, digit in enumerate(digits):
                if digit > 7:
                    where = "before the point" if taken == 0 else f"for taking {taken}"
                    raise InvalidGame(f"digit '{digit:x}' ({where}) in octal code {code!r} is"
                                      f" not octal (0-7); hexadecimal codes are written "
                                      f"hex:{code}")
        if digits[0] & ~_BITS_BEFORE_POINT:
            raise InvalidGame(f"digit before the point in {code!r} may only be 0, 4, 8 or c "
                              f"(splitting a heap without taking), not {before[0]}")
        if not any(digits):
            raise InvalidGame(f"{kind} code {code!r} allows no move")
        return cls(tuple(digits), unequal)

    @classmethod
    def of(cls, code: TakeBreakCode | Sequence[int]) -> TakeBreakCode:
        """``code`` itself, or the code of those digits (checked).

        >>> TakeBreakCode.of([0, 7, 7]) == TakeBreakCode.of(TakeBreakCode((0, 7, 7)))
        True
        """
        return code if isinstance(code, TakeBreakCode) else cls(tuple(code))

    @property
    def text(self) -> str:
        """The code in canonical form, e.g. ``0.77`` (``4!.`` for Grundy's game)."""
        marks = ["!" if k in self.unequal else "" for k in range(len(self.digits))]
        return (f"{self.digits[0]:x}{marks[0]}." +
                "".join(f"{d:x}{mark}" for d, mark in zip(self.digits[1:], marks[1:],
                                                           strict=True)))

    @property
    def hexadecimal(self) -> bool:
        """True when some move may leave three heaps (a digit has bit 8)."""
        return any(d & 8 for d in self.digits)

    @property
    def largest_removal(self) -> int:
        """``t``: the most tokens a move removes (the index of the last non-zero digit)."""
        return max((k for k, d in enumerate(self.digits) if d), default=0)

    @property
    def max_parts(self) -> int:
        """The most heaps one move may leave in place of one.

        >>> TakeBreakCode((0, 3)).max_parts, TakeBreakCode((4,)).max_parts
        (1, 2)
        """
        return max(3 if d & 8 else 2 if d & 4 else 1 for d in self.digits)

    @property
    def guy_smith_octal(self) -> bool:
        """True for octal codes in the sense of Guy and Smith: digits 0-7, ``d0 = 0``."""
        return self.digits[0] == 0 and all(d <= 7 for d in self.digits)

    @property
    def takes(self) -> list[tuple[int, int]]:
        """The moves that leave at most one heap, as (k, bits 1|2) pairs."""
        return [(k, d & 3) for k, d in enumerate(self.digits) if k > 0 and d & 3]

    @property
    def splits(self) -> list[int]:
        """The removals that may leave two heaps."""
        return [k for k, d in enumerate(self.digits) if d & 4]

    @property
    def triples(self) -> list[int]:
        """The removals that may leave three heaps."""
        return [k for k, d in enumerate(self.digits) if d & 8]


#: Grundy's game as a code, ``4!.0``: split a heap into two heaps, kept unequal.
SPLIT_IN_TWO = TakeBreakCode((4,), unequal=(0,))
