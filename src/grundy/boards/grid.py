"""Games on a rectangular board of cells (:mod:`grundy.boards.bitgrid`): what Cram (game 8),
kings (7), bishops (6) and rows (9) share.

What "in play" means is the game's: a free cell (Cram), a cell where a piece may still be
put (kings, bishops: a ``#`` is a piece or a cell it attacks; which of the two does not
matter to the rest of the game), a cell with a checker (rows).  A position keeps its board
as written; the search crops and folds it, and splits it into a sum where its cells fall
apart into regions that no play joins (:meth:`GridGame.key`).

>>> from grundy import analyze, parse_position
>>> analyze("cram 3x3").nim_value, analyze("cram 3x5").winner
(0, 'first')
>>> str(parse_position("kings 3x5")), str(parse_position("cram #.../..../.##."))
('kings 3x5', 'cram #.../..../.##.')
>>> str(parse_position("cram #.../..../.##.").key())
'cram ...#/..../.##.'
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Iterator
from functools import partial

from grundy.boards.base import SYMMETRY, BoardGame, balanced
from grundy.boards.bitgrid import (
    Grid,
    bits,
    central_mirror,
    fold,
    orthogonal_neighbours,
    parse_grid,
    regions,
    square,
    to_rows,
)
from grundy.boards.strips import strip_reason, strip_value
from grundy.budget import search_positions
from grundy.caches import Memo
from grundy.core.game import Reply, RuleAnswer
from grundy.errors import InvalidPosition
from grundy.values import Outcome, Value

#: Why a whole board is won by its first play and the symmetry strategy, in words.
SYMMETRY_OPENING = ("the lecture's symmetry strategy: the first move is its own mirror image "
                    "and leaves the board its own mirror image with no move meeting its "
                    "image, so the first player then answers every move with its mirror "
                    "image and makes the last move")

# The same few states (small regions, the same board after different plays) are split over
# and over in a search; remembering the answers halves its time.
_splits: Memo[tuple[str, Grid], list[Grid]] = Memo("regions of boards", bound=1_000_000)


class GridGame(BoardGame[Grid]):
    """A game on a rectangle of cells (see the module's text for the conventions)."""

    symmetries = 8

    @property
    def empty(self) -> Grid:
        """The board with no cell in play."""
        return (0, 0, 0)

    def fold(self, state: Grid) -> Grid:
        """Cropped and folded by the rectangle's symmetries."""
        return fold(state)

    def connect(self, grid: Grid) -> int:
        """The cells in play and those joined to them by one play (for splitting)."""
        return orthogonal_neighbours(grid) | grid[2]

    def live(self, grid: Grid) -> Grid:
        """The grid without cells no play can ever use."""
        return grid

    def split(self, state: Grid) -> list[Grid]:
        """The folded regions of ``state``, cells that no play can use left out."""
        key = (self.name, state)
        found = _splits.get(key)
        if found is None:
            live = self.live(state)
            found = sorted(fold(part) for part in regions(live, self.connect)) if live[2] else []
            _splits[key] = found
        return list(found)

    def value(self, state: Grid) -> Value:
        """The nim-value; a board whose regions are rows (or kings' blocks of two rows) is
        the heap game it reduces to (:mod:`~grundy.boards.strips`), at any length; a whole
        board balanced by its shape (:meth:`symmetry_opening`) has the value 0."""
        found = strip_value(self, state)
        if found is None and self.symmetry_opening(state) == 0:
            found = 0
        return super().value(state) if found is None else found

    def reason(self, state: Grid) -> str | None:
        """The reduction to a heap game, when there is one; else the symmetry strategy."""
        if self.symmetry_opening(state) == 0:
            return SYMMETRY
        return strip_reason(self, state) or super().reason(state)

    def state_bound(self, state: Grid) -> int:
        """A whole board is one region: its bound, without a pass to find its regions."""
        rows, cols, cells = state
        if cells and cells == (1 << rows * cols) - 1:
            return self.region_bound(state)
        return super().state_bound(state)

    def opening_by_shape(self, rows: int, cols: int) -> int | None:
        """On the whole ``rows x cols`` board: 0 when the game's symmetry strategy is proved
        for the shape (the board is balanced: the second player wins), the play that
        balances it (the first player wins), or None when the shape decides nothing.
        None unless a game proves more."""
        return None

    def symmetry_opening(self, state: Grid) -> int | None:
        """:meth:`opening_by_shape` for a whole board, None for any other position: decided
        from the board's size, without a pass over its plays (a 1000x1000 board has two
        million).

        >>> from grundy.boards.cram import CRAM
        >>> CRAM.symmetry_opening((2, 3, 63)), CRAM.symmetry_opening((2, 4, 255))
        (18, 0)
        """
        rows, cols, cells = state
        if not cells or cells != (1 << rows * cols) - 1:
            return None
        return self.opening_by_shape(rows, cols)

    def symmetry_reply(self, state: Grid) -> Reply | None:
        """A whole board's shape says whether it is balanced, or which play balances it; after
        a play on a balanced board, the answer is the cells whose image is gone (where a play
        takes just its cells): one check instead of one per play.  Else the general search
        of :meth:`BoardGame.symmetry_reply`."""
        if self.mirror(state) is None:
            return None
        opening = self.symmetry_opening(state)
        if opening is not None:
            return Reply(self.describe_play(state, opening),
                         self.apply(state, opening)) if opening else None
        answer = state[2] & ~self.mirror(state)[2]
        if answer and self.legal(state, answer):
            after = self.apply(state, answer)
            if balanced(self, after):
                return Reply(self.describe_play(state, answer), after)
        return super().symmetry_reply(state)

    def symmetry_rule(self, state: Grid, limit: int) -> RuleAnswer | None:
        """Who wins a whole board that the symmetry strategy wins for the first player,
        with the opening play, when its bound exceeds ``limit`` (else the search gives the
        nim-value too); None otherwise."""
        play = self.symmetry_opening(state)
        if not play or self.region_bound(state) <= limit or strip_value(self, state) is not None:
            return None
        left = self.apply(state, play)
        return RuleAnswer(Outcome.N, ((self.describe_play(state, play),
                                       partial(self.settle, left)),), SYMMETRY_OPENING)

    def normal_rule(self, state: Grid) -> RuleAnswer | None:
        """:meth:`symmetry_rule`, for boards the search would refuse."""
        return self.symmetry_rule(state, search_positions() * self.symmetries)

    def mirror(self, state: Grid) -> Grid:
        """The half turn about the board's centre."""
        return central_mirror(state)

    def mirror_play(self, state: Grid, play: int) -> int:
        """The cells of a play turned half a turn about the board's centre."""
        last = state[0] * state[1] - 1
        # Cell by cell: a play has a few cells, the board may have thousands.
        return sum(1 << (last - i) for i in bits(play))

    def format_state(self, state: Grid) -> str:
        """``RxC`` for a full board, else the picture (top row first)."""
        rows, cols, cells = state
        if cells == (1 << rows * cols) - 1:
            return f"{rows}x{cols}"
        pictured = [line.replace("1", ".").replace("0", "#") for line in to_rows(state)]
        return "/".join(reversed(pictured))

    def extent(self, state: Grid) -> int:
        """The 64-bit words of the board's bitmask."""
        return state[0] * state[1] // 64 + 1

    def parse_state(self, tokens: list[str] | tuple[str, ...]) -> Grid:  # type: ignore[override]
        """``RxC`` or a picture such as ``..#./..../....``; see the module's text."""
        if len(tokens) != 1:
            raise InvalidPosition(f"{self.text} takes one board, RxC or rows like "
                                  f"..#./..../.... (top row first), not {' '.join(tokens)!r}")
        return parse_grid(tokens[0], self.text)

    def apply(self, state: Grid, play: int) -> Grid:
        """The cells of the play leave the game."""
        return (state[0], state[1], state[2] & ~play)

    def legal(self, state: Grid, play: int) -> bool:
        """A play is legal when all its cells are in play (its shape is the game's)."""
        return play != 0 and play & ~state[2] == 0


class PieceGame(GridGame):
    """A game of putting pieces (kings, bishops) on cells in play: each piece takes its
    cell, and the cells it attacks, out of play.

    >>> from grundy.boards.kings import KINGS
    >>> [KINGS.describe_play((1, 3, 7), play) for play in KINGS.plays((1, 3, 7))]
    ['put a king on a1', 'put a king on b1', 'put a king on c1']
    """

    #: The piece's name in the moves' words.
    piece: str = "piece"

    @abstractmethod
    def covered(self, rows: int, cols: int) -> tuple[int, ...]:
        """For each cell of a ``rows x cols`` board, the mask of the cells a piece put
        there takes out of play (its own cell included)."""

    def plays(self, state: Grid) -> Iterator[int]:
        """Each cell in play: a one-bit mask."""
        return (1 << i for i in bits(state[2]))

    def apply(self, state: Grid, play: int) -> Grid:
        """The piece's cell and the cells it attacks leave the game."""
        covered = self.covered(state[0], state[1])
        return (state[0], state[1], state[2] & ~covered[play.bit_length() - 1])

    def describe_play(self, state: Grid, play: int) -> str:
        """``put a king on c3``."""
        return f"put a {self.piece} on {square(*divmod(play.bit_length() - 1, state[1]))}"
