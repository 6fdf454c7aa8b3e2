"""Chomp, chocolate, diagonals, chords, kings and bishops in the player's frame
(:mod:`grundy.boards.frame`).

- Chomp: the whole box, ``(rows, cols, lengths)``, each row's squares left (bottom row
  first, 0 for a row eaten).  Text: ``RxC`` whole, row lengths ``5,5,3`` when they fill
  their box, else the picture, top row first, ``.`` a square left and ``#`` one eaten
  (``..###/.....``).
- Chocolate: the bar, ``(rows, cols, pieces)``, each piece ``(row, col, height, width)`` from
  its bottom-left square.  Text: ``RxC`` whole, else ``RxC:`` and the pieces by their corner
  squares, ``3x4:a1-d1,a2-d3``; several bars (``2x3 5x8``) lie side by side, a column apart.
- Diagonals: the polygon, ``(n, diagonals)``, vertices numbered 1 to n.  Text: ``7``, or
  ``7 1-3 2-5`` with the diagonals drawn.
- Chords: the circle, ``(n, chords)``, points numbered 1 to n.  Text: ``10``, or
  ``10 1-6 2-5`` with the chords drawn.
- Kings, bishops: the board with its pieces where they were put (:class:`PieceBoard`):
  the search needs only the cells still in play, the player sees the pieces.

>>> from grundy.catalogue import parse_position
>>> [str(m.position) for m in parse_position("chomp 2x3").moves()][:2]
['chomp .##/...', 'chomp ..#/...']
>>> [str(m.position) for m in parse_position("chocolate 2x2").moves()]
['chocolate 2x2:a1-b1,a2-b2', 'chocolate 2x2:a1-a2,b1-b2']
>>> [m.description for m in parse_position("diagonals 5").moves()][:2]
['draw the diagonal 1-3', 'draw the diagonal 1-4']
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import pairwise
from typing import cast

from grundy.boards.bishops import BISHOPS
from grundy.boards.bitgrid import Grid, square
from grundy.boards.chocolate import CHOCOLATE, FINISHED, Bar, piece
from grundy.boards.chomp import CHOMP, Diagram
from grundy.boards.chords import CHORDS
from grundy.boards.diagonals import DIAGONALS, ONE_TO_FULL, PAIRED, Word
from grundy.boards.frame import FramedBoard
from grundy.boards.grid import PieceGame
from grundy.boards.kings import KINGS
from grundy.core.game import Option
from grundy.core.position import Position
from grundy.errors import InvalidPosition
from grundy.numerals import shown, sizes

# -- Chomp ---------------------------------------------------------------------------------

ChompFrame = tuple[int, int, tuple[int, ...]]


class ChompBoard(FramedBoard[ChompFrame]):
    """Chomp in its whole box (see the module).

    >>> board = CHOMP_BOARD.parse_state(["5x8"])
    >>> CHOMP_BOARD.format_state(CHOMP_BOARD.apply(board, (2, 3)))
    '8,8,3,3,3'
    >>> CHOMP_BOARD.format_state(CHOMP_BOARD.apply(board, (0, 3)))
    '...#####/...#####/...#####/...#####/...#####'
    """

    picture = "chomp-board"
    name = "chomp"
    searched = CHOMP

    def plays(self, state: ChompFrame) -> Iterator[tuple[int, int]]:
        """Each square left but the poisoned corner, as (row, column)."""
        return CHOMP.plays(state[2])

    def apply(self, state: ChompFrame, play: tuple[int, int]) -> ChompFrame:
        """The rows from the square's up are cut at its column (emptied rows kept)."""
        r, c = play
        lengths = state[2]
        return (state[0], state[1], lengths[:r] + tuple(min(n, c) for n in lengths[r:]))

    def describe_play(self, state: ChompFrame, play: tuple[int, int]) -> str:
        """``take c2 and every square above and to the right of it``."""
        return CHOMP.describe_play(state[2], play)

    def inner(self, state: ChompFrame) -> Diagram:
        """The rows that still have squares."""
        return tuple(n for n in state[2] if n)

    def format_state(self, state: ChompFrame) -> str:
        """``RxC``, row lengths filling their box, or the picture (see the module)."""
        rows, cols, lengths = state
        if all(n == cols for n in lengths):
            return f"{rows}x{cols}"
        if lengths[0] == cols and lengths[-1]:
            return ",".join(map(str, lengths))
        return "/".join("." * n + "#" * (cols - n) for n in reversed(lengths))

    def parse_state(self, tokens: Sequence[str]) -> ChompFrame:
        """``RxC``, row lengths (bottom row first) or a picture (top row first)."""
        text = tokens[0] if len(tokens) == 1 else ""
        if "/" in text or (set(text) <= {".", "#"} and text):
            return _chomp_picture(text)
        lengths = CHOMP.parse_state(tokens)
        return (len(lengths), lengths[0], lengths)


