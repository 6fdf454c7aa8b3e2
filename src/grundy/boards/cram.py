"""Cram (game 8): put a domino on two free cells side by side."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

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
from grundy.boards.published import SOURCE, published_cram_value
from grundy.boards.region_games import CompiledGridGame
from grundy.budget import (
    SEARCH_SECONDS,
    Budget,
    Limit,
    in_force,
    search_positions,
    work_limit,
)
from grundy.core.game import Option, RuleAnswer, ready
from grundy.errors import BEYOND, TooBig
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
    :class:`~grundy.errors.TooBig`), and :meth:`~grundy.core.game.Game.symmetry_reply`
    plays the answers.

    >>> CRAM.value((4, 4, (1 << 16) - 1)), CRAM.value((2, 3, 63))
    (0, 1)
    """

    picture = "cram-grid"
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

    def opening_by_shape(self, rows: int, cols: int) -> int | None:
        """0 on an even x even board (balanced by the half turn), the domino across the
        centre on an even x odd one, None on an odd x odd one (see the class).

        >>> CRAM.opening_by_shape(4, 6), CRAM.opening_by_shape(3, 4), CRAM.opening_by_shape(3, 5)
        (0, 96, None)
        """
        if rows % 2 == 0 and cols % 2 == 0:
            return 0
        if rows % 2 == 0 and cols % 2 == 1:
            below = (rows // 2 - 1) * cols + cols // 2
            return (1 << below) | (1 << (below + cols))
        if rows % 2 == 1 and cols % 2 == 0:
            return 0b11 << (rows // 2 * cols + cols // 2 - 1)
        return None

    def normal_rule(self, state: Grid) -> RuleAnswer | None:
        """Who wins a whole board that the search would refuse under the budget in force:
        an even x odd one by the symmetry strategy, with the domino across the centre
        (:meth:`symmetry_rule`), and its published nim-value when there is one; an odd x odd
        one, which no symmetry strategy decides, with its nim-value from the published table
        (:mod:`grundy.boards.published`) and a winning move when the outcome search finds
        one in time (:meth:`searched_move`); None otherwise.

        >>> rule = CRAM.normal_rule((5, 11, (1 << 55) - 1))
        >>> rule.outcome.winner, rule.value, CRAM.normal_rule((3, 5, (1 << 15) - 1))
        ('second', 0, None)
        >>> rule = CRAM.normal_rule((6, 7, (1 << 42) - 1))
        >>> rule.value, [move for move, _ in rule.moves]
        (5, ['place a domino on d3-d4'])
        """
        # The compiled search may take a small board under any budget; a bigger one only
        # within the positions of the general search.
        small = self.compiled(state) and self.region_bound(state) <= self.kernel_limit()
        by_symmetry = self.symmetry_rule(state, BEYOND if small else
                                         search_positions() * self.symmetries)
        rows, cols, cells = state
        value = published_cram_value(rows, cols)
        if by_symmetry is not None:
            if value is None:
                return by_symmetry
            return replace(by_symmetry, value=value, reason=(
                f"{by_symmetry.reason}; its nim-value, {value}, is the published one "
                f"({SOURCE})"))
        if (value is None or cells != (1 << rows * cols) - 1
                or balanced(self, state) or self.symmetry_reply(state) is not None
                or self.region_bound(state) <= self.kernel_limit()):
            return None
        outcome = Outcome.of_value(value)
        words = (f"the published nim-value of Cram {rows}x{cols}, {value} ({SOURCE}): the "
                 f"{outcome.winner} player wins")
        if outcome is Outcome.P:
            return RuleAnswer(outcome, (), words, value)
        found = self.searched_move(state)
        if found is None:
            return RuleAnswer(outcome, (), words + (
                "; a winning move is not named, as the outcome search found none within the "
                "time budget (a longer one may: --budget)"), value)
        move, option = found
        return RuleAnswer(outcome, ((move, ready(option)),), words + (
            "; the winning move was found by the outcome search (it stops at the first)"),
            value)

    def searched_move(self, state: Grid) -> tuple[str, Option] | None:
        """The first winning move the outcome search finds (:meth:`winning_move`) within the
        time budget in force, or the time of the default one (:data:`~grundy.budget.
        SEARCH_SECONDS`: the positions it allows are a count, which the compiled search,
        watching its clock, does not use); None when the time runs out first."""
        budget = in_force()
        if budget is None or budget.limit is not Limit.CLOCK:
            budget = Budget.of(SEARCH_SECONDS)
        try:
            with work_limit(budget):
                return self.winning_move(state)
        except TooBig:
            return None

    def region_bound(self, region: Grid) -> int:
        """The number of sets of dominoes on the region (each position is one), or 2^cells
        when the region is too wide to count or the number does not fit in 64 bits."""
        lines = narrow_first(region)
        width = len(lines[0]) if lines else 0
        if width > COUNTED_WIDTH:
            return 1 << region[2].bit_count()
        # The compiled count (numba: a second to load) only for a region it can count.
        from grundy.boards import region_kernel

        count = region_kernel.count_placements(lines)
        return 1 << region[2].bit_count() if count is None else count



CRAM = Cram()
