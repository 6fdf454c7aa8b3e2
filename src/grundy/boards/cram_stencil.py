"""Cram's stencil for the compiled search: dominoes, cells joined side by side.

A play is a domino on two free cells side by side, anchored at its first cell: shape 0
across (the anchor and the cell to its right), shape 1 up the frame (the anchor and the cell
a row further).  Regions are cells joined side by side; a cell with no free neighbour is
never covered and is dropped.  Two more things are Cram's own: positions are simplified
before they are looked up (:func:`_reduced`), and the plays that leave their region in one
piece are seen from the ring of ten cells round each domino (:func:`_pieces_left`).

>>> from grundy.boards.region_kernel import CRAM
>>> from grundy.boards.set_search import nim_value
>>> nim_value(0b111111, 2, 3, CRAM), nim_value((1 << 25) - 1, 5, 5, CRAM)
(1, 0)
"""

from __future__ import annotations

from numba import njit

from grundy.boards import stencil
from grundy.boards.region_kernel import _ONE, _U, _ZERO, _down, _half_turn_symmetric, _low, _up
from grundy.boards.wide_kernel import _half_turn_symmetric2, _shl, _shr
from grundy.compiled import CACHING


class CramStencil(stencil.Stencil):
    """Cram's stencil (see the module's text)."""

    name = "cram"
    # A region of two or three cells side by side is taken whole by any domino.
    smallest = 4
    wide = True


CRAM_TYPE = stencil.stencil_type(CramStencil)
CRAM_STENCIL = CramStencil()


@njit(cache=CACHING)
def _playable(x, h, w, not_last):  # type: ignore[no-untyped-def]
    """The cells of ``x`` with a neighbour in ``x``: a lone cell never takes a domino."""
    found = ((x & not_last) << _ONE) | ((x >> _ONE) & not_last)
    if h > 1:
        found |= (x << _U(w)) | (x >> _U(w))
    return x & found


