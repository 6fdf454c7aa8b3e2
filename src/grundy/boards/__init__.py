"""Board and geometry games of the lecture (games 6-16), registered in the text form.

=============  ===============================================  ========================
game           rule                                             position
=============  ===============================================  ========================
chomp          take a square and all above and right of it      ``RxC`` or ``5,5,3``
cram           put a domino on two free cells side by side      ``RxC`` or ``..#./....``
kings          put a king where no king attacks it              ``RxC`` or ``..#./....``
bishops        put a bishop where no bishop attacks it          ``RxC`` or ``..#./....``
rows           take a run of checkers from a row or a column    ``RxC`` or ``..#./....``
chocolate      break a piece; breaking off a 1x1 wins           pieces ``5x8 2x3``
diagonals      draw diagonals, at most two at a vertex          vertices ``7``
two-numbers    erase the larger number, write a smaller one     ``7 8``
chords         join points by chords that never meet            points ``10``
skewers        pierce a line of unit cubes                      ``NxNxN``
=============  ===============================================  ========================

>>> from grundy.analysis import analyze
>>> analyze("chomp 3x4").winner, analyze("cram 4x4").winner, analyze("two-numbers 7 8").winner
('first', 'second', 'first')
"""

from collections.abc import Callable
from typing import Any

from grundy.boards.chocolate import CHOCOLATE, Chocolate
from grundy.boards.chomp import CHOMP, Chomp
from grundy.boards.chords import CHORDS, Chords
from grundy.boards.diagonals import DIAGONALS, Diagonals
from grundy.boards.grid import BISHOPS, CRAM, KINGS, ROWS, Bishops, Cram, Kings, Rows
from grundy.boards.numbers import TWO_NUMBERS, TwoNumbers
from grundy.boards.skewers import SKEWERS, Skewers
from grundy.boards.symmetry import Reply, symmetry_strategy
from grundy.game import Game
from grundy.spec import Ruleset, register


def _fixed(game: Game[Any]) -> Callable[[str], Game[Any]]:
    return lambda _: game


for _ruleset in (
    Ruleset("chomp", "Chomp; the poisoned corner may not be taken (game 16)", _fixed(CHOMP),
            example="chomp 5x8"),
    Ruleset("cram", "put a domino on two free cells side by side (game 8)", _fixed(CRAM),
            example="cram 4x5"),
    Ruleset("kings", "put a king where no king attacks it (game 7)", _fixed(KINGS),
            example="kings 3x4"),
    Ruleset("bishops", "put a bishop where no bishop attacks it (game 6)", _fixed(BISHOPS),
            example="bishops 8x8"),
    Ruleset("chocolate", "break a bar; the first to break off a 1x1 piece wins (game 13)",
            _fixed(CHOCOLATE), example="chocolate 5x8"),
    Ruleset("two-numbers", "erase the larger number, write any smaller natural number "
            "(game 14)", _fixed(TWO_NUMBERS), example="two-numbers 7 8"),
    Ruleset("chords", "points on a circle joined by chords that neither cross nor share ends "
            "(game 10)", _fixed(CHORDS), example="chords 10"),
    Ruleset("diagonals", "convex polygon; draw a diagonal, no vertex may get a third "
            "(game 15)", _fixed(DIAGONALS), example="diagonals 8"),
    Ruleset("rows", "take a run of adjacent checkers from one row or column (game 9)",
            _fixed(ROWS), example="rows 3x4"),
    Ruleset("skewers", "a cube of unit cubes; pierce a line that still has an unpierced cube "
            "(game 12)", _fixed(SKEWERS), example="skewers 2x2x2"),
):
    register(_ruleset)

__all__ = [
    "BISHOPS", "CHOCOLATE", "CHOMP", "CHORDS", "CRAM", "DIAGONALS", "KINGS", "ROWS",
    "SKEWERS", "TWO_NUMBERS", "Bishops", "Chocolate", "Chomp", "Chords", "Cram", "Diagonals",
    "Kings", "Reply", "Rows", "Skewers", "TwoNumbers", "symmetry_strategy",
]
