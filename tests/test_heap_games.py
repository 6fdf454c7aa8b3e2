"""Every heap ruleset against an independent brute force, and against the OEIS."""

from __future__ import annotations

import random

import pytest

from grundy import (
    DAWSON,
    KAYLES,
    STONES,
    Daisy,
    GrundyGame,
    Half,
    HeapGame,
    Nim,
    Outcome,
    Position,
    Split23,
    Subtraction,
    TakeAndBreak,
    analyze,
    powers_of_two,
    squares,
)

from brute import (
    daisy_value,
    grundy_game_moves,
    grundy_of,
    half_moves,
    nim_moves,
    position_moves,
    row_moves_octal,
    split23_moves,
    subtraction_moves,
    wins_of,
)
from oeis import (
    DAWSONS_CHESS_A002187,
    GRUNDY_GAME_A002188,
    HALF_A025480,
    KAYLES_A002186,
    SQUARES_A014586,
)


def _stones_allowed(n: int) -> tuple[int, ...]:
    return {0: (1, 2), 1: (1, 3), 2: (1, 2, 3)}[n % 3]


def _square_amounts(n: int) -> list[int]:
    return [k * k for k in range(1, n + 1) if k * k <= n]


def _power_amounts(n: int) -> list[int]:
    return [2**j for j in range(n.bit_length() + 1) if 2**j <= n]


CASES = [
    (Nim(), nim_moves, 9),
    (Subtraction({1, 2}), subtraction_moves(lambda n: (1, 2)), 20),
    (Subtraction({3, 5, 8}), subtraction_moves(lambda n: (3, 5, 8)), 25),
    (Subtraction(range(1, 5)), subtraction_moves(lambda n: range(1, 5)), 25),
    (Subtraction(squares), subtraction_moves(_square_amounts), 25),
    (Subtraction(powers_of_two), subtraction_moves(_power_amounts), 25),
    (STONES, subtraction_moves(_stones_allowed), 25),
    (Half(), half_moves, 25),
    (KAYLES, row_moves_octal((0, 7, 7)), 12),
    (DAWSON, row_moves_octal((0, 0, 7)), 12),
    (TakeAndBreak("4.07"), row_moves_octal((4, 0, 7)), 9),
    (TakeAndBreak("0.6"), row_moves_octal((0, 6)), 12),
    (TakeAndBreak("0.8", hexadecimal=True), row_moves_octal((0, 8)), 10),
    (GrundyGame(), grundy_game_moves, 12),
    (Split23(), split23_moves, 14),
]


def _random_positions(rng: random.Random, top: int, count: int) -> list[tuple[int, ...]]:
    return [tuple(rng.randint(0, top) for _ in range(rng.randint(1, 3))) for _ in range(count)]


@pytest.mark.parametrize(("game", "heap_moves", "top"), CASES, ids=lambda c: getattr(c, "text", ""))
class TestAgainstBruteForce:
    def test_single_heap_values(self, game: HeapGame, heap_moves, top: int) -> None:
        value = grundy_of(position_moves(heap_moves))
        assert game.values(top).tolist() == [value((n,) if n else ()) for n in range(top + 1)]

    def test_positions_normal_play(self, game: HeapGame, heap_moves, top: int) -> None:
        moves = position_moves(heap_moves)
        value = grundy_of(moves)
        rng = random.Random(f"normal {game.text}")
        for heaps in _random_positions(rng, top, 40):
            result = analyze(Position.of(game, heaps))
            expected = value(tuple(sorted(h for h in heaps if h)))
            assert result.nim_value == expected
            assert (result.outcome is Outcome.P) == (expected == 0)
            winners = sorted(tuple(m.position.components[0].state) for m in result.winning_moves
                             if len(m.position.components) == 1)
            brute = sorted({o for o in moves(tuple(sorted(h for h in heaps if h)))
                            if value(o) == 0})
            assert winners == brute

    def test_positions_misere_play(self, game: HeapGame, heap_moves, top: int) -> None:
        moves = position_moves(heap_moves)
        wins = wins_of(moves, misere=True)
        rng = random.Random(f"misere {game.text}")
        for heaps in _random_positions(rng, min(top, 9), 30):
            canonical = tuple(sorted(h for h in heaps if h))
            result = analyze(Position.of(game, heaps), misere=True)
            assert (result.outcome is Outcome.N) == wins(canonical)
            winners = sorted(m.position.components[0].state for m in result.winning_moves)
            assert winners == sorted({o for o in moves(canonical) if not wins(o)})


