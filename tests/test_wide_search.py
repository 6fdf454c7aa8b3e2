"""The search on frames of up to 128 cells (two words) against the one-word search and brute
force.

Which positions are beyond 64 cells: every frame of ``TestBeyond64`` (8x9, 8x16, 9x13, 11x11,
6x13, 6x12: frames of 72 to 128 cells); ``TestAgainstOneWord`` runs frames of at most 64
cells, the only ones both searches take, with every region searched on two words
(``wide_search.NARROW = 0``) and then handed to one word (the default).
"""

from __future__ import annotations

import random

import pytest

from grundy.boards import region_kernel, set_search, wide_search
from grundy.boards.region_kernel import CRAM, KINGS
from test_region_search import brute, cells_of, random_board

pytestmark = pytest.mark.slow


def cold() -> None:
    region_kernel.clear_memo()
    wide_search.clear_memo()


class TestAgainstOneWord:
    @pytest.mark.parametrize("narrow", [0, 64])
    def test_random_positions(self, narrow: int, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setattr(wide_search, "NARROW", narrow)
        rng = random.Random(2600 + narrow)
        cold()
        for _ in range(150):
            rows, cols, cells = random_board(rng, rng.randint(1, 8), rng.randint(1, 8),
                                             most_free=30)
            expected = set_search.nim_value(cells, rows, cols)
            assert wide_search.nim_value(cells, rows, cols) == expected, (rows, cols, cells)
            wanted = rng.randrange(1, 16)
            assert wide_search.value_in(cells, rows, cols, CRAM, wanted) == (
                expected if wanted >> expected & 1 else None)
            assert wide_search.wins(cells, rows, cols) == (expected != 0)

    def test_whole_boards_on_two_words(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setattr(wide_search, "NARROW", 0)
        cold()
        for rows, cols in ((4, 5), (5, 5), (4, 7), (3, 9), (5, 6), (1, 64), (2, 32)):
            full = (1 << rows * cols) - 1
            assert wide_search.nim_value(full, rows, cols) == set_search.nim_value(
                full, rows, cols), (rows, cols)


def snake(rng: random.Random, rows: int, cols: int) -> int:
    """A path from the top left corner to the bottom right one, with a few cells beside it:
    one region whose box is the whole frame."""
    r = c = 0
    cells = {(0, 0)}
    while (r, c) != (rows - 1, cols - 1):
        if c == cols - 1 or (r < rows - 1 and rng.random() < rows / (rows + cols)):
            r += 1
        else:
            c += 1
        cells.add((r, c))
    for _ in range(rng.randint(0, 3)):
        r, c = rng.choice(sorted(cells))
        r2, c2 = r + rng.choice((-1, 0, 1)), c + rng.choice((-1, 1))
        if 0 <= r2 < rows and 0 <= c2 < cols:
            cells.add((r2, c2))
    return sum(1 << (r * cols + c) for r, c in cells)


class TestBeyond64:
    # Frames of 72 to 128 cells; the paths across them are short enough for brute force.
    @pytest.mark.parametrize(("rows", "cols"), [(8, 9), (8, 16), (9, 13), (11, 11)])
    def test_regions_spanning_more_than_64_cells_against_brute_force(
            self, rows: int, cols: int) -> None:
        rng = random.Random(rows * 100 + cols)
        cold()
        for _ in range(4):
            cells = snake(rng, rows, cols)
            if rng.random() < 0.3:
                # A second region, somewhere off the path.
                cells |= 0b11 << rng.randrange(rows * cols - 1)
            expected = brute(CRAM, cells_of((rows, cols, cells)))
            assert wide_search.nim_value(cells, rows, cols) == expected, (rows, cols, cells)
            assert wide_search.wins(cells, rows, cols) == (expected != 0)

    def test_turned_boards_agree(self) -> None:
        rng = random.Random(26)
        cold()
        for _ in range(6):
            cells = snake(rng, 6, 13)
            turned = sum(1 << (c * 6 + r) for r in range(6) for c in range(13)
                         if cells >> (r * 13 + c) & 1)
            assert wide_search.nim_value(cells, 6, 13) == wide_search.nim_value(turned, 13, 6)

    def test_even_boards_by_symmetry(self) -> None:
        cold()
        assert wide_search.nim_value((1 << 72) - 1, 6, 12) == 0
        assert wide_search.nim_value((1 << 128) - 1, 8, 16) == 0


@pytest.mark.parametrize(("cells", "rows", "cols", "kind", "problem"), [
    (1, 1, 65, CRAM, "not 1 to 128 cells with sides of at most 64"),
    (1, 9, 15, CRAM, "not 1 to 128 cells"),
    (1, 8, 9, KINGS, "kings has no wide search"),
    (1 << 72, 8, 9, CRAM, "do not fit a 8x9 frame"),
])
def test_refusals(cells: int, rows: int, cols: int, kind: int, problem: str) -> None:
    with pytest.raises(wide_search.NotWide, match=problem):
        wide_search.nim_value(cells, rows, cols, kind)