@njit(cache=CACHING)
def _mirror_wins(x, h, w):  # type: ignore[no-untyped-def]
    if not _half_turn_symmetric(x, h, w):
        return False
    # A domino is its own image only when its middle is the centre of the box.
    if h % 2 and w % 2:
        return not (x >> _U(h // 2 * w + w // 2)) & _ONE
    if h % 2:
        pair = _U(3) << _U(h // 2 * w + w // 2 - 1)
        return x & pair != pair
    if w % 2:
        pair = (_ONE | (_ONE << _U(w))) << _U((h // 2 - 1) * w + w // 2)
        return x & pair != pair
    return True


@njit(cache=CACHING)
def _arcs(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9):  # type: ignore[no-untyped-def]
    """For the ten cells round each domino, in order round it, corners at 0, 3, 5 and 8:
    where the free cells next to the domino lie on at most one arc of free cells, and where
    on at most two.  What is left of the region has at most as many pieces as there are
    arcs: cells of one arc are joined round the domino."""
    # A corner counts only beside a free side, so that every arc left holds a side.
    a0 &= a9 | a1
    a3 &= a2 | a4
    a5 &= a4 | a6
    a8 &= a7 | a9
    one = two = three = _ZERO
    for start in (a0 & ~a9, a1 & ~a0, a2 & ~a1, a3 & ~a2, a4 & ~a3, a5 & ~a4, a6 & ~a5,
                  a7 & ~a6, a8 & ~a7, a9 & ~a8):
        three |= two & start
        two |= one & start
        one |= start
    return ~two, ~three


@njit(cache=CACHING)
def _pieces_left(x, w, not_last):  # type: ignore[no-untyped-def]
    """For the dominoes of the region ``x``, horizontal then vertical (each by its first
    cell): those whose removal leaves at most one piece, and at most two, as far as the ten
    cells round the domino show (every path through the domino can go round it within an
    arc).  Cells past the left or right edge would wrap to the next row, so they are masked.
    """
    left = not_last << _ONE
    right = not_last
    far_right = not_last & (not_last >> _ONE)
    one_across, two_across = _arcs(
        _up(x, w + 1) & left, _up(x, w), _up(x, w - 1), _up(x, w - 2) & far_right,
        (x >> _U(2)) & far_right, _down(x, w + 2) & far_right, _down(x, w + 1), _down(x, w),
        _down(x, w - 1) & left, (x << _ONE) & left)
    one_down, two_down = _arcs(
        _up(x, w - 1) & right, (x >> _ONE) & right, _down(x, w + 1) & right,
        _down(x, 2 * w + 1) & right, _down(x, 2 * w), _down(x, 2 * w - 1) & left,
        _down(x, w - 1) & left, (x << _ONE) & left, _up(x, w + 1) & left, _up(x, w))
    return one_across, two_across, one_down, two_down


@njit(cache=CACHING)
def _reduced(x, h, w, not_last):  # type: ignore[no-untyped-def]
    """The Cram position ``x`` with cells dropped that change no value: a cell with no free
    neighbour; all but one of the cells whose only free neighbour is the same cell (a play
    on one of them is a play on any other, and takes the others out of play); and a cell
    whose every free neighbour has such a one-neighbour cell (a play on it is worth a play on
    that neighbour's).  Repeated until nothing more goes."""
    frame = _low(h * w)
    while True:
        right = (x >> _ONE) & not_last
        left = (x & not_last) << _ONE
        below = x >> _U(w)
        above = (x << _U(w)) & frame
        odd = right ^ left ^ below ^ above
        two = (right & left) | ((right | left) & (below | above)) | (below & above)
        lone = x & ~(right | left | below | above)
        tufts = x & odd & ~two
        # The neighbour of each tuft, in turn from each side; a tuft whose neighbour was
        # seen already goes.
        stars = (tufts & below) << _U(w)
        drop = lone
        from_right = (tufts & right) << _ONE
        drop |= (stars & from_right) >> _ONE
        stars |= from_right
        from_above = (tufts & above) >> _U(w)
        drop |= (stars & from_above) << _U(w)
        stars |= from_above
        from_left = (tufts & left) >> _ONE
        drop |= (stars & from_left) << _ONE
        stars |= from_left
        bridges = x & ~(tufts | stars)
        bridges &= ~(((bridges >> _ONE) & not_last) | ((bridges & not_last) << _ONE)
                     | (bridges >> _U(w)) | (bridges << _U(w)))
        drop |= bridges
        if not drop:
            return x
        x &= ~drop


@njit(cache=CACHING)
def _next_part(live, h, w, not_last):  # type: ignore[no-untyped-def]
    part = live & (~live + _ONE)
    # The cells that may be reached from the left, from the right, from above or below.
    from_left = live & (not_last << _ONE)
    from_right = live & not_last
    step = w if h > 1 else 0
    while True:
        grown = (part | (((part << _U(step)) | (part >> _U(step))) & live)
                 | ((part << _ONE) & from_left) | ((part >> _ONE) & from_right))
        if grown == part:
            return part
        part = grown


# -- the hooks (grundy.boards.stencil) -------------------------------------------------------

@stencil.hook(stencil.live, CRAM_TYPE)
def _live_hook(game, x, h, w, not_last):  # type: ignore[no-untyped-def]
    return _playable(x, h, w, not_last)


@stencil.hook(stencil.anchors, CRAM_TYPE)
def _anchors_hook(game, x, h, w, not_last):  # type: ignore[no-untyped-def]
    return x & (x >> _ONE) & not_last, x & (x >> _U(w)) if h > 1 else _ZERO


@stencil.hook(stencil.rest, CRAM_TYPE)
def _rest_hook(game, x, first, w, not_last, shape):  # type: ignore[no-untyped-def]
    return x & ~(first | (first << _U(w if shape else 1)))


@stencil.hook(stencil.single_plays, CRAM_TYPE)
def _single_plays_hook(game, x, w, not_last):  # type: ignore[no-untyped-def]
    one_across, _, one_down, _ = _pieces_left(x, w, not_last)
    return one_across, one_down


@stencil.hook(stencil.simplified, CRAM_TYPE)
def _simplified_hook(game, x, h, w, not_last):  # type: ignore[no-untyped-def]
    return _reduced(x, h, w, not_last)


@stencil.hook(stencil.next_part, CRAM_TYPE)
def _next_part_hook(game, x, h, w, not_last):  # type: ignore[no-untyped-def]
    return _next_part(x, h, w, not_last)


@stencil.hook(stencil.mirror_wins, CRAM_TYPE)
def _mirror_wins_hook(game, x, h, w):  # type: ignore[no-untyped-def]
    return _mirror_wins(x, h, w)


# -- two words (grundy.boards.wide_search): the same rules on frames of up to 128 cells ------

@njit(cache=CACHING)
def _playable2(lo, hi, h, w, nl_lo, nl_hi):  # type: ignore[no-untyped-def]
    a_lo, a_hi = _shl(lo & nl_lo, hi & nl_hi, 1)
    b_lo, b_hi = _shr(lo, hi, 1)
    f_lo, f_hi = a_lo | (b_lo & nl_lo), a_hi | (b_hi & nl_hi)
    if h > 1:
        c_lo, c_hi = _shl(lo, hi, w)
        d_lo, d_hi = _shr(lo, hi, w)
        f_lo |= c_lo | d_lo
        f_hi |= c_hi | d_hi
    return lo & f_lo, hi & f_hi


@njit(cache=CACHING)
def _next_part2(lo, hi, h, w, nl_lo, nl_hi):  # type: ignore[no-untyped-def]
    if lo:
        p_lo, p_hi = lo & (~lo + _ONE), _ZERO
    else:
        p_lo, p_hi = _ZERO, hi & (~hi + _ONE)
    fl_lo, fl_hi = _shl(nl_lo, nl_hi, 1)
    fl_lo &= lo
    fl_hi &= hi
    fr_lo, fr_hi = lo & nl_lo, hi & nl_hi
    step = w if h > 1 else 0
    while True:
        u_lo, u_hi = _shl(p_lo, p_hi, step)
        d_lo, d_hi = _shr(p_lo, p_hi, step)
        l_lo, l_hi = _shl(p_lo, p_hi, 1)
        r_lo, r_hi = _shr(p_lo, p_hi, 1)
        g_lo = p_lo | ((u_lo | d_lo) & lo) | (l_lo & fl_lo) | (r_lo & fr_lo)
        g_hi = p_hi | ((u_hi | d_hi) & hi) | (l_hi & fl_hi) | (r_hi & fr_hi)
        if g_lo == p_lo and g_hi == p_hi:
            return p_lo, p_hi
        p_lo, p_hi = g_lo, g_hi


@njit(cache=CACHING)
def _has2(lo, hi, i):  # type: ignore[no-untyped-def]
    return (lo >> _U(i)) & _ONE if i < 64 else (hi >> _U(i - 64)) & _ONE


@njit(cache=CACHING)
def _mirror_wins2(lo, hi, h, w):  # type: ignore[no-untyped-def]
    if not _half_turn_symmetric2(lo, hi, h, w):
        return False
    # As on one word: only the domino whose middle is the centre of the box meets its image.
    if h % 2 and w % 2:
        return not _has2(lo, hi, h // 2 * w + w // 2)
    if h % 2:
        first = h // 2 * w + w // 2 - 1
        return not (_has2(lo, hi, first) and _has2(lo, hi, first + 1))
    if w % 2:
        first = (h // 2 - 1) * w + w // 2
        return not (_has2(lo, hi, first) and _has2(lo, hi, first + w))
    return True


@stencil.hook(stencil.live2, CRAM_TYPE)
def _live2_hook(game, lo, hi, h, w, nl_lo, nl_hi):  # type: ignore[no-untyped-def]
    return _playable2(lo, hi, h, w, nl_lo, nl_hi)


@stencil.hook(stencil.anchors2, CRAM_TYPE)
def _anchors2_hook(game, lo, hi, h, w, nl_lo, nl_hi):  # type: ignore[no-untyped-def]
    a_lo, a_hi = _shr(lo, hi, 1)
    d_lo, d_hi = _shr(lo, hi, w if h > 1 else 128)
    return (lo & a_lo & nl_lo, hi & a_hi & nl_hi), (lo & d_lo, hi & d_hi)


@stencil.hook(stencil.rest2, CRAM_TYPE)
def _rest2_hook(game, lo, hi, first_lo, first_hi, w, nl_lo, nl_hi,  # type: ignore[no-untyped-def]
                shape):
    s_lo, s_hi = _shl(first_lo, first_hi, w if shape else 1)
    return lo & ~(first_lo | s_lo), hi & ~(first_hi | s_hi)


@stencil.hook(stencil.next_part2, CRAM_TYPE)
def _next_part2_hook(game, lo, hi, h, w, nl_lo, nl_hi):  # type: ignore[no-untyped-def]
    return _next_part2(lo, hi, h, w, nl_lo, nl_hi)


@stencil.hook(stencil.mirror_wins2, CRAM_TYPE)
def _mirror_wins2_hook(game, lo, hi, h, w):  # type: ignore[no-untyped-def]
    return _mirror_wins2(lo, hi, h, w)