_ROW = re.compile(r"\.*#*")


def _chomp_picture(text: str) -> ChompFrame:
    lines = text.split("/")
    width = len(lines[0])
    lengths = tuple(len(line.rstrip("#")) for line in reversed(lines))
    if (any(len(line) != width or not _ROW.fullmatch(line) for line in lines)
            or not lengths[0] or any(a < b for a, b in pairwise(lengths))):
        raise InvalidPosition(f"chomp board {shown(text)}: a picture has rows of equal length, "
                              "top row first, each squares left (.) then eaten ones (#), no "
                              "row longer than the one below, and the corner a1 left")
    return (len(lines), width, lengths)


# -- Chocolate -----------------------------------------------------------------------------

Rectangle = tuple[int, int, int, int]
ChocolateFrame = tuple[int, int, tuple[Rectangle, ...]]


def piece_name(rectangle: Rectangle) -> str:
    """A piece named by its bottom-left and top-right squares (one square: its name).

    >>> piece_name((0, 0, 3, 4)), piece_name((1, 2, 1, 1))
    ('a1-d3', 'c2')
    """
    r, c, h, w = rectangle
    first, last = square(r, c), square(r + h - 1, c + w - 1)
    return first if first == last else f"{first}-{last}"


class ChocolateBoard(FramedBoard[ChocolateFrame]):
    """Chocolate as the bar lies (see the module).

    >>> bar = CHOCOLATE_BOARD.parse_state(["3x4"])
    >>> CHOCOLATE_BOARD.describe_play(bar, (0, 0, 1))
    'break a1-d3 into a1-d1 and a2-d3'
    """

    picture = "chocolate-board"
    name = "chocolate"
    searched = CHOCOLATE

    def plays(self, state: ChocolateFrame) -> Iterator[tuple[int, int, int]]:
        """(piece, 0 for a cut between rows or 1 between columns, rows or columns below or
        left of the cut); none once a 1x1 is broken off."""
        pieces = state[2]
        if any(h == w == 1 for _, _, h, w in pieces):
            return
        for index, (_, _, h, w) in enumerate(pieces):
            for cut in range(1, h):
                yield (index, 0, cut)
            for cut in range(1, w):
                yield (index, 1, cut)

    def apply(self, state: ChocolateFrame, play: tuple[int, int, int]) -> ChocolateFrame:
        """The piece is replaced by its two halves."""
        pieces = self._rest(state, play) + self._halves(state, play)
        return (state[0], state[1], tuple(sorted(pieces)))

    def _rest(self, state: ChocolateFrame, play: tuple[int, int, int]) -> tuple[Rectangle, ...]:
        return state[2][:play[0]] + state[2][play[0] + 1:]

    def _halves(self, state: ChocolateFrame, play: tuple[int, int, int]
                ) -> tuple[Rectangle, Rectangle]:
        index, across, cut = play
        r, c, h, w = state[2][index]
        if across == 0:
            return (r, c, cut, w), (r + cut, c, h - cut, w)
        return (r, c, h, cut), (r, c + cut, h, w - cut)

    def describe_play(self, state: ChocolateFrame, play: tuple[int, int, int]) -> str:
        """``break a1-d3 into a1-d1 and a2-d3``."""
        first, second = self._halves(state, play)
        words = (f"break {piece_name(state[2][play[0]])} into {piece_name(first)} and "
                 f"{piece_name(second)}")
        if any(h == w == 1 for _, _, h, w in (first, second)):
            words += ", breaking off a 1x1: the game is won"
        return words

    def plays_leaving(self, state: ChocolateFrame, options: Sequence[Option]
                      ) -> Iterator[tuple[int, int, int]]:
        """The breaks that turn a piece into two of the sizes an option has and the bar
        has not: at most two cuts a piece, whatever its length (a strip of 10^30 squares).

        >>> bar = CHOCOLATE_BOARD.parse_state(["3x5000"])
        >>> list(CHOCOLATE_BOARD.plays_leaving(bar, [((3, 8), (3, 4992))]))
        [(0, 1, 8), (0, 1, 4992)]
        """
        before = Counter(self.inner(state))
        for option in options:
            pieces = (option.components[0].state
                      if isinstance(option, Position) and len(option.components) == 1
                      else option)
            if pieces == FINISHED:
                # A 1x1 broken off: the first or last square of any strip.
                for index, (_, _, h, w) in enumerate(state[2]):
                    if min(h, w) == 1 and max(h, w) > 1:
                        yield (index, int(h == 1), 1)
                        yield (index, int(h == 1), max(h, w) - 1)
                continue
            halves = Counter(cast(Bar, pieces)) - before
            for index, (_, _, h, w) in enumerate(state[2]):
                for across, side, other in ((0, h, w), (1, w, h)):
                    for cut in _cuts(halves, side, other):
                        yield (index, across, cut)

    def inner(self, state: ChocolateFrame) -> Bar:
        """The pieces' sizes."""
        return tuple(sorted(piece(h, w) for _, _, h, w in state[2]))

    def format_state(self, state: ChocolateFrame) -> str:
        """``RxC`` for a whole bar, else ``RxC:`` and its pieces (see the module)."""
        rows, cols, pieces = state
        if pieces == ((0, 0, rows, cols),):
            return f"{rows}x{cols}"
        return f"{rows}x{cols}:" + ",".join(map(piece_name, pieces))

    def parse_state(self, tokens: Sequence[str]) -> ChocolateFrame:
        """A bar ``RxC`` or ``RxC:`` with its pieces; several bars ``RxC`` side by side."""
        if len(tokens) == 1 and ":" in tokens[0]:
            return _chocolate_pieces(tokens[0])
        bars = CHOCOLATE.parse_state(tokens) if tokens else ()
        if not bars:
            raise InvalidPosition("chocolate needs at least one piece, like 5x8")
        given = [_sides(token) for token in tokens]
        pieces, col = [], 0
        for h, w in given:
            pieces.append((0, col, h, w))
            col += w + 1
        return (max(h for h, _ in given), col - 1, tuple(sorted(pieces)))


