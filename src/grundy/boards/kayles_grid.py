"""Node Kayles on grid graphs: the search that keys each component by its shape.

A position of Node Kayles on an ``R x C`` grid is the set of cells left, and its nim-value
is the nim-sum of its connected components' values.  What a component is worth depends
only on its shape, not on where it lies: the induced subgraph of a set of grid cells is the
same after a translation or a reflection of the grid.  So a component is stored once per
shape, whatever the board it came from: slid to the bottom-left corner (its lowest row and
leftmost column made 0) and the least of its four images under the reflections of the
rectangle (left-right, top-bottom) taken as its key.  A shape's value, once found, serves
every grid of the same number of rows.

Cells are bits, column after column: cell (row r, column c) is bit ``c * R + r``, so a
column is ``R`` adjacent bits and sliding a shape along the grid is a shift.  The
components of a set are found by flooding with shifts of the whole set at once.

>>> grid = KaylesGrid(3)
>>> [grid.value(grid.rectangle(n)) for n in range(1, 9)]
[2, 1, 1, 0, 3, 3, 2, 2]
>>> KaylesGrid(1).value(KaylesGrid(1).rectangle(5))  # a path of 5 nodes (OEIS A002187)
3
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from grundy.errors import TooBig

#: Columns of one step of the reversal table (the table has 2 ** (rows * columns) entries).
TABLE_BITS = 12
#: Shapes remembered for one number of rows before the table is emptied (about 150 bytes
#: each: 2 000 000 of them, what 3 x 23 needs, take about 300 MB).
MOST_SHAPES = 2_000_000


class KaylesGrid:
    """Node Kayles on sets of cells of grids of ``rows`` rows (any number of columns)."""

    def __init__(self, rows: int) -> None:
        if rows < 1:
            raise ValueError("a grid has at least one row")
        self.rows = rows
        self.column = (1 << rows) - 1
        # Columns reversed by one table look-up; a column taller than the table's bits is
        # reversed without it.
        self.chunk = TABLE_BITS // rows
        self._reversed = [self._reverse_slow(x, self.chunk)
                          for x in range(1 << rows * self.chunk)] if self.chunk else []
        self._memo: dict[int, int] = {}
        self._row_masks: dict[int, tuple[int, int, int]] = {}
        self.examined = 0
        self._what = "a grid"

    # -- cells ---------------------------------------------------------------------------

    def rectangle(self, cols: int) -> int:
        """Every cell of a ``rows x cols`` grid."""
        return (1 << self.rows * cols) - 1

    def cell(self, row: int, col: int) -> int:
        """The bit of a cell."""
        return 1 << col * self.rows + row

    def _masks(self, width: int) -> tuple[int, int, int]:
        """For ``width`` columns: the cells of row 0, the cells not on the top row (they may
        step up), the cells not on the bottom row (they may step down)."""
        found = self._row_masks.get(width)
        if found is None:
            bottom = sum(1 << c * self.rows for c in range(width))
            top = bottom << self.rows - 1
            every = self.rectangle(width)
            found = self._row_masks[width] = (bottom, every & ~top, every & ~bottom)
        return found

    def closed(self, cell: int, within: int) -> int:
        """The cell (one bit) and its neighbours in ``within``."""
        width = within.bit_length() // self.rows + 1
        _, steps_up, steps_down = self._masks(width)
        around = (cell | cell << self.rows | cell >> self.rows | (cell & steps_up) << 1
                  | (cell & steps_down) >> 1)
        return around & within

    def components(self, cells: int) -> Iterator[int]:
        """The connected components of a set of cells.

        >>> grid = KaylesGrid(3)
        >>> [bin(part) for part in grid.components(0b100_000_001_001)]
        ['0b1001', '0b100000000000']
        """
        width = cells.bit_length() // self.rows + 1
        _, steps_up, steps_down = self._masks(width)
        rows = self.rows
        while cells:
            part = cells & -cells
            while True:
                grown = (part | part << rows | part >> rows | (part & steps_up) << 1
                         | (part & steps_down) >> 1) & cells
                if grown == part:
                    break
                part = grown
            cells ^= part
            yield part

    # -- keys ----------------------------------------------------------------------------

    def _reverse_slow(self, x: int, width: int) -> int:
        """The columns of ``x`` (``width`` of them) in the opposite order."""
        out = 0
        for c in range(width):
            out |= (x >> c * self.rows & self.column) << (width - 1 - c) * self.rows
        return out

    def _slid(self, shape: int) -> int:
        """The shape moved to the leftmost column and the bottom row."""
        low = (shape & -shape).bit_length() - 1
        shape >>= low // self.rows * self.rows
        bottom, _, _ = self._masks(shape.bit_length() // self.rows + 1)
        while not shape & bottom:
            shape >>= 1  # no cell on row 0: every cell steps down within its column
        return shape

    def _flipped(self, shape: int) -> int:
        """The shape upside down (row r becomes row rows - 1 - r)."""
        bottom, _, _ = self._masks(shape.bit_length() // self.rows + 1)
        out = 0
        for r in range(self.rows):
            out |= (shape >> r & bottom) << self.rows - 1 - r
        return out

    def _mirrored(self, shape: int) -> int:
        """The shape left to right, by the table ``chunk`` columns at a time."""
        width = -(-shape.bit_length() // self.rows)
        if not self.chunk:
            return self._reverse_slow(shape, width)
        pieces = -(-width // self.chunk)
        step = self.rows * self.chunk
        piece_mask = (1 << step) - 1
        out = 0
        for k in range(pieces):
            out |= self._reversed[shape >> k * step & piece_mask] << (pieces - 1 - k) * step
        return out

    def key(self, shape: int) -> int:
        """The least of the shape's four images, each slid to the corner: equal keys for
        shapes that are the same up to sliding and reflecting.

        >>> grid = KaylesGrid(3)
        >>> grid.key(grid.cell(2, 5) | grid.cell(2, 6)) == grid.key(0b1001)
        True
        """
        shape = self._slid(shape)
        flipped = self._slid(self._flipped(shape))
        return min(shape, flipped, self._slid(self._mirrored(shape)),
                   self._slid(self._mirrored(flipped)))

    # -- values --------------------------------------------------------------------------

    def value(self, cells: int, budget: int | None = None, what: str = "a grid") -> int:
        """The nim-value of a set of cells: the nim-sum of its components' values.

        Raises :class:`~grundy.errors.TooBig` once more than ``budget`` options have been
        examined (counted from the call; ``what`` names the search); the shapes valued so
        far stay known.
        """
        self.examined = 0
        self._what = what
        total = 0
        for part in self.components(cells):
            total ^= self._shape_value(self.key(part), budget)
        return total

    def _shape_value(self, shape: int, budget: int | None) -> int:
        known = self._memo.get(shape)
        if known is not None:
            return known
        if len(self._memo) >= MOST_SHAPES:
            self._memo.clear()  # bounded memory; the values are found again as needed
        seen = set()
        rest = shape
        while rest:
            cell = rest & -rest
            rest ^= cell
            self.examined += 1
            if budget is not None and self.examined > budget:
                raise TooBig(f"searching {self._what}",
                             limit=budget, unit="options examined",
                             advice="a time budget (--budget) allows more")
            left = shape & ~self.closed(cell, shape)
            total = 0
            for part in self.components(left):
                total ^= self._shape_value(self.key(part), budget)
            seen.add(total)
        found = 0
        while found in seen:
            found += 1
        self._memo[shape] = found
        return found

    @property
    def shapes(self) -> int:
        """How many shapes are remembered."""
        return len(self._memo)


@cache
def grid_of(rows: int) -> KaylesGrid:
    """The one solver of grids of ``rows`` rows: what it has found serves every grid of them.

    >>> grid_of(3) is grid_of(3)
    True
    """
    return KaylesGrid(rows)
