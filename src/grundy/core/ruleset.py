"""The record of a ruleset: what the catalogue (:mod:`grundy.catalogue`) needs to name a
game, build it from its text form, list it and document it.

A ruleset module exports its records as ``RULESETS`` (a tuple, in the order they are
listed), beside the game classes they build; the catalogue collects them.

>>> from grundy.heap.subtraction import Nim
>>> nim = Ruleset("nim", "Nim: take any number of tokens from one heap", fixed(Nim()),
...               example="nim 3 2 1", position="heap sizes", picture="heaps")
>>> nim.usage, nim.build("").text
('nim', 'nim')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from grundy.core.game import Game


@dataclass(frozen=True)
class Ruleset:
    """A ruleset: its name, a one-line summary and how to build it.

    ``parameter`` names what follows the colon (``SET`` in ``subtract:SET``), or is empty
    for a game without one; ``build`` makes the game from that text (raising
    :class:`~grundy.errors.InvalidGame` for a bad one).  ``example`` is a position, shown
    in the docs and in the error for a missing parameter; ``position`` says in words how a
    position of the game is written; ``picture`` is the picture its positions get
    (:attr:`~grundy.core.game.Game.picture`); ``module`` is where its rules live.
    """

    name: str
    summary: str
    build: Callable[[str], Game[Any]]
    parameter: str = ""
    example: str = ""
    #: True for games whose parameter names a file that they read (``node-kayles:PATH``):
    #: servers refuse them, as they must not open files named by a request.
    reads_file: bool = False
    position: str = ""
    picture: str | None = None
    module: str = ""

    @property
    def usage(self) -> str:
        """``subtract:SET`` or ``nim``."""
        return f"{self.name}:{self.parameter}" if self.parameter else self.name


def fixed(game: Game[Any]) -> Callable[[str], Game[Any]]:
    """The builder of a ruleset without a parameter: always ``game``."""
    return lambda _: game
