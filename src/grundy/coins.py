"""Coin-turning games: a row (or board) of coins, heads ``H`` or tails ``T``.

A move turns over a set of coins allowed by the rule; the coin furthest to the right
(bottom-right on a board) must go from heads to tails, which makes every game end.
Whoever cannot move (all tails, or no allowed set) loses.

*Theorem* (Lenstra; Winning Ways ch. 14; Ferguson, *Game Theory*, I.5): a position is the
disjunctive sum of its heads, each a position with a single head, because turning a tail
to heads is the same as adding a single-head game and turning a head to tails removes
one (two heads on one coin cancel, as ``x + x = 0``).  So the nim-value of a row is the
nim-sum, over its heads, of the single-coin values ``g(n)``:

* ``turning-turtles`` — turn one or two coins: ``g(n) = n`` (it is Nim, coins numbered 1,
  2, ... from the left);
* ``mock-turtles`` — turn one, two or three coins: ``g(n)`` is the ``n``-th odious number
  (OEIS A000069, coins numbered 0, 1, ... from the left);
* ``ruler`` — turn any run of adjacent coins: ``g(n)`` is the largest power of 2 that
  divides ``n`` (``2**(A001511(n) - 1)``, coins numbered 1, 2, ...);
* ``turning-corners`` — turn the four corners of a rectangle: coin ``(r, c)`` (rows and
  columns numbered 0, 1, ...) is worth the nim-product ``r * c`` (Tartan theorem: the
  product of two games of Turning Turtles with coin 0 unmovable, whose values are ``r``
  and ``c``).

>>> from grundy import analyze
>>> a = analyze("mock-turtles THHTTH")
>>> a.nim_value, [m.description for m in a.winning_moves][:2]
(13, ['turn over coins 1, 4 and 6 (6 from heads to tails)', \
'turn over coins 2, 3 and 6 (6 from heads to tails)'])
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Iterable, Iterator, Sequence
from functools import reduce
from itertools import combinations
from operator import xor

from grundy.core.game import Game, Option
from grundy.errors import InvalidPosition
from grundy.nimbers import nim_inverse, nim_multiply

#: Most coins a position may have.
MAX_COINS = 10_000

Row = str
Board = tuple[str, ...]


def odious(n: int) -> int:
    """The ``n``-th odious number (odd number of 1 bits), from ``n = 0``: OEIS A000069.

    >>> [odious(n) for n in range(10)]
    [1, 2, 4, 7, 8, 11, 13, 14, 16, 19]
    """
    return 2 * n + (1 - n.bit_count() % 2)


def ruler(n: int) -> int:
    """The largest power of 2 dividing ``n >= 1``.

    >>> [ruler(n) for n in range(1, 13)]
    [1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4]
    """
    return n & -n


def _read_coins(text: str, what: str) -> str:
    coins = text.upper()
    if not coins or set(coins) - {"H", "T"}:
        raise InvalidPosition(f"{what} {text!r} is not a row of coins; write H (heads) and T "
                              "(tails), like THHTTH")
    return coins


def _numbers(indices: Iterable[int]) -> str:
    words = [str(i + 1) for i in sorted(indices)]
    if len(words) == 1:
        return f"coin {words[0]}"
    return "coins " + ", ".join(words[:-1]) + " and " + words[-1]


class CoinRow(Game[Row]):
    """A row of coins; a move turns the coin at index ``k`` from heads to tails together with
    an allowed set of coins to its left.  Subclasses give the sets and the single-coin values.

    Indices in the state are 0-based; the words number coins from 1 at the left.
    """

    picture = "coins"
    @abstractmethod
    def coin_value(self, index: int) -> int:
        """The nim-value of a row whose only head is at ``index`` (0-based)."""

    @abstractmethod
    def companions(self, index: int) -> Iterator[tuple[int, ...]]:
        """The sets of coins left of ``index`` that may be turned with it."""

    @abstractmethod
    def companions_worth(self, index: int, want: int) -> Iterator[tuple[int, ...]]:
        """The sets of :meth:`companions` whose coins' values nim-sum to ``want``."""

    def value(self, state: Row) -> int:
        """The nim-sum of the heads' single-coin values (the coin-turning theorem)."""
        return reduce(xor, (self.coin_value(k) for k, c in enumerate(state) if c == "H"), 0)

    def moves(self, state: Row) -> Iterator[Row]:
        """Turn a head to tails and an allowed set of coins left of it."""
        for k, coin in enumerate(state):
            if coin == "H":
                for others in self.companions(k):
                    yield _turn(state, (*others, k))

    def labelled_moves(self, state: Row) -> Iterator[tuple[str, Option]]:
        """Each move, named by the coins it turns (different sets leave different rows)."""
        for k, coin in enumerate(state):
            if coin == "H":
                for others in self.companions(k):
                    yield self._say(k, others), _turn(state, (*others, k))

    def moves_to_value(self, state: Row, target: int) -> Iterator[tuple[str, Option]]:
        """The moves to value ``target``, from the values of the coins they turn (no search).

        A move at head ``k`` turning the set ``F`` changes the value by ``g(k)`` nim-plus the
        values of ``F``; so ``F`` must be worth ``value ^ target ^ g(k)``.
        """
        change = self.value(state) ^ target
        for k, coin in enumerate(state):
            if coin == "H":
                for others in self.companions_worth(k, change ^ self.coin_value(k)):
                    yield self._say(k, others), _turn(state, (*others, k))

    def _say(self, k: int, others: tuple[int, ...]) -> str:
        if not others:
            return f"turn coin {k + 1} from heads to tails"
        return f"turn over {_numbers((*others, k))} ({k + 1} from heads to tails)"

    def count_moves(self, state: Row, most: int) -> int:
        """Moves counted without listing them, up to ``most + 1``."""
        total = 0
        for k, coin in enumerate(state):
            if coin == "H":
                total += self.companion_count(k)
                if total > most:
                    return most + 1
        return total

    @abstractmethod
    def companion_count(self, index: int) -> int:
        """How many sets :meth:`companions` lists."""

    def format_state(self, state: Row) -> str:
        """The row's letters, ``H`` and ``T``."""
        return state

    def parse_state(self, tokens: Sequence[str]) -> Row:
        """One word of ``H`` and ``T`` letters (lower case is read too)."""
        if len(tokens) != 1:
            raise InvalidPosition(f"{self.name} needs one row of coins, like "
                                  f"{self.name} THHTTH")
        if len(tokens[0]) > MAX_COINS:
            raise InvalidPosition(f"{self.name}: {len(tokens[0])} coins; at most {MAX_COINS}")
        return _read_coins(tokens[0], f"{self.name} position")

    def state_bound(self, state: Row) -> int:
        """Rows reachable: only coins up to the last head ever turn."""
        return 1 << (state.rfind("H") + 1)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self)

    def __hash__(self) -> int:
        return hash(self.name)


