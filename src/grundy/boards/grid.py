"""Games on a rectangular board of cells: Cram (game 8), kings (7), bishops (6), rows (9).

A state is ``(rows, cols, cells)``: the board's size and a bitset of the cells still in
play, bit ``r * cols + c`` for the cell in row ``r`` (0 at the bottom) and column ``c`` (0 at
the left).  Squares are named as on a chessboard: ``a1`` is the bottom-left cell, letters
count columns from the left and numbers count rows from the bottom.

Text form: ``RxC`` (R rows of C cells, all in play) or a picture with the top row first,
rows joined by ``/``: ``.`` a cell in play, ``#`` a cell out of play.  What "in play" means
is the game's: a free cell (Cram), a cell where a piece may still be put (kings, bishops:
a ``#`` is a piece or a cell it attacks; which of the two does not matter to the rest of the
game), a cell with a checker (rows).

Every state is folded to one representative: cropped to the cells in play, then the
smallest of its images under the board's eight symmetries (``rows <= cols``).  A state
whose cells fall apart into regions that no play joins is split into a sum.

>>> from grundy import analyze, parse_position
>>> analyze("cram 3x3").nim_value, analyze("cram 3x5").winner
(0, 'first')
>>> str(parse_position("kings 3x5")), str(parse_position("cram #.../..../.##."))
('kings 3x5', 'cram ...#/..../.##.')
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import product
from math import comb

from grundy.boards.base import BoardGame
from grundy.budget import search_positions
from grundy.caches import Memo, remembered
from grundy.core.game import Option
from grundy.errors import InvalidPosition, TooBig
from grundy.numerals import shown, sizes
from grundy.values import Value

Grid = tuple[int, int, int]

#: Board sizes whose geometry (symmetries, lines, steps) each table keeps.
GEOMETRY_KEPT = 64
#: Largest board read from text: beyond it the bitset alone would be a burden.
MAX_CELLS = 1_000_000
#: How many words of bitmask finding a board's regions may go over (a second or two).
MAX_WALK = 200_000_000

#: Widest board whose bound is counted exactly (the count walks 2^width profiles).
_COUNTED_WIDTH = 12


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
def _edges(rows: int, cols: int) -> tuple[int, int, int]:
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
    not_last, not_first, everything = _edges(rows, cols)
    return ((cells << cols) | (cells >> cols) | ((cells & not_last) << 1)
            | ((cells & not_first) >> 1)) & everything


def king_area(grid: Grid) -> int:
    """The cells in play and every cell a king's step away from one."""
    rows, cols, cells = grid
    not_last, not_first, everything = _edges(rows, cols)
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


# The same few states (small regions, the same board after different plays) are split over
# and over in a search; remembering the answers halves its time.
_splits: Memo[tuple[str, Grid], list[Grid]] = Memo("regions of boards", bound=1_000_000)


class GridGame(BoardGame[Grid]):
    """A game on a rectangle of cells (see the module's text for the conventions)."""

    symmetries = 8

    @property
    def empty(self) -> Grid:
        """The board with no cell in play."""
        return (0, 0, 0)

    def canonical(self, state: Grid) -> Grid:
        """Cropped and folded by the rectangle's symmetries."""
        return fold(state)

    def connect(self, grid: Grid) -> int:
        """The cells in play and those joined to them by one play (for splitting)."""
        return orthogonal_neighbours(grid) | grid[2]

    def live(self, grid: Grid) -> Grid:
        """The grid without cells no play can ever use."""
        return grid

    def split(self, state: Grid) -> list[Grid]:
        """The folded regions of ``state``, cells that no play can use left out."""
        key = (self.name, state)
        found = _splits.get(key)
        if found is None:
            live = self.live(state)
            found = sorted(fold(part) for part in regions(live, self.connect)) if live[2] else []
            _splits[key] = found
        return list(found)

    def mirror(self, state: Grid) -> Grid:
        """The half turn about the board's centre."""
        return central_mirror(state)

    def mirror_play(self, state: Grid, play: int) -> int:
        """The cells of a play turned half a turn about the board's centre."""
        last = state[0] * state[1] - 1
        # Cell by cell: a play has a few cells, the board may have thousands.
        return sum(1 << (last - i) for i in bits(play))

    def format_state(self, state: Grid) -> str:
        """``RxC`` for a full board, else the picture (top row first)."""
        rows, cols, cells = state
        if cells == (1 << rows * cols) - 1:
            return f"{rows}x{cols}"
        pictured = [line.replace("1", ".").replace("0", "#") for line in to_rows(state)]
        return "/".join(reversed(pictured))

    def extent(self, state: Grid) -> int:
        """The 64-bit words of the board's bitmask."""
        return state[0] * state[1] // 64 + 1

    def parse_state(self, tokens: list[str] | tuple[str, ...]) -> Grid:  # type: ignore[override]
        """``RxC`` or a picture such as ``..#./..../....``; see the module's text."""
        if len(tokens) != 1:
            raise InvalidPosition(f"{self.text} takes one board, RxC or rows like "
                                  f"..#./..../.... (top row first), not {' '.join(tokens)!r}")
        return parse_grid(tokens[0], self.text)

    def apply(self, state: Grid, play: int) -> Grid:
        """The cells of the play leave the game."""
        return (state[0], state[1], state[2] & ~play)

    def legal(self, state: Grid, play: int) -> bool:
        """A play is legal when all its cells are in play (its shape is the game's)."""
        return play != 0 and play & ~state[2] == 0


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


