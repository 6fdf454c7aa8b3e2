"""grundy: impartial combinatorial games — who wins, nim-values, winning moves, and why.

>>> import grundy
>>> grundy.analyze("nim 3 2 1").winner
'second'
>>> grundy.KAYLES.values(11).tolist()
[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
>>> import importlib.metadata
>>> grundy.__version__ == importlib.metadata.version("grundy")
True

The names below are loaded when first used, so that ``import grundy`` stays light: a
compiled kernel (numba) or numpy is imported only by what needs one.
"""

from __future__ import annotations

import sys
from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    __version__: str

    from grundy.analysis import Analysis, analyze
    from grundy.catalogue import parse_game, parse_position
    from grundy.core.game import Game
    from grundy.core.position import Component, Move, Position
    from grundy.digraph import GraphGame
    from grundy.errors import InvalidArgument, InvalidGame, InvalidMove, InvalidPosition, TooBig
    from grundy.heap.base import HeapGame
    from grundy.heap.subtraction import STONES, Half, Nim, Subtraction, powers_of_two, squares
    from grundy.heap.takebreak import DAWSON, KAYLES, Daisy, GrundyGame, Split23, TakeAndBreak
    from grundy.solver import Solver
    from grundy.values import Infinite, Outcome, mex, nim_sum

#: Where each public name lives.
_HOMES = {
    "grundy.analysis": ("Analysis", "analyze"),
    "grundy.catalogue": ("parse_game", "parse_position"),
    "grundy.core.game": ("Game",),
    "grundy.core.position": ("Component", "Move", "Position"),
    "grundy.digraph": ("GraphGame",),
    "grundy.errors": ("InvalidArgument", "InvalidGame", "InvalidMove", "InvalidPosition",
                      "TooBig"),
    "grundy.heap.base": ("HeapGame",),
    "grundy.heap.subtraction": ("STONES", "Half", "Nim", "Subtraction", "powers_of_two",
                                "squares"),
    "grundy.heap.takebreak": ("DAWSON", "KAYLES", "Daisy", "GrundyGame", "Split23",
                              "TakeAndBreak"),
    "grundy.solver": ("Solver",),
    "grundy.values": ("Infinite", "Outcome", "mex", "nim_sum"),
}
_HOME_OF = {name: module for module, names in _HOMES.items() for name in names}

__all__ = [
    "DAWSON", "KAYLES", "STONES", "Analysis", "Component", "Daisy", "Game", "GraphGame",
    "GrundyGame", "Half", "HeapGame", "Infinite", "InvalidArgument", "InvalidGame",
    "InvalidMove", "InvalidPosition", "Move", "Nim", "Outcome", "Position", "Solver",
    "Split23", "Subtraction", "TakeAndBreak", "TooBig", "__version__", "analyze", "mex",
    "nim_sum", "parse_game", "parse_position", "powers_of_two", "squares",
]


def __getattr__(name: str) -> Any:
    if name == "__version__":
        # The installed distribution's version: ``pyproject.toml`` is its one source.
        # (Read when asked: importlib.metadata alone takes longer than the rest of the import.)
        from importlib.metadata import version as installed_version

        version = installed_version("grundy")
        globals()["__version__"] = version
        return version
    home = _HOME_OF.get(name)
    if home is None:
        raise AttributeError(f"module 'grundy' has no attribute {name!r}")
    found = getattr(import_module(home), name)
    globals()[name] = found
    return found


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


if "IPython" in sys.modules:
    # In a notebook, positions and heap games show as pictures (see grundy.render.notebook).
    from grundy.render.notebook import register_display

    register_display()
