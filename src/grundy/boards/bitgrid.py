"""Rectangular boards of cells as bitsets: the geometry the grid games share.

A state is ``(rows, cols, cells)``: the board's size and a bitset of the cells still in
play, bit ``r * cols + c`` for the cell in row ``r`` (0 at the bottom) and column ``c`` (0 at
the left).  Squares are named as on a chessboard: ``a1`` is the bottom-left cell, letters
count columns from the left and numbers count rows from the bottom.

Text form: ``RxC`` (R rows of C cells, all in play) or a picture with the top row first,
rows joined by ``/``: ``.`` a cell in play, ``#`` a cell out of play.

Every state is folded to one representative: cropped to the cells in play, then the
smallest of its images under the board's eight symmetries (``rows <= cols``).  Cells fall
apart into regions (:func:`regions`, the one flood fill of the boards) that no play joins.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import product

from grundy.caches import remembered
from grundy.errors import InvalidPosition, TooBig
from grundy.numerals import shown, sizes

Grid = tuple[int, int, int]


#: Widest board whose bound is counted exactly (the count walks 2^width profiles).
COUNTED_WIDTH = 12
#: Board sizes whose geometry (symmetries, lines, steps) each table keeps.
GEOMETRY_KEPT = 64


#: Largest board read from text: beyond it the bitset alone would be a burden.
MAX_CELLS = 1_000_000


#: How many words of bitmask finding a board's regions may go over (a second or two).
MAX_WALK = 200_000_000


def square(row: int, col: int) -> str:
    """The chess name of a cell: ``a1`` is row 0, column 0; columns past z go on aa, ab, ...

    >>> square(0, 0), square(3, 2), square(0, 26)
    ('a1', 'c4', 'aa1')
    """
    letters = ""
    n = col + 1
    while n:
        n, rest = divmod(n - 1, 26)
        letters = chr(ord("a") + rest) + letters
    return f"{letters}{row + 1}"


def bits(mask: int) -> Iterator[int]:
    """The indices of the set bits of ``mask``, lowest first.

    >>> list(bits(0b10110))
    [1, 2, 4]
    """
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def to_rows(grid: Grid) -> list[str]:
    """The rows of a grid as strings of ``0``/``1``, bottom row first, column 0 first."""
    rows, cols, cells = grid
    flat = format(cells, f"0{rows * cols}b")[::-1] if rows * cols else ""
    return [flat[r * cols:(r + 1) * cols] for r in range(rows)]


def from_rows(lines: list[str]) -> Grid:
    """The grid whose rows are ``lines`` (as :func:`to_rows` writes them)."""
    if not lines or not lines[0]:
        return (0, 0, 0)
    return (len(lines), len(lines[0]), int("".join(lines)[::-1], 2))


def crop(grid: Grid) -> Grid:
    """The grid cut down to the rows and columns that hold a cell in play.

    >>> crop((3, 3, 0b000010000))
    (1, 1, 1)
    """
    rows, cols, cells = grid
    if not cells:
        return (0, 0, 0)
    full_row = (1 << cols) - 1
    lines = [(cells >> (r * cols)) & full_row for r in range(rows)]
    used = [r for r in range(rows) if lines[r]]
    occupied = 0
    for line in lines:
        occupied |= line
    left = (occupied & -occupied).bit_length() - 1
    width = occupied.bit_length() - left
    if width == cols and used[0] == 0 and used[-1] == rows - 1:
        return grid
    mask = 0
    for new, r in enumerate(range(used[0], used[-1] + 1)):
        mask |= (lines[r] >> left) << (new * width)
    return (used[-1] - used[0] + 1, width, mask)


def images(grid: Grid) -> Iterator[Grid]:
    """The images of a grid under the symmetries of the rectangle that keep rows <= cols."""
    rows, cols, cells = grid
    if rows * cols <= _TABLED_CELLS:
        for new_rows, new_cols, tables in _symmetry_tables(rows, cols):
            mask = 0
            for chunk, table in enumerate(tables):
                mask |= table[(cells >> (8 * chunk)) & 0xFF]
            yield (new_rows, new_cols, mask)
        return
    lines = to_rows(grid)
    shapes = []
    if rows <= cols:
        shapes.append(lines)
    if cols <= rows:
        shapes.append(["".join(column) for column in zip(*lines, strict=True)])
    for shape in shapes:
        flipped = [line[::-1] for line in shape]
        for candidate in (shape, flipped, shape[::-1], flipped[::-1]):
            yield from_rows(candidate)


#: Boards up to this many cells are turned by table look-up, a byte at a time.
_TABLED_CELLS = 64


@remembered("board geometry: symmetry_tables", most=GEOMETRY_KEPT)
def _symmetry_tables(rows: int, cols: int) -> tuple[tuple[int, int, tuple[tuple[int, ...], ...]],
                                                     ...]:
    """For each symmetry keeping rows <= cols: the new shape and, per byte of the bitset,
    the table from that byte's value to the bits it becomes."""
    found = []
    for transpose, flip_rows, flip_cols in product((False, True), repeat=3):
        new_rows, new_cols = (cols, rows) if transpose else (rows, cols)
        if new_rows > new_cols:
            continue
        target = []
        for r in range(rows):
            for c in range(cols):
                nr, nc = (c, r) if transpose else (r, c)
                nr = new_rows - 1 - nr if flip_rows else nr
                nc = new_cols - 1 - nc if flip_cols else nc
                target.append(nr * new_cols + nc)
        tables = []
        for chunk in range(0, rows * cols, 8):
            table = [0] * 256
            for byte in range(1, 256):
                low = byte & -byte
                k = chunk + low.bit_length() - 1
                table[byte] = table[byte ^ low] | (1 << target[k] if k < len(target) else 0)
            tables.append(tuple(table))
        found.append((new_rows, new_cols, tuple(tables)))
    return tuple(found)


