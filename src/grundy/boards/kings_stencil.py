"""The kings' stencil for the compiled search: a king takes its cell and those round it.

A play is a king on a free cell (one shape, anchored at the king's cell); it takes that cell
and the free cells a king's step from it out of play.  Regions are cells joined by king
steps; every free cell may take a king, so none is dropped, and nothing is simplified.

>>> from grundy.boards.region_kernel import KINGS
>>> from grundy.boards.set_search import nim_value
>>> nim_value(0b111, 1, 3, KINGS), nim_value((1 << 64) - 1, 8, 8, KINGS)
(2, 0)
"""

from __future__ import annotations

from numba import njit

from grundy.boards import stencil
from grundy.boards.region_kernel import _ONE, _U, _ZERO, _down, _half_turn_symmetric, _low, _up
from grundy.compiled import CACHING


class KingsStencil(stencil.Stencil):
    """The kings' stencil (see the module's text)."""

    name = "kings"
    # A region of one cell, or of two a step apart, is taken whole by any king.
    smallest = 3


KINGS_TYPE = stencil.stencil_type(KingsStencil)
KINGS_STENCIL = KingsStencil()


@njit(cache=CACHING)
def _king_area(x, w, not_last):  # type: ignore[no-untyped-def]
    """The cells of ``x`` and those a king's step from one (above the frame too)."""
    wide = x | ((x & not_last) << _ONE) | ((x >> _ONE) & not_last)
    return wide | _up(wide, w) | _down(wide, w)


@njit(cache=CACHING)
def _mirror_wins(x, h, w):  # type: ignore[no-untyped-def]
    if not _half_turn_symmetric(x, h, w):
        return False
    # Only a king on the centre's 1, 2 or 4 cells attacks its own image.
    left = (w - 1) // 2
    centre = _low(w // 2 - left + 1) << _U(left)
    if h % 2 == 0:
        centre |= centre << _U(w)
    return not x & (centre << _U((h - 1) // 2 * w))


@njit(cache=CACHING)
def _next_part(live, w, not_last):  # type: ignore[no-untyped-def]
    part = live & (~live + _ONE)
    while True:
        grown = _king_area(part, w, not_last) & live
        if grown == part:
            return part
        part = grown


# -- the hooks (grundy.boards.stencil) -------------------------------------------------------

@stencil.hook(stencil.live, KINGS_TYPE)
def _live_hook(game, x, h, w, not_last):  # type: ignore[no-untyped-def]
    return x


@stencil.hook(stencil.anchors, KINGS_TYPE)
def _anchors_hook(game, x, h, w, not_last):  # type: ignore[no-untyped-def]
    return (x,)


@stencil.hook(stencil.rest, KINGS_TYPE)
def _rest_hook(game, x, first, w, not_last, shape):  # type: ignore[no-untyped-def]
    return x & ~_king_area(first, w, not_last)


@stencil.hook(stencil.single_plays, KINGS_TYPE)
def _single_plays_hook(game, x, w, not_last):  # type: ignore[no-untyped-def]
    return (_ZERO,)


@stencil.hook(stencil.simplified, KINGS_TYPE)
def _simplified_hook(game, x, h, w, not_last):  # type: ignore[no-untyped-def]
    return x


@stencil.hook(stencil.next_part, KINGS_TYPE)
def _next_part_hook(game, x, h, w, not_last):  # type: ignore[no-untyped-def]
    return _next_part(x, w, not_last)


@stencil.hook(stencil.mirror_wins, KINGS_TYPE)
def _mirror_wins_hook(game, x, h, w):  # type: ignore[no-untyped-def]
    return _mirror_wins(x, h, w)
