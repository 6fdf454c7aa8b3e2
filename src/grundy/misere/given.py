"""Heaps that open into another game's heaps, given elements of that game's misère quotient.

A heap game whose moves leave heaps of another game (:attr:`HeapGame.part_game
<grundy.heap.base.HeapGame.part_game>`: a daisy's petals open into a row of Kayles pins)
has no misère quotient of its own; each of its heaps may instead *play as* an element of
the other game's quotient, beside every sum of both.  The game names the module that proves
those elements (:attr:`~grundy.heap.base.HeapGame.misere_elements`), and the answers and
the reports ask it through :class:`GivenElements`, in its own words.

>>> from grundy.heap.takebreak import KAYLES, Daisy
>>> given = given_elements(Daisy())
>>> given.name, given.plural, given.element(10)
('daisy', 'daisies', None)
>>> given_elements(KAYLES) is None
True
"""

from __future__ import annotations

from importlib import import_module
from typing import Any, Protocol

from grundy.core.game import Game
from grundy.heap.base import HeapGame
from grundy.misere.quotient import Quotient


class GivenElements(Protocol):
    """The elements given to one game's heaps in another game's quotient, and its words."""

    #: The quotient the heaps' elements are of (the game that they open into).
    quotient: Quotient
    #: The game's name, and that of its heaps in the plural (``daisy``, ``daisies``).
    name: str
    plural: str

    def element(self, heap: int) -> int | None:
        """The element a heap plays as (no heap: the identity), or None if none will do."""

    def words(self) -> list[str]:
        """Each element of the quotient as a word in its generators."""

    def period(self) -> tuple[int, int]:
        """(preperiod, period) of the heaps' elements."""

    def misfits(self, most: int) -> list[int]:
        """The heaps of at most ``most`` that play as no element."""

    def answered_by(self) -> str:
        """How an answer from these elements names its method (after the quotient's)."""

    def none_for(self, heaps: list[int]) -> str:
        """Why these heaps (some, playing as no element) keep the quotient from answering."""

    def report_title(self) -> str:
        """What the quotient report is of."""

    def report_lines(self, report: dict[str, object]) -> list[str]:
        """The report's lines on the heaps' elements (from its part under :attr:`plural`)."""


def opens_into_another(game: Game[Any]) -> bool:
    """True for a heap game whose heaps are given elements of another game's quotient."""
    return isinstance(game, HeapGame) and game.misere_elements is not None


def given_elements(game: Game[Any], *, compute: bool = True) -> GivenElements | None:
    """The elements of ``game``'s heaps in the quotient of the game they open into, from the
    module that the game names; None for a game that names none, or when they are not known
    (not kept and ``compute`` false, or the other game's quotient not known)."""
    if not opens_into_another(game):
        return None
    assert isinstance(game, HeapGame) and game.misere_elements is not None
    found: GivenElements | None = import_module(game.misere_elements).elements(compute=compute)
    return found
