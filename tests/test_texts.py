"""The lecture's own questions (text 000) and the other texts' claims, answered by the tool."""

from __future__ import annotations

import pytest

from grundy import Outcome, analyze, nim_sum


@pytest.mark.parametrize(("position", "winner"), [
    ("nim 3 2 1", "second"),        # game 3, exercise 10
    ("nim 10 10", "second"),        # exercise 9
    ("nim 3 3 1", "first"),         # exercise 15
    ("nim 4 3 1", "first"),
    ("nim 100 100 1", "first"),
    ("nim 3 3 1 1", "second"),      # exercise 14: symmetry
    ("nim 3 2 1 100 100", "second"),  # exercise 17
    ("nim 5 5 2 2", "second"),      # exercise 25
    ("nim 5 4 1", "second"),
    ("nim 5 2", "first"),           # exercise 11
    ("half 15", "second"),          # exercise 3
    ("half 5", "first"),            # exercise 12
    ("daisy 12", "second"),         # game 11 a)
    ("daisy 11", "second"),         # game 11 b)
    ("daisy 6 + daisy 5", "second"),  # exercise 30
])
def test_who_wins(position: str, winner: str) -> None:
    assert analyze(position).winner == winner


@pytest.mark.parametrize(("position", "winner"), [
    ("nim 3 2 1", "second"),  # exercise 13: misère {3,2,1} is losing too
    ("nim 5 1 1", "first"),   # exercise 26
    ("nim 8 4 1", "first"),   # exercise 27
])
def test_misere_nim(position: str, winner: str) -> None:
    assert analyze(position, misere=True).winner == winner


def test_nimbers_of_exercise_19() -> None:
    assert analyze("nim 5 1").nim_value == 4
    assert analyze("nim 9 8 1").nim_value == 0


def test_xor_examples_of_the_lecture() -> None:
    assert (nim_sum(2, 1), nim_sum(10, 11), nim_sum(6, 3)) == (3, 1, 5)
    assert nim_sum(43, 15, 37, 17) == 16


def test_the_misere_text_slip_about_3_8_15() -> None:
    # The English misère-Nim text says the xor of 3, 8 and 15 is zero; it is 4, so the
    # player to move wins that position (taking 4 from 15 leaves 3, 8, 11).
    assert nim_sum(3, 8, 15) == 4
    result = analyze("nim 3 8 15")
    assert result.outcome is Outcome.N
    assert [str(m.position) for m in result.winning_moves] == ["nim 3 8 11"]


def test_candy_winning_bite_from_33() -> None:
    (move,) = analyze("half 33").winning_moves
    assert str(move.position) == "half 31"


def test_candy_table_of_the_lecture() -> None:
    signs = "".join("-" if analyze(f"half {n}").outcome is Outcome.P else "+"
                    for n in range(1, 20))
    # The lecture's table, heaps 1..10 and 11..19.
    assert signs == "-+-+++-+++" + "++++-++++"


def test_misere_nim_321_table_of_the_lecture() -> None:
    # The losing positions the lecture derives in its solution of exercise 13. Its summary
    # table prints {2,1,1} in the third "-" row by a slip: the solution itself shows that
    # {1,1,1} is losing and {2,1,1} winning (take the 2).
    from itertools import product

    losing = set()
    for a, b, c in product(range(4), range(3), range(2)):
        heaps = " ".join(str(h) for h in (a, b, c))
        if analyze(f"nim {heaps}", misere=True).outcome is Outcome.P:
            losing.add(tuple(sorted((h for h in (a, b, c) if h), reverse=True)))
    assert losing == {(1,), (2, 2), (1, 1, 1), (3, 2, 1)}
