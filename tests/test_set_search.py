"""The set search (a region's value only when it is among the values asked) and Cram's
simplifications, against plain brute force on random small boards.

The brute force is the one of ``test_region_search``: frozensets of free cells, the mex of
the options' values, nothing of bitsets, regions or symmetry.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from grundy.analysis import analyze
from grundy.boards import cram_stencil, region_kernel, set_search
from grundy.boards.cram import CRAM
from grundy.boards.region_kernel import CRAM as CRAM_KIND
from grundy.boards.region_kernel import KINGS as KINGS_KIND
from grundy.budget import work_limit
from test_region_search import brute, cells_of, misere_wins, random_board


def lines(rows: int, cols: int, cells: int) -> str:
    return "|".join("".join("#" if cells >> (r * cols + c) & 1 else "." for c in range(cols))
                    for r in range(rows))


class TestValueIn:
    @pytest.mark.slow
    @pytest.mark.parametrize("kind", [CRAM_KIND, KINGS_KIND])
    def test_the_same_question_twice_and_a_warm_table(self, kind: int) -> None:
        # The second answer comes from what the first left in the table (values, and values
        # shown absent): it must be the same.
        rng = random.Random(60 + kind)
        region_kernel.clear_memo()
        for _ in range(300):
            grid = random_board(rng, rng.randint(2, 5), rng.randint(2, 6), most_free=20)
            expected = brute(kind, cells_of(grid))
            for wanted in (1, 1 << rng.randrange(4), 0b110):
                answer = expected if wanted >> expected & 1 else None
                for _ in range(2):
                    assert set_search.value_in(grid[2], grid[0], grid[1], kind,
                                               wanted) == answer, (grid, wanted)

    def test_positions_of_several_regions(self) -> None:
        # Two regions of the same shape cancel; a region and a single domino do not.
        assert set_search.value_in(0b1111_0000_1111, 1, 12, CRAM_KIND, wanted=1) == 0
        assert set_search.nim_value(0b1111_0000_0011, 1, 12, CRAM_KIND) == 2 ^ 1
        assert set_search.value_in(0b1111_0000_0011, 1, 12, CRAM_KIND, wanted=0b1) is None

    def test_bigger_regions_against_the_rule_of_a_strip(self) -> None:
        # One row of Cram is Dawson's Kayles' relative 0.07: values known by their own rule.
        rng = random.Random(7)
        for _ in range(20):
            length = rng.randint(20, 60)
            expected = CRAM.value((1, length, (1 << length) - 1))
            assert set_search.nim_value((1 << length) - 1, 1, length, CRAM_KIND) == expected


class TestSimplifications:
    @pytest.mark.slow
    def test_dropped_cells_keep_the_value(self) -> None:
        # Tufts (cells of one free neighbour) sharing their neighbour, bridges between such
        # neighbours, and lone cells: what is left has the value of the whole.
        rng = random.Random(70)
        dropped = 0
        for _ in range(600):
            rows, cols, cells = random_board(rng, rng.randint(1, 5), rng.randint(1, 6),
                                             most_free=18)
            not_last = np.uint64(region_kernel._not_last_column(rows, cols))
            reduced = int(cram_stencil._reduced(np.uint64(cells), rows, cols, not_last))
            assert reduced & ~cells == 0
            dropped += reduced != cells
            assert brute(CRAM_KIND, cells_of((rows, cols, reduced))) == brute(
                CRAM_KIND, cells_of((rows, cols, cells))), lines(rows, cols, cells)
        assert dropped > 100

    @pytest.mark.parametrize(("shape", "kept"), [
        # Four tufts on one cell (a plus sign): one is kept.
        ((3, 3, 0b010_111_010), 0b000_010_010),
        # A bridge between the neighbours of two tufts goes (the middle of a row of five).
        ((1, 5, 0b11111), 0b11011),
        # A square has no tuft: nothing goes.
        ((2, 2, 0b1111), 0b1111),
    ])
    def test_shapes(self, shape: tuple[int, int, int], kept: int) -> None:
        rows, cols, cells = shape
        not_last = np.uint64(region_kernel._not_last_column(rows, cols))
        assert int(cram_stencil._reduced(np.uint64(cells), rows, cols, not_last)) == kept

    def test_misere_play_is_not_simplified(self) -> None:
        # Under misère play a tuft's twin is not worthless: the analysis answers misère Cram
        # by its own search, which these simplifications must not reach.
        rng = random.Random(80)
        for _ in range(60):
            grid = random_board(rng, rng.randint(1, 4), rng.randint(1, 5), most_free=12)
            misere = analyze(CRAM, grid, misere=True)
            assert (misere.winner == "first") == misere_wins(CRAM_KIND, cells_of(grid)), grid


class TestTableKeptWithinOneWork:
    FULL = (1 << 20) - 1  # Cram 4x5

    def test_dropped_only_when_a_new_piece_of_work_begins(self,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
        option = self.FULL & ~0b11  # a domino on a1-b1
        region_kernel.clear_memo()
        full_value = set_search.nim_value(self.FULL, 4, 5)
        option_value = set_search.nim_value(option, 4, 5)
        # Every table counts as large here, so only the piece of work decides.
        monkeypatch.setattr(region_kernel, "_KEPT", -1)
        region_kernel.clear_memo()
        with work_limit(10**6):
            assert set_search.nim_value(self.FULL, 4, 5) == full_value
            # Later questions of the same work (which moves win, after who wins), also under
            # a budget of their own inside it (the nim-value after the outcome), find the
            # board's value still in the table.
            assert set_search.value_is(option, 4, 5, CRAM_KIND, 0) == (option_value == 0)
            with work_limit(10**5):
                assert set_search.nim_value(option, 4, 5) == option_value
            assert set_search.known(self.FULL, 4, 5) == full_value
        with work_limit(10**6):
            assert set_search.nim_value(0b1111, 2, 2) == 0
            assert set_search.known(self.FULL, 4, 5) is None

    def test_small_tables_are_kept_across_pieces_of_work(self) -> None:
        region_kernel.clear_memo()
        with work_limit(10**6):
            full_value = set_search.nim_value(self.FULL, 4, 5)
        with work_limit(10**6):
            set_search.nim_value(0b1111, 2, 2)
            assert set_search.known(self.FULL, 4, 5) == full_value
