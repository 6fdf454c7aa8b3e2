"""Node Kayles on grids keyed by shape (grundy.boards.kayles_grid): against brute force on
random sets of cells, against the OEIS (A316632 for 3 x n, the ladders and 4 x n of its
comments), and against the search of any graph through the text form."""

from __future__ import annotations

import random

import pytest
from tests.brute import grundy_of, node_kayles_moves
from tests.oeis import (
    DAWSONS_CHESS_A002187,
    NODE_KAYLES_3XN_A316632,
    NODE_KAYLES_QUEENS_A344227,
)

from grundy.boards.kayles_grid import KaylesGrid, grid_of
from grundy.kayles_graphs import NodeKayles, family_graph


def cells_of(grid: KaylesGrid, mask: int) -> frozenset[tuple[int, int]]:
    return frozenset((i % grid.rows, i // grid.rows) for i in range(mask.bit_length())
                     if mask >> i & 1)


def brute_value(cells: frozenset[tuple[int, int]]) -> int:
    adjacent = {f"{r},{c}": {f"{r + dr},{c + dc}" for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0))
                             if (r + dr, c + dc) in cells} for r, c in cells}
    return grundy_of(node_kayles_moves(adjacent))(frozenset(adjacent))


@pytest.mark.parametrize(("rows", "cols"), [(1, 9), (2, 6), (3, 5), (4, 4), (5, 3)])
def test_random_cells_against_brute_force(rows: int, cols: int) -> None:
    rng = random.Random(rows * 100 + cols)
    grid = KaylesGrid(rows)
    for _ in range(60):
        mask = sum(1 << i for i in range(rows * cols) if rng.random() < 0.7)
        assert grid.value(mask) == brute_value(cells_of(grid, mask)), bin(mask)


def test_keys_ignore_place_and_reflection() -> None:
    rng = random.Random(3)
    grid = KaylesGrid(3)
    for _ in range(200):
        cells = {(rng.randrange(3), rng.randrange(8)) for _ in range(rng.randrange(1, 12))}
        shift = rng.randrange(10)
        images = [cells, {(2 - r, c) for r, c in cells}, {(r, 7 - c) for r, c in cells},
                  {(2 - r, 7 - c) for r, c in cells}, {(r, c + shift) for r, c in cells}]
        keys = {grid.key(sum(grid.cell(r, c) for r, c in image)) for image in images}
        assert len(keys) == 1
        other = {(r, c) for r, c in cells if (r, c) != min(cells)}
        if other:
            assert grid.key(sum(grid.cell(r, c) for r, c in other)) not in keys


def test_three_rows_are_oeis_a316632() -> None:
    grid = KaylesGrid(3)
    assert [grid.value(grid.rectangle(n)) for n in range(1, 11)] == NODE_KAYLES_3XN_A316632[:10]


@pytest.mark.slow
def test_three_rows_to_14_are_oeis_a316632() -> None:
    grid = KaylesGrid(3)
    assert [grid.value(grid.rectangle(n)) for n in range(1, 15)] == NODE_KAYLES_3XN_A316632[:14]


def test_paths_ladders_and_four_rows() -> None:
    """A002187 for paths; A316632's comments: ladders alternate 1, 0, four rows give 0."""
    assert [KaylesGrid(1).value(KaylesGrid(1).rectangle(n)) for n in range(1, 40)] == \
        DAWSONS_CHESS_A002187[1:40]
    assert [KaylesGrid(2).value(KaylesGrid(2).rectangle(n)) for n in range(1, 13)] == \
        [1, 0] * 6
    assert [KaylesGrid(4).value(KaylesGrid(4).rectangle(n)) for n in range(1, 7)] == [0] * 6


@pytest.mark.parametrize("name", ["grid3x6", "grid5x3", "grid2x7"])
def test_text_form_agrees_with_the_search_of_any_graph(name: str) -> None:
    """The family grid goes through the shape search; the same edges given as text under
    another name go through the search of any graph."""
    grid = NodeKayles.named(name)
    family = family_graph(name)
    assert family is not None
    text = "\n".join(f"{a} {b}" for a, b in family[0])
    plain = NodeKayles.from_text(text, "pasted")
    assert grid._grid_layout is not None and plain._grid_layout is None
    rng = random.Random(name)
    for _ in range(40):
        kept = [name for name in grid.names if rng.random() < 0.75]
        assert grid.value(grid.parse_state(kept) if kept else 0) == \
            plain.value(plain.parse_state(kept) if kept else 0)


def test_a_graph_named_like_a_grid_is_not_taken_for_one() -> None:
    game = NodeKayles.from_text("a1 c1\nb1", "grid1x3")  # the path a1 b1 c1 is worth 2
    assert game._grid_layout is None
    assert game.value(game.full) == 0


def test_one_solver_per_height() -> None:
    assert grid_of(3) is grid_of(3) is not grid_of(2)


def test_queens_graphs_are_oeis_a344227() -> None:
    """The queens graphs go through the search of any graph (no shape key: the graph is
    dense and joins far cells); A344227 to 7 x 7."""
    values = []
    for n in range(1, 8):
        game = NodeKayles.named(f"queens{n}")
        assert game._grid_layout is None
        values.append(game.value(game.full))
    assert values == NODE_KAYLES_QUEENS_A344227[1:8]
