"""What a compiled board game tells the compiled search: its stencil, as compiled hooks.

The set search (:mod:`grundy.boards.set_search`) is one piece of compiled code for every
game; what differs from game to game is asked of the game's *stencil*, an object of a class
of its own (a subclass of :class:`Stencil`) that the compiled code receives as its first
argument.  Each hook below is a stub in Python; a game's module gives its body for its
stencil with :func:`hook` (numba's ``overload``: ``@hook(live, CRAM_TYPE)`` on the body), so
numba picks the body while it compiles the search for that stencil's type: no branch on the
game is left at run time, and the search is compiled (and cached) once per
game.  A new compiled game is one module with its stencil class and its hooks, and one entry
in :data:`grundy.boards.compiled_games.STENCILS`.

The hooks, on a region ``x`` of an ``h x w`` frame (bit ``r * w + c``; ``not_last`` the
cells not in the last column):

- :func:`live`: the cells of ``x`` some play may still take (the others are dropped);
- :func:`anchors`: a tuple of masks, one per *shape* of play (Cram: a domino across, a
  domino up; kings: a king), each the cells where a play of that shape may be anchored;
- :func:`rest`: what is left of ``x`` after the play of a shape at its anchor (one bit);
- :func:`single_plays`: a tuple as :func:`anchors`, the anchors whose play is known to
  leave ``x`` in one piece (a sound under-estimate: zeros are always right);
- :func:`simplified`: ``x`` with cells dropped that change no normal-play value;
- :func:`next_part`: the region of ``x`` that holds its lowest cell, by the game's adjacency;
- :func:`mirror_wins`: whether ``x``, cut to its box, is lost for the player to move by the
  symmetry strategy (its own image under the half turn, no play meeting its own image);
- :func:`smallest_searched`: regions of fewer cells are taken whole by any play (value 1).

A play may leave at most eight regions (``set_search._MOST_PARTS``: a king's, the most of
the games so far).

>>> from grundy.boards.compiled_games import STENCILS
>>> [stencil.name for stencil in STENCILS]
['cram', 'kings']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, NoReturn, TypeVar

from numba import types
from numba.extending import NativeValue, models, overload, register_model, typeof_impl, unbox

_Body = TypeVar("_Body", bound=Callable[..., Any])


class Stencil:
    """A compiled game's stencil: a marker object whose class numba types on its own."""

    #: The game's name (as :data:`grundy.boards.region_kernel.GAMES` says it).
    name: ClassVar[str] = ""
    #: Regions of fewer cells are worth 1 (:func:`smallest_searched`, said in Python).
    smallest: ClassVar[int] = 1
    #: Whether the game gives the hooks of the wide search (frames of up to 128 cells).
    wide: ClassVar[bool] = False


class StencilType(types.Type):
    """The numba type of one stencil class: it carries no data, only which game it is."""

    def __init__(self, name: str) -> None:
        super().__init__(name=f"Stencil({name})")


@register_model(StencilType)
class _StencilModel(models.OpaqueModel):
    pass


@unbox(StencilType)  # type: ignore[untyped-decorator, no-untyped-call]
def _unbox(typ: Any, obj: Any, c: Any) -> Any:
    # A stencil carries no data into compiled code: its type is all there is.
    return NativeValue(c.context.get_dummy_value())  # type: ignore[no-untyped-call]


def stencil_type(cls: type[Stencil]) -> StencilType:
    """The numba type of the stencils of ``cls``, registered so compiled code takes them,
    with its :func:`smallest_searched` (``cls.smallest``)."""
    typ = StencilType(cls.__name__)

    @typeof_impl.register(cls)
    def _typeof(value: Stencil, context: Any) -> StencilType:
        return typ

    smallest = cls.smallest

    @hook(smallest_searched, typ)
    def _smallest(game: Any) -> int:
        return smallest

    return typ


def hook(generic: Callable[..., Any], typ: StencilType) -> Callable[[_Body], _Body]:
    """Make the decorated function the body of the hook ``generic`` (below) for the
    stencils of type ``typ``; it takes the hook's arguments.  The choice is numba's, made
    while it compiles the caller (``overload``); ``strict=False`` because the chooser takes
    any arguments: the body is checked against them when it is compiled."""

    def register(body: _Body) -> _Body:
        def choose(game: Any, *args: Any) -> _Body | None:
            return body if game is typ else None

        overload(generic, strict=False)(choose)
        return body

    return register


def _compiled_only(name: str) -> NoReturn:
    raise NotImplementedError(f"{name} is a hook of compiled code; its body is the game's")


# The hooks: stubs whose bodies each game supplies (see the module's text).

def live(game: Any, x: Any, h: Any, w: Any, not_last: Any) -> Any:
    """The cells of ``x`` some play may still take."""
    _compiled_only("live")


def anchors(game: Any, x: Any, h: Any, w: Any, not_last: Any) -> Any:
    """The anchors of the plays on ``x``, one mask per shape."""
    _compiled_only("anchors")


def rest(game: Any, x: Any, first: Any, w: Any, not_last: Any, shape: Any) -> Any:
    """What is left of ``x`` after the play of ``shape`` anchored at the bit ``first``."""
    _compiled_only("rest")


def single_plays(game: Any, x: Any, w: Any, not_last: Any) -> Any:
    """The anchors (per shape) whose play leaves ``x`` in one piece, as far as known."""
    _compiled_only("single_plays")


def simplified(game: Any, x: Any, h: Any, w: Any, not_last: Any) -> Any:
    """``x`` with cells dropped that change no normal-play value."""
    _compiled_only("simplified")


def next_part(game: Any, x: Any, h: Any, w: Any, not_last: Any) -> Any:
    """The region of ``x`` holding its lowest cell."""
    _compiled_only("next_part")


def mirror_wins(game: Any, x: Any, h: Any, w: Any) -> Any:
    """Whether ``x`` (cut to its ``h x w`` box) is lost by the symmetry strategy."""
    _compiled_only("mirror_wins")


def smallest_searched(game: Any) -> Any:
    """The fewest cells of a region the search looks into (smaller ones are worth 1)."""
    _compiled_only("smallest_searched")


# Hooks of the wide search (:mod:`grundy.boards.wide_search`: regions of up to 128 cells as
# two words ``lo, hi``; ``nl_lo, nl_hi`` the cells not in the last column).  A game that
# gives them (and says so by :attr:`Stencil.wide`) is searched on frames of up to 128 cells.

def live2(game: Any, lo: Any, hi: Any, h: Any, w: Any, nl_lo: Any, nl_hi: Any) -> Any:
    """:func:`live` on two words."""
    _compiled_only("live2")


def anchors2(game: Any, lo: Any, hi: Any, h: Any, w: Any, nl_lo: Any, nl_hi: Any) -> Any:
    """:func:`anchors` on two words: a tuple of pairs, one per shape."""
    _compiled_only("anchors2")


def rest2(game: Any, lo: Any, hi: Any, first_lo: Any, first_hi: Any, w: Any, nl_lo: Any,
          nl_hi: Any, shape: Any) -> Any:
    """:func:`rest` on two words."""
    _compiled_only("rest2")


def next_part2(game: Any, lo: Any, hi: Any, h: Any, w: Any, nl_lo: Any, nl_hi: Any) -> Any:
    """:func:`next_part` on two words."""
    _compiled_only("next_part2")


def mirror_wins2(game: Any, lo: Any, hi: Any, h: Any, w: Any) -> Any:
    """:func:`mirror_wins` on two words."""
    _compiled_only("mirror_wins2")
