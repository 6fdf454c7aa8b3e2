"""The compiled Cram kernel against plain brute force, the general search and Dawson's Kayles.

The brute force knows nothing of bitsets, symmetry or regions: a position is the frozenset
of its free cells, and its value the mex of its options' values.  The general search is
the board machinery without the kernel (crop, split, fold, memoised solver).
"""

from __future__ import annotations

import random
from functools import cache
from itertools import product

import numpy as np
import pytest

from grundy.analysis import analyze
from grundy.boards import cram_stencil, region_kernel, set_search
from grundy.boards.base import BoardGame
from grundy.boards.bitgrid import Grid, crop, images, to_rows
from grundy.boards.cram import CRAM, Cram
from grundy.boards.symmetry import balanced
from grundy.errors import TooBig
from grundy.heap.takebreak import DAWSON
from grundy.values import Value

from oeis import MATCHINGS_A028420

pytestmark = pytest.mark.slow

Cell = tuple[int, int]


@cache
def brute(free: frozenset[Cell]) -> int:
    """The value of the free cells: mex over the dominoes of the value of what is left."""
    seen = set()
    for r, c in free:
        for other in ((r, c + 1), (r + 1, c)):
            if other in free:
                seen.add(brute(free - {(r, c), other}))
    value = 0
    while value in seen:
        value += 1
    return value


class GeneralCram(Cram):
    """Cram valued by the general board search alone."""

    def value(self, state: Grid) -> Value:
        return BoardGame.value(self, state)


GENERAL = GeneralCram()


def cells_of(grid: Grid) -> frozenset[Cell]:
    rows, cols, mask = grid
    return frozenset((r, c) for r, c in product(range(rows), range(cols))
                     if mask >> (r * cols + c) & 1)


def random_board(rng: random.Random, rows: int, cols: int, most_free: int) -> Grid:
    """Up to ``most_free`` free cells of a rows x cols frame, from a random density."""
    density = rng.uniform(0.3, 0.95)
    cells = [i for i in range(rows * cols) if rng.random() < density]
    rng.shuffle(cells)
    mask = sum(1 << i for i in cells[:most_free])
    return (rows, cols, mask)


def kernel(grid: Grid) -> int:
    return set_search.nim_value(grid[2], grid[0], grid[1])


class TestAgainstBruteForce:
    def test_random_small_boards(self) -> None:
        rng = random.Random(8)
        for _ in range(400):
            grid = random_board(rng, rng.randint(1, 5), rng.randint(1, 5), most_free=14)
            assert kernel(grid) == brute(cells_of(grid)), grid

    def test_random_boards_in_wide_frames(self) -> None:
        # Frames up to 64 cells: the top bit, one-row and one-column frames, long rows.
        rng = random.Random(64)
        for rows, cols in [(8, 8), (1, 64), (64, 1), (2, 32), (4, 16), (16, 4), (7, 9), (3, 21)]:
            for _ in range(25):
                grid = random_board(rng, rows, cols, most_free=16)
                assert kernel(grid) == brute(cells_of(grid)), grid

    def test_full_small_rectangles(self) -> None:
        for rows, cols in product(range(1, 5), range(1, 5)):
            if rows * cols <= 16:
                grid = (rows, cols, (1 << rows * cols) - 1)
                assert kernel(grid) == brute(cells_of(grid)), grid

    def test_shapes_that_are_not_rectangles(self) -> None:
        shapes = {
            "cross": (3, 3, 0b010111010),
            "ring": (3, 3, 0b111101111),
            "staircase": (4, 4, 0b0001_0011_0111_1111),
            "comb": (3, 5, 0b10101_11111_10101),
            "two islands": (2, 5, 0b11011_11011),
        }
        for name, grid in shapes.items():
            assert kernel(grid) == brute(cells_of(grid)), name


