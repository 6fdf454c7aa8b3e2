"""Known theorems that answer board games at any size, each checked against a literal model
searched by plain recursion: the strip rule of chocolate, strategy stealing and the
winning moves of Chomp, the reductions of narrow boards to heap games."""

from __future__ import annotations

import random
from functools import cache

import pytest

from grundy.analysis import analyze
from grundy.boards.chocolate import CHOCOLATE, FINISHED, Bar
from grundy.boards.chomp import CHOMP, rectangle_rule
from grundy.catalogue import parse_position
from grundy.values import Outcome
from test_boards import board_of, chomp_moves, cram_moves, kings_moves

from brute import grundy_of, wins_of


def misere_wins(moves):  # type: ignore[no-untyped-def]
    return wins_of(moves, misere=True)

WON = "won"


def literal_chocolate_moves(bar: Bar | str) -> list[Bar | str]:
    """The game as the lecture says it: any break; one that makes a 1x1 ends the game."""
    if bar == WON:
        return []
    found: list[Bar | str] = []
    for i, (a, b) in enumerate(bar):
        rest = bar[:i] + bar[i + 1:]
        for halves in ([((k, b), (a - k, b)) for k in range(1, a)]
                       + [((a, k), (a, b - k)) for k in range(1, b)]):
            halves = tuple(tuple(sorted(h)) for h in halves)
            found.append(WON if (1, 1) in halves else tuple(sorted(rest + halves)))
    return found


@cache
def literal_wins(misere: bool):  # type: ignore[no-untyped-def]
    return wins_of(literal_chocolate_moves, misere)


def winning_options(bar: Bar, misere: bool) -> set[Bar | str]:
    wins = literal_wins(misere)
    return {option for option in literal_chocolate_moves(bar) if not wins(option)}


def answered_options(bar: Bar, misere: bool) -> set[Bar | str]:
    """The options the tool's winning moves lead to, in the literal model's form."""
    found: set[Bar | str] = set()
    for move in analyze(CHOCOLATE, bar, misere=misere).winning_moves:
        components = move.position.components
        state = components[0].state if components else FINISHED
        found.add(WON if state == FINISHED else state)
    return found


BARS = [((a, b),) for a in range(1, 7) for b in range(a, 9)]


class TestChocolateStripRule:
    @pytest.mark.slow
    @pytest.mark.parametrize("misere", [False, True])
    def test_every_bar_up_to_6x8_as_the_literal_game(self, misere: bool) -> None:
        wins = literal_wins(misere)
        for bar in BARS:
            if bar == FINISHED:
                continue
            analysis = analyze(CHOCOLATE, bar, misere=misere)
            assert (analysis.winner == "first") == wins(bar), bar
            assert answered_options(bar, misere) == winning_options(bar, misere), bar
            if not misere:
                rule = CHOCOLATE.strip_rule(bar)
                assert (rule.outcome.winner == "first") == wins(bar), bar
                left = {make() for _, make in rule.moves}
                assert {WON if option == FINISHED else option for option in left} \
                    == winning_options(bar, misere), bar

    @pytest.mark.parametrize("misere", [False, True])
    def test_random_positions_of_several_pieces(self, misere: bool) -> None:
        rng = random.Random(13)
        wins = literal_wins(misere)
        for _ in range(150):
            bar = tuple(sorted(tuple(sorted((rng.randint(1, 4), rng.randint(1, 5))))
                               for _ in range(rng.randint(1, 3))))
            if (1, 1) in bar:
                continue
            analysis = analyze(CHOCOLATE, bar, misere=misere)
            assert (analysis.winner == "first") == wins(bar), bar
            assert answered_options(bar, misere) == winning_options(bar, misere), bar
            if not misere:
                assert (CHOCOLATE.strip_rule(bar).outcome.winner == "first") == wins(bar)

    @pytest.mark.slow
    def test_nim_values_are_the_literal_graphs(self) -> None:
        """The strip rule decides who wins, not the nim-value: the values stay the literal
        game's, which a sum with another game needs."""
        value = grundy_of(literal_chocolate_moves)
        for bar in BARS[1:30]:
            assert CHOCOLATE.value(bar) == value(bar), bar

    def test_large_bars_answered_by_the_rule_without_a_nim_value(self) -> None:
        # A bar is lost exactly when no break leaves a lost bar: the rule's own recursion,
        # read back through the moves of the game.
        for bar in [((40, 40),), ((17, 39),), ((12, 40), (2, 31))]:
            rule = CHOCOLATE.strip_rule(bar)
            lost_after = [CHOCOLATE.strip_rule(CHOCOLATE.apply(bar, play)).outcome.winner
                          == "second" for play in CHOCOLATE.plays(bar)]
            assert (rule.outcome.winner == "first") == any(lost_after)
            analysis = analyze(CHOCOLATE, bar)
            assert analysis.nim_value is None and analysis.winner == rule.outcome.winner

# -- Chomp: the compiled table, strategy stealing, the winning moves of squares and 2 x n --

def diagram_squares(rows: tuple[int, ...]) -> frozenset[tuple[int, int]]:
    return frozenset((r, c) for r, length in enumerate(rows) for c in range(length))


