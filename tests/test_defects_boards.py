"""Board games that once hung, ran out of memory or were refused wrongly (H4-H7, M1, R3,
``rows 1xN``, and the won Cram board named without a move): each now answers, by a theorem
where one applies, or is refused at once saying what budget would allow it.

The command lines run as their own ``grundy`` processes under the memory limit and timeout
of :mod:`test_attack`; every formula and shortcut behind them is checked here against the
brute force of :mod:`test_boards` on all small sizes.
"""

from __future__ import annotations

import re
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from functools import reduce
from itertools import product
from operator import xor

import pytest

from grundy.analysis import analyze
from grundy.boards.bishops import BISHOPS
from grundy.boards.chocolate import CHOCOLATE
from grundy.boards.chords import CHORDS, DAWSONS_KAYLES, SMALL_REGION
from grundy.boards.cram import CRAM
from grundy.boards.rows import ROWS
from grundy.boards.skewers import box_value
from grundy.boards.symmetry import symmetry_strategy
from grundy.budget import Budget, work_limit
from grundy.errors import TooBig
from grundy.opponent import computer_move
from test_attack import _limited, check_answer
from test_boards import (
    bishops_moves,
    chocolate_wins,
    chords_moves,
    cram_moves,
    rectangle,
    rows_moves,
    skewers_moves,
)

from brute import grundy_of

pytestmark = pytest.mark.slow

#: Seconds a case may take: each takes one or two; the rest is a loaded machine.
TIMEOUT = 60
THIRTY = "9" * 30

# (arguments, exit code, a part of the output (exit 0) or of the one line on stderr)
CASES: list[tuple[tuple[str, ...], int, str]] = [
    # H4: Chords is Dawson's Kayles, whose period is proved.
    (("analyze", "chords", "1000"), 0, "(--json lists them all)"),
    (("analyze", "chords", "100000"), 3,
     "the first player wins (nim-value 3); listing its winning moves needs about 5e+9"),
    (("analyze", "--budget", "10s", "chords", "100000"), 3, "the first player wins"),
    (("analyze", "chords", "1000000"), 3, "the first player wins (nim-value 2)"),
    (("analyze", "chords", "1" + "0" * 30), 3, "listing its winning moves needs about 5e+59"),
    # H5: the outcome search is estimated before it starts.
    (("analyze", "diagonals", "20"), 0, "The first player (to move) wins"),
    (("analyze", "diagonals", "23"), 3, "a time budget of 15s (--budget) would allow it"),
    (("analyze", "--budget", "10s", "diagonals", "23"), 3, "the outcome search of diagonals 23"),
    (("analyze", "--budget", "100h", "diagonals", "52"), 3,
     "needs more than 24 open vertices; this position has 52"),
    (("analyze", "diagonals", "11"), 0, "The second player wins"),
    # H6: whole boxes by their shape; others refused before the geometry is drawn.
    (("analyze", "skewers", "100x100x100"), 0, "Nim-value: 0"),
    (("analyze", "skewers", "1x1x1000000"), 0, "pierce the whole rod (along z)"),
    (("analyze", "skewers", "1x1x999999"), 0, "Nim-value: 1"),
    (("analyze", "skewers", "99x99x99"), 3, "solving skewers 99x99x99 needs more than 1e+100"),
    (("analyze", "skewers", "1x3x100000"), 3, "solving skewers 1x3x100000"),
    (("play", "--first", "computer", "skewers", "100x100x100"), 3,
     "listing the moves of 'skewers 100x100x100' needs more than 5000 moves"),
    # H7: a strip is won by breaking off a 1x1, at any length.
    (("analyze", "chocolate", f"1x{THIRTY}"), 0, "breaking off a 1x1: the game is won"),
    (("analyze", "chocolate", f"2x{THIRTY}"), 3, "the limit is 200000000"),
    # M1: bishops with an even side are balanced; others refused before the diagonals.
    (("analyze", "--budget", "10s", "bishops", "1000x1000"), 0, "Nim-value: 0"),
    (("analyze", "bishops", "999x999"), 3, "solving bishops 999x999 needs more than 1e+100"),
    (("play", "--first", "computer", "bishops", "1000x1000"), 3,
     "listing the moves of 'bishops 1000x1000' needs more than 5000 moves"),
    # R3: the symmetry strategy for any whole board it decides.
    (("analyze", "cram", "200x200"), 0, "Nim-value: 0"),
    (("analyze", "cram", "500x500"), 0, "Nim-value: 0"),
    (("analyze", "cram", "998x1000"), 0, "Nim-value: 0"),
    (("analyze", "cram", "100x201"), 0, "place a domino on cw50-cw51"),
    (("analyze", "rows", "100x100"), 0, "Nim-value: 0"),
    (("analyze", "rows", "1000x1000"), 0, "Nim-value: 0"),
    (("analyze", "rows", "9x9"), 0, "take the 9 checkers a5-i5"),
    (("analyze", "cram", "101x201"), 3, "solving cram 101x201 needs more than 1e+100"),
    # rows 1xN: a run of n checkers is worth n.
    (("analyze", "rows", "1x30"), 0, "Nim-value: 30"),
    (("analyze", "rows", "1x100000"), 0, "Nim-value: 100,000"),
    (("analyze", "rows", "100000x1"), 0, "Nim-value: 100,000"),
    # A won Cram board comes with a move, and the computer plays it.
    (("analyze", "cram", "5x7"), 0, "place a domino on a1-b1"),
    (("play", "--first", "computer", "cram", "5x7"), 0,
     "The computer: place a domino on a1-b1"),
]


