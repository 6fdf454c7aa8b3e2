"""Bishops (game 6): put a bishop where no bishop attacks it."""

from __future__ import annotations

from math import comb

from grundy.boards.bitgrid import GEOMETRY_KEPT, Grid, reflect
from grundy.boards.grid import PieceGame
from grundy.budget import check_memory, search_positions
from grundy.caches import remembered
from grundy.errors import TooBig
from grundy.values import Value


def _check_geometry(rows: int, cols: int) -> None:
    """Refuse up front a board whose diagonals would not fit the memory budget: a mask of
    the board for each cell (and drawing the diagonals costs as many words).

    >>> _check_geometry(1000, 1000)
    Traceback (most recent call last):
    ...
    grundy.errors.TooBig: the diagonals of a bishops board 1000x1000 needs about 1e+11 bytes; \
the limit is ...
    """
    cells = rows * cols
    check_memory(f"the diagonals of a bishops board {rows}x{cols}", cells * (cells // 8 + 1))


@remembered("board geometry: bishop_lines", most=GEOMETRY_KEPT)
def _bishop_lines(rows: int, cols: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The masks of the diagonals (r - c fixed) and anti-diagonals (r + c fixed)."""
    _check_geometry(rows, cols)
    diagonals = [0] * (rows + cols - 1)
    anti = [0] * (rows + cols - 1)
    for r in range(rows):
        for c in range(cols):
            diagonals[r - c + cols - 1] |= 1 << (r * cols + c)
            anti[r + c] |= 1 << (r * cols + c)
    return tuple(diagonals), tuple(anti)


@remembered("board geometry: bishop_reach", most=GEOMETRY_KEPT)
def _bishop_reach(rows: int, cols: int) -> tuple[int, ...]:
    """For each cell, its diagonal and anti-diagonal together."""
    diagonals, anti = _bishop_lines(rows, cols)
    return tuple(diagonals[r - c + cols - 1] | anti[r + c]
                 for r in range(rows) for c in range(cols))


def _whole_bound(rows: int, cols: int) -> int:
    """:meth:`Bishops.region_bound` of a whole board, counted without drawing it: every
    diagonal and anti-diagonal is used, diagonal ``i`` is of colour ``(i + cols - 1) % 2``
    and anti-diagonal ``i`` of colour ``i % 2``.

    >>> _whole_bound(8, 8) == comb(15, 7) ** 2  # 15 diagonals each way, 8 of one colour
    True
    """
    lines = rows + cols - 1
    total = 1
    for colour in (0, 1):
        used_d = sum(1 for i in range(lines) if (i + cols - 1) % 2 == colour)
        used_a = sum(1 for i in range(lines) if i % 2 == colour)
        total *= comb(used_d + used_a, used_d)
    return total


class Bishops(PieceGame):
    """Bishops (game 6): put a bishop where no bishop attacks it; colours do not matter.

    A bishop attacks along its diagonals up to the first piece; as every piece is a bishop,
    a cell is attacked as soon as any bishop stands on one of its diagonals.  So the state
    is the set of cells where a bishop may still go, and a bishop takes its two whole
    diagonals out.  Cells interact only through a shared diagonal: the white and the black
    cells are independent games, and the regions are the groups of cells joined by
    diagonals.  A state is fixed by which diagonals and anti-diagonals are used, which bounds
    the search: the 8x8 board has at most C(16, 8) + C(14, 7) regions to solve.

    Symmetry: on a board with an even number of columns the second player answers each
    bishop with its mirror image in the vertical middle line: a cell and its image are in
    one row, never on one diagonal, so the answer is legal and the second player wins the
    8x8 board (and any even-width board; even height works the same way across the
    horizontal middle line).

    >>> BISHOPS.value((8, 8, (1 << 64) - 1))
    0
    """

    picture = "chess-grid"
    name = "bishops"

    piece = "bishop"

    def covered(self, rows: int, cols: int) -> tuple[int, ...]:
        """A bishop's diagonals."""
        return _bishop_reach(rows, cols)

    def connect(self, grid: Grid) -> int:
        """Cells on a common diagonal interact."""
        rows, cols, cells = grid
        reached = 0
        for line in (*_bishop_lines(rows, cols)[0], *_bishop_lines(rows, cols)[1]):
            if line & cells:
                reached |= line
        return reached

    def opening_by_shape(self, rows: int, cols: int) -> int | None:
        """0 when a side is even: the reflection in the middle line across it maps each cell
        to one in its own row (or column), never on a diagonal with it (see the class);
        None when both sides are odd.

        >>> BISHOPS.opening_by_shape(1000, 1000), BISHOPS.opening_by_shape(7, 9)
        (0, None)
        """
        return 0 if rows % 2 == 0 or cols % 2 == 0 else None

    def value(self, state: Grid) -> Value:
        """The nim-value; a whole board too big to search is refused before its diagonals
        are drawn (a million cells would take gigabytes)."""
        rows, cols, cells = state
        if self.symmetry_opening(state) is None and cells == (1 << rows * cols) - 1:
            bound = self.region_bound(state)
            limit = search_positions() * self.symmetries
            if bound > limit:
                raise TooBig(f"solving bishops {rows}x{cols}", size=bound, limit=limit,
                             advice=self.budget_advice(state, bound))
        return super().value(state)

    def region_bound(self, region: Grid) -> int:
        """For each colour, C(d + a, d): choices of k of its d diagonals and k of a anti-ones."""
        rows, cols, cells = region
        if cells == (1 << rows * cols) - 1:
            return _whole_bound(rows, cols)
        diagonals, anti = _bishop_lines(rows, cols)
        total = 1
        for colour in (0, 1):
            used_d = sum(1 for i, line in enumerate(diagonals)
                         if line & cells and (i + cols - 1) % 2 == colour)
            used_a = sum(1 for i, line in enumerate(anti) if line & cells and i % 2 == colour)
            total *= comb(used_d + used_a, used_d)
        return total

    def mirror(self, state: Grid) -> Grid:
        """The reflection across the middle line that crosses no cell (if any)."""
        return reflect(state, across_columns=state[1] % 2 == 0 or state[0] % 2 == 1)

    def mirror_play(self, state: Grid, play: int) -> int:
        """The reflected cell."""
        rows, cols = state[0], state[1]
        r, c = divmod(play.bit_length() - 1, cols)
        if cols % 2 == 0 or rows % 2 == 1:
            return 1 << (r * cols + cols - 1 - c)
        return 1 << ((rows - 1 - r) * cols + c)


BISHOPS = Bishops()
