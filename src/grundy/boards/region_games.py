"""Grid games solved by the compiled search of :mod:`grundy.boards.region_kernel` (Cram,
kings) on boards of at most 64 cells: nim-values, and who wins with a first winning move.

The up-front check of a search (:meth:`~grundy.boards.base.BoardGame.regions_to_search`)
allows the compiled search :attr:`CompiledGridGame.kernel_factor` times the search budget:
it settles regions far faster than the general search, and meets far fewer than the bound.
When the clock holds the work (``--budget 10m``, :attr:`grundy.budget.Limit.CLOCK`), the
compiled search is not refused up front at all: it watches the clock and the memory
itself (:class:`grundy.budget.Watch`), and stops when either is spent.

Who wins a position of one region is searched apart (:meth:`~CompiledGridGame.winning_move`):
the plays are tried in order, those that leave a position lost by the symmetry strategy
first, then those that split the board, then the rest, and the search stops at the first
play whose option is lost for the player to move; below it the compiled search stops at the
first winning play of every region it only needs the outcome of.

>>> from grundy.boards.kings import KINGS
>>> KINGS.winning_move(KINGS.parse_state(["3x3"]))
('put a king on b2', (3, 3, 0))
>>> KINGS.winning_move(KINGS.parse_state(["2x4"])) is None
True
"""

from __future__ import annotations

from collections.abc import Iterator

from grundy.boards.base import balanced
from grundy.boards.bitgrid import Grid, crop
from grundy.boards.grid import GridGame
from grundy.boards.strips import strip_value
from grundy.budget import Limit, holding_limit, search_positions
from grundy.core.game import Option, RuleAnswer, ready
from grundy.errors import BEYOND
from grundy.values import Outcome, Value

#: The most cells of a board the compiled search takes: its ``MAX_CELLS``, said again here so
#: that numba is loaded only when a search runs.
MAX_KERNEL_CELLS = 64


#: How an answer found by the outcome search alone (no nim-value) says it was found.
OUTCOME_SEARCH = ("the outcome search (it stops at the first winning move; the nim-value "
                  "was not found within the budget)")