def random_diagram(rng: random.Random, most_rows: int, most_cols: int) -> tuple[int, ...]:
    lengths = sorted((rng.randint(1, most_cols) for _ in range(rng.randint(1, most_rows))),
                     reverse=True)
    return tuple(lengths)


class TestChomp:
    def test_compiled_values_against_plain_recursion(self) -> None:
        value = grundy_of(chomp_moves)
        rng = random.Random(16)
        for _ in range(120):
            rows = random_diagram(rng, 5, 6)
            assert CHOMP.value(rows) == value(diagram_squares(rows)), rows

    def test_every_rectangle_but_1x1_is_a_first_player_win(self) -> None:
        # Values from the compiled table, itself checked above; up to 11 x 11.
        for rows in range(1, 12):
            for cols in range(rows, 12):
                assert (CHOMP.value((cols,) * rows) != 0) == (rows * cols > 1)

    @pytest.mark.parametrize("shape", [(n, n) for n in range(2, 12)]
                             + [(2, n) for n in range(2, 120, 7)]
                             + [(n, 2) for n in range(3, 60, 11)]
                             + [(1, n) for n in range(2, 40, 5)])
    def test_the_named_winning_move_leaves_a_lost_position(self, shape: tuple[int, int]) -> None:
        rows, cols = shape
        rule = rectangle_rule((cols,) * rows)
        assert rule is not None and rule.outcome is Outcome.N
        (_, option), = rule.moves
        assert CHOMP.value(option()) == 0

    def test_other_rectangles_are_won_without_a_move_named(self) -> None:
        rule = rectangle_rule((7,) * 4)
        assert rule is not None and rule.moves == () and "strategy stealing" in rule.reason
        assert rectangle_rule((1,)) is None and rectangle_rule((5, 3)) is None

    def test_big_rectangles_answered_by_the_rule(self) -> None:
        for text, moves in [("chomp 20x30", 0), ("chomp 1000x1000", 1), ("chomp 2x5000", 1)]:
            analysis = analyze(text)
            assert analysis.winner == "first" and analysis.nim_value is None
            assert len(analysis.winning_moves) == moves
            assert analysis.reason is not None and "strategy stealing" in analysis.reason
        # Within reach of the table, the nim-value is given as before.
        assert analyze("chomp 10x10").nim_value == CHOMP.value((10,) * 10)

    def test_misere_unchanged_by_the_table(self) -> None:
        wins = misere_wins(chomp_moves)
        rng = random.Random(29)
        for _ in range(25):
            rows = random_diagram(rng, 4, 4)
            assert (analyze(CHOMP, CHOMP.canonical(rows), misere=True).winner == "first") == wins(
                diagram_squares(rows))


# -- Boards one or two cells wide: Dawson's Kayles and Dawson's chess ---------------------

def row_picture(rng: random.Random, length: int, rows: int = 1) -> str:
    """A picture of ``rows`` rows whose columns are either all free or all taken."""
    columns = ["." if rng.random() < 0.8 else "#" for _ in range(length)]
    return "/".join(["".join(columns)] * rows)


class TestStrips:
    @pytest.mark.parametrize("length", range(1, 17))
    def test_cram_row_is_dawsons_kayles(self, length: int) -> None:
        cells, _, _ = board_of(f"1x{length}")
        assert parse_position(f"cram 1x{length}").value() == grundy_of(cram_moves)(cells)

    @pytest.mark.parametrize("rows", [1, 2])
    def test_kings_rows_are_dawsons_chess(self, rows: int) -> None:
        for length in range(1, 11 if rows == 2 else 15):
            board, _, _ = board_of(f"{rows}x{length}")
            expected = grundy_of(kings_moves(board))(frozenset())
            assert parse_position(f"kings {rows}x{length}").value() == expected, length

    def test_random_pictures(self) -> None:
        rng = random.Random(7)
        for _ in range(40):
            picture = row_picture(rng, rng.randint(2, 14))
            cells, _, _ = board_of(picture)
            assert parse_position(f"cram {picture}").value() == grundy_of(cram_moves)(cells)
            kings = parse_position(f"kings {picture}").value()
            assert kings == grundy_of(kings_moves(cells))(frozenset()), picture
            double = row_picture(rng, rng.randint(2, 9), rows=2)
            cells, _, _ = board_of(double)
            kings = parse_position(f"kings {double}").value()
            assert kings == grundy_of(kings_moves(cells))(frozenset()), double

    def test_misere_unchanged(self) -> None:
        for length in range(2, 12):
            cells, _, _ = board_of(f"1x{length}")
            first = analyze(f"cram 1x{length}", misere=True).winner == "first"
            assert first == misere_wins(cram_moves)(cells)

    def test_long_boards_and_the_reduction_said(self) -> None:
        for text, heaps in [("cram 1x41", "octal:0.07 41"), ("kings 1x35", "octal:0.137 35"),
                            ("kings 2x35", "octal:0.137 35"),
                            ("cram 1x500", "octal:0.07 500")]:
            analysis = analyze(text)
            assert analysis.nim_value == parse_position(heaps).value()
            if analysis.nim_value:
                assert analysis.reason is not None and "Dawson" in analysis.reason
        reason = analyze("kings 2x35").reason
        assert reason is not None and "heap of 35" in reason
