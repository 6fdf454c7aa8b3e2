"""The games of the compiled search, by kind: each a stencil (:mod:`grundy.boards.stencil`).

A kind is the index of a game in :data:`grundy.boards.region_kernel.GAMES` (which names
them, and keeps one table of solved regions per game) and here; a new compiled game adds its
name there and its stencil here, and nothing in the search.

>>> from grundy.boards.region_kernel import GAMES
>>> [stencil.name for stencil in STENCILS] == list(GAMES)
True
"""

from __future__ import annotations

from grundy.boards.cram_stencil import CRAM_STENCIL
from grundy.boards.kings_stencil import KINGS_STENCIL
from grundy.boards.stencil import Stencil

#: The stencils of the compiled games, by kind.
STENCILS: tuple[Stencil, ...] = (CRAM_STENCIL, KINGS_STENCIL)