def _narrow_first(grid: Grid) -> list[str]:
    """The rows of the grid turned so that rows are at most as long as columns are tall."""
    lines = to_rows(grid)
    if grid[1] > grid[0]:
        lines = ["".join(column) for column in zip(*lines, strict=True)]
    return lines


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
        not_last = _edges(rows, cols)[0]
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

        lines = _narrow_first(region)
        width = len(lines[0]) if lines else 0
        count = cram_kernel.count_placements(lines) if width <= _COUNTED_WIDTH else None
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
        if not cells or rows * cols > cram_kernel.MAX_CELLS:
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


@remembered("board geometry: king_steps", most=GEOMETRY_KEPT)
def _king_steps(rows: int, cols: int) -> tuple[int, ...]:
    """For each cell, the mask of the cell and its (up to eight) neighbours."""
    return tuple(king_area((rows, cols, 1 << i)) for i in range(rows * cols))


class Kings(GridGame):
    """Kings (game 7): put a king where no king attacks it; who cannot, loses.

    The state is the set of cells where a king may still go; a king put on a cell takes it
    and its neighbours out.  Cells more than a king's step apart never interact, so the
    regions are the groups of cells joined by king steps.

    Symmetry: on an odd x odd board the first player puts a king in the centre; then every
    cell in play is two or more steps from its image under the half turn, so answering
    each king with its image is always legal, and the first player wins.  When the board has
    no central cell (8x8) a cell next to the centre and its image attack each other, and
    the half turn does not work; :func:`grundy.boards.symmetry.symmetry_strategy` answers
    only where it does.

    >>> KINGS.value((3, 3, 511)), KINGS.value((2, 2, 15))
    (1, 1)
    """

    name = "kings"

    def plays(self, state: Grid) -> Iterator[int]:
        """Each cell in play: a one-bit mask."""
        return (1 << i for i in bits(state[2]))

    def apply(self, state: Grid, play: int) -> Grid:
        """The king's cell and its neighbours leave the game."""
        steps = _king_steps(state[0], state[1])
        return (state[0], state[1], state[2] & ~steps[play.bit_length() - 1])

    def describe_play(self, state: Grid, play: int) -> str:
        """``put a king on c3``."""
        return f"put a king on {square(*divmod(play.bit_length() - 1, state[1]))}"

    def connect(self, grid: Grid) -> int:
        """Cells a king's step apart interact."""
        return king_area(grid)

    def region_bound(self, region: Grid) -> int:
        """The number of sets of kings no two of which attack (each position is one)."""
        lines = _narrow_first(region)
        if len(lines[0]) > _COUNTED_WIDTH:
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
        patterns = [p for p in _row_patterns(len(line)) if p & ~free == 0]
        nxt: dict[int, int] = {}
        for previous, ways in counts.items():
            guarded = previous | (previous << 1) | (previous >> 1)
            for pattern in patterns:
                if not pattern & guarded:
                    nxt[pattern] = nxt.get(pattern, 0) + ways
        counts = nxt
    return sum(counts.values())


@remembered("board geometry: row_patterns", most=GEOMETRY_KEPT)
def _row_patterns(width: int) -> tuple[int, ...]:
    """The sets of cells of a row no two of which are side by side."""
    return tuple(p for p in range(1 << width) if not p & (p >> 1))


@remembered("board geometry: bishop_lines", most=GEOMETRY_KEPT)
def _bishop_lines(rows: int, cols: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The masks of the diagonals (r - c fixed) and anti-diagonals (r + c fixed)."""
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


class Bishops(GridGame):
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

    name = "bishops"

    def plays(self, state: Grid) -> Iterator[int]:
        """Each cell in play: a one-bit mask."""
        return (1 << i for i in bits(state[2]))

    def apply(self, state: Grid, play: int) -> Grid:
        """The bishop's diagonals leave the game."""
        reach = _bishop_reach(state[0], state[1])
        return (state[0], state[1], state[2] & ~reach[play.bit_length() - 1])

    def describe_play(self, state: Grid, play: int) -> str:
        """``put a bishop on c3``."""
        return f"put a bishop on {square(*divmod(play.bit_length() - 1, state[1]))}"

    def connect(self, grid: Grid) -> int:
        """Cells on a common diagonal interact."""
        rows, cols, cells = grid
        reached = 0
        for line in (*_bishop_lines(rows, cols)[0], *_bishop_lines(rows, cols)[1]):
            if line & cells:
                reached |= line
        return reached

    def region_bound(self, region: Grid) -> int:
        """For each colour, C(d + a, d): choices of k of its d diagonals and k of a anti-ones."""
        rows, cols, cells = region
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

    def region_bound(self, region: Grid) -> int:
        """Any subset of the checkers may be left."""
        return 1 << region[2].bit_count()


@remembered("board geometry: lines", most=GEOMETRY_KEPT)
def _lines(rows: int, cols: int, horizontal: bool) -> tuple[tuple[int, ...], ...]:
    """The cell indices of each row (or column), in order."""
    if horizontal:
        return tuple(tuple(r * cols + c for c in range(cols)) for r in range(rows))
    return tuple(tuple(r * cols + c for r in range(rows)) for c in range(cols))


CRAM = Cram()
KINGS = Kings()
BISHOPS = Bishops()
ROWS = Rows()