class TestAgainstGeneralSearch:
    def test_random_boards(self) -> None:
        rng = random.Random(3)
        for _ in range(150):
            grid = random_board(rng, rng.randint(1, 6), rng.randint(1, 6), most_free=16)
            assert kernel(grid) == GENERAL.value(grid), grid

    @pytest.mark.parametrize(("rows", "cols"), [(3, 4), (3, 5), (2, 8), (4, 4)])
    def test_full_rectangles(self, rows: int, cols: int) -> None:
        grid = (rows, cols, (1 << rows * cols) - 1)
        assert kernel(grid) == GENERAL.value(grid)


class TestStrips:
    @pytest.mark.parametrize("length", range(1, 65))
    def test_one_row_is_dawsons_kayles(self, length: int) -> None:
        # A domino on a strip takes two adjacent cells and may split the rest: octal 0.07.
        strip = (1 << length) - 1
        assert set_search.nim_value(strip, 1, length) == DAWSON.heap_value(length)
        assert set_search.nim_value(strip, length, 1) == DAWSON.heap_value(length)

    def test_strips_with_gaps_are_sums(self) -> None:
        # 1x5, a gap, 1x7, a gap, 1x3 in one row of 17.
        mask = 0b111_0_1111111_0_11111
        expected = DAWSON.heap_value(5) ^ DAWSON.heap_value(7) ^ DAWSON.heap_value(3)
        assert set_search.nim_value(mask, 1, 17) == expected


class TestSymmetry:
    def test_images_and_translations_agree(self) -> None:
        rng = random.Random(11)
        for _ in range(60):
            rows, cols = rng.randint(1, 5), rng.randint(1, 5)
            grid = random_board(rng, rows, cols, most_free=20)
            value = kernel(grid)
            for image in images(grid):
                assert kernel(image) == value
            # The same board in a bigger frame, moved one row up and one column right.
            bigger = sum(1 << ((r + 1) * (cols + 2) + c + 1) for r, c in cells_of(grid))
            assert set_search.nim_value(bigger, rows + 2, cols + 2) == value


