"""Chocolate (game 13): break a piece along a groove; the first to break off a 1x1 piece wins.

The model, exactly as a normal-play game: a position is the whole set of pieces (not a
sum of pieces: breaking off a 1x1 ends the whole game, whatever the other pieces are).
A move breaks one piece in two along a groove.  A move that makes a 1x1 piece wins on the
spot, so it leads to the finished position, written ``1x1``, where nobody can move: the
player who made it has made the last move and wins, as normal play says.  Every position
holding a 1x1 piece is that finished position.  Nim-values are those of this game graph;
sums with other games are allowed by the tool but have no meaning in the lecture.

Who wins, by hand: a piece one square wide (1xk, k >= 2) lets the player to move break off
a 1x1 at once.  So nobody wants to leave a strip; from pieces at least 2x2 the player who
cannot break without making a strip (every piece is 2x2, 2x3 or 3x3) loses.  The search
agrees with this and also gives every winning move.

A state is the sorted tuple of pieces ``(a, b)`` with ``a <= b``; text: ``5x8`` or several
pieces ``5x8 2x3``.

>>> from grundy.analysis import analyze
>>> a = analyze("chocolate 5x8")
>>> a.winner, [m.description for m in a.winning_moves]
('first', ['break 5x8 into 2x8 and 3x8', 'break 5x8 into 2x5 and 5x6', \
'break 5x8 into 3x5 and 5x5', 'break 5x8 into 4x5 and 4x5'])
>>> analyze("chocolate 1x3").winning_moves[0].description
'break 1x3 into 1x1 and 1x2, breaking off a 1x1: the game is won'
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence

from grundy.boards.base import BoardGame
from grundy.errors import BEYOND, InvalidPosition
from grundy.numerals import shown, sizes

Piece = tuple[int, int]
Bar = tuple[Piece, ...]

#: The finished position: somebody broke off a 1x1 piece.
FINISHED: Bar = ((1, 1),)

#: Total area beyond which the bound is not counted (it is astronomically big anyway).
_COUNTED_AREA = 2000


def piece(a: int, b: int) -> Piece:
    """A piece with its shorter side first."""
    return (a, b) if a <= b else (b, a)


def count_bars(pieces: Bar) -> int:
    """How many multisets of pieces, each fitting in a piece of ``pieces``, cover their area.

    Every position reachable from ``pieces`` is one of them (or the finished one).  Counts
    past :data:`~grundy.errors.BEYOND` are cut to it.

    >>> count_bars(((2, 2),))
    4
    """
    area = sum(a * b for a, b in pieces)
    if any(a * b > _COUNTED_AREA for a, b in pieces):
        # Such a piece has a side of 45 or more, so as many kinds: over 2001^45 multisets.
        return BEYOND
    kinds = {(p, q) for a, b in set(pieces) for p in range(1, a + 1) for q in range(p, b + 1)}
    if area > _COUNTED_AREA:
        if len(kinds) * math.log10(area + 1) >= math.log10(BEYOND):
            return BEYOND
        return int((area + 1) ** len(kinds))
    ways = [1] + [0] * area
    for p, q in kinds:
        size = p * q
        for total in range(size, area + 1):
            ways[total] += ways[total - size]
    return ways[area]


class Chocolate(BoardGame[Bar]):
    """Chocolate: break a piece; breaking off a 1x1 wins (see the module for the model).

    >>> CHOCOLATE.value(((2, 2),)), CHOCOLATE.value(((1, 2),)), CHOCOLATE.value(FINISHED)
    (0, 1, 0)
    """

    name = "chocolate"

    @property
    def empty(self) -> Bar:
        """The finished position."""
        return FINISHED

    def canonical(self, state: Bar) -> Bar:
        """Pieces sorted, shorter side first; any position with a 1x1 is the finished one."""
        pieces = tuple(sorted(piece(a, b) for a, b in state))
        return FINISHED if (1, 1) in pieces else pieces

    def plays(self, state: Bar) -> Iterator[tuple[int, int, int]]:
        """(piece index, 0 to cut across its rows or 1 across its columns, where)."""
        if (1, 1) in state:
            return
        for index, (a, b) in enumerate(state):
            if index and state[index - 1] == (a, b):
                continue
            for cut in range(1, a // 2 + 1):
                yield (index, 0, cut)
            for cut in range(1, b // 2 + 1):
                if a != b:
                    yield (index, 1, cut)

    def apply(self, state: Bar, play: tuple[int, int, int]) -> Bar:
        """The piece is replaced by its two halves."""
        index, across, cut = play
        a, b = state[index]
        halves = ((cut, b), (a - cut, b)) if across == 0 else ((a, cut), (a, b - cut))
        return (*state[:index], *halves, *state[index + 1:])

    def describe_play(self, state: Bar, play: tuple[int, int, int]) -> str:
        """``break 5x8 into 2x8 and 3x8``."""
        a, b = state[play[0]]
        after = self.apply(state, play)
        first, second = (piece(*p) for p in after[play[0]:play[0] + 2])
        words = f"break {a}x{b} into {first[0]}x{first[1]} and {second[0]}x{second[1]}"
        if (1, 1) in (first, second):
            words += ", breaking off a 1x1: the game is won"
        return words

    def split(self, state: Bar) -> list[Bar]:
        """Pieces are not independent (a 1x1 anywhere ends the game): one region."""
        folded = self.canonical(state)
        return [] if folded == FINISHED else [folded]

    def region_bound(self, region: Bar) -> int:
        """The multisets of pieces that could be left, and the finished position."""
        return count_bars(region) + 1

    def format_state(self, state: Bar) -> str:
        """The pieces, like ``2x3 5x8``."""
        return " ".join(f"{a}x{b}" for a, b in state)

    def parse_state(self, tokens: Sequence[str]) -> Bar:
        """Pieces ``RxC`` separated by spaces, each side at least 1."""
        if not tokens:
            raise InvalidPosition("chocolate needs at least one piece, like 5x8")
        pieces = []
        for token in tokens:
            sides = sizes(token, 2, "chocolate piece size", error=InvalidPosition)
            if sides is None or min(sides) < 1:
                raise InvalidPosition(f"chocolate piece {shown(token)} is not RxC with sides "
                                      ">= 1 (like 5x8)")
            pieces.append(piece(*sides))
        return tuple(sorted(pieces))


CHOCOLATE = Chocolate()
