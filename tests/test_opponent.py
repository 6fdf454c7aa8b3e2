"""The perfect opponent, checked against an independent brute-force remoteness."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache

import pytest

from grundy import InvalidMove, Position, TooBig, analyze, opponent, parse_position
from grundy.budget import PLAYING_POSITIONS, Budget, work_limit
from grundy.digraph import GraphGame
from grundy.opponent import (
    analysis_json_with_remoteness,
    computer_move,
    moves_json,
    rate_moves,
    remoteness,
    wins,
)
from grundy.values import Outcome

from brute import Row, half_moves, nim_moves, position_moves, row_moves_octal, subtraction_moves

pytestmark = pytest.mark.slow

GAMES: dict[str, Callable[[int], list[Row]]] = {
    "nim": nim_moves,
    "kayles": row_moves_octal((0, 7, 7)),
    "subtract:1,3,4": subtraction_moves(lambda n: (1, 3, 4)),
    "half": half_moves,
}
MAX_HEAP = {"nim": 5, "kayles": 7, "subtract:1,3,4": 12, "half": 14}


def brute_solver(game: str, misere: bool) -> Callable[[Row], tuple[bool, int]]:
    """(does the player to move win, remoteness) by plain recursion over explicit rows."""
    moves = position_moves(GAMES[game])

    @cache
    def solve(row: Row) -> tuple[bool, int]:
        options = set(moves(row))
        if not options:
            return misere, 0
        results = [solve(option) for option in options]
        lost = [far for won, far in results if not won]
        if lost:
            return True, 1 + min(lost)
        return False, 1 + max(far for _, far in results)

    return solve


def text(game: str, row: Row) -> str:
    return f"{game} {' '.join(map(str, row)) or '0'}"


def row_of(position: Position) -> Row:
    (component,) = position.components
    assert isinstance(component.state, tuple)
    return component.state


def random_rows(game: str, rng: random.Random, count: int) -> list[Row]:
    rows = []
    for _ in range(count):
        heaps = rng.randint(1, 3)
        rows.append(tuple(sorted(rng.randint(1, MAX_HEAP[game]) for _ in range(heaps))))
    return rows


class TestRemoteness:
    @pytest.mark.parametrize("misere", [False, True])
    @pytest.mark.parametrize("game", list(GAMES))
    def test_matches_brute_force(self, game: str, misere: bool) -> None:
        solve = brute_solver(game, misere)
        for row in random_rows(game, random.Random(f"{game}{misere}"), 25):
            won, far = solve(row)
            found = remoteness(text(game, row), misere)
            assert found == far, text(game, row)
            assert wins(far, misere) == won
            assert (analyze(text(game, row), misere=misere).outcome is Outcome.N) == won

    def test_terminal_and_small(self) -> None:
        assert remoteness("nim 0") == 0
        assert remoteness("nim 0", misere=True) == 0
        assert remoteness("nim 1") == 1
        assert remoteness("nim 1", misere=True) == 1
        assert remoteness("nim 1 1") == 2

    def test_sum_of_different_games(self) -> None:
        position = parse_position("kayles 3 + nim 2 + half 5")
        assert remoteness(position) == remoteness(position)  # remembered, same answer
        assert wins(remoteness(position) or 0) == (analyze(position).outcome is Outcome.N)

    def test_draws_in_a_loopy_graph(self) -> None:
        game = GraphGame([("a", "b"), ("b", "a"), ("b", "c"), ("c", "d")])
        assert remoteness(Position.of(game, ("a",))) is None
        assert remoteness(Position.of(game, ("b",))) is None
        assert remoteness(Position.of(game, ("c",))) == 1
        assert remoteness(Position.of(game, ("b", "c"))) == 3

    def test_refused_up_front_by_the_bound(self) -> None:
        with pytest.raises(TooBig, match="the limit is 1000"), work_limit(1000):
            remoteness("nim 20 20 20")

    def test_refused_by_the_clock(self) -> None:
        clock = work_limit(Budget(PLAYING_POSITIONS, seconds=0.0))
        with pytest.raises(TooBig, match="seconds"), clock:
            remoteness("half 300 301")

    def test_json_adds_remoteness_or_null(self) -> None:
        assert analysis_json_with_remoteness(analyze("nim 1 2"))["remoteness"] == 3
        with work_limit(10):
            too_big = analysis_json_with_remoteness(analyze("nim 9 9 9"))
        assert too_big["remoteness"] is None
        assert too_big["outcome"] == "N"


class TestComputerMove:
    @pytest.mark.parametrize("text", ["chomp 20x30", "cram 7x7"])
    def test_a_win_known_by_a_rule_without_a_move_is_refused(self, text: str) -> None:
        # Strategy stealing and a published value say who wins but name no move; the search
        # for one is too big, so the opponent says so rather than play blindly.
        assert analyze(text).winner == "first"
        with pytest.raises(TooBig, match="the rule that says so names no move"):
            computer_move(text)

    @pytest.mark.parametrize("misere", [False, True])
    @pytest.mark.parametrize("game", list(GAMES))
    def test_fastest_win_and_longest_resistance(self, game: str, misere: bool) -> None:
        solve = brute_solver(game, misere)
        moves = position_moves(GAMES[game])
        for row in random_rows(game, random.Random(f"move{game}{misere}"), 20):
            won, _ = solve(row)
            chosen = row_of(computer_move(text(game, row), misere).position)
            options = [solve(option) for option in set(moves(row))]
            if won:
                assert not solve(chosen)[0]
                assert solve(chosen)[1] == min(far for w, far in options if not w)
                analysis = analyze(text(game, row), misere=misere)
                winning = {m.position for m in analysis.winning_moves}
                assert parse_position(text(game, chosen)) in winning
            else:
                assert solve(chosen)[1] == max(far for _, far in options)

    @pytest.mark.parametrize("budget", [None, 1])
    @pytest.mark.parametrize("misere", [False, True])
    @pytest.mark.parametrize("game", list(GAMES))
    def test_random_opponents_never_win_a_won_game(self, game: str, misere: bool,
                                                   budget: int | None,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
        # A remoteness search of one position forces the fallback: winning moves from
        # analyze (under the defaults), no search.
        if budget is not None:
            monkeypatch.setattr(opponent, "playing_budget", lambda: Budget(budget))
        solve = brute_solver(game, misere)
        rng = random.Random(f"random{game}{misere}{budget}")
        played = 0
        for row in random_rows(game, rng, 40):
            won, far = solve(row)
            if not won:
                continue
            played += 1
            position = parse_position(text(game, row))
            computer_to_move, length = True, 0
            while not position.is_terminal:
                if computer_to_move:
                    position = computer_move(position, misere).position
                else:
                    position = rng.choice(position.moves()).position
                computer_to_move = not computer_to_move
                length += 1
            # Whoever cannot move loses (normal) or wins (misère): the computer must win.
            assert computer_to_move == misere, text(game, row)
            if budget is None:
                assert length <= far  # the winner's hurry bounds the game by the remoteness
        assert played >= 5

    def test_never_misses_a_win_in_one(self) -> None:
        assert computer_move("nim 7").position == parse_position("nim 0")
        with work_limit(1):
            assert computer_move("nim 7").position == parse_position("nim 0")
            assert str(computer_move("kayles 2").position) == "kayles 0"

    def test_fallback_resists_with_the_smallest_bite(self) -> None:
        with work_limit(1):
            move = computer_move("nim 5 5")
        assert str(move.position) == "nim 4 5"

    def test_keeps_a_draw(self) -> None:
        game = GraphGame([("a", "b"), ("b", "a"), ("b", "c"), ("c", "d")])
        assert str(computer_move(Position.of(game, ("b",))).position).endswith("a")
        assert remoteness(computer_move(Position.of(game, ("b", "c"))).position) == 2

    def test_mirror_answer_where_the_board_is_too_big(self) -> None:
        # Cram 6x6 less one domino is too big to analyse; the mirror answer balances it (so
        # its value is 0 by the strategy), later answers come from the exact search.
        from grundy.boards.cram import CRAM
        from grundy.boards.symmetry import balanced
        rng = random.Random(66)
        for _ in range(3):
            position = rng.choice(parse_position("cram 6x6").moves()).position
            with pytest.raises(TooBig):
                analyze(position)
            position = computer_move(position).position
            assert balanced(CRAM, position.components[0].state), str(position)
            while not position.is_terminal:
                assert analyze(position).nim_value == 0, str(position)
                position = rng.choice(position.moves()).position
                position = computer_move(position).position

    def test_no_move_left(self) -> None:
        with pytest.raises(InvalidMove, match="game is over"):
            computer_move("nim 0")


class TestRateMoves:
    def test_outcomes_agree_with_analyze(self) -> None:
        for misere in (False, True):
            for rated in rate_moves("kayles 4 5", misere):
                assert rated.outcome is analyze(rated.move.position, misere=misere).outcome
                assert rated.remoteness == remoteness(rated.move.position, misere)

    def test_json_shape(self) -> None:
        data = moves_json("nim 1 2")
        assert data["position"] == "nim 1 2"
        assert {m["position"]: m["outcome"] for m in data["moves"]} == {
            "nim 2": "N", "nim 1": "N", "nim 1 1": "P"}
        assert set(data["moves"][0]) == {"move", "position", "outcome", "nim_value", "remoteness"}

    def test_too_many_moves_refused(self) -> None:
        with pytest.raises(TooBig, match="moves"):
            rate_moves("nim 6000")

    def test_without_remoteness_when_too_big(self) -> None:
        with work_limit(10):
            rated = rate_moves("nim 9 9 9")
        assert all(r.remoteness is None for r in rated)
        assert [r.nim_value for r in rated if r.outcome is Outcome.P] == [0]


def test_moves_without_a_nim_value_are_rated_by_who_wins() -> None:
    """Past the value search (diagonals 12), each move is rated by the game's outcome
    search: the winning moves are those the analysis lists, with no nim-value."""
    rated = rate_moves("diagonals 12")
    winning = {str(m.position) for m in analyze("diagonals 12").winning_moves}
    assert {str(r.move.position) for r in rated if r.outcome is Outcome.P} == winning
    assert winning and all(r.nim_value is None for r in rated)
