"""Known theorems that answer board games at any size, each checked against a literal model
searched by plain recursion: the strip rule of chocolate, strategy stealing and the
winning moves of Chomp, the reductions of narrow boards to heap games."""

from __future__ import annotations

import random
from functools import cache

import pytest

from grundy.analysis import analyze
from grundy.boards.chocolate import CHOCOLATE, FINISHED, Bar

from brute import wins_of

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
    @pytest.mark.parametrize("misere", [False, True])
    def test_every_bar_up_to_6x8_as_the_literal_game(self, misere: bool) -> None:
        wins = literal_wins(misere)
        for bar in BARS:
            if bar == FINISHED:
                continue
            analysis = analyze(CHOCOLATE, bar, misere=misere)
            assert (analysis.winner == "first") == wins(bar), bar
            assert answered_options(bar, misere) == winning_options(bar, misere), bar

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

    def test_values_are_zero_exactly_where_the_literal_graphs_are(self) -> None:
        wins = literal_wins(False)
        for bar in BARS[1:]:
            assert (CHOCOLATE.value(bar) == 0) == (not wins(bar))

    def test_large_bars_are_sums_of_pieces(self) -> None:
        # A bar is lost exactly when no break leaves a lost bar: the table's own recursion,
        # read back through the moves of the game.
        for bar in [((40, 40),), ((17, 39),), ((12, 40), (2, 31))]:
            lost_after = [CHOCOLATE.value(CHOCOLATE.apply(bar, play)) == 0
                          for play in CHOCOLATE.plays(bar)]
            assert (CHOCOLATE.value(bar) != 0) == any(lost_after)
