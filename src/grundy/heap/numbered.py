"""Games named by one whole number, ``name:K``: the number checked once, and the text form,
the parameters and the ``repr`` made from it.

>>> from grundy.heap.moore import Moore
>>> Moore.parse("2"), Moore(2).text, Moore(2) == Moore.parse("2")
(Moore(2), 'moore:2', True)
>>> Moore(0)
Traceback (most recent call last):
...
grundy.errors.InvalidGame: moore:0: k is the most heaps a move takes from, a whole number 1-1000
"""

from __future__ import annotations

from typing import ClassVar, Self

from grundy.errors import InvalidGame
from grundy.numerals import whole_number


class Numbered:
    """The rules of a game that one whole number :attr:`number` names, from :attr:`lowest`
    to :attr:`highest` (put before the game's class among the bases)."""

    name: ClassVar[str]
    #: The range of the number.
    lowest: ClassVar[int]
    highest: ClassVar[int]
    #: What the number is, as the refusal of one out of range says it (``the pool is``).
    number_is: ClassVar[str]
    #: The number's name in the text form, as a refusal of its text says it (``the pool K``).
    number_named: ClassVar[str]

    def __init__(self, number: int) -> None:
        if (isinstance(number, bool) or not isinstance(number, int)
                or not self.lowest <= number <= self.highest):
            raise InvalidGame(f"{self.name}:{number}: {self.number_is} a whole number "
                              f"{self.lowest}-{self.highest}")
        self.number = number

    @classmethod
    def parse(cls, parameter: str) -> Self:
        """``name:K``: the game of the number ``K``."""
        return cls(whole_number(parameter, f"{cls.name}:K, {cls.number_named}",
                                minimum=cls.lowest, error=InvalidGame))

    @property
    def text(self) -> str:
        """``name:K``."""
        return f"{self.name}:{self.number}"

    def parameters(self) -> int:
        """The number."""
        return self.number

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.number})"
