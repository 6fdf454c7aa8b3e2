"""Cram (game 8): put a domino on two free cells side by side."""

from __future__ import annotations

from collections.abc import Iterator

from grundy.boards.base import balanced
from grundy.boards.bitgrid import (
    COUNTED_WIDTH,
    Grid,
    bits,
    edge_masks,
    narrow_first,
    orthogonal_neighbours,
    square,
)
from grundy.boards.compiled_grid import CompiledGridGame
from grundy.boards.published import SOURCE, published_cram_value
from grundy.boards.symmetry import symmetry_strategy
from grundy.core.game import MisereRule
from grundy.values import Outcome


class Cram(CompiledGridGame):
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

    def normal_rule(self, state: Grid) -> MisereRule | None:
        """Who wins a whole board that the search would refuse under the budget in force and
        no symmetry strategy decides (the odd x odd ones), with its nim-value, from the
        published table (:mod:`grundy.boards.published`); None otherwise.  No winning move
        is named: finding one is a search, which a time budget runs.

        >>> rule = CRAM.normal_rule((7, 7, (1 << 49) - 1))
        >>> rule.outcome.winner, rule.value, CRAM.normal_rule((3, 5, (1 << 15) - 1))
        ('first', 1, None)
        """
        rows, cols, cells = state
        value = published_cram_value(rows, cols)
        if (value is None or cells != (1 << rows * cols) - 1
                or balanced(self, state) or symmetry_strategy(self, state) is not None
                or self.region_bound(state) <= self.kernel_limit()):
            return None
        outcome = Outcome.of_value(value)
        return MisereRule(outcome, (), (
            f"the published nim-value of Cram {rows}x{cols}, {value} ({SOURCE}): the "
            f"{outcome.winner} player wins; a winning move is not named, as finding one "
            "needs the search, which a time budget runs (--budget)"), value)

    def region_bound(self, region: Grid) -> int:
        """The number of sets of dominoes on the region (each position is one), or 2^cells
        when the region is too wide to count or the number does not fit in 64 bits."""
        from grundy.boards import region_kernel

        lines = narrow_first(region)
        width = len(lines[0]) if lines else 0
        count = region_kernel.count_placements(lines) if width <= COUNTED_WIDTH else None
        return 1 << region[2].bit_count() if count is None else count


CRAM = Cram()
