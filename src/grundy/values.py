"""Nim-values and outcomes: ``mex``, the nim-sum, :class:`Outcome`, and loopy values.

A nim-value (Sprague–Grundy value, the texts' "Nimber") is a whole number for a game
without cycles.  In a game with cycles a position's value is either a whole number or
:class:`Infinite` — Smith's ∞(A), where A is the set of finite values among its options.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass
from functools import reduce
from operator import xor


def mex(values: Iterable[int]) -> int:
    """The least whole number >= 0 that is not among ``values`` (minimum excludant).

    Linear in the number of values.

    >>> mex([]), mex([0, 1, 3]), mex([1, 2])
    (0, 2, 0)
    """
    present = set(values)
    least = 0
    while least in present:
        least += 1
    return least


def nim_sum(*values: int) -> int:
    """The nim-sum (xor, binary addition without carry) of whole numbers.

    >>> nim_sum(3, 2, 1), nim_sum(43, 15, 37, 17), nim_sum()
    (0, 16, 0)
    """
    return reduce(xor, values, 0)


class Outcome(enum.Enum):
    """Who wins with perfect play: the player to move (N), the other one (P), or nobody (D).

    >>> Outcome.N.winner, Outcome.P.winner, Outcome.D.winner
    ('first', 'second', 'draw')
    """

    P = "P"
    N = "N"
    D = "D"

    @property
    def winner(self) -> str:
        """``first`` (the player to move), ``second`` or ``draw``."""
        return {"N": "first", "P": "second", "D": "draw"}[self.value]

    @classmethod
    def of_value(cls, value: Value) -> Outcome:
        """The normal-play outcome a nim-value (finite or infinite) implies.

        >>> Outcome.of_value(0), Outcome.of_value(3), Outcome.of_value(Infinite({1}))
        (<Outcome.P: 'P'>, <Outcome.N: 'N'>, <Outcome.D: 'D'>)
        """
        if isinstance(value, Infinite):
            return cls.N if 0 in value.options else cls.D
        return cls.P if value == 0 else cls.N


class Method(enum.Enum):
    """How an answer was found: what code compares (the answer's words, shown to people, say
    the same at length and are never compared).

    >>> Method.QUOTIENT.value
    'misère quotient'
    """

    #: The nim-sum of the components' nim-values (Sprague–Grundy).
    SPRAGUE_GRUNDY = "Sprague-Grundy"
    #: Smith's generalised values of a game with cycles.
    SMITH = "Smith"
    #: A theorem the game knows for a lost position (a symmetry strategy), or a rule it
    #: knows at any size (Bouton's misère rule, strategy stealing).
    RULE = "rule"
    #: The outcome search alone: the first winning move, no nim-value.
    OUTCOME_SEARCH = "outcome search"
    #: A search of the whole position (misère play).
    SEARCH = "search"
    #: The misère quotient of the heaps' game (or of their union).
    QUOTIENT = "misère quotient"
    #: The tame rule: misère Nim's rule for a tame game.
    TAME = "tame rule"


@dataclass(frozen=True)
class Infinite:
    """Smith's loopy value ∞(A): the position can be kept alive for ever.

    ``options`` is A, the set of finite values among the position's options.  The player to
    move wins iff 0 is in A (moving to a 0-position); otherwise the game is a draw.

    >>> Infinite({0, 2})
    Infinite({0, 2})
    >>> str(Infinite({0, 2}))
    '∞(0,2)'
    """

    options: frozenset[int]

    def __init__(self, options: Iterable[int] = ()) -> None:
        object.__setattr__(self, "options", frozenset(options))

    def __repr__(self) -> str:
        inside = ", ".join(map(str, sorted(self.options)))
        return f"Infinite({{{inside}}})" if inside else "Infinite()"

    def __str__(self) -> str:
        return "∞(" + ",".join(map(str, sorted(self.options))) + ")"

    def to_json(self) -> dict[str, list[int]]:
        """The JSON form ``{"infinite": [...]}`` of the command line and web API."""
        return {"infinite": sorted(self.options)}


Value = int | Infinite


def add_values(left: Value, right: Value) -> Value:
    """The value of a disjunctive sum from its parts' values (Smith's rules).

    finite ⊕ finite = xor; ∞(A) + y = ∞(A ⊕ y); ∞ + ∞ = ∞(∅).

    >>> add_values(5, 3), add_values(Infinite({0, 2}), 2), add_values(Infinite({1}), Infinite())
    (6, Infinite({0, 2}), Infinite())
    """
    if isinstance(left, Infinite) and isinstance(right, Infinite):
        return Infinite()
    if isinstance(left, Infinite):
        assert isinstance(right, int)
        return Infinite(a ^ right for a in left.options)
    if isinstance(right, Infinite):
        return add_values(right, left)
    return left ^ right


def value_to_json(value: Value | None) -> int | dict[str, list[int]] | None:
    """The JSON form of a value: an integer, ``{"infinite": [...]}`` or ``null``.

    >>> value_to_json(7), value_to_json(Infinite({0})), value_to_json(None)
    (7, {'infinite': [0]}, None)
    """
    if isinstance(value, Infinite):
        return value.to_json()
    return value
