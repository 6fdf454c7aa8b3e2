"""Board and geometry games of the lecture (games 6-16); :mod:`grundy.catalogue` names them.

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

from grundy.boards.bishops import BISHOPS, Bishops
from grundy.boards.chocolate import CHOCOLATE, Chocolate
from grundy.boards.chomp import CHOMP, Chomp
from grundy.boards.chords import CHORDS, Chords
from grundy.boards.cram import CRAM, Cram
from grundy.boards.diagonals import DIAGONALS, Diagonals
from grundy.boards.frame import FramedBoard
from grundy.boards.frames import (
    BISHOPS_BOARD,
    CHOCOLATE_BOARD,
    CHOMP_BOARD,
    CHORDS_BOARD,
    DIAGONALS_BOARD,
    KINGS_BOARD,
    BishopsBoard,
    ChocolateBoard,
    ChompBoard,
    ChordsBoard,
    DiagonalsBoard,
    KingsBoard,
    PieceBoard,
)
from grundy.boards.kings import KINGS, Kings
from grundy.boards.numbers import TWO_NUMBERS, TwoNumbers
from grundy.boards.rows import ROWS, Rows
from grundy.boards.skewers import SKEWERS, Skewers
from grundy.boards.symmetry import symmetry_strategy
from grundy.core.game import Reply

__all__ = [
    "BISHOPS",
    "BISHOPS_BOARD",
    "CHOCOLATE",
    "CHOCOLATE_BOARD",
    "CHOMP",
    "CHOMP_BOARD",
    "CHORDS",
    "CHORDS_BOARD",
    "CRAM",
    "DIAGONALS",
    "DIAGONALS_BOARD",
    "KINGS",
    "KINGS_BOARD",
    "ROWS",
    "SKEWERS",
    "TWO_NUMBERS",
    "Bishops",
    "BishopsBoard",
    "Chocolate",
    "ChocolateBoard",
    "Chomp",
    "ChompBoard",
    "Chords",
    "ChordsBoard",
    "Cram",
    "Diagonals",
    "DiagonalsBoard",
    "FramedBoard",
    "Kings",
    "KingsBoard",
    "PieceBoard",
    "Reply",
    "Rows",
    "Skewers",
    "TwoNumbers",
    "symmetry_strategy",
]