def _cuts(halves: Counter[tuple[int, int]], side: int, other: int) -> set[int]:
    """Where a cut across a piece's ``side`` (the other side ``other``) could make one of
    the ``halves`` (sizes ``(short, long)``)."""
    found: set[int] = set()
    for short, long in halves:
        found.update(k for k, rest in ((short, long), (long, short)) if rest == other)
    return {k for k in found if 0 < k < side}


def _sides(token: str) -> tuple[int, int]:
    found = sizes(token, 2, "chocolate piece size", error=InvalidPosition)
    assert found is not None  # CHOCOLATE.parse_state read it already
    return found[0], found[1]


def _square(name: str, text: str) -> tuple[int, int]:
    letters = name.rstrip("0123456789")
    digits = name[len(letters):]
    if not letters.isalpha() or not letters.islower() or not digits.isdigit():
        raise InvalidPosition(f"chocolate bar {shown(text)}: {shown(name)} is not a square "
                              "like a1")
    col = 0
    for letter in letters:
        col = col * 26 + ord(letter) - ord("a") + 1
    return int(digits) - 1, col - 1


def _chocolate_pieces(text: str) -> ChocolateFrame:
    size, _, listed = text.partition(":")
    found = sizes(size, 2, "chocolate bar size", error=InvalidPosition)
    if found is None or min(found) < 1:
        raise InvalidPosition(f"chocolate bar {shown(text)} is not RxC:PIECES (like "
                              "3x4:a1-d1,a2-d3)")
    rows, cols = found
    pieces = []
    covered: set[tuple[int, int]] = set()
    for name in listed.split(","):
        first, _, last = name.partition("-")
        (r0, c0), (r1, c1) = _square(first, text), _square(last or first, text)
        if r1 < r0 or c1 < c0 or r1 >= rows or c1 >= cols:
            raise InvalidPosition(f"chocolate bar {shown(text)}: piece {shown(name)} is not "
                                  "bottom-left-top-right inside the bar")
        cells = {(r, c) for r in range(r0, r1 + 1) for c in range(c0, c1 + 1)}
        if cells & covered:
            raise InvalidPosition(f"chocolate bar {shown(text)}: pieces overlap at {name}")
        covered |= cells
        pieces.append((r0, c0, r1 - r0 + 1, c1 - c0 + 1))
    return (rows, cols, tuple(sorted(pieces)))


