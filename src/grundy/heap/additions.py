"""Nim with moves that add: Nim with a bounded pool of additions, and Northcott's game.

Both reduce to Nim: the nim-value is the nim-sum of the heaps (of the gaps), because every
move that adds is *reversible* — the opponent can take the addition back at once.

* ``nim-add:K`` — Nim where a move may instead add tokens to one heap, taken from a pool of
  ``K`` tokens shared by both players (``K`` is the pool left; it shrinks as it is used).
  *Theorem*: the nim-value is the nim-sum of the heaps, whatever the pool.  Proof by
  induction on (heaps + pool, pool), which every move lowers, so the game ends: each move
  changes exactly one heap, so no option has the same nim-sum; and each smaller nim-sum is
  reached by taking from one heap as in Nim.  The pool never matters.

* ``northcott`` — Northcott's game in its impartial, one-way form: each row of a board
  holds two checkers, ``W`` and ``B``; a move slides one checker to the right, any number
  of squares: the left checker towards the other (not onto or past it), or the right one
  away from it (not off the board).  Every move goes right, so the game ends.  *Theorem*:
  a row is worth the number of empty squares between its checkers, and the position the
  nim-sum of these gaps.  Proof by induction: moving the left checker reaches every smaller
  gap, no move keeps the gap, and a move that widens it is an addition as above.  (In the
  original game each player moves only the checkers of his colour, both ways; its winning
  strategy is the same Nim on the gaps — a retreat is answered by following it.  With
  both-way moves for both players the impartial game would never end: the two checkers of a
  row could drift to and fro for ever.)

>>> from grundy import analyze
>>> [m.description for m in analyze("nim-add:3 2 5").winning_moves]
['add 3 to 2, making 5 (0 left in the pool)', 'take 3 from 5, leaving 2']
>>> analyze("northcott W..B. .B.W").nim_value
3
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import reduce
from operator import xor

from grundy.core.game import Game, Option
from grundy.core.position import Position
from grundy.core.ruleset import Ruleset, fixed
from grundy.errors import InvalidPosition
from grundy.heap.base import HeapGame, Heaps, parse_heap
from grundy.heap.numbered import Numbered

#: Largest pool of ``nim-add:K``.
MAX_POOL = 10**6
#: Longest row of ``northcott``.
MAX_ROW = 1000


class NimWithAdditions(Numbered, Game[Heaps]):
    """Nim in which a move may instead add 1 to ``pool`` tokens to one heap from the pool.

    >>> game = NimWithAdditions(2)
    >>> [str(option) for option in game.moves((1,))]
    ['(0,)', 'nim-add:1 2', 'nim-add:0 3']
    """

    picture = "additions"
    name = "nim-add"

    lowest = 0
    highest = MAX_POOL
    number_is = "the pool of additions is"
    number_named = "the pool K"

    @property
    def pool(self) -> int:
        """The tokens in the pool."""
        return self.number

    def value(self, state: Heaps) -> int:
        """The nim-sum of the heaps (the pool does not count)."""
        return reduce(xor, state, 0)

    def moves(self, state: Heaps) -> Iterator[Option]:
        """Take from a heap (same pool), or add to one (a smaller pool: another game)."""
        for _, option in self.labelled_moves(state):
            yield option

    def labelled_moves(self, state: Heaps) -> Iterator[tuple[str, Option]]:
        """Each move with its words."""
        for index, heap in HeapGame.distinct_heaps(state):
            for left in range(heap):
                yield _take(heap, left), self._replace(state, index, left)
            for added in range(1, self.pool + 1):
                yield self._add(heap, added), self._added(state, index, heap + added, added)

    def moves_to_value(self, state: Heaps, target: int) -> Iterator[tuple[str, Option]]:
        """Heap ``h`` becomes ``h ^ value ^ target``: by taking, or by adding from the pool."""
        change = self.value(state) ^ target
        if change == 0:
            return
        for index, heap in HeapGame.distinct_heaps(state):
            want = heap ^ change
            if want < heap:
                yield _take(heap, want), self._replace(state, index, want)
            elif want - heap <= self.pool:
                yield self._add(heap, want - heap), self._added(state, index, want, want - heap)

    def count_moves(self, state: Heaps, most: int) -> int:
        """Each distinct heap: its size in takings, the pool in additions."""
        distinct = HeapGame.distinct_heaps(state)
        return min(most + 1, sum(heap + self.pool for _, heap in distinct))

    def _add(self, heap: int, added: int) -> str:
        left = self.pool - added
        return f"add {added} to {heap}, making {heap + added} ({left} left in the pool)"

    def _replace(self, state: Heaps, index: int, heap: int) -> Heaps:
        return self.canonical((*state[:index], heap, *state[index + 1:]))

    def _added(self, state: Heaps, index: int, heap: int, added: int) -> Position:
        game = NimWithAdditions(self.pool - added)
        return Position.of(game, game.canonical((*state[:index], heap, *state[index + 1:])))

    def canonical(self, state: Heaps) -> Heaps:
        """Heaps sorted; empty heaps kept only while the pool can refill them."""
        return tuple(sorted(h for h in state if h or self.pool))

    def is_empty(self, state: Heaps) -> bool:
        """No heaps, or only empty heaps and no pool."""
        return not any(state) and (not state or not self.pool)

    def format_state(self, state: Heaps) -> str:
        """Heap sizes separated by spaces; ``0`` for none."""
        return " ".join(map(str, state)) if state else "0"

    def parse_state(self, tokens: Sequence[str]) -> Heaps:
        """Heap sizes: whole numbers >= 0."""
        return self.canonical(tuple(parse_heap(token) for token in tokens))

    def state_bound(self, state: Heaps) -> int:
        """Positions reachable: each heap ends up at most its size plus the pool, and the
        pool is one of pool + 1 sizes."""
        total = self.pool + 1
        for h in state:
            total *= h + self.pool + 1
        return total


def _take(heap: int, left: int) -> str:
    return f"take all {heap}" if left == 0 else f"take {heap - left} from {heap}, leaving {left}"


Rows = tuple[str, ...]


class Northcott(Game[Rows]):
    """Northcott's game, impartial and one-way; a position is its rows of ``W``, ``B``
    and ``.``.

    >>> game = Northcott()
    >>> game.value(("W..B.", ".B.W")), sorted(game.moves(("WB.",)))
    (3, [('W.B',)])
    """

    picture = "northcott"
    name = "northcott"

    def value(self, state: Rows) -> int:
        """The nim-sum of the gaps."""
        return reduce(xor, (_gap(row) for row in state), 0)

    def moves(self, state: Rows) -> Iterator[Rows]:
        """Slide one checker along its row."""
        for _, option in self.labelled_moves(state):
            yield option

    def labelled_moves(self, state: Rows) -> Iterator[tuple[str, Option]]:
        """Every move, in words (rows are numbered from 1 in the order written)."""
        for index, row in enumerate(state):
            if index and row == state[index - 1]:
                continue
            for moved in _slides(row):
                yield self._say(index, row, moved), self._replace(state, index, moved)

    def moves_to_value(self, state: Rows, target: int) -> Iterator[tuple[str, Option]]:
        """Row gaps ``g`` become ``g ^ value ^ target``: towards, or away when there is room."""
        change = self.value(state) ^ target
        if change == 0:
            return
        for index, row in enumerate(state):
            if index and row == state[index - 1]:
                continue
            want = _gap(row) ^ change
            for _, option in self.labelled_moves((row,)):
                if _gap(option[0]) == want:
                    yield self._say(index, row, option[0]), self._replace(state, index,
                                                                          option[0])

    def _say(self, index: int, row: str, moved: str) -> str:
        colour = next(c for c, d in zip(row, moved, strict=True) if c != d and c != ".")
        start, end = row.index(colour), moved.index(colour)
        name = "white" if colour == "W" else "black"
        where = f" in row {index + 1}"
        return (f"move the {name} checker{where} from square {start + 1} to {end + 1} "
                f"(gap {_gap(row)} -> {_gap(moved)})")

    def _replace(self, state: Rows, index: int, row: str) -> Rows:
        return self.canonical((*state[:index], row, *state[index + 1:]))

    def canonical(self, state: Rows) -> Rows:
        """Rows sorted."""
        return tuple(sorted(state))

    def format_state(self, state: Rows) -> str:
        """The rows, separated by spaces."""
        return " ".join(state)

    def parse_state(self, tokens: Sequence[str]) -> Rows:
        """Rows of ``.``, one ``W`` and one ``B``, like ``W..B.``.

        >>> Northcott().parse_state(["W..W"])
        Traceback (most recent call last):
        ...
        grundy.errors.InvalidPosition: northcott row 'W..W' needs one W, one B and dots
        """
        if not tokens:
            raise InvalidPosition("northcott needs rows, like northcott W..B. .B.W")
        for token in tokens:
            if (len(token) > MAX_ROW or sorted(token.replace(".", "")) != ["B", "W"]
                    or set(token) - {"W", "B", "."}):
                raise InvalidPosition(f"northcott row {token!r} needs one W, one B and dots"
                                      + (f" (at most {MAX_ROW} squares)"
                                         if len(token) > MAX_ROW else ""))
        return self.canonical(tuple(tokens))

    def state_bound(self, state: Rows) -> int:
        """Positions reachable: at most two checkers placed in each row."""
        total = 1
        for row in state:
            total *= len(row) * (len(row) - 1) // 2
        return total

    def parameters(self) -> tuple[()]:
        """Fixed rules: every instance is the same game."""
        return ()


def _gap(row: str) -> int:
    return abs(row.index("W") - row.index("B")) - 1


def _slides(row: str) -> Iterator[str]:
    """The rows after one checker slides right: the left one up to the right one, the right
    one up to the edge."""
    low, high = sorted((row.index("W"), row.index("B")))
    for mover, squares in ((low, range(low + 1, high)), (high, range(high + 1, len(row)))):
        for spot in squares:
            cells = list(row)
            cells[spot], cells[mover] = cells[mover], "."
            yield "".join(cells)


RULESETS = (
    Ruleset("nim-add", "Nim where a move may instead add to a heap from a pool of K tokens",
            NimWithAdditions.parse, "K", "nim-add:3 2 5", position="heap sizes",
            picture="additions"),
    Ruleset("northcott", "Northcott's game: slide a checker along its row, not past the other "
            "(rows of W, B and .)", fixed(Northcott()), example="northcott W..B. .B.W",
            position="rows `W..B.` (one `W`, one `B`, dots), separated by spaces",
            picture="northcott"),
)
