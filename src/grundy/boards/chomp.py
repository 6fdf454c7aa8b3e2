"""Chomp (game 16): take a square and every square above and to the right of it.

The model: the bottom-left square is poisoned and may not be taken, so a player who finds
only the poisoned square left cannot move and loses.  This is the lecture's rule ("who
blackens the corner loses") seen one move earlier: taking the corner is never a choice
anyone would make while another square is left, and once it is alone taking it is forced.

A state is the tuple of row lengths, bottom row first, non-increasing (a Young diagram);
``RxC`` is R rows of C squares.  Squares are named as on a chessboard, ``a1`` being the
poisoned corner.  The one symmetry is the reflection in the diagonal through the corner
(rows become columns), and states are folded by it.

Strategy stealing (exercise 29): every rectangle other than 1x1 is a first-player win.
Suppose the second player had a winning answer to every first move, in particular to the
move taking only the top-right square; whatever that answer takes, the first player could
have taken it first, since it also takes the top-right square.  The argument names no
move; the search finds them.  On a square board the first player also has a symmetry
strategy: take b2, leaving two equal arms, then copy every move of the opponent on the
other arm (:func:`grundy.boards.symmetry.symmetry_strategy`).  On two rows, rows of n and
n - 1 squares lose for the player to move: every move leaves equal rows or rows differing
by two or more, and taking the top-right square, or cutting the bottom row to one more
than the top row, restores a difference of one; so from 2xn the winning move is the
top-right square.

Nim-values come from a compiled table of every diagram in the state's box
(:mod:`grundy.boards.chomp_kernel`).  A lone rectangle whose box is too big to tabulate in
about a second is answered by :func:`rectangle_rule` (:meth:`Chomp.normal_rule`): the
first player wins, with the winning move of a square, of two rows or of one row, and no
nim-value.

>>> from grundy.analysis import analyze
>>> [m.description for m in analyze(CHOMP, (3, 3)).winning_moves]
['take b3 and every square above and to the right of it']
>>> str(analyze(CHOMP, (5, 5, 3)).position)
'chomp 3,3,3,2,2'
>>> [m.description for m in analyze("chomp 2x3").winning_moves]  # the player's frame
['take c2 and every square above and to the right of it']
>>> str(analyze("chomp 5,5,3").position)
'chomp 5,5,3'
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import partial
from itertools import accumulate, pairwise

from grundy.boards.base import BoardGame
from grundy.boards.bitgrid import MAX_CELLS, square
from grundy.budget import search_positions
from grundy.core.game import RuleAnswer
from grundy.errors import BEYOND, InvalidPosition, TooBig, capped
from grundy.numerals import is_whole_number, shown, sizes, whole_number
from grundy.values import Outcome, Value

Diagram = tuple[int, ...]


def conjugate(rows: Diagram) -> Diagram:
    """The diagram reflected in its diagonal: column lengths become row lengths.

    >>> conjugate((3, 1))
    (2, 1, 1)
    """
    return tuple(sum(1 for length in rows if length > c) for c in range(rows[0])) if rows else ()


def count_subdiagrams(rows: Diagram) -> int:
    """How many diagrams that keep the corner fit inside ``rows``: the positions of Chomp
    (cut to :data:`~grundy.errors.BEYOND`).

    >>> count_subdiagrams((2, 2)), count_subdiagrams((1,))
    (5, 1)
    """
    # ways[k]: diagrams of the rows so far whose top row so far has length k.  The count
    # only grows row by row, so it stops once it reaches BEYOND.
    ways = [0] + [1] * rows[0]
    for length in rows[1:]:
        if sum(ways) >= BEYOND:
            return BEYOND
        at_least = list(accumulate(reversed(ways)))[::-1]  # at_least[k] = sum(ways[k:])
        ways = at_least[: length + 1]
    return capped(sum(ways))


class Chomp(BoardGame[Diagram]):
    """Chomp on a Young diagram; the poisoned corner may not be taken (see the module).

    >>> CHOMP.value((3, 3)), CHOMP.value((1,)), CHOMP.value((4,))
    (4, 0, 3)
    """

    picture = "chomp"
    name = "chomp"

    symmetries = 2

    # Played in the player's frame by grundy.boards.frames; its own states are the search's.
    keeps_frame = False

    @property
    def empty(self) -> Diagram:
        """Only the poisoned square."""
        return (1,)

    def fold(self, state: Diagram) -> Diagram:
        """The diagram or its reflection, whichever is less."""
        return min(state, conjugate(state))

    def plays(self, state: Diagram) -> Iterator[tuple[int, int]]:
        """Each square (row, column) but the corner."""
        for r, length in enumerate(state):
            for c in range(length):
                if r or c:
                    yield (r, c)

    def apply(self, state: Diagram, play: tuple[int, int]) -> Diagram:
        """The rows from the square's up are cut at its column."""
        r, c = play
        cut = state[:r] + tuple(min(length, c) for length in state[r:])
        return tuple(length for length in cut if length)

    def legal(self, state: Diagram, play: tuple[int, int]) -> bool:
        """A square of the diagram, not the corner."""
        r, c = play
        return r < len(state) and c < state[r] and (r, c) != (0, 0)

    def describe_play(self, state: Diagram, play: tuple[int, int]) -> str:
        """``take c2 and every square above and to the right of it``."""
        return f"take {square(*play)} and every square above and to the right of it"

    def split(self, state: Diagram) -> list[Diagram]:
        """Chomp never falls apart: the folded state, unless only the corner is left."""
        return [] if state == (1,) else [self.fold(state)]

    def value(self, state: Diagram) -> Value:
        """The nim-value: compiled (:mod:`~grundy.boards.chomp_kernel`) when the table of the
        state's box looks at most :data:`WORK_FACTOR` times the search budget options, else
        by the general search (refused up front when too big).

        >>> CHOMP.value((10,) * 10), CHOMP.value((5, 5, 3))
        (19, 0)
        """
        from grundy.boards.chomp_kernel import diagram_value

        if state == (1,):
            return 0
        found = diagram_value(state, conjugate(state), WORK_FACTOR * search_positions())
        return super().value(state) if found is None else found

    def normal_rule(self, state: Diagram) -> RuleAnswer | None:
        """Who wins a rectangle whose box is too big to tabulate quickly (more than
        :data:`RULE_FROM` diagrams) or whose moves are too many to value one by one (more
        than :data:`RULE_SQUARES` squares): :func:`rectangle_rule`; None otherwise.

        >>> CHOMP.normal_rule((3, 3)) is None, CHOMP.normal_rule((20,) * 30).outcome.winner
        (True, 'first')
        """
        from grundy.boards.chomp_kernel import box_size

        if box_size(len(state), state[0]) <= RULE_FROM and len(state) * state[0] <= RULE_SQUARES:
            return None
        return rectangle_rule(state)

    def region_bound(self, region: Diagram) -> int:
        """The diagrams inside ``region`` that keep the corner."""
        return count_subdiagrams(region)

    def mirror(self, state: Diagram) -> Diagram:
        """The reflection in the diagonal through the corner."""
        return conjugate(state)

    def extent(self, state: Diagram) -> int:
        """The rows of the diagram."""
        return len(state)

    def mirror_play(self, state: Diagram, play: tuple[int, int]) -> tuple[int, int]:
        """The square reflected in the diagonal."""
        return (play[1], play[0])

    def format_state(self, state: Diagram) -> str:
        """``RxC`` for a rectangle, else the row lengths ``5,5,3`` (bottom row first)."""
        if len(set(state)) == 1:
            return f"{len(state)}x{state[0]}"
        return ",".join(map(str, state))

    def parse_state(self, tokens: Sequence[str]) -> Diagram:
        """``RxC`` or row lengths, bottom row first, non-increasing, each >= 1."""
        if len(tokens) != 1:
            raise InvalidPosition("chomp takes one board: RxC (like 4x5) or row lengths "
                                  f"like 5,5,3 (bottom row first), not {' '.join(tokens)!r}")
        text = tokens[0]
        board = sizes(text, 2, "chomp board size", error=InvalidPosition)
        if board is not None:
            rows, cols = board
            if rows < 1 or cols < 1:
                raise InvalidPosition(f"chomp board {shown(text)} needs at least one row and one "
                                      "column (the poisoned square)")
            _refuse_big(text, rows * cols)
            return (cols,) * rows
        parts = text.split(",")
        if not all(is_whole_number(part) for part in parts):
            raise InvalidPosition(f"chomp board {shown(text)} is not RxC (like 4x5) nor row "
                                  "lengths like 5,5,3 (bottom row first)")
        rows_list = tuple(whole_number(part, "chomp row length", error=InvalidPosition)
                          for part in parts)
        _refuse_big(text, sum(rows_list))
        if any(length < 1 for length in rows_list):
            raise InvalidPosition(f"chomp board {text!r}: every row has at least one square")
        if any(a < b for a, b in pairwise(rows_list)):
            raise InvalidPosition(f"chomp board {text!r}: row lengths go bottom row first and "
                                  "never grow upwards (like 5,5,3)")
        return rows_list