def balanced_board(rng: random.Random, rows: int, cols: int) -> Grid:
    """A random board that is its own image under the half turn, with no domino across the
    centre (the centre cell, or the central pair of cells, is blocked)."""
    last = rows * cols - 1
    mask = 0
    for i in range(rows * cols // 2 + 1):
        if rng.random() < 0.8:
            mask |= 1 << i | 1 << (last - i)
    centre = (rows // 2) * cols + cols // 2
    if rows % 2 and cols % 2:
        mask &= ~(1 << centre)
    elif rows % 2:
        mask &= ~(0b11 << (centre - 1))
    elif cols % 2:
        mask &= ~(1 << centre | 1 << (centre - cols))
    return (rows, cols, mask)


class TestBalanced:
    def test_balanced_boards_against_brute_force(self) -> None:
        # The kernel values these 0 without a search; the brute force searches them.
        rng = random.Random(180)
        for _ in range(120):
            grid = balanced_board(rng, rng.randint(2, 5), rng.randint(2, 5))
            assert kernel(grid) == brute(cells_of(grid)) == 0, grid

    def test_the_centre_domino_breaks_the_strategy(self) -> None:
        # 2x3 and 3x4 are their own images, but a domino across the centre is its own image.
        for rows, cols in [(2, 3), (3, 4), (2, 5)]:
            grid = (rows, cols, (1 << rows * cols) - 1)
            assert kernel(grid) == brute(cells_of(grid)) != 0, grid

    def test_kernel_and_strategy_agree_on_balance(self) -> None:
        # Cram.value trusts the strategy's test to let a board through that the kernel then
        # must not search: both must call the same regions balanced.
        rng = random.Random(7)
        for _ in range(300):
            rows, cols = rng.randint(1, 6), rng.randint(1, 6)
            grid = (balanced_board(rng, rows, cols) if rng.random() < 0.5
                    else random_board(rng, rows, cols, most_free=36))
            for region in CRAM.split(grid):
                box_rows, box_cols, cells = crop(region)
                by_kernel = cram_stencil._mirror_wins(np.uint64(cells), box_rows, box_cols)
                assert by_kernel == balanced(CRAM, region), region

    def test_even_boards_are_not_searched(self) -> None:
        region_kernel.clear_memo()
        assert set_search.nim_value((1 << 64) - 1, 8, 8) == 0
        assert region_kernel.memo_size() == 1


class TestTable:
    def test_growth_keeps_values(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setattr(region_kernel, "_FIRST_LOG", 3)
        region_kernel.clear_memo()
        try:
            assert set_search.nim_value((1 << 20) - 1, 4, 5) == 2
            # More regions than the first table of 8 slots could take: it grew, keeping them.
            assert region_kernel.memo_size() > 100
        finally:
            monkeypatch.undo()
            region_kernel.clear_memo()

    def test_known_value_only_looks(self) -> None:
        region_kernel.clear_memo()
        assert set_search.known(0b1111_1111, 2, 4) is None
        assert region_kernel.memo_size() == 0
        value = set_search.nim_value(0b1111_1111, 2, 4)
        assert set_search.known(0b1111_1111, 4, 2) == value
        assert set_search.known(0b11_0000, 2, 4) == 1

    @pytest.mark.parametrize(("cells", "rows", "cols"),
                             [(1, 0, 5), (1, 9, 8), (1 << 6, 2, 3), (-1, 2, 3)])
    def test_bad_frames_are_refused(self, cells: int, rows: int, cols: int) -> None:
        with pytest.raises(ValueError):
            set_search.nim_value(cells, rows, cols)


class TestRuleset:
    def test_value_uses_the_kernel_and_still_refuses(self) -> None:
        assert CRAM.value((5, 5, (1 << 25) - 1)) == 0
        with pytest.raises(TooBig):
            analyze("cram #....../......./......./......./.......")
        # The whole board is answered by its published nim-value instead.
        assert analyze("cram 5x7").nim_value == 1
        with pytest.raises(TooBig):
            analyze("cram 6x6", misere=True)

    def test_balanced_boards_too_big_to_search_are_lost_for_the_mover(self) -> None:
        # 6x6 and 100x200 by the symmetry strategy; one domino on them breaks the balance.
        for text in ("cram 6x6", "cram 100x200"):
            analysis = analyze(text)
            assert (analysis.nim_value, analysis.winning_moves) == (0, ())
        with pytest.raises(TooBig):
            analyze("cram ##..../....../....../....../....../......")
        with pytest.raises(TooBig):
            analyze("cram 101x199")

    def test_big_frames_use_the_general_search(self) -> None:
        # A 1x70 frame does not fit a word; its strips still have Dawson's values.
        state = (1, 70, ((1 << 20) - 1) << 40 | 0b111)
        assert CRAM.value(state) == DAWSON.heap_value(20) ^ DAWSON.heap_value(3)

    @pytest.mark.parametrize("text", ["cram 3x5", "cram 4x5", "cram #.../..../.##.",
                                      "cram 2x3 + cram 1x5"])
    def test_winning_moves_leave_zero(self, text: str) -> None:
        analysis = analyze(text)
        assert analysis.winning_moves
        for move in analysis.winning_moves:
            after = move.position
            assert after.value() == 0
            general = 0
            for component in after.components:
                state = component.state
                assert isinstance(state, tuple)
                found = GENERAL.value(state)
                assert isinstance(found, int)
                general ^= found
            assert general == 0


def region_of(free: frozenset[Cell], cell: Cell) -> frozenset[Cell]:
    """The cells of ``free`` joined side by side to ``cell``."""
    found = {cell}
    stack = [cell]
    while stack:
        r, c = stack.pop()
        for other in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if other in free and other not in found:
                found.add(other)
                stack.append(other)
    return frozenset(found)


def pieces(free: frozenset[Cell]) -> int:
    """How many groups of cells joined side by side ``free`` falls into."""
    count = 0
    while free:
        free -= region_of(free, next(iter(free)))
        count += 1
    return count


def flagged_pieces(grid: Grid) -> dict[tuple[Cell, Cell], int]:
    """For each domino of the board, the most pieces the kernel's look round it allows its
    region to fall into when it is placed (1, 2, or 0 for no bound)."""
    rows, cols, mask = grid
    not_last = np.uint64(region_kernel._not_last_column(rows, cols))
    flags = cram_stencil._pieces_left(np.uint64(mask), cols, not_last)
    one_across, two_across, one_down, two_down = (int(words) for words in flags)
    found = {}
    free = cells_of(grid)
    for r, c in free:
        bit = 1 << (r * cols + c)
        for other, one, two in (((r, c + 1), one_across, two_across),
                                ((r + 1, c), one_down, two_down)):
            if other in free:
                found[(r, c), other] = 1 if one & bit else 2 if two & bit else 0
    return found


class TestPiecesLeft:
    def test_bounds_hold_on_random_boards(self) -> None:
        # Wide and tall frames too: a cell past the edge must never wrap to the next row.
        rng = random.Random(21)
        frames = [(8, 8), (1, 64), (64, 1), (2, 32), (2, 31), (4, 16), (16, 4), (3, 21)]
        bounded = 0
        for _ in range(400):
            rows, cols = (rng.choice(frames) if rng.random() < 0.3
                          else (rng.randint(1, 8), rng.randint(1, 8)))
            grid = random_board(rng, rows, cols, most_free=rows * cols)
            free = cells_of(grid)
            for (first, second), most in flagged_pieces(grid).items():
                if most:
                    bounded += 1
                    region = region_of(free, first)
                    assert pieces(region - {first, second}) <= most, (grid, first, most)
        assert bounded > 1000

    def test_full_rectangles_stay_in_one_piece(self) -> None:
        # No domino splits a full board at least three cells each way, and every one is seen
        # to leave one piece: the look round each domino misses none there.
        for rows, cols in product(range(3, 9), repeat=2):
            flags = flagged_pieces((rows, cols, (1 << rows * cols) - 1))
            assert set(flags.values()) == {1}, (rows, cols)

    def test_a_domino_across_a_strip_of_two_leaves_two_pieces(self) -> None:
        flags = flagged_pieces((2, 5, (1 << 10) - 1))
        assert flags[(0, 2), (1, 2)] == 2
        assert flags[(0, 0), (1, 0)] == 1


@cache
def placements(free: frozenset[Cell]) -> int:
    """The sets of dominoes on ``free``, one by one: its first cell is left empty or paired."""
    if not free:
        return 1
    r, c = min(free)
    rest = free - {(r, c)}
    return placements(rest) + sum(placements(rest - {other})
                                  for other in ((r, c + 1), (r + 1, c)) if other in rest)


class TestCountPlacements:
    def test_square_boards_are_oeis_a028420(self) -> None:
        for n in range(1, 9):
            assert region_kernel.count_placements(["1" * n] * n) == MATCHINGS_A028420[n]

    def test_random_boards_against_enumeration(self) -> None:
        rng = random.Random(28)
        for _ in range(300):
            grid = random_board(rng, rng.randint(1, 6), rng.randint(1, 6), most_free=16)
            assert region_kernel.count_placements(to_rows(grid)) == placements(cells_of(grid))

    def test_a_count_past_64_bits_is_not_given(self) -> None:
        # 12 x 13 has about 1e43 placements: the bound falls back to 2^cells.
        assert region_kernel.count_placements(["1" * 12] * 13) is None
        assert CRAM.region_bound((13, 12, (1 << 156) - 1)) == 1 << 156

    def test_a_count_too_big_for_a_word_stays_at_the_largest(self) -> None:
        largest = np.uint64(2**64 - 1)
        assert region_kernel._add_saturated(np.uint64(2**63), np.uint64(2**63)) == largest
        assert region_kernel._add_saturated(largest, np.uint64(1)) == largest
        assert region_kernel._add_saturated(np.uint64(5), np.uint64(7)) == 12

    def test_the_board_bound_is_the_count(self) -> None:
        assert CRAM.region_bound((4, 5, (1 << 20) - 1)) == 120465  # OEIS A210662, 4 x 5


def test_rows_by_reciprocal_are_exact() -> None:
    # The kernel finds the row of a bit by multiplying instead of dividing.
    for width in range(1, region_kernel.MAX_CELLS + 1):
        for index in range(64):
            assert index * int(region_kernel._RECIPROCALS[width]) >> 12 == index // width
