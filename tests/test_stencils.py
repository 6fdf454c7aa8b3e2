"""A third compiled game is its stencil alone: Node Kayles on grid boards, written here.

A play puts a counter on a free cell and takes that cell and its (up to) four neighbours
out of play; regions are cells joined side by side.  Its stencil (below) gives the hooks of
:mod:`grundy.boards.stencil` and nothing else: the search, the table and the normal forms
are the ones Cram and kings use.  Its values are checked against plain brute force on random
boards, and the stencils of Cram and kings against their registry.
"""

from __future__ import annotations

import random
from functools import cache

import numpy as np
import pytest
from numba import njit
from numba.extending import overload

from grundy.boards import compiled_games, region_kernel, set_search, stencil
from grundy.boards.region_kernel import _half_turn_symmetric
from test_region_search import Cell, cells_of, random_board

_U = np.uint64
_ZERO = _U(0)
_ONE = _U(1)


class GridKaylesStencil(stencil.Stencil):
    name = "grid kayles"
    # One cell, or two side by side: any play takes the whole region.
    smallest = 3


GRID_KAYLES_TYPE = stencil.stencil_type(GridKaylesStencil)


@njit
def _neighbourhood(x, w, not_last):  # type: ignore[no-untyped-def]
    near = x | ((x & not_last) << _ONE) | ((x >> _ONE) & not_last)
    return near | (x << _U(w)) | (x >> _U(w))


@overload(stencil.live)
def _live(game, x, h, w, not_last):  # type: ignore[no-untyped-def]
    if game is GRID_KAYLES_TYPE:
        return lambda game, x, h, w, not_last: x
    return None


@overload(stencil.anchors)
def _anchors(game, x, h, w, not_last):  # type: ignore[no-untyped-def]
    if game is GRID_KAYLES_TYPE:
        return lambda game, x, h, w, not_last: (x,)
    return None


@overload(stencil.rest)
def _rest(game, x, first, w, not_last, shape):  # type: ignore[no-untyped-def]
    if game is GRID_KAYLES_TYPE:
        return lambda game, x, first, w, not_last, shape: x & ~_neighbourhood(first, w, not_last)
    return None


@overload(stencil.single_plays)
def _single_plays(game, x, w, not_last):  # type: ignore[no-untyped-def]
    if game is GRID_KAYLES_TYPE:
        return lambda game, x, w, not_last: (_ZERO,)
    return None


@overload(stencil.simplified)
def _simplified(game, x, h, w, not_last):  # type: ignore[no-untyped-def]
    if game is GRID_KAYLES_TYPE:
        return lambda game, x, h, w, not_last: x
    return None


@njit
def _next_part(x, w, not_last):  # type: ignore[no-untyped-def]
    part = x & (~x + _ONE)
    while True:
        grown = _neighbourhood(part, w, not_last) & x
        if grown == part:
            return part
        part = grown


@overload(stencil.next_part)
def _next_part_hook(game, x, h, w, not_last):  # type: ignore[no-untyped-def]
    if game is GRID_KAYLES_TYPE:
        return lambda game, x, h, w, not_last: _next_part(x, w, not_last)
    return None


@njit
def _mirror_wins(x, h, w):  # type: ignore[no-untyped-def]
    if not _half_turn_symmetric(x, h, w):
        return False
    # A cell meets its image when it is the centre, or one of the two centre cells side by
    # side (an odd side and an even one); the four centre cells of an even box do not.
    if h % 2 and w % 2:
        centre = _ONE << _U(h // 2 * w + w // 2)
    elif h % 2:
        centre = _U(3) << _U(h // 2 * w + w // 2 - 1)
    elif w % 2:
        centre = (_ONE | (_ONE << _U(w))) << _U((h // 2 - 1) * w + w // 2)
    else:
        centre = _ZERO
    return x & centre == _ZERO


@overload(stencil.mirror_wins)
def _mirror_wins_hook(game, x, h, w):  # type: ignore[no-untyped-def]
    if game is GRID_KAYLES_TYPE:
        return lambda game, x, h, w: _mirror_wins(x, h, w)
    return None


@overload(stencil.smallest_searched)
def _smallest(game):  # type: ignore[no-untyped-def]
    if game is GRID_KAYLES_TYPE:
        return lambda game: 3
    return None


@cache
def brute(free: frozenset[Cell]) -> int:
    seen = {brute(frozenset(o for o in free if abs(o[0] - r) + abs(o[1] - c) > 1))
            for r, c in free}
    value = 0
    while value in seen:
        value += 1
    return value


@pytest.fixture
def third_kind(monkeypatch: pytest.MonkeyPatch) -> int:
    """The kind of the third game, registered for the test alone."""
    kind = len(region_kernel.GAMES)
    monkeypatch.setattr(region_kernel, "GAMES", (*region_kernel.GAMES, "grid kayles"))
    monkeypatch.setattr(region_kernel, "_tables", [*region_kernel._tables,
                                                   region_kernel._Table()])
    monkeypatch.setattr(set_search, "STENCILS", (*set_search.STENCILS, GridKaylesStencil()))
    monkeypatch.setattr(set_search, "_work", [*set_search._work, None])
    return kind


def test_the_registry_names_its_stencils() -> None:
    assert [s.name for s in compiled_games.STENCILS] == list(region_kernel.GAMES)
    assert set_search.STENCILS is compiled_games.STENCILS


def test_an_unknown_kind_is_refused() -> None:
    with pytest.raises(ValueError, match="game kind 2 is none of 2 kinds"):
        set_search.nim_value(0b11, 1, 2, len(region_kernel.GAMES))


def test_the_hooks_are_compiled_code_only() -> None:
    with pytest.raises(NotImplementedError, match="live is a hook of compiled code"):
        stencil.live(compiled_games.STENCILS[0], 1, 1, 1, 1)


@pytest.mark.slow
def test_a_third_game_by_its_stencil_against_brute_force(third_kind: int) -> None:
    # The first call compiles the search for the new stencil (a minute on a loaded machine;
    # cached after).
    rng = random.Random(26)
    region_kernel.clear_memo()
    for _ in range(250):
        grid = random_board(rng, rng.randint(1, 5), rng.randint(1, 6), most_free=16)
        rows, cols, cells = grid
        expected = brute(cells_of(grid))
        assert set_search.nim_value(cells, rows, cols, third_kind) == expected, grid
        assert set_search.wins(cells, rows, cols, third_kind) == (expected != 0), grid
    # Whole even x even boards: the half turn answers every play (no search).
    for rows, cols in ((2, 2), (2, 4), (4, 4)):
        assert set_search.nim_value((1 << rows * cols) - 1, rows, cols, third_kind) == 0
        assert brute(cells_of((rows, cols, (1 << rows * cols) - 1))) == 0
