"""Chocolate (game 13): break a piece along a groove; the first to break off a 1x1 piece wins.

The literal game: a position is the whole set of pieces.  A move breaks one piece in two
along a groove.  A move that makes a 1x1 piece wins on the spot, so it leads to the
finished position, written ``1x1``, where nobody can move: the player who made it has made
the last move and wins, as normal play says.  Every position holding a 1x1 piece is that
finished position (a bar that is 1x1 from the start cannot be broken: the player to move
has lost).  A state is the sorted tuple of pieces ``(a, b)`` with ``a <= b``; text:
``5x8`` or several pieces ``5x8 2x3``.

**The strip rule.**  Call a piece one square wide and at least two long (1xk, k >= 2) a
*strip*, and a position *safe* when every piece is at least 2x2.

1. A position holding a strip (and no 1x1) is won by the player to move: breaking the strip
   one square from its end makes a 1x1.  Every other move leaves a strip (breaking another
   piece keeps it; breaking the strip without making a 1x1 leaves two strips), so the
   opponent then wins the same way: the winning moves are exactly the breaks that make a
   1x1.
2. A break of a safe position never makes a 1x1 (only a piece with a side 1 can yield one);
   it leaves either a safe position or a strip, and by 1 a break that leaves a strip loses.
3. So on safe positions the literal game has the same winner, and the same winning moves,
   as the game *S* in which breaks that leave a strip are not made and a player with no
   other break has lost.  By induction on the area: a safe position is won exactly when
   some safe break leaves a lost safe position, since strip breaks lead to won positions
   for the opponent.  When only strip breaks are left (every piece is 2x2, 2x3 or 3x3) the
   player to move loses in both games: in the literal one they make a strip and the
   opponent breaks off a 1x1 and makes the last move; in *S* they cannot move.
4. In *S* no piece ever gets narrower than 2, so nothing one piece does changes what
   another may do: *S* is the sum of its pieces, and by the Sprague-Grundy theorem a bar
   is lost exactly when the xor of its pieces' values is 0.  A piece's value is the mex,
   over its breaks into two pieces at least 2 wide, of the xor of the halves' values
   (:func:`piece_values`): a table of a few thousand numbers answers every bar up to
   40x40.

*S* gives the winner and the winning moves, not the nim-value: the values of *S* are 0
exactly where the literal game graph's are, but differ elsewhere (2x4 has 2 in the literal
game, 1 in *S*), and in a sum with another game only the literal value is right
(``chocolate 2x4 + nim 1`` is won, by the literal 2 xor 1).  So :meth:`Chocolate.value` is
the literal game's, searched like any board and refused up front when too big, and a bar
played alone is answered by *S* (:meth:`Chocolate.normal_rule`) once the literal search
would take longer than a moment: who wins and every winning move, without a nim-value.

**Misère play** (whoever cannot move wins: whoever breaks off a 1x1 loses, as the next
player cannot move).  A break that makes a 1x1 loses, so, as in 3, the winner and winning
moves of a position without a 1x1 are those of the game *M* where no break makes a 1x1 and
a player with no other break (every piece 1x2 or 1x3) has lost.  No 1x1 ever appears in
*M*, so again the pieces never interact and *M* is the sum of its pieces
(:func:`piece_values` with ``misere=True``: breaks into two pieces neither 1x1).  The
finished position is won by the player to move, who cannot move.

>>> from grundy.analysis import analyze
>>> a = analyze(CHOCOLATE, ((5, 8),))
>>> a.winner, [m.description for m in a.winning_moves]
('first', ['break 5x8 into 2x8 and 3x8', 'break 5x8 into 2x5 and 5x6', \
'break 5x8 into 3x5 and 5x5', 'break 5x8 into 4x5 and 4x5'])
>>> analyze("chocolate 1x3").winning_moves[0].description  # played as the bar lies
'break a1-c1 into a1 and b1-c1, breaking off a 1x1: the game is won'
>>> big = analyze("chocolate 40x40")
>>> big.winner, big.nim_value, len(big.winning_moves) > 0
('first', None, True)
>>> analyze("chocolate 5x8", misere=True).winner
'first'
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from grundy.boards.base import BoardGame
from grundy.caches import remembered
from grundy.core.game import Option, RuleAnswer
from grundy.errors import BEYOND, InvalidPosition, TooBig
from grundy.numerals import shown, sizes
from grundy.values import Outcome

if TYPE_CHECKING:
    # numpy is imported where the table of piece values is made: reading a bar needs none.
    import numpy as np

Piece = tuple[int, int]
Bar = tuple[Piece, ...]

#: The finished position: somebody broke off a 1x1 piece.
FINISHED: Bar = ((1, 1),)

#: The most entries the table of piece values may have (a bar 500x500, about 5 s), and the
#: most options its entries may look at in all.
MAX_TABLE = 250_000
MAX_TABLE_WORK = 200_000_000

STRIP_RULE = ("the strip rule: a break that leaves a piece one square wide loses (the "
              "opponent breaks off a 1x1), so the pieces never interact and the bar is the "
              "sum of its pieces")
MISERE_STRIP_RULE = ("the misère strip rule: a break that makes a 1x1 loses, so the pieces "
                     "never interact and the bar is the sum of its pieces")

#: Total area beyond which the bound is not counted (it is astronomically big anyway).
_COUNTED_AREA = 2000
#: Literal positions a bar may have for its nim-value to be searched when asked alone.
LITERAL_AT_ONCE = 20_000


def piece(a: int, b: int) -> Piece:
    """A piece with its shorter side first."""
    return (a, b) if a <= b else (b, a)


def count_bars(pieces: Bar) -> int:
    """How many multisets of pieces, each fitting in a piece of ``pieces``, cover their area.

    Every position reachable from ``pieces`` is one of them (or the finished one).  Counts
    past :data:`~grundy.errors.BEYOND` are cut to it.

    >>> count_bars(((2, 2),))
    4
    """
    area = sum(a * b for a, b in pieces)
    if any(a * b > _COUNTED_AREA for a, b in pieces):
        # Such a piece has a side of 45 or more, so as many kinds: over 2001^45 multisets.
        return BEYOND
    kinds = {(p, q) for a, b in set(pieces) for p in range(1, a + 1) for q in range(p, b + 1)}
    if area > _COUNTED_AREA:
        if len(kinds) * math.log10(area + 1) >= math.log10(BEYOND):
            return BEYOND
        return int((area + 1) ** len(kinds))
    ways = [1] + [0] * area
    for p, q in kinds:
        size = p * q
        for total in range(size, area + 1):
            ways[total] += ways[total - size]
    return ways[area]


def _table_work(rows: int, cols: int) -> int:
    """Options looked at to fill a ``rows x cols`` table: each entry looks at its breaks."""
    return rows * cols * (rows + cols) // 2


@remembered("chocolate piece values", most=4)
def piece_values(rows: int, cols: int, misere: bool = False) -> np.ndarray[Any, Any]:
    """The values of the pieces ``r x c`` (r <= rows, c <= cols) in the game of breaks that
    leave no strip (sides of 1 are 0: not in the game), or with ``misere`` in the game of
    breaks that make no 1x1 (see the module's text).

    >>> piece_values(4, 8)[2:, 2:].tolist()
    [[0, 0, 1, 1, 2, 0, 3], [0, 0, 1, 1, 2, 0, 3], [1, 1, 1, 1, 1, 1, 1]]
    """
    if rows * cols > MAX_TABLE or _table_work(rows, cols) > MAX_TABLE_WORK:
        raise TooBig(f"chocolate: the values of the pieces up to {rows}x{cols}",
                     size=_table_work(rows, cols), limit=MAX_TABLE_WORK, unit="options")
    import numpy as np

    table = np.zeros((rows + 1, cols + 1), dtype=np.int64)
    narrowest = 1 if misere else 2
    for r in range(narrowest, rows + 1):
        for c in range(narrowest, cols + 1):
            if c <= rows and r <= cols and c < r:
                table[r, c] = table[c, r]
                continue
            # Halves k and side - k, k from the narrowest half up to the middle.
            across = table[narrowest:r // 2 + 1, c] ^ table[r - narrowest:(r - 1) // 2:-1, c]
            along = table[r, narrowest:c // 2 + 1] ^ table[r, c - narrowest:(c - 1) // 2:-1]
            if misere:
                # A half 1x1 is not a break of the game: it is the first (k = 1).
                across = across[1:] if c == 1 else across
                along = along[1:] if r == 1 else along
            seen = np.zeros(across.size + along.size + 1, dtype=bool)
            found = np.concatenate((across, along))
            seen[found[found < seen.size]] = True
            table[r, c] = int(np.argmin(seen))
    return table


def _table(pieces: Bar, misere: bool) -> np.ndarray[Any, Any]:
    return piece_values(max(a for a, _ in pieces), max(b for _, b in pieces), misere)


def _xor_of_pieces(pieces: Bar, table: np.ndarray[Any, Any]) -> int:
    total = 0
    for a, b in pieces:
        total ^= int(table[a, b])
    return total


class Chocolate(BoardGame[Bar]):
    """Chocolate: break a piece; breaking off a 1x1 wins (see the module for the model).

    >>> CHOCOLATE.value(((2, 2),)), CHOCOLATE.value(((1, 2),)), CHOCOLATE.value(FINISHED)
    (0, 1, 0)
    """

    picture = "bar"
    name = "chocolate"

    # Played in the player's frame by grundy.boards.frames; its own states are the search's.
    keeps_frame = False

    @property
    def empty(self) -> Bar:
        """The finished position."""
        return FINISHED

    def fold(self, state: Bar) -> Bar:
        """Pieces sorted, shorter side first; any position with a 1x1 is the finished one."""
        pieces = tuple(sorted(piece(a, b) for a, b in state))
        return FINISHED if (1, 1) in pieces else pieces

    def plays(self, state: Bar) -> Iterator[tuple[int, int, int]]:
        """(piece index, 0 to cut across its rows or 1 across its columns, where)."""
        if (1, 1) in state:
            return
        for index, (a, b) in enumerate(state):
            if index and state[index - 1] == (a, b):
                continue
            for cut in range(1, a // 2 + 1):
                yield (index, 0, cut)
            for cut in range(1, b // 2 + 1):
                if a != b:
                    yield (index, 1, cut)

    def apply(self, state: Bar, play: tuple[int, int, int]) -> Bar:
        """The piece is replaced by its two halves."""
        index, across, cut = play
        a, b = state[index]
        halves = ((cut, b), (a - cut, b)) if across == 0 else ((a, cut), (a, b - cut))
        return (*state[:index], *halves, *state[index + 1:])

    def describe_play(self, state: Bar, play: tuple[int, int, int]) -> str:
        """``break 5x8 into 2x8 and 3x8``."""
        a, b = state[play[0]]
        after = self.apply(state, play)
        first, second = (piece(*p) for p in after[play[0]:play[0] + 2])
        words = f"break {a}x{b} into {first[0]}x{first[1]} and {second[0]}x{second[1]}"
        if (1, 1) in (first, second):
            words += ", breaking off a 1x1: the game is won"
        return words

    def split(self, state: Bar) -> list[Bar]:
        """The literal game is one region: a 1x1 anywhere ends it (its values: :meth:`value`)."""
        folded = self.fold(state)
        return [] if folded == FINISHED else [folded]

    def reason(self, state: Bar) -> str | None:
        """:data:`STRIP_RULE` for a lost bar of pieces at least 2x2 (lost in *S*, so lost
        in the literal game)."""
        folded = self.fold(state)
        if folded == FINISHED or folded[0][0] == 1 or _xor_of_pieces(folded, _table(folded, False)):
            return None
        return STRIP_RULE

    def normal_rule(self, state: Bar) -> RuleAnswer | None:
        """A bar alone whose literal search is more than :data:`LITERAL_AT_ONCE` positions,
        answered by the strip rule (see the module): who wins and the winning moves, with no
        nim-value; None when the literal search is quick (it gives the nim-value too).

        >>> rule = CHOCOLATE.normal_rule(((9, 9),))
        >>> rule.outcome, [move for move, _ in rule.moves]
        (<Outcome.N: 'N'>, ['break 9x9 into 2x9 and 7x9', 'break 9x9 into 3x9 and 6x9', \
'break 9x9 into 4x9 and 5x9'])
        >>> CHOCOLATE.normal_rule(((2, 4),)) is None
        True
        """
        folded = self.fold(state)
        if folded == FINISHED or count_bars(folded) <= LITERAL_AT_ONCE:
            return None
        return self.strip_rule(folded)

    def strip_rule(self, state: Bar) -> RuleAnswer:
        """Who wins a bar played alone, and every winning move, by the strip rule (see the
        module), at any size the table of pieces allows.

        >>> rule = CHOCOLATE.strip_rule(((2, 4),))
        >>> rule.outcome, [move for move, _ in rule.moves]
        (<Outcome.N: 'N'>, ['break 2x4 into 2x2 and 2x2'])
        """
        folded = self.fold(state)
        if folded == FINISHED:
            return RuleAnswer(Outcome.P, (), "the game is over")
        if folded[0][0] == 1:
            # Only a break one square from a strip's end makes a 1x1; a strip of a
            # 30-digit length has far too many other breaks to look at.
            won = [(index, 1, 1) for index, (a, b) in enumerate(folded)
                   if a == 1 and not (index and folded[index - 1] == (a, b))]
            return RuleAnswer(Outcome.N, tuple(
                (self.describe_play(folded, play), partial(self.settle, FINISHED))
                for play in won), "a piece one square wide: break off a 1x1")
        return self._sum_of_pieces(folded, False, STRIP_RULE)

    def misere_rule(self, state: Bar) -> RuleAnswer | None:
        """Misère play (whoever breaks off a 1x1 loses) by the sum of the pieces in the game
        of breaks that make no 1x1 (see the module); None for the finished position.

        >>> rule = CHOCOLATE.misere_rule(((2, 2),))
        >>> rule.outcome, [move for move, _ in rule.moves]
        (<Outcome.N: 'N'>, ['break 2x2 into 1x2 and 1x2'])
        """
        folded = self.fold(state)
        if folded == FINISHED:
            return None
        return self._sum_of_pieces(folded, True, MISERE_STRIP_RULE)

    def _sum_of_pieces(self, folded: Bar, misere: bool, reason: str) -> RuleAnswer:
        """Who wins ``folded`` as the sum of its pieces in the game of the strip rule (breaks
        that leave no strip) or with ``misere`` of its misère form (breaks that make no 1x1),
        and the breaks of that game to a sum of nim-value 0."""
        # Every piece a break leaves fits in the table of the pieces before it: made once.
        table = _table(folded, misere)
        total = _xor_of_pieces(folded, table)
        moves: list[tuple[str, Callable[[], Option]]] = []
        if total:
            for play in self.plays(folded):
                after = self.fold(self.apply(folded, play))
                in_game = after != FINISHED if misere else after[0][0] >= 2
                if in_game and _xor_of_pieces(after, table) == 0:
                    moves.append((self.describe_play(folded, play),
                                  partial(self.settle, after)))
        return RuleAnswer(Outcome.N if total else Outcome.P, tuple(moves), reason)

    def region_bound(self, region: Bar) -> int:
        """The multisets of pieces that could be left, and the finished position."""
        return count_bars(region) + 1

    def format_state(self, state: Bar) -> str:
        """The pieces, like ``2x3 5x8``."""
        return " ".join(f"{a}x{b}" for a, b in state)

    def parse_state(self, tokens: Sequence[str]) -> Bar:
        """Pieces ``RxC`` separated by spaces, each side at least 1."""
        if not tokens:
            raise InvalidPosition("chocolate needs at least one piece, like 5x8")
        pieces = []
        for token in tokens:
            sides = sizes(token, 2, "chocolate piece size", error=InvalidPosition)
            if sides is None or min(sides) < 1:
                raise InvalidPosition(f"chocolate piece {shown(token)} is not RxC with sides "
                                      ">= 1 (like 5x8)")
            pieces.append(piece(*sides))
        return tuple(sorted(pieces))


CHOCOLATE = Chocolate()
