"""grundy: impartial combinatorial games — who wins, nim-values, winning moves, and why.

>>> import grundy
>>> grundy.analyze("nim 3 2 1").winner
'second'
>>> grundy.KAYLES.values(11).tolist()
[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
>>> grundy.__version__ == importlib.metadata.version("grundy")
True
"""

import importlib.metadata

from grundy.analysis import Analysis, analyze
from grundy.errors import InvalidArgument, InvalidGame, InvalidMove, InvalidPosition, TooBig
from grundy.game import Game
from grundy.graphs import GraphGame
from grundy.heap.base import HeapGame
from grundy.heap.subtraction import STONES, Half, Nim, Subtraction, powers_of_two, squares
from grundy.heap.takebreak import DAWSON, KAYLES, Daisy, GrundyGame, Split23, TakeAndBreak
from grundy.solver import Solver
from grundy.spec import parse_game, parse_position
from grundy.sums import Component, Move, Position
from grundy.values import Infinite, Outcome, mex, nim_sum

#: The installed distribution's version: ``pyproject.toml`` is its one source.
__version__ = importlib.metadata.version("grundy")

__all__ = [
    "DAWSON",
    "KAYLES",
    "STONES",
    "Analysis",
    "Component",
    "Daisy",
    "Game",
    "GraphGame",
    "GrundyGame",
    "Half",
    "HeapGame",
    "Infinite",
    "InvalidArgument",
    "InvalidGame",
    "InvalidMove",
    "InvalidPosition",
    "Move",
    "Nim",
    "Outcome",
    "Position",
    "Solver",
    "Split23",
    "Subtraction",
    "TakeAndBreak",
    "TooBig",
    "__version__",
    "analyze",
    "mex",
    "nim_sum",
    "parse_game",
    "parse_position",
    "powers_of_two",
    "squares",
]