#: How many options per position of the search budget the compiled table of a box may
#: look at (13x13 fits the default budget: 10 400 600 diagrams, 9e8 options, about 8 s).
WORK_FACTOR = 500


#: Boxes of more diagrams than this (12x12 and up, a second or more to tabulate) answer a
#: lone rectangle by :func:`rectangle_rule`, without a nim-value.
RULE_FROM = 1_000_000
#: ... and so do rectangles of more squares than this (each move's option is a pass over
#: the rows, so valuing them all grows as the square of the side: 2x1000 took 9 s).
RULE_SQUARES = 1000

STEALING = ("strategy stealing: if the second player could answer every first move with a "
            "win, in particular the move taking only the top-right square, the first player "
            "could make that answer first, since it also takes the top-right square; so the "
            "first player wins, though the argument names no move")
SQUARE = ("; on a square board taking b2 leaves two equal arms, and copying each move of "
          "the opponent on the other arm then wins")
TWO_ROWS = ("; on two rows taking the top-right square leaves rows of n and n - 1 squares, "
            "which lose for the player to move (every move leaves rows of equal length or "
            "differing by two or more, and the answer restores a difference of one)")
ONE_ROW = "; on one row taking all but the poisoned square wins"


def rectangle_rule(state: Diagram) -> RuleAnswer | None:
    """Who wins a rectangle, by strategy stealing, with the winning move of a square, of two
    rows or of one row (see the module); None for a diagram that is not a rectangle or is
    only the poisoned square.

    >>> rule = rectangle_rule((5,) * 2)
    >>> (move, option), = rule.moves
    >>> rule.outcome.winner, move, CHOMP.format_state(option())
    ('first', 'take e2 and every square above and to the right of it', '2,2,2,2,1')
    >>> [move for move, _ in rectangle_rule((7,) * 7).moves], rectangle_rule((5, 3))
    (['take b2 and every square above and to the right of it'], None)
    """
    rows, cols = len(state), state[0]
    if len(set(state)) != 1 or rows * cols == 1:
        return None
    if min(rows, cols) == 1:
        play, why = ((0, 1) if rows == 1 else (1, 0)), ONE_ROW
    elif rows == cols:
        play, why = (1, 1), SQUARE
    elif min(rows, cols) == 2:
        play, why = (rows - 1, cols - 1), TWO_ROWS
    else:
        return RuleAnswer(Outcome.N, (), STEALING)
    move = (CHOMP.describe_play(state, play), partial(CHOMP.settle, CHOMP.apply(state, play)))
    return RuleAnswer(Outcome.N, (move,), STEALING + why)


#: The most squares a board may have.
MAX_SQUARES = MAX_CELLS


def _refuse_big(text: str, squares: int) -> None:
    if squares > MAX_SQUARES:
        raise TooBig(f"reading the chomp board {shown(text)}", size=squares, limit=MAX_SQUARES,
                     unit="squares")


CHOMP = Chomp()
