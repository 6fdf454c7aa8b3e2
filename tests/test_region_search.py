"""The compiled region search for kings and its outcome search, against plain brute force.

The brute force knows nothing of bitsets, symmetry or regions: a position is the frozenset of
the cells where a piece may still go (kings) or of the free cells (Cram), and its value the
mex of its options' values, its outcome whether some option is lost.  The general search is
the board machinery without the compiled kernel (crop, split, fold, memoised solver).
"""

from __future__ import annotations

import random
from functools import cache
from itertools import product

import pytest

from grundy.analysis import analyze
from grundy.boards import region_kernel, set_search
from grundy.boards.base import BoardGame
from grundy.boards.bitgrid import Grid
from grundy.boards.cram import CRAM, Cram
from grundy.boards.kings import KINGS, Kings
from grundy.boards.published import CRAM_VALUES, published_cram_value
from grundy.boards.region_games import MAX_KERNEL_CELLS, CompiledGridGame
from grundy.budget import Budget, work_limit
from grundy.errors import TooBig
from grundy.heap.takebreak import DAWSON
from grundy.values import Outcome, Value

pytestmark = pytest.mark.slow

Cell = tuple[int, int]


def king_options(free: frozenset[Cell]) -> list[frozenset[Cell]]:
    """A king on a free cell takes it and every cell a king's step from it."""
    return [frozenset(o for o in free if max(abs(o[0] - r), abs(o[1] - c)) > 1)
            for r, c in free]


def cram_options(free: frozenset[Cell]) -> list[frozenset[Cell]]:
    """A domino on two free cells side by side."""
    return [free - {(r, c), other} for r, c in free for other in ((r, c + 1), (r + 1, c))
            if other in free]


OPTIONS = {region_kernel.KINGS: king_options, region_kernel.CRAM: cram_options}


@cache
def brute(kind: int, free: frozenset[Cell]) -> int:
    seen = {brute(kind, option) for option in OPTIONS[kind](free)}
    value = 0
    while value in seen:
        value += 1
    return value


@cache
def misere_wins(kind: int, free: frozenset[Cell]) -> bool:
    """Misère play: whoever cannot move wins."""
    options = OPTIONS[kind](free)
    return not options or any(not misere_wins(kind, option) for option in options)


def cells_of(grid: Grid) -> frozenset[Cell]:
    rows, cols, mask = grid
    return frozenset((r, c) for r, c in product(range(rows), range(cols))
                     if mask >> (r * cols + c) & 1)


def random_board(rng: random.Random, rows: int, cols: int, most_free: int) -> Grid:
    """A frame with a random set of free cells, at most ``most_free`` of them."""
    cells = rng.sample(range(rows * cols), rng.randint(0, min(most_free, rows * cols)))
    return (rows, cols, sum(1 << i for i in cells))


GAMES: dict[int, CompiledGridGame] = {region_kernel.KINGS: KINGS, region_kernel.CRAM: CRAM}


class GeneralKings(Kings):
    """Kings valued by the general board search alone."""

    def value(self, state: Grid) -> Value:
        return BoardGame.value(self, state)


def test_the_games_know_the_kernels_frame() -> None:
    assert MAX_KERNEL_CELLS == region_kernel.MAX_CELLS