# -- Figures of n points with pairs of them joined: diagonals, chords ---------------------

#: ``(n, pairs)``: n points, numbered 1 to n in text, and the pairs joined (0-based ends).
PairsFrame = tuple[int, tuple[tuple[int, int], ...]]


class _PairsBoard(FramedBoard[PairsFrame]):
    """A figure of ``n`` points whose plays join two of them.  Text: ``n``, then the pairs
    joined (``1-3``)."""

    def format_state(self, state: PairsFrame) -> str:
        """``7``, or ``7 1-3 2-5``."""
        return " ".join([str(state[0]), *(f"{i + 1}-{j + 1}" for i, j in state[1])])

    def drawn(self, state: PairsFrame, tokens: Sequence[str], like: str, on: str
              ) -> PairsFrame:
        """``state`` with the pairs ``tokens`` joined in turn, each checked to be a play
        there (``like`` shows one, ``on`` is said before the figure in the refusal)."""
        for token in tokens:
            ends = token.split("-")
            if len(ends) != 2 or not all(end.isdigit() for end in ends):
                raise InvalidPosition(f"{self.name}: {shown(token)} is not {like}")
            i, j = sorted(int(end) - 1 for end in ends)
            if (i, j) not in set(self.plays(state)):
                raise InvalidPosition(f"{self.name}: {shown(token)} cannot be drawn on "
                                      f"{on}{self.format_state(state)}")
            state = self.apply(state, (i, j))
        return state


# -- Diagonals -----------------------------------------------------------------------------

DiagonalsFrame = PairsFrame


class DiagonalsBoard(_PairsBoard):
    """Diagonals on the polygon as numbered (see the module).

    >>> polygon = DIAGONALS_BOARD.parse_state(["6", "1-3"])
    >>> DIAGONALS_BOARD.format_state(DIAGONALS_BOARD.apply(polygon, (1, 4)))
    '6 1-3 2-5'
    """

    picture = "diagonals-board"
    name = "diagonals"
    searched = DIAGONALS

    def degrees(self, state: DiagonalsFrame) -> list[int]:
        """How many diagonals end at each vertex."""
        counts = [0] * state[0]
        for i, j in state[1]:
            counts[i] += 1
            counts[j] += 1
        return counts

    def plays(self, state: DiagonalsFrame) -> Iterator[tuple[int, int]]:
        """Pairs (i, j), i < j, not neighbours, not drawn, each end with fewer than two."""
        n, drawn = state
        degrees = self.degrees(state)
        for i in range(n):
            for j in range(i + 2, n - (i == 0)):
                if degrees[i] < 2 and degrees[j] < 2 and (i, j) not in drawn:
                    yield (i, j)

    def apply(self, state: DiagonalsFrame, play: tuple[int, int]) -> DiagonalsFrame:
        """The diagonal is drawn."""
        return (state[0], tuple(sorted((*state[1], play))))

    def describe_play(self, state: DiagonalsFrame, play: tuple[int, int]) -> str:
        """``draw the diagonal 1-3``."""
        return f"draw the diagonal {play[0] + 1}-{play[1] + 1}"

    def inner(self, state: DiagonalsFrame) -> Word:
        """The word round the polygon: each vertex bare, full, or with one diagonal whose
        other end is full or still open."""
        n, drawn = state
        degrees = self.degrees(state)
        word = list(degrees)
        for i, j in drawn:
            for end, other in ((i, j), (j, i)):
                if degrees[end] == 1:
                    word[end] = ONE_TO_FULL if degrees[other] == 2 else PAIRED + (other - end) % n
        return tuple(word)

    def parse_state(self, tokens: Sequence[str]) -> DiagonalsFrame:
        """A number of vertices, then the diagonals drawn (``1-3``)."""
        if not tokens or not tokens[0].isdigit():
            raise InvalidPosition("diagonals takes a polygon: a number of vertices like 7, "
                                  "then the diagonals drawn like 1-3 2-5")
        n = len(DIAGONALS.parse_state(tokens[:1]))
        return self.drawn((n, ()), tokens[1:], "a diagonal like 1-3", f"a {n}-gon with ")