def _turn(state: Row, indices: Iterable[int]) -> Row:
    coins = list(state)
    for i in indices:
        coins[i] = "T" if coins[i] == "H" else "H"
    return "".join(coins)


class TurningTurtles(CoinRow):
    """Turn one or two coins: Nim in disguise, coin ``n`` (from 1) worth ``n``.

    >>> game = TurningTurtles()
    >>> game.value("THHTTH"), [d for d, _ in game.moves_to_value("THHTTH", 0)]
    (7, ['turn over coins 1 and 6 (6 from heads to tails)'])
    """

    name = "turning-turtles"

    def coin_value(self, index: int) -> int:
        """Coin ``index + 1``: a Nim heap of that size."""
        return index + 1

    def companions(self, index: int) -> Iterator[tuple[int, ...]]:
        """Nothing, or any one coin to the left."""
        yield ()
        yield from ((j,) for j in range(index))

    def companion_count(self, index: int) -> int:
        """1 + index."""
        return 1 + index

    def companions_worth(self, index: int, want: int) -> Iterator[tuple[int, ...]]:
        """Nothing when ``want`` is 0, else the coin numbered ``want`` if it is left of here."""
        if want == 0:
            yield ()
        elif want <= index:
            yield (want - 1,)


class MockTurtles(CoinRow):
    """Turn one, two or three coins; coin ``n`` (from 0) worth the ``n``-th odious number.

    >>> game = MockTurtles()
    >>> [game.value("T" * n + "H") for n in range(8)]
    [1, 2, 4, 7, 8, 11, 13, 14]
    """

    name = "mock-turtles"

    def coin_value(self, index: int) -> int:
        """The odious number of ``index``."""
        return odious(index)

    #: Up to three coins are clicked, then the button ``go``.
    picture = "coins-then-go"

    def companions(self, index: int) -> Iterator[tuple[int, ...]]:
        """Nothing, one coin or two coins to the left."""
        yield ()
        yield from ((j,) for j in range(index))
        yield from combinations(range(index), 2)

    def companion_count(self, index: int) -> int:
        """1 + index + index choose 2."""
        return 1 + index + index * (index - 1) // 2

    def companions_worth(self, index: int, want: int) -> Iterator[tuple[int, ...]]:
        """Sets of at most two coins left of ``index`` worth ``want`` (odious numbers are
        distinct, so each value names at most one coin)."""
        where = {odious(j): j for j in range(index)}
        if want == 0:
            yield ()
        if want in where:
            yield (where[want],)
        for j in range(index):
            other = where.get(want ^ odious(j))
            if other is not None and other > j:
                yield (j, other)