class TestKingsAgainstBruteForce:
    def test_random_small_boards(self) -> None:
        rng = random.Random(10)
        for _ in range(400):
            grid = random_board(rng, rng.randint(1, 5), rng.randint(1, 6), most_free=20)
            expected = brute(region_kernel.KINGS, cells_of(grid))
            assert set_search.nim_value(grid[2], grid[0], grid[1],
                                              region_kernel.KINGS) == expected, grid

    def test_random_boards_in_wide_frames(self) -> None:
        # Frames up to 64 cells, so that cells at the edges of long rows are met.
        rng = random.Random(11)
        for _ in range(150):
            rows = rng.randint(1, 8)
            grid = random_board(rng, rows, rng.randint(1, 64 // rows), most_free=16)
            expected = brute(region_kernel.KINGS, cells_of(grid))
            assert set_search.nim_value(grid[2], grid[0], grid[1],
                                              region_kernel.KINGS) == expected, grid

    @pytest.mark.parametrize(("rows", "cols"), [(r, c) for r in range(1, 5)
                                                for c in range(r, 6)])
    def test_full_small_rectangles(self, rows: int, cols: int) -> None:
        full = (rows, cols, (1 << rows * cols) - 1)
        assert KINGS.value(full) == brute(region_kernel.KINGS, cells_of(full))

    def test_one_row_is_dawsons_chess(self) -> None:
        # A king on a row takes its cell and both neighbours: Dawson's chess, whose n cells
        # play as Dawson's Kayles on n + 1 pins.
        for length in range(1, 65):
            assert set_search.nim_value((1 << length) - 1, 1, length,
                                              region_kernel.KINGS) == DAWSON.heap_value(length + 1)

    def test_against_the_general_search(self) -> None:
        rng = random.Random(12)
        general = GeneralKings()
        for _ in range(60):
            grid = random_board(rng, rng.randint(2, 6), rng.randint(2, 6), most_free=30)
            assert KINGS.value(grid) == general.value(grid), grid

    @pytest.mark.parametrize("size", ["5x5", "6x6", "5x7", "6x7"])
    def test_full_boards_against_the_general_search(self, size: str) -> None:
        grid = KINGS.parse_state([size])
        assert KINGS.value(grid) == GeneralKings().value(grid)


class TestOutcomeSearch:
    @pytest.mark.parametrize("kind", [region_kernel.KINGS, region_kernel.CRAM])
    def test_against_brute_force_from_a_cold_table(self, kind: int) -> None:
        rng = random.Random(20 + kind)
        for round_ in range(300):
            if round_ % 20 == 0:
                # Cold tables, so that regions known only to be won are met by value searches.
                region_kernel.clear_memo()
            grid = random_board(rng, rng.randint(1, 5), rng.randint(1, 6), most_free=16)
            expected = brute(kind, cells_of(grid))
            assert set_search.wins(grid[2], grid[0], grid[1], kind) == (expected != 0), grid
            # The value asked only if it is among a random set of values (values shown
            # absent by earlier questions are met half-learnt in the table).
            wanted = rng.randrange(1, 1 << 5)
            found = set_search.value_in(grid[2], grid[0], grid[1], kind, wanted)
            assert found == (expected if wanted >> expected & 1 else None), (grid, wanted)
            assert set_search.nim_value(grid[2], grid[0], grid[1], kind) == expected
            assert set_search.known(grid[2], grid[0], grid[1], kind) == expected

    @pytest.mark.parametrize("kind", [region_kernel.KINGS, region_kernel.CRAM])
    def test_against_full_values(self, kind: int) -> None:
        rng = random.Random(30 + kind)
        for _ in range(200):
            rows = rng.randint(2, 7)
            grid = random_board(rng, rows, rng.randint(2, 49 // rows), most_free=30)
            region_kernel.clear_memo()
            won = set_search.wins(grid[2], grid[0], grid[1], kind)
            value = set_search.nim_value(grid[2], grid[0], grid[1], kind)
            assert won == (value != 0), grid

    @pytest.mark.parametrize("kind", [region_kernel.KINGS, region_kernel.CRAM])
    def test_winning_moves_and_misere_play(self, kind: int) -> None:
        # The first winning move the outcome search finds, every one analysis lists, and who
        # wins under misère play (the compiled search is normal play only: misère answers
        # must come from the rules).
        rng = random.Random(40 + kind)
        game = GAMES[kind]
        for _ in range(150):
            grid = random_board(rng, rng.randint(1, 5), rng.randint(1, 5), most_free=16)
            found = game.winning_move(grid)
            wins = brute(kind, cells_of(grid)) != 0
            assert (found is not None) == wins, grid
            if found is not None:
                play = next(p for p in game.plays(grid) if game.describe_play(grid, p) == found[0])
                assert brute(kind, cells_of(game.apply(grid, play))) == 0, grid
            analysis = analyze(game, grid)
            # Moves are named in the frame of the position as it is kept (folded).
            (component,) = analysis.position.components
            kept = component.state
            listed = {move.description for move in analysis.winning_moves}
            winning = {game.describe_play(kept, play) for play in game.plays(kept)
                       if brute(kind, cells_of(game.apply(kept, play))) == 0}
            # Plays to the same option are listed once.
            assert listed <= winning and bool(listed) == wins, grid
            misere = analyze(game, grid, misere=True)
            assert (misere.winner == "first") == misere_wins(kind, cells_of(grid)), grid

    def test_moves_that_leave_a_mirror_image_come_first(self) -> None:
        # 3x5 kings: a king in the centre leaves a position lost by the symmetry strategy.
        plays = KINGS.ordered_plays(KINGS.parse_state(["3x5"]))
        assert KINGS.describe_play((3, 5, 0), plays[0]) == "put a king on c2"


class TestPublishedCram:
    # Nim-values of full Cram boards as published (grundy.boards.published), against the
    # search on the boards it settles in moments; the bigger boards of that table are
    # compared in benchmarks/published_cram.py.
    @pytest.mark.parametrize("size", ["4x4", "4x5", "4x6", "4x7", "4x8", "5x5", "5x6", "4x10",
                                      "6x6"])
    def test_small_boards(self, size: str) -> None:
        rows, cols = map(int, size.split("x"))
        assert CRAM.value(CRAM.parse_state([size])) == published_cram_value(rows, cols)

    def test_the_rule_answers_whole_odd_boards_beyond_the_search(
            self, monkeypatch: pytest.MonkeyPatch) -> None:
        # The search for a winning move of an odd board is tested apart (cram 5x7).
        monkeypatch.setattr(Cram, "searched_move", lambda self, state: None)
        for (rows, cols), value in CRAM_VALUES.items():
            board = (rows, cols, (1 << rows * cols) - 1)
            rule = CRAM.normal_rule(board)
            beyond = CRAM.region_bound(board) > CRAM.kernel_limit()
            if rows % 2 and cols % 2 and rows * cols > 25:
                assert rule is not None and rule.value == value
                assert rule.outcome is Outcome.of_value(value) and not rule.moves
            elif (rows % 2 or cols % 2) and beyond:
                # Won by the symmetry strategy's opening, with the published value.
                assert rule is not None and rule.value == value and len(rule.moves) == 1
            else:  # searched in moments, or lost by the symmetry strategy
                assert rule is None
        found = analyze("cram 9x7")
        assert (found.winner, found.nim_value) == ("first", 1)
        assert "published nim-value of Cram 9x7" in found.method  # the board as given

    def test_the_rule_agrees_with_the_search_on_5x7(self) -> None:
        board = (5, 7, (1 << 35) - 1)
        rule = CRAM.normal_rule(board)
        assert rule is not None
        region_kernel.clear_memo()
        with work_limit(Budget.of(120)):
            # A time budget runs the search instead of the rule.
            assert CRAM.normal_rule(board) is None
            assert CRAM.wins(board) == (rule.outcome is Outcome.N)


class TestKingsEightByEight:
    def test_the_second_player_wins(self) -> None:
        # The lecture's Game 7 on a chessboard: searched in full in a few seconds.
        region_kernel.clear_memo()
        board = KINGS.parse_state(["8x8"])
        assert KINGS.value(board) == 0
        assert KINGS.winning_move(board) is None
        assert analyze("kings 8x8").winner == "second"


class TestBudget:
    def test_a_time_budget_lifts_the_refusal_up_front(self) -> None:
        board = CRAM.parse_state(["5x7"])
        region_kernel.clear_memo()
        with pytest.raises(TooBig, match="with a time budget"):
            CRAM.value(board)
        with work_limit(Budget.of(seconds=0.0)), pytest.raises(TooBig, match="stopped after"):
            CRAM.value(board)

    def test_the_outcome_is_given_when_the_value_runs_out_of_time(self) -> None:
        region_kernel.clear_memo()
        with work_limit(Budget.of(seconds=0.5)):
            found = analyze("cram 6x7")
        assert found.winner == "first" and found.nim_value is None
        assert len(found.winning_moves) == 1
        assert found.winning_moves[0].position.value() == 0
