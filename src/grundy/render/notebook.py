"""Pictures in notebooks: a position shows as its game graph (SVG), a heap game as the table
of its first nim-values (HTML).

The display is registered with IPython's formatters here, in the rendering layer, so that
positions and games know nothing of pictures.  ``import grundy`` registers it when it runs
inside IPython (a notebook); elsewhere this module is not even imported.

>>> from grundy.heap.takebreak import KAYLES
>>> heap_game_html(KAYLES).startswith("<p>kayles</p><table")
True
"""

from __future__ import annotations

import sys

from grundy.core.position import Position
from grundy.heap.base import HeapGame
from grundy.render.graph import position_svg
from grundy.render.html import table_html

#: How many heaps a notebook's table of a heap game shows.
NOTEBOOK_HEAPS = 40


def heap_game_html(game: HeapGame) -> str:
    """A heap game as HTML: its name, then the table of its first nim-values."""
    return f"<p>{game.text}</p>" + table_html(game.values(NOTEBOOK_HEAPS - 1))


def register_display() -> None:
    """Show positions and heap games as pictures in the running IPython, if any."""
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    if shell is None:
        return
    formatters = shell.display_formatter.formatters
    formatters["image/svg+xml"].for_type(Position, position_svg)
    formatters["text/html"].for_type(HeapGame, heap_game_html)