class Ruler(CoinRow):
    """Turn any run of adjacent coins; coin ``n`` (from 1) worth the largest power of 2
    dividing ``n``.

    >>> game = Ruler()
    >>> [game.value("T" * n + "H") for n in range(8)]
    [1, 2, 1, 4, 1, 2, 1, 8]
    """

    name = "ruler"

    def coin_value(self, index: int) -> int:
        """The ruler function of ``index + 1``."""
        return ruler(index + 1)

    #: A run of coins is clicked by its two ends.
    picture = "coin-runs"

    def companions(self, index: int) -> Iterator[tuple[int, ...]]:
        """The coins from ``j`` to ``index - 1``, for each ``j <= index``."""
        for start in range(index, -1, -1):
            yield tuple(range(start, index))

    def companion_count(self, index: int) -> int:
        """index + 1 runs."""
        return index + 1

    def companions_worth(self, index: int, want: int) -> Iterator[tuple[int, ...]]:
        """Runs ``start..index-1`` worth ``want``: a prefix xor equal to ``want``."""
        total = 0
        for start in range(index, -1, -1):
            if total == want:
                yield tuple(range(start, index))
            if start:
                total ^= ruler(start)

    def _say(self, k: int, others: tuple[int, ...]) -> str:
        if len(others) >= 2:
            return f"turn over coins {others[0] + 1} to {k + 1} ({k + 1} from heads to tails)"
        return super()._say(k, others)