def test_rules_naming_amounts_larger_than_the_heap() -> None:
    """A rule may name amounts a heap is too small for: they are not moves."""
    rng = random.Random(15)
    for trial in range(30):
        table = {n: sorted(rng.sample(range(1, 12), rng.randint(1, 4))) for n in range(40)}
        game = Subtraction(table.__getitem__, name=f"table{trial}")
        value = grundy_of(position_moves(subtraction_moves(table.__getitem__)))
        assert game.values(39).tolist() == [value((n,) if n else ()) for n in range(40)]


def test_daisy_against_brute_force() -> None:
    assert Daisy().values(20).tolist() == [daisy_value(n) for n in range(21)]


def test_daisy_moves_leave_kayles_rows() -> None:
    moves = Position.of(Daisy(), (6,)).moves()
    assert sorted(str(m.position) for m in moves) == ["kayles 4", "kayles 5"]


class TestKnownSequences:
    def test_kayles_a002186(self) -> None:
        assert KAYLES.values(len(KAYLES_A002186) - 1).tolist() == KAYLES_A002186

    def test_dawsons_kayles_is_a002187_shifted(self) -> None:
        values = DAWSON.values(len(DAWSONS_CHESS_A002187)).tolist()
        assert values[1:] == DAWSONS_CHESS_A002187

    def test_grundy_game_a002188(self) -> None:
        top = len(GRUNDY_GAME_A002188) - 1
        assert GrundyGame().values(top).tolist() == GRUNDY_GAME_A002188

    def test_half_a025480(self) -> None:
        assert Half().values(len(HALF_A025480) - 1).tolist() == HALF_A025480

    def test_half_formula_agrees_with_options(self) -> None:
        value = grundy_of(position_moves(half_moves))
        assert [Half().heap_value(n) for n in range(200)] == [
            value((n,) if n else ()) for n in range(200)]

    def test_subtract_squares_a014586(self) -> None:
        game = Subtraction(squares)
        assert game.values(len(SQUARES_A014586) - 1).tolist() == SQUARES_A014586

    def test_subtract_one_two_and_powers_of_two_are_n_mod_3(self) -> None:
        for game in (Subtraction({1, 2}), Subtraction(powers_of_two)):
            assert game.values(300).tolist() == [n % 3 for n in range(301)]

    def test_bounded_nim_closed_form_agrees_with_computation(self) -> None:
        for top in range(1, 7):
            game = Subtraction(range(1, top + 1))
            amounts = subtraction_moves(lambda n, t=top: range(1, t + 1))
            computed = grundy_of(position_moves(amounts))
            assert [game.heap_value(n) for n in range(60)] == [
                computed((n,) if n else ()) for n in range(60)]


class TestHugeHeaps:
    def test_nim_heaps_of_any_size(self) -> None:
        big = 10**30  # a multiple of 2^30, so adding 5 flips only the low bits
        result = analyze(f"nim {big} {big + 5} 3")
        assert result.nim_value == 5 ^ 3
        assert [str(m.position) for m in result.winning_moves] == [f"nim 3 {big} {big + 3}"]

    def test_half_winning_bite_from_a_huge_heap(self) -> None:
        n = 10**18 + 7
        (move,) = analyze(Position.of(Half(), (n,))).winning_moves
        left = move.position.components[0].state[0]
        assert (left + 1) & left == 0 and n // 2 <= left < n  # 2^k - 1

    def test_bounded_nim_huge_heap(self) -> None:
        result = analyze("subtract:1-4 1000000000000000000003")
        assert result.nim_value == 3
        assert [str(m.position) for m in result.winning_moves] == [
            "subtract:1-4 1000000000000000000000"]

    def test_misere_nim_twenty_thousand_heaps(self) -> None:
        rng = random.Random(7)
        heaps = [rng.randint(1, 10**6) for _ in range(20_000)]
        result = analyze(Position.of(Nim(), tuple(heaps)), misere=True)
        for move in result.winning_moves[:50]:
            assert analyze(move.position, misere=True).outcome is Outcome.P