def _run(case: tuple[tuple[str, ...], int, str]) -> tuple[subprocess.CompletedProcess[str], float]:
    started = time.monotonic()
    try:
        done = subprocess.run([sys.executable, "-m", "grundy", *case[0]], input="quit\n",
                              capture_output=True, text=True, timeout=TIMEOUT,
                              preexec_fn=_limited, check=False)
    except subprocess.TimeoutExpired as late:
        # That case fails alone (no answer), not every case run by the shared fixture.
        done = subprocess.CompletedProcess(late.cmd, -9, late.stdout or "",
                                           f"no answer within {TIMEOUT} s of wall time")
    return done, time.monotonic() - started


@pytest.fixture(scope="module")
def results() -> list[tuple[subprocess.CompletedProcess[str], float]]:
    with ThreadPoolExecutor(max_workers=2) as pool:
        return list(pool.map(_run, CASES))


@pytest.mark.parametrize("index", range(len(CASES)),
                         ids=[" ".join(c[0])[:40] for c in CASES])
def test_answered_or_refused(results: list[tuple[subprocess.CompletedProcess[str], float]],
                             index: int) -> None:
    _, code, expected = CASES[index]
    check_answer(results[index][0], code, expected)


# -- the theorems behind them, against brute force ----------------------------------------

class TestChords:
    def test_values_are_dawsons_kayles_by_brute_force(self) -> None:
        for n in range(13):
            assert CHORDS.heap_value(n) == grundy_of(chords_moves(n))(frozenset())

    @pytest.mark.parametrize("n", [*range(60), SMALL_REGION - 1, SMALL_REGION + 1, 5000])
    def test_winning_chords_are_those_of_the_options(self, n: int) -> None:
        # The sides' values looked up together (read from the period past SMALL_REGION),
        # against each option valued one by one from the computed sequence.
        values = DAWSONS_KAYLES.values(max(n, 1)).tolist()
        for want in range(8):
            expected = sorted({tuple(sorted(parts)) for parts in CHORDS.heap_options(n)
                               if reduce(xor, (values[p] for p in parts), 0) == want})
            assert sorted(CHORDS.heap_options_with_value(n, want)) == expected

    def test_any_size_by_the_period(self) -> None:
        assert CHORDS.heap_value(10**30) == DAWSONS_KAYLES.heap_value(10**30)


class TestRowsLine:
    @pytest.mark.parametrize("n", range(1, 10))
    def test_a_row_of_n_is_worth_n(self, n: int) -> None:
        assert ROWS.value((1, n, (1 << n) - 1)) == n
        assert n == grundy_of(rows_moves)(rectangle(1, n))

    def test_lines_with_gaps_and_their_winning_moves(self) -> None:
        # Every row of up to 9 cells: the value and the distinct winning options.
        for width in range(1, 10):
            for cells in range(1, 1 << width):
                state = (1, width, cells)
                free = frozenset((0, c) for c in range(width) if cells >> c & 1)
                assert ROWS.value(state) == grundy_of(rows_moves)(free)
                found = {str(option()) if callable(option) else str(option)
                         for _, option in ROWS.moves_to_value(state, 0)}
                count = sum(1 for _ in ROWS.moves_to_value(state, 0))
                expected = {str(option) for _, option in ROWS.labelled_moves(state)
                            if ROWS.option_value(option) == 0}
                assert found == expected and count == len(expected)