class TurningCorners(Game[Board]):
    """Turn the four corners of a rectangle whose bottom-right coin is heads.

    Rows and columns are numbered 0, 1, ... in the theory (1, 2, ... in the words); coin
    ``(r, c)`` is worth the nim-product ``r * c``, and a move with corners ``r' < r`` and
    ``c' < c`` changes the value by ``(r ^ r') * (c ^ c')`` (distributivity), so the winning
    moves follow from nim-inverses without search.

    >>> game = TurningCorners()
    >>> game.value(("TTT", "TTT", "TTH")), game.value(("TTTT", "TTTT", "TTTT", "TTTH"))
    (3, 2)
    >>> [d for d, _ in game.moves_to_value(("TTT", "TTT", "TTH"), 0)]
    ['turn the corners of rows 1 and 3, columns 1 and 3 (row 3, column 3 from heads to tails)']
    """

    picture = "corners"
    name = "turning-corners"

    def value(self, state: Board) -> int:
        """The nim-sum over heads of the nim-products of their row and column numbers."""
        return reduce(xor, (nim_multiply(r, c) for r, c in _heads(state)), 0)

    def moves(self, state: Board) -> Iterator[Board]:
        """Each head with each rectangle above and left of it."""
        for _, option in self.labelled_moves(state):
            yield option

    def labelled_moves(self, state: Board) -> Iterator[tuple[str, Option]]:
        """Each move (different rectangles leave different boards)."""
        for r, c in _heads(state):
            for r0 in range(r):
                for c0 in range(c):
                    yield self._say(r0, c0, r, c), _corners(state, r0, c0, r, c)

    def moves_to_value(self, state: Board, target: int) -> Iterator[tuple[str, Option]]:
        """For each head ``(r, c)`` and each row ``r' < r``, the one column ``c'`` with
        ``(r ^ r') * (c ^ c') = value ^ target``, if it is left of ``c``."""
        change = self.value(state) ^ target
        if change == 0:
            return
        for r, c in _heads(state):
            for r0 in range(r):
                c0 = c ^ nim_multiply(change, nim_inverse(r ^ r0))
                if c0 < c:
                    yield self._say(r0, c0, r, c), _corners(state, r0, c0, r, c)

    def count_moves(self, state: Board, most: int) -> int:
        """r * c rectangles for each head (r, c)."""
        total = 0
        for r, c in _heads(state):
            total += r * c
            if total > most:
                return most + 1
        return total

    @staticmethod
    def _say(r0: int, c0: int, r: int, c: int) -> str:
        return (f"turn the corners of rows {r0 + 1} and {r + 1}, columns {c0 + 1} and {c + 1} "
                f"(row {r + 1}, column {c + 1} from heads to tails)")

    def format_state(self, state: Board) -> str:
        """Rows of ``H`` and ``T`` joined by ``/``, top row first."""
        return "/".join(state)

    def parse_state(self, tokens: Sequence[str]) -> Board:
        """Rows of equal length joined by ``/``, like ``TTT/THT/TTH``.

        >>> TurningCorners().parse_state(["TH/T"])
        Traceback (most recent call last):
        ...
        grundy.errors.InvalidPosition: turning-corners: rows of different lengths (2 and 1)
        """
        if len(tokens) != 1:
            raise InvalidPosition("turning-corners needs one board, rows of H and T joined by "
                                  "'/', like turning-corners TTT/THT/TTH")
        rows = tuple(_read_coins(row, "turning-corners row") for row in tokens[0].split("/"))
        if len({len(row) for row in rows}) > 1:
            raise InvalidPosition(f"turning-corners: rows of different lengths "
                                  f"({len(rows[0])} and "
                                  f"{next(len(r) for r in rows if len(r) != len(rows[0]))})")
        if len(rows) * len(rows[0]) > MAX_COINS:
            raise InvalidPosition(f"turning-corners: {len(rows) * len(rows[0])} coins; at most "
                                  f"{MAX_COINS}")
        return rows

    def state_bound(self, state: Board) -> int:
        """Boards reachable: coins above or left of the last head only."""
        heads = list(_heads(state))
        if not heads:
            return 1
        return 1 << ((max(r for r, _ in heads) + 1) * (max(c for _, c in heads) + 1))

    def __eq__(self, other: object) -> bool:
        return type(other) is TurningCorners

    def __hash__(self) -> int:
        return hash(self.name)


def _heads(state: Board) -> Iterator[tuple[int, int]]:
    for r, row in enumerate(state):
        for c, coin in enumerate(row):
            if coin == "H":
                yield r, c


def _corners(state: Board, r0: int, c0: int, r: int, c: int) -> Board:
    rows = list(state)
    for row in (r0, r):
        rows[row] = _turn(rows[row], (c0, c))
    return tuple(rows)