def fold(grid: Grid) -> Grid:
    """The representative of a grid: cropped, then the least of its images.

    >>> fold((2, 3, 0b000011)) == fold((3, 2, 0b000011))
    True
    """
    return min(images(crop(grid)))


def central_mirror(grid: Grid) -> Grid:
    """The grid turned half a turn about its centre."""
    rows, cols, cells = grid
    n = rows * cols
    return (rows, cols, int(format(cells, f"0{n}b")[::-1], 2) if n else 0)


def reflect(grid: Grid, across_columns: bool) -> Grid:
    """The grid reflected left-right (``across_columns``) or top-bottom."""
    lines = to_rows(grid)
    return from_rows([line[::-1] for line in lines] if across_columns else lines[::-1])


@remembered("board geometry: edges", most=GEOMETRY_KEPT)
def edge_masks(rows: int, cols: int) -> tuple[int, int, int]:
    """Masks of the cells not in the last column, not in the first column, and all cells."""
    everything = (1 << rows * cols) - 1
    row = (1 << cols) - 1
    return (_every_row(row >> 1, rows, cols) & everything,
            _every_row(row & ~1, rows, cols) & everything, everything)


def _every_row(row: int, rows: int, cols: int) -> int:
    """``row`` repeated in each row, by doubling (a cell at a time is quadratic in the cells).

    >>> bin(_every_row(0b01, 3, 2))
    '0b10101'
    """
    total, count = row, 1
    while count < rows:
        total |= total << (count * cols)
        count *= 2
    return total & ((1 << rows * cols) - 1)


def orthogonal_neighbours(grid: Grid) -> int:
    """The cells next to a cell in play, up, down, left or right (in play or not)."""
    rows, cols, cells = grid
    not_last, not_first, everything = edge_masks(rows, cols)
    return ((cells << cols) | (cells >> cols) | ((cells & not_last) << 1)
            | ((cells & not_first) >> 1)) & everything


