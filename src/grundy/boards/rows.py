"""Rows (game 9): take a run of adjacent checkers from one row or column."""

from __future__ import annotations

from collections.abc import Iterator

from grundy.boards.bitgrid import GEOMETRY_KEPT, Grid, bits, square
from grundy.boards.grid import GridGame
from grundy.caches import remembered


class Rows(GridGame):
    """Rows (game 9): take any run of adjacent checkers from one row or one column.

    The player who takes the last checker wins (normal play).  Runs lie in groups of
    checkers joined side by side, so these groups are the regions.  Every subset of the
    checkers can be reached, so the bound is 2^checkers: about 16 checkers take seconds.

    Symmetry: on an even x even board (the 8x8 of the lecture) the second player answers
    each run with its image under the half turn, which lies in another row or column and is
    still full: the second player wins.  Boards too big to search (8x8) get their value, 0,
    from this argument (:func:`~grundy.boards.base.balanced`).

    >>> ROWS.value((2, 2, 15)), ROWS.value((1, 5, 31))
    (0, 5)
    """

    name = "rows"

    def plays(self, state: Grid) -> Iterator[int]:
        """Every run of checkers in a row or a column, each once."""
        rows, cols, cells = state
        seen = set()
        for line_cells in (*_lines(rows, cols, True), *_lines(rows, cols, False)):
            run: list[int] = []
            for index in (*line_cells, -1):
                if index >= 0 and cells >> index & 1:
                    run.append(index)
                    continue
                for start in range(len(run)):
                    taken = 0
                    for end in range(start, len(run)):
                        taken |= 1 << run[end]
                        if taken not in seen:
                            seen.add(taken)
                            yield taken
                run = []

    def describe_play(self, state: Grid, play: int) -> str:
        """``take the checkers c2-e2`` or ``take the checker on c2``."""
        cols = state[1]
        taken = list(bits(play))
        first, last = square(*divmod(taken[0], cols)), square(*divmod(taken[-1], cols))
        if len(taken) == 1:
            return f"take the checker on {first}"
        return f"take the {len(taken)} checkers {first}-{last}"

    def opening_by_shape(self, rows: int, cols: int) -> int | None:
        """0 on an even x even board (balanced by the half turn); else the middle row (or
        column) of odd length taken whole: what is left is balanced, since every run left
        lies in a row, or half a column, that the half turn maps to another.

        >>> ROWS.opening_by_shape(2, 4), ROWS.opening_by_shape(3, 2), ROWS.opening_by_shape(2, 3)
        (0, 12, 18)
        """
        if rows % 2 == 0 and cols % 2 == 0:
            return 0
        if rows % 2:
            return ((1 << cols) - 1) << (rows // 2 * cols)
        return sum(1 << (r * cols + cols // 2) for r in range(rows))

    def region_bound(self, region: Grid) -> int:
        """Any subset of the checkers may be left."""
        return 1 << region[2].bit_count()


@remembered("board geometry: lines", most=GEOMETRY_KEPT)
def _lines(rows: int, cols: int, horizontal: bool) -> tuple[tuple[int, ...], ...]:
    """The cell indices of each row (or column), in order."""
    if horizontal:
        return tuple(tuple(r * cols + c for c in range(cols)) for r in range(rows))
    return tuple(tuple(r * cols + c for r in range(rows)) for c in range(cols))


ROWS = Rows()
