"""Rows (game 9): take a run of adjacent checkers from one row or column.

**A board one row (or one column) wide** is a sum of runs of checkers, and a run of n is
worth n, as a Nim heap of n is: taking a run from it leaves two runs of a and b checkers,
a + b < n, worth a xor b <= a + b < n by induction, so no option is worth n; and taking
n - k from an end leaves a run of k, for every k < n.  So such a board is answered at any
length (a million checkers), with its winning moves found from the runs' lengths: a move
in a run of n worth v must leave runs a and b with a xor b = v xor (the total).

>>> from grundy.analysis import analyze
>>> answer = analyze("rows 1x7")
>>> answer.nim_value, [m.description for m in answer.winning_moves][:2]
(7, ['take the 7 checkers a1-g1', 'take the 5 checkers b1-f1'])
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import partial, reduce
from operator import xor

from grundy.boards.bitgrid import GEOMETRY_KEPT, Grid, fold, square
from grundy.boards.grid import GridGame
from grundy.budget import time_needed
from grundy.caches import remembered
from grundy.core.game import Option, RuleAnswer
from grundy.values import Value


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

    picture = "checkers-grid"
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
        # The run's ends from the mask's ends: a run may have a million checkers.
        low, high = (play & -play).bit_length() - 1, play.bit_length() - 1
        return _taken(state, low, high, play.bit_count())

    def value(self, state: Grid) -> Value:
        """The nim-value: the xor of the runs' lengths on a board one row or column wide
        (see the module), else as any grid game."""
        runs = _runs(state)
        if runs is None:
            return super().value(state)
        return reduce(xor, (length for _, length in runs), 0)

    def reason(self, state: Grid) -> str | None:
        """:data:`LINE` on a board one row or column wide, else as any grid game."""
        return LINE if _runs(state) else super().reason(state)

    def normal_rule(self, state: Grid) -> RuleAnswer | None:
        """None on a board one row or column wide (its value is known), else the
        symmetry strategy's opening."""
        return None if _runs(state) is not None else super().normal_rule(state)

    def moves_to_value(self, state: Grid, target: int) -> Iterator[tuple[str, Option]]:
        """On a board one row or column wide, the runs taken to leave a total of ``target``,
        found from the runs' lengths (see the module); else as any grid game.

        >>> [move for move, _ in ROWS.moves_to_value((1, 5, 0b11011), 0)]
        []
        >>> [move for move, _ in ROWS.moves_to_value((1, 5, 0b11111), 0)][:2]
        ['take the 5 checkers a1-e1', 'take the 3 checkers b1-d1']
        """
        runs = _runs(state)
        if runs is None:
            yield from super().moves_to_value(state, target)
            return
        total = reduce(xor, (length for _, length in runs), 0)
        for start, length in runs:
            want = length ^ total ^ target
            for before in range(length):
                after = before ^ want
                if before + after >= length:
                    continue
                first, taken = start + before, length - before - after
                # On a line the cells are numbered along it: the run's ends are at hand.
                yield (_taken(state, first, first + taken - 1, taken),
                       partial(self.apply, state, _run(first, taken)))

    def split(self, state: Grid) -> list[Grid]:
        """On a board one row or column wide the regions are its runs, read from the line
        (finding regions cell by cell would take minutes on a million checkers)."""
        runs = _runs(state)
        if runs is None:
            return super().split(state)
        return sorted(fold((1, length, (1 << length) - 1)) for _, length in runs)

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

    def budget_advice(self, region: Grid, bound: int) -> str:
        """The time budget for the region's positions, each costing what its plays do: about
        five positions of the general solver per play (a 5x5 board has 150 plays and its
        search meets about 550 positions a second, the general solver some 400 000)."""
        cost = PLAY_COST * max(1, self.count_moves(region, 10**6))
        return (f"a time budget of {time_needed(bound // self.region_symmetries(region) * cost)}"
                " (--budget) would allow it")

    def region_bound(self, region: Grid) -> int:
        """Any subset of the checkers may be left."""
        return 1 << region[2].bit_count()


#: Positions of the general solver one play of a rows position costs to search (see
#: :meth:`Rows.budget_advice`).
PLAY_COST = 5

#: Why a board one row or column wide has its value (see the module).
LINE = ("a run of n checkers in a line is worth n, as a Nim heap: a run taken leaves runs "
        "of a and b, a + b < n, worth a xor b < n, and taking from an end leaves any "
        "shorter run; the board is the sum of its runs")


def _taken(state: Grid, low: int, high: int, count: int) -> str:
    """A run of ``count`` checkers from cell ``low`` to cell ``high``, in words."""
    cols = state[1]
    first, last = square(*divmod(low, cols)), square(*divmod(high, cols))
    if count == 1:
        return f"take the checker on {first}"
    return f"take the {count} checkers {first}-{last}"


def _run(first: int, taken: int) -> int:
    """The mask of ``taken`` cells from cell ``first`` along a line."""
    return ((1 << taken) - 1) << first


def _runs(state: Grid) -> list[tuple[int, int]] | None:
    """The runs of checkers, (first cell, length), of a board one row or column wide (in
    both, cells are numbered along the line); None on a wider board.

    >>> _runs((1, 6, 0b110111)), _runs((2, 2, 15))
    ([(0, 3), (4, 2)], None)
    """
    rows, cols, cells = state
    if min(rows, cols) != 1:
        return None
    line = format(cells, f"0{rows * cols}b")[::-1]
    return [(found.start(), found.end() - found.start())
            for found in re.finditer("1+", line)]


@remembered("board geometry: lines", most=GEOMETRY_KEPT)
def _lines(rows: int, cols: int, horizontal: bool) -> tuple[tuple[int, ...], ...]:
    """The cell indices of each row (or column), in order."""
    if horizontal:
        return tuple(tuple(r * cols + c for c in range(cols)) for r in range(rows))
    return tuple(tuple(r * cols + c for r in range(rows)) for c in range(cols))


ROWS = Rows()