# -- Chords --------------------------------------------------------------------------------

ChordsFrame = PairsFrame


class ChordsBoard(_PairsBoard):
    """Chords on the circle as numbered: ``(n, chords)``, points 1 to n.  Text: ``10``, or
    ``10 1-6 2-5`` with the chords drawn.  Searched as its regions, each a heap of the
    points it still has (:mod:`grundy.boards.chords`).

    >>> circle = CHORDS_BOARD.parse_state(["8", "1-4"])
    >>> CHORDS_BOARD.inner(circle), [CHORDS_BOARD.describe_play(circle, p)
    ...                              for p in CHORDS_BOARD.plays(circle)][:2]
    ((2, 4), ['draw the chord 2-3', 'draw the chord 5-6'])
    """

    picture = "chords-board"
    name = "chords"
    searched = CHORDS

    def _sides(self, state: ChordsFrame, point: int) -> tuple[bool, ...]:
        """Which side of each chord ``point`` lies on: points on the same sides of every
        chord (which never cross) share a region."""
        return tuple(a < point < b for a, b in state[1])

    def regions(self, state: ChordsFrame) -> dict[tuple[bool, ...], list[int]]:
        """The points no chord ends at, by region."""
        ends = {end for chord in state[1] for end in chord}
        found: dict[tuple[bool, ...], list[int]] = {}
        for point in range(state[0]):
            if point not in ends:
                found.setdefault(self._sides(state, point), []).append(point)
        return found

    def plays(self, state: ChordsFrame) -> Iterator[tuple[int, int]]:
        """Pairs (i, j), i < j, of free points of one region."""
        for points in self.regions(state).values():
            for k, i in enumerate(points):
                for j in points[k + 1:]:
                    yield (i, j)

    def moves_to_value(self, state: ChordsFrame, target: int) -> Iterator[tuple[str, Option]]:
        """The chords to a position of nim-value ``target``: in a region of m free points
        the chords whose sides keep ``k`` and ``m - 2 - k`` points are the searched game's
        heap moves (:meth:`~grundy.boards.chords.Chords.heap_options_with_value`), drawn
        between every pair of that region's points ``k + 1`` apart in its order.

        >>> circle = CHORDS_BOARD.parse_state(["6"])
        >>> [move for move, _ in CHORDS_BOARD.moves_to_value(circle, 0)]
        ['draw the chord 1-4', 'draw the chord 2-5', 'draw the chord 3-6']
        """
        regions = list(self.regions(state).values())
        values = [CHORDS.heap_value_by(len(points))[0] for points in regions]
        total = 0
        for value in values:
            total ^= value
        for points, value in zip(regions, values, strict=True):
            m = len(points)
            steps = set()
            for parts in CHORDS.heap_options_with_value(m, target ^ total ^ value):
                low = min((*parts, 0, 0)[:2]) if len(parts) < 2 else min(parts)
                steps.update({low + 1, m - 1 - low})
            for a in range(m):
                for step in sorted(steps):
                    if a + step < m:
                        play = (points[a], points[a + step])
                        yield self.describe_play(state, play), self.apply(state, play)

    def scan_size(self, state: ChordsFrame) -> int:
        """The chords that can be drawn, counted: each is a move the player may make, so
        listing the winning ones looks at all of them (a million points: 5e+11).

        >>> CHORDS_BOARD.scan_size(CHORDS_BOARD.parse_state(["8", "1-4"]))
        7
        """
        return sum(m * (m - 1) // 2 for m in self.inner(state))

    def apply(self, state: ChordsFrame, play: tuple[int, int]) -> ChordsFrame:
        """The chord is drawn."""
        return (state[0], tuple(sorted((*state[1], play))))

    def describe_play(self, state: ChordsFrame, play: tuple[int, int]) -> str:
        """``draw the chord 2-7``."""
        return f"draw the chord {play[0] + 1}-{play[1] + 1}"

    def inner(self, state: ChordsFrame) -> tuple[int, ...]:
        """The regions' numbers of free points (the heaps), counted by the arcs between the
        chords' ends, not point by point (a circle of 10^30 points has one region).

        >>> CHORDS_BOARD.inner(CHORDS_BOARD.parse_state(["10", "1-6", "2-5"]))
        (2, 4)
        """
        n, chords = state
        ends = sorted({end for chord in chords for end in chord})
        if not ends:
            return CHORDS.canonical((n,))
        sizes: dict[tuple[bool, ...], int] = {}
        # The free points between two ends in turn (and round from the last to the first)
        # lie on the same sides of every chord.
        for here, following in zip(ends, [*ends[1:], ends[0] + n], strict=True):
            if following - here > 1:
                side = self._sides(state, (here + 1) % n)
                sizes[side] = sizes.get(side, 0) + following - here - 1
        return CHORDS.canonical(tuple(sizes.values()))

    def parse_state(self, tokens: Sequence[str]) -> ChordsFrame:
        """A number of points, then the chords drawn (``1-6``)."""
        if not tokens or not tokens[0].isdigit():
            raise InvalidPosition("chords takes a circle: a number of points like 10, then "
                                  "the chords drawn like 1-6 2-5")
        (n,) = CHORDS.parse_state(tokens[:1]) or (0,)
        return self.drawn((n, ()), tokens[1:], "a chord like 1-6", "")


# -- Kings and bishops ---------------------------------------------------------------------

PieceFrame = tuple[int, int, int, int]


class PieceBoard(FramedBoard[PieceFrame]):
    """Kings or bishops on the board with the pieces where they were put: ``(rows, cols,
    cells still in play, pieces)``, bit ``r * cols + c`` as in :mod:`~grundy.boards.bitgrid`.
    Text: the board's picture with each piece as its letter (``K``, ``B``), ``#`` a cell a
    piece attacks, or ``RxC`` before any piece is put.

    >>> board = KINGS_BOARD.parse_state(["3x3"])
    >>> KINGS_BOARD.format_state(KINGS_BOARD.apply(board, 1 << 6))
    'K#./##./...'
    """

    picture = "piece-board"
    searched: PieceGame
    #: The piece's letter in the text form.
    letter: str = "P"

    def plays(self, state: PieceFrame) -> Iterator[int]:
        """Each cell in play: a one-bit mask."""
        return self.searched.plays(self.inner(state))

    def apply(self, state: PieceFrame, play: int) -> PieceFrame:
        """The piece's cell and those it attacks leave play; the piece stays on its cell."""
        rows, cols, cells, pieces = state
        left = self.searched.apply((rows, cols, cells), play)
        return (rows, cols, left[2], pieces | play)

    def describe_play(self, state: PieceFrame, play: int) -> str:
        """``put a king on c3``."""
        return self.searched.describe_play(self.inner(state), play)

    def inner(self, state: PieceFrame) -> Grid:
        """The cells still in play."""
        return state[:3]

    def format_state(self, state: PieceFrame) -> str:
        """``RxC``, or the picture with the pieces' letters."""
        rows, cols, cells, pieces = state
        if not pieces:
            return self.searched.format_state(self.inner(state))
        return "/".join("".join(self.letter if pieces >> (r * cols + c) & 1 else
                                "." if cells >> (r * cols + c) & 1 else "#"
                                for c in range(cols)) for r in reversed(range(rows)))

    def parse_state(self, tokens: Sequence[str]) -> PieceFrame:
        """``RxC`` or the picture (``.`` in play, ``#`` out, the piece's letter a piece)."""
        text = tokens[0] if len(tokens) == 1 else ""
        marked = text.replace(self.letter, "#")
        rows, cols, cells = self.searched.parse_state([marked] if text else list(tokens))
        pieces = 0
        if self.letter in text:
            lines = text.split("/")
            for r, line in enumerate(reversed(lines)):
                for c, char in enumerate(line):
                    if char == self.letter:
                        pieces |= 1 << (r * cols + c)
        return (rows, cols, cells, pieces)


CHOMP_BOARD = ChompBoard()
CHOCOLATE_BOARD = ChocolateBoard()
DIAGONALS_BOARD = DiagonalsBoard()
CHORDS_BOARD = ChordsBoard()


class KingsBoard(PieceBoard):
    """Kings (game 7) with the kings on the board."""

    name = "kings"
    searched = KINGS
    letter = "K"


class BishopsBoard(PieceBoard):
    """Bishops (game 6) with the bishops on the board."""

    name = "bishops"
    searched = BISHOPS
    letter = "B"


KINGS_BOARD = KingsBoard()
BISHOPS_BOARD = BishopsBoard()
