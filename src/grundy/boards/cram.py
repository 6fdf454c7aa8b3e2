"""Cram (game 8): put a domino on two free cells side by side."""

from __future__ import annotations

from collections.abc import Iterator

from grundy.boards.bitgrid import (
    COUNTED_WIDTH,
    Grid,
    bits,
    edge_masks,
    narrow_first,
    orthogonal_neighbours,
    square,
)
from grundy.boards.grid import GridGame
from grundy.budget import search_positions
from grundy.core.game import Option
from grundy.values import Value


class Cram(GridGame):
    """Cram (game 8): put a domino on two free cells side by side; who cannot, loses.

    Positions fall apart into the regions of free cells joined side by side; a free cell
    with no free neighbour can never be covered and is dropped.

    Symmetry (the lecture's idea): on an even x even board the second player answers each
    domino with its image under the half turn about the centre; no domino is its own image
    and none meets its image, so the answer is always free: the second player wins.  On an
    even x odd board exactly one domino is its own image (across the centre); the first
    player takes it and then answers the same way, and wins.  Odd x odd boards (3x5: the
    first player wins, by search) have no such argument.  So Cram 100x200 is a second-player
    win, although far too big to search: :meth:`value` gives it the value 0 by this
    argument (a region left by play that is not balanced is refused with
    :class:`~grundy.errors.TooBig`), and :func:`grundy.boards.symmetry.symmetry_strategy`
    plays the answers.

    >>> CRAM.value((4, 4, (1 << 16) - 1)), CRAM.value((2, 3, 63))
    (0, 1)
    """

    name = "cram"

    def plays(self, state: Grid) -> Iterator[int]:
        """Each domino on two free cells: a two-bit mask."""
        rows, cols, cells = state
        not_last = edge_masks(rows, cols)[0]
        for i in bits(cells & (cells >> 1) & not_last):
            yield 0b11 << i
        for i in bits(cells & (cells >> cols)):
            yield (1 << i) | (1 << (i + cols))

    def describe_play(self, state: Grid, play: int) -> str:
        """``place a domino on b2-c2``."""
        first, second = bits(play)
        cols = state[1]
        return (f"place a domino on {square(*divmod(first, cols))}-"
                f"{square(*divmod(second, cols))}")

    def live(self, grid: Grid) -> Grid:
        """Free cells with a free neighbour: a lone cell never takes a domino."""
        return (grid[0], grid[1], grid[2] & orthogonal_neighbours(grid))

    def region_bound(self, region: Grid) -> int:
        """The number of sets of dominoes on the region (each position is one), or 2^cells
        when the region is too wide to count or the number does not fit in 64 bits."""
        from grundy.boards import cram_kernel

        lines = narrow_first(region)
        width = len(lines[0]) if lines else 0
        count = cram_kernel.count_placements(lines) if width <= COUNTED_WIDTH else None
        return 1 << region[2].bit_count() if count is None else count

    def value(self, state: Grid) -> Value:
        """The nim-value under normal play; compiled (:mod:`~grundy.boards.cram_kernel`) on
        boards of at most 64 cells, refused up front as by the general search when too big,
        unless each region is balanced (:func:`~grundy.boards.base.balanced`): then the
        symmetry strategy shows that the player to move loses, so the value is 0.

        >>> CRAM.value((1, 7, 0b1111111)), CRAM.value((5, 5, (1 << 25) - 1))
        (1, 0)
        >>> CRAM.value((6, 6, (1 << 36) - 1)), CRAM.value(CRAM.parse_state(["100x200"]))
        (0, 0)
        """
        from grundy.boards import cram_kernel

        rows, cols, cells = state
        if not cells or rows * cols > cram_kernel.MAX_CELLS or min(rows, cols) == 1:
            return super().value(state)
        known = cram_kernel.known_value(cells, rows, cols)
        if known is not None:
            return known
        # The compiled search settles about a million regions a second in a compact table,
        # so it may take on boards whose bound the general search would refuse.
        limit = KERNEL_FACTOR * search_positions()
        total = 0
        for region_rows, region_cols, region_cells in self.regions_to_search(state, limit):
            total ^= cram_kernel.region_value(region_cells, region_rows, region_cols)
        return total

    def moves_to_value(self, state: Grid, target: int) -> Iterator[tuple[str, Option]]:
        """The moves to options of nim-value ``target``, each play valued before it is settled.

        >>> [move for move, _ in CRAM.moves_to_value((1, 6, 0b111111), 0)]
        ['place a domino on c1-d1']
        """
        from grundy.boards import cram_kernel

        rows, cols, cells = state
        if rows * cols > cram_kernel.MAX_CELLS:
            yield from super().moves_to_value(state, target)
            return
        seen: set[Option] = set()
        for play in self.plays(state):
            # Settling (splitting and folding) costs far more than the compiled value.
            if self.value((rows, cols, cells & ~play)) != target:
                continue
            option = self.settle(self.apply(state, play))
            if option not in seen:
                seen.add(option)
                yield self.describe_play(state, play), option


#: How many times the search budget the compiled Cram search may take on (with the default
#: budget 5x6, 3x10 and 4x8 fit; 6x6 less a domino does not).
KERNEL_FACTOR = 16


CRAM = Cram()
