"""Kings (game 7): put a king where no king attacks it."""

from __future__ import annotations

from grundy.boards.bitgrid import (
    COUNTED_WIDTH,
    GEOMETRY_KEPT,
    Grid,
    king_area,
    narrow_first,
    row_patterns,
)
from grundy.boards.grid import PieceGame
from grundy.boards.region_games import CompiledGridGame
from grundy.caches import remembered


@remembered("board geometry: king_steps", most=GEOMETRY_KEPT)
def _king_steps(rows: int, cols: int) -> tuple[int, ...]:
    """For each cell, the mask of the cell and its (up to eight) neighbours."""
    return tuple(king_area((rows, cols, 1 << i)) for i in range(rows * cols))


class Kings(CompiledGridGame, PieceGame):
    """Kings (game 7): put a king where no king attacks it; who cannot, loses.

    The state is the set of cells where a king may still go; a king put on a cell takes it
    and its neighbours out.  Cells more than a king's step apart never interact, so the
    regions are the groups of cells joined by king steps.

    Symmetry: on an odd x odd board the first player puts a king in the centre; then every
    cell in play is two or more steps from its image under the half turn, so answering
    each king with its image is always legal, and the first player wins.  When the board has
    no central cell (8x8) a cell next to the centre and its image attack each other, and
    the half turn does not work; :func:`grundy.boards.symmetry.symmetry_strategy` answers
    only where it does.  The compiled search (:mod:`grundy.boards.region_kernel`) finds that
    the player to move loses on 8x8 (the nim-value is 0) in a few seconds.

    >>> KINGS.value((3, 3, 511)), KINGS.value((2, 2, 15))
    (1, 1)
    """

    picture = "chess-grid"
    name = "kings"

    piece = "king"

    # The kings' search meets far fewer regions than the bound says (8x8: 477 163 regions
    # against a bound of 1.4e9; Cram 5x7: 4.6 million against 1.5e9).
    kernel_factor = 128

    def covered(self, rows: int, cols: int) -> tuple[int, ...]:
        """A king's cell and its neighbours."""
        return _king_steps(rows, cols)

    def connect(self, grid: Grid) -> int:
        """Cells a king's step apart interact."""
        return king_area(grid)

    def region_bound(self, region: Grid) -> int:
        """The number of sets of kings no two of which attack (each position is one)."""
        lines = narrow_first(region)
        if len(lines[0]) > COUNTED_WIDTH:
            return 1 << region[2].bit_count()
        return count_king_sets(lines)


def count_king_sets(lines: list[str]) -> int:
    """How many sets of kings on the ``1`` cells attack no king of the set.

    Row by row over the rows' own kingsets: time O(rows * F^2), F ~ 1.62^width.

    >>> count_king_sets(["11", "11"]), count_king_sets(["111"])
    (5, 5)
    """
    counts = {0: 1}
    for line in lines:
        free = int(line[::-1], 2)
        patterns = [p for p in row_patterns(len(line)) if p & ~free == 0]
        nxt: dict[int, int] = {}
        for previous, ways in counts.items():
            guarded = previous | (previous << 1) | (previous >> 1)
            for pattern in patterns:
                if not pattern & guarded:
                    nxt[pattern] = nxt.get(pattern, 0) + ways
        counts = nxt
    return sum(counts.values())


KINGS = Kings()