class CompiledGridGame(GridGame):
    """A grid game the compiled search knows (its :attr:`kernel_kind`)."""

    #: How many times the search budget the compiled search may take on up front.
    kernel_factor: int = 16

    @property
    def kernel_kind(self) -> int:
        """The game's kind in :mod:`grundy.boards.region_kernel` (named as the game)."""
        from grundy.boards import region_kernel

        return region_kernel.GAMES.index(self.name)

    def compiled(self, state: Grid) -> bool:
        """True when the compiled search takes ``state``: at most 64 cells, some in play."""
        rows, cols, cells = state
        return bool(cells) and rows * cols <= MAX_KERNEL_CELLS

    def kernel_limit(self) -> int:
        """The bound on a region's positions past which it is refused up front (none when
        the clock of ``--budget`` holds the work: the compiled search watches it)."""
        if holding_limit() is Limit.CLOCK:
            return BEYOND
        return self.kernel_factor * search_positions()

    def budget_advice(self, region: Grid, bound: int) -> str:
        """Any time budget lets the compiled search try a region of at most 64 cells."""
        if not self.compiled(region):
            return super().budget_advice(region, bound)
        return "with a time budget (--budget 10m) the search runs until it is spent"

    def value(self, state: Grid) -> Value:
        """The nim-value under normal play: compiled on boards of at most 64 cells,
        refused up front as by the general search when too big, unless each region is
        balanced (:func:`~grundy.boards.base.balanced`): then the symmetry strategy shows
        that the player to move loses, so the value is 0.

        >>> from grundy.boards.cram import CRAM
        >>> CRAM.value((1, 7, 0b1111111)), CRAM.value((5, 5, (1 << 25) - 1))
        (1, 0)
        """
        reduced = strip_value(self, state)
        if reduced is not None:
            return reduced
        if not self.compiled(state):
            return super().value(state)
        # The compiled search (numba: a second to load) only where it runs.
        from grundy.boards import set_search

        rows, cols, cells = state
        known = set_search.known(cells, rows, cols, self.kernel_kind)
        if known is not None:
            return known
        total = 0
        for region_rows, region_cols, region_cells in self.regions_to_search(
                state, self.kernel_limit()):
            total ^= set_search.nim_value(region_cells, region_rows, region_cols,
                                                self.kernel_kind)
        return total

    def value_known(self, state: Grid) -> bool:
        """True when the value of ``state`` (of at most 64 cells) is known without a search.

        >>> from grundy.boards.kings import KINGS
        >>> KINGS.value((3, 3, 511)), KINGS.value_known((3, 3, 511))
        (1, True)
        """
        from grundy.boards import set_search

        rows, cols, cells = state
        return set_search.known(cells, rows, cols, self.kernel_kind) is not None

    def value_is(self, state: Grid, target: int) -> bool:
        """Whether the nim-value is ``target``, asked as such of the compiled search (which
        prunes it) on boards of at most 64 cells.

        >>> from grundy.boards.cram import CRAM
        >>> CRAM.value_is((1, 4, 0b1111), 2), CRAM.value_is((1, 4, 0b1111), 0)
        (True, False)
        """
        if not self.compiled(state):
            return super().value_is(state, target)
        from grundy.boards import set_search

        rows, cols, cells = state
        return set_search.value_is(cells, rows, cols, self.kernel_kind, target)

    def moves_to_value(self, state: Grid, target: int) -> Iterator[tuple[str, Option]]:
        """The moves to options of nim-value ``target``, each play valued before it is settled.

        >>> from grundy.boards.cram import CRAM
        >>> [move for move, _ in CRAM.moves_to_value((1, 6, 0b111111), 0)]
        ['place a domino on c1-d1']
        >>> [CRAM.format_state(left) for _, left in CRAM.moves_to_value((2, 2, 0b1111), 1)]
        ['../##', '##/..', '#./#.', '.#/.#']
        """
        if not self.compiled(state):
            yield from super().moves_to_value(state, target)
            return
        from grundy.boards import set_search

        for play in self.plays(state):
            left = self.apply(state, play)
            # Each option is asked only whether its value is the target, which prunes its
            # search; the option stays in the player's frame (the search folds and splits
            # it inside), so every play is a move of its own.
            rows, cols, cells = left
            if set_search.value_is(cells, rows, cols, self.kernel_kind, target):
                yield self.describe_play(state, play), left

    def wins(self, state: Grid) -> bool:
        """Whether the player to move wins (normal play), by the compiled outcome search;
        refused up front as :meth:`value` is.

        >>> from grundy.boards.cram import CRAM
        >>> CRAM.wins((3, 5, (1 << 15) - 1)), CRAM.wins((2, 2, 15))
        (True, False)
        """
        from grundy.boards import set_search

        if not self.compiled(state):
            return self.value(state) != 0
        self.regions_to_search(state, self.kernel_limit())
        rows, cols, cells = state
        return set_search.wins(cells, rows, cols, self.kernel_kind)

    def ordered_plays(self, state: Grid) -> list[int]:
        """The plays, those that leave a position lost by the symmetry strategy first, then
        those that split what is left into more regions, then the rest.

        >>> from grundy.boards.kings import KINGS
        >>> [KINGS.describe_play((1, 7, 127), p)[-2:] for p in KINGS.ordered_plays((1, 7, 127))]
        ['d1', 'c1', 'e1', 'a1', 'b1', 'f1', 'g1']
        """
        def rank(play: int) -> int:
            left = self.live(self.apply(state, play))
            if not left[2] or balanced(self, crop(left)):
                return 0
            return 1 if len(self.split(left)) > 1 else 2
        return sorted(self.plays(state), key=rank)

    def outcome_search(self, state: Grid) -> RuleAnswer | None:
        """Who wins a board the compiled search takes and whose nim-value is not known yet,
        with the first winning move found (:meth:`winning_move`); None for other boards."""
        if not self.compiled(state) or self.value_known(state):
            return None
        found = self.winning_move(state)
        if found is None:
            return RuleAnswer(Outcome.P, (), OUTCOME_SEARCH)
        return RuleAnswer(Outcome.N, ((found[0], ready(found[1])),), OUTCOME_SEARCH)

    def winning_move(self, state: Grid) -> tuple[str, Option] | None:
        """The first play found to leave a position lost for the player to move, in words
        with its option, or None when the player to move loses; each option is asked only
        who wins it (:meth:`wins`).  Refused up front as :meth:`value` is."""
        self.regions_to_search(state, self.kernel_limit())
        for play in self.ordered_plays(state):
            left = self.apply(state, play)
            if not left[2] or not self.wins(left):
                return self.describe_play(state, play), left
        return None
