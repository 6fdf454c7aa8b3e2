"""Periods of nim-sequences and how many values their theorems need: plain Python, so that
a period already proved (kept in memory or on disk) is used without loading the compiled
searches of :mod:`grundy.heap.period`, which finds and proves them, nor numpy.

>>> Period(71, 12, True, GUY_SMITH).value_at([n % 12 for n in range(83)], 10**18)
4
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from numbers import Integral
from typing import Protocol, SupportsInt

from grundy.errors import InvalidArgument, InvalidGame
from grundy.heap.codes import TakeBreakCode

GUY_SMITH = "Guy-Smith octal periodicity theorem"
K_HEAP = "k-heap take-and-break criterion"
SUBTRACTION_WINDOW = "subtraction window rule"
ARITHMETIC_CHECK = "three-heap arithmetic-periodicity check"


class Readable(Protocol):
    """Values read by heap: a numpy array, compact values, a list."""

    def __len__(self) -> int: ...

    def __getitem__(self, index: int, /) -> SupportsInt: ...


@dataclass(frozen=True, repr=False)
class Period:
    """A period of a nim-sequence: ``G(n + period) = G(n) + saltus`` for every
    ``n >= preperiod``; ``saltus`` is 0 for an ordinary period, and positive for an
    *arithmetic* period (values that grow by ``saltus`` each period, as Nim's do).

    ``certified`` is True only when a theorem, named by ``by``, proves it for every heap.

    >>> Period(71, 12, True, GUY_SMITH).to_json()["preperiod"]
    71
    >>> Period(0, 1, saltus=1)
    Period(preperiod=0, period=1, certified=False, by=None, saltus=1)
    """

    preperiod: int
    period: int
    certified: bool = False
    by: str | None = None
    saltus: int = 0

    def __repr__(self) -> str:
        saltus = f", saltus={self.saltus}" if self.saltus else ""
        return (f"Period(preperiod={self.preperiod}, period={self.period}, "
                f"certified={self.certified}, by={self.by!r}{saltus})")

    def __post_init__(self) -> None:
        if self.preperiod < 0 or self.period < 1:
            raise InvalidArgument(f"a period needs preperiod >= 0 and period >= 1, not "
                                  f"{self.preperiod} and {self.period}")

    def to_json(self) -> dict[str, object]:
        """The period as a JSON object.

        >>> Period(0, 3, True, SUBTRACTION_WINDOW).to_json()
        {'preperiod': 0, 'period': 3, 'certified': True, 'by': 'subtraction window rule', \
'saltus': 0}
        """
        return {"preperiod": self.preperiod, "period": self.period,
                "certified": self.certified, "by": self.by, "saltus": self.saltus}

    def value_at(self, values: Readable, n: int) -> int:
        """The value of heap ``n`` (any whole number, however large) from the values.

        ``values`` must hold at least ``preperiod + period`` values; heap ``n`` past the
        preperiod has the value of ``preperiod + (n - preperiod) % period``, plus the saltus
        once for each whole period between them.

        >>> Period(1, 3).value_at([0, 5, 6, 7], 10**100)
        5
        >>> Period(0, 2, saltus=2).value_at([0, 1], 7)
        7
        """
        if isinstance(n, bool) or not isinstance(n, Integral) or n < 0:
            raise InvalidArgument(f"heap size {n!r} is not a whole number >= 0")
        n = int(n)
        if len(values) < self.preperiod + self.period:
            raise InvalidArgument(f"{len(values)} values do not cover the preperiod and one "
                                  f"period ({self.preperiod} + {self.period})")
        if n < self.preperiod:
            return int(values[n])
        periods, offset = divmod(n - self.preperiod, self.period)
        return int(values[self.preperiod + offset]) + periods * self.saltus


def values_needed_take_break(code: TakeBreakCode | Sequence[int], preperiod: int, period: int
                             ) -> int:
    """How many values (heaps 0..N-1) :func:`certify_take_break` needs for this period.

    Octal codes: ``2e + 2p + t`` with ``e = max(preperiod, 1)``; other codes, whose moves
    leave up to ``k`` heaps: ``k e + k p + t + k``.

    >>> values_needed_take_break([0, 7, 7], 71, 12)
    168
    >>> values_needed_take_break([4, 0, 7], 0, 1)
    8
    """
    checked = TakeBreakCode.of(code)
    t, heaps = checked.largest_removal, most_heaps(checked)
    start = max(preperiod, 1)
    if checked.guy_smith_octal:
        return 2 * start + 2 * period + t
    return heaps * start + heaps * period + t + heaps


def most_heaps(code: TakeBreakCode) -> int:
    """``k`` of the k-heap criterion: 3 when a digit has bit 8, else 2."""
    return 3 if code.hexadecimal else 2


def values_needed_subtraction(amounts: Sequence[int], preperiod: int, period: int) -> int:
    """How many values :func:`certify_subtraction` needs: ``preperiod + period + max(S)``.

    >>> values_needed_subtraction([3, 5, 8], 0, 11)
    19
    """
    return preperiod + period + largest_amount(amounts)


def largest_amount(amounts: Sequence[int]) -> int:
    """The largest amount of a subtraction set, checked: whole numbers >= 1, at least one."""
    checked = list(amounts)
    if not checked:
        raise InvalidGame("subtraction set is empty; give at least one amount >= 1")
    for s in checked:
        if isinstance(s, bool) or not isinstance(s, Integral) or s < 1:
            raise InvalidGame(f"subtraction amount {s!r} is not a whole number >= 1")
    return int(max(checked))