class TestShapes:
    @pytest.mark.parametrize(("rows", "cols"),
                             [(2, 2), (2, 4), (4, 4), (2, 3), (2, 5), (2, 7), (4, 3), (3, 4),
                              (1, 2), (1, 4), (3, 3), (3, 5), (1, 3)])
    def test_cram(self, rows: int, cols: int) -> None:
        full = (rows, cols, (1 << rows * cols) - 1)
        opening = CRAM.opening_by_shape(rows, cols)
        board = rectangle(rows, cols)
        if opening is None:
            assert rows % 2 and cols % 2
        elif opening == 0:
            assert grundy_of(cram_moves)(board) == 0
        else:
            left = frozenset(cell for cell in board
                             if not opening >> (cell[0] * cols + cell[1]) & 1)
            assert opening.bit_count() == 2 and opening in set(CRAM.plays(full))
            assert grundy_of(cram_moves)(left) == 0

    @pytest.mark.parametrize(("rows", "cols"),
                             [(2, 2), (2, 4), (4, 4), (2, 3), (3, 2), (3, 3), (3, 4), (3, 5),
                              (2, 5), (1, 5)])
    def test_rows(self, rows: int, cols: int) -> None:
        full = (rows, cols, (1 << rows * cols) - 1)
        opening = ROWS.opening_by_shape(rows, cols)
        board = rectangle(rows, cols)
        assert opening is not None
        if opening == 0:
            assert grundy_of(rows_moves)(board) == 0
        else:
            assert opening in set(ROWS.plays(full))
            left = frozenset(cell for cell in board
                             if not opening >> (cell[0] * cols + cell[1]) & 1)
            assert grundy_of(rows_moves)(left) == 0

    @pytest.mark.parametrize(("rows", "cols"),
                             [(2, 2), (2, 3), (3, 2), (2, 4), (4, 3), (3, 3), (1, 2), (3, 5)])
    def test_bishops(self, rows: int, cols: int) -> None:
        opening = BISHOPS.opening_by_shape(rows, cols)
        board = rectangle(rows, cols)
        value = grundy_of(bishops_moves(board, rows, cols))(frozenset())
        if opening is None:
            assert rows % 2 and cols % 2
        else:
            assert opening == 0 and value == 0

    def test_the_strategy_answers_a_big_board_at_once(self) -> None:
        board = CRAM.parse_state(["100x201"])
        opening = symmetry_strategy(CRAM, board)
        assert opening is not None and opening.move == "place a domino on cw50-cw51"
        after = CRAM.apply(opening.state, 0b11)
        started = time.monotonic()
        reply = symmetry_strategy(CRAM, after)
        assert reply is not None and reply.state == CRAM.mirror(reply.state)
        assert time.monotonic() - started < 10


class TestSkewers:
    @pytest.mark.parametrize("box", [(1, 1, n) for n in range(1, 9)]
                             + [(1, 2, 2), (2, 2, 2), (1, 2, 4), (2, 2, 3), (1, 2, 3),
                                (1, 3, 3), (2, 2, 4)])
    def test_box_value(self, box: tuple[int, int, int]) -> None:
        p, q, r = box
        found = box_value((p, q, r, (1 << p * q * r) - 1))
        brute = grundy_of(skewers_moves(p, q, r))(frozenset(product(range(p), range(q),
                                                                    range(r))))
        if found is None:
            assert sum(side % 2 for side in box) >= 2 and 1 in (p, q, r) and box[1] > 1
        else:
            assert found == brute

    def test_the_rods_winning_move(self) -> None:
        # Its only other option, the rod one cube shorter, is never worth 0 (brute force
        # in test_box_value), so piercing the whole rod is the one winning move.
        for n in range(2, 9):
            analysis = analyze(f"skewers 1x1x{n}")
            assert [m.description for m in analysis.winning_moves] == [
                "pierce the whole rod (along z)"]
            assert analysis.winning_moves[0].position.is_terminal


class TestChocolate:
    @pytest.mark.parametrize("bar", [((1, 2),), ((1, 5),), ((1, 4), (1, 4)), ((1, 3), (2, 2)),
                                     ((1, 6), (2, 3), (1, 2))])
    def test_strip_moves_are_every_winning_break(self, bar: tuple[tuple[int, int], ...]) -> None:
        rule = CHOCOLATE.strip_rule(bar)
        folded = CHOCOLATE.canonical(bar)
        assert chocolate_wins(bar) and rule.outcome.winner == "first"
        finishing, other = set(), set()
        for play in CHOCOLATE.plays(folded):
            after = CHOCOLATE.canonical(CHOCOLATE.apply(folded, play))
            words = CHOCOLATE.describe_play(folded, play)
            (finishing if after == ((1, 1),) else other).add(words)
            # By brute force every break that makes no 1x1 leaves the opponent a win.
            assert after == ((1, 1),) or chocolate_wins(after)
        assert {move for move, _ in rule.moves} == finishing


class TestOpponentOnHugeBoards:
    @pytest.mark.parametrize(("text", "refusal"), [
        ("bishops 1000x1000", "the diagonals of a bishops board 1000x1000 needs about 1e+11"),
        ("skewers 100x100x100", "drawing the lines of the box 100x100x100")])
    def test_a_lost_huge_board_is_refused_before_its_geometry(self, text: str,
                                                              refusal: str) -> None:
        started = time.monotonic()
        with pytest.raises(TooBig, match=re.escape(refusal)):
            computer_move(text)
        assert time.monotonic() - started < 10

    def test_a_lost_big_cram_board_is_played_at_once(self) -> None:
        started = time.monotonic()
        move = computer_move("cram 200x200")
        assert move.description.startswith("place a domino on")
        assert time.monotonic() - started < 20


class TestWonCram:
    def test_the_move_named_leaves_a_lost_position(self) -> None:
        analysis = analyze("cram 5x7")
        assert analysis.nim_value == 1 and len(analysis.winning_moves) == 1
        # Checked again by the compiled outcome search, from the position left.
        (component,) = analysis.winning_moves[0].position.components
        with work_limit(Budget.of(120)):
            assert not CRAM.wins(component.state)

    def test_the_computer_plays_it(self) -> None:
        assert computer_move("cram 5x7").description == "place a domino on a1-b1"