def king_area(grid: Grid) -> int:
    """The cells in play and every cell a king's step away from one."""
    rows, cols, cells = grid
    not_last, not_first, everything = edge_masks(rows, cols)
    wide = cells | ((cells & not_last) << 1) | ((cells & not_first) >> 1)
    return (wide | (wide << cols) | (wide >> cols)) & everything


def regions(grid: Grid, grow: Callable[[Grid], int]) -> list[Grid]:
    """The parts of a grid connected by ``grow`` (cells -> cells reached in one step)."""
    rows, cols, left = grid
    found = []
    while left:
        part = left & -left
        while True:
            bigger = grow((rows, cols, part)) & left
            if bigger == part:
                break
            part = bigger
        found.append((rows, cols, part))
        left &= ~part
    return found


def _refuse_long_walks(text: str, rows: int, cols: int) -> None:
    """Regions are found by growing them a step at a time over the whole board's bitmask:
    up to rows + cols steps of rows·cols/64 words each, refused past :data:`MAX_WALK`.

    >>> try:
    ...     _refuse_long_walks("1x1000000", 1, 10**6)
    ... except TooBig as error:
    ...     print(error.size, error.limit)
    15626015626 200000000
    """
    walk = (rows + cols) * (rows * cols // 64 + 1)
    if walk > MAX_WALK:
        raise TooBig(f"finding the regions of the board {shown(text)}", size=walk,
                     limit=MAX_WALK, unit="cell words")


def parse_grid(text: str, game: str) -> Grid:
    """A grid from ``RxC`` or a picture (top row first).

    >>> parse_grid("2x3", "cram"), parse_grid("#./..", "cram")
    ((2, 3, 63), (2, 2, 11))
    >>> parse_grid("3x", "cram")
    Traceback (most recent call last):
    ...
    grundy.errors.InvalidPosition: cram board '3x' is not RxC (like 4x5) nor rows of . and # \
joined by / (like ..#./....)
    """
    dimensions = sizes(text, 2, f"{game} board size", error=InvalidPosition)
    if dimensions is not None:
        rows, cols = dimensions
        if rows * cols > MAX_CELLS:
            raise TooBig(f"reading the board {shown(text)}", size=rows * cols, limit=MAX_CELLS,
                         unit="cells")
        _refuse_long_walks(text, rows, cols)
        if rows * cols == 0:
            return (0, 0, 0)
        return (rows, cols, (1 << rows * cols) - 1)
    lines = text.split("/")
    if not text or any(not line or set(line) - {".", "#"} for line in lines):
        raise InvalidPosition(f"{game} board {text!r} is not RxC (like 4x5) nor rows of . and #"
                              " joined by / (like ..#./....)")
    if len({len(line) for line in lines}) > 1:
        raise InvalidPosition(f"{game} board {text!r}: the rows have different lengths")
    if len(lines) * len(lines[0]) > MAX_CELLS:
        raise TooBig(f"reading a {game} board", size=len(lines) * len(lines[0]),
                     limit=MAX_CELLS, unit="cells")
    _refuse_long_walks(f"a {game} board", len(lines), len(lines[0]))
    bottom_first = [line.replace(".", "1").replace("#", "0") for line in reversed(lines)]
    return from_rows(bottom_first)


def narrow_first(grid: Grid) -> list[str]:
    """The rows of the grid turned so that rows are at most as long as columns are tall."""
    lines = to_rows(grid)
    if grid[1] > grid[0]:
        lines = ["".join(column) for column in zip(*lines, strict=True)]
    return lines


@remembered("board geometry: row_patterns", most=GEOMETRY_KEPT)
def row_patterns(width: int) -> tuple[int, ...]:
    """The sets of cells of a row no two of which are side by side."""
    return tuple(p for p in range(1 << width) if not p & (p >> 1))

