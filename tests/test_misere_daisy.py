"""Misère daisies answered through Kayles' quotient, against an exhaustive search written
from the rules (a daisy opens into a Kayles row; a row loses one pin or two adjacent)."""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from functools import cache

import pytest

from grundy.analysis import analyze
from grundy.catalogue import parse_position
from grundy.cli import main
from grundy.core.position import Position
from grundy.heap.takebreak import Daisy
from grundy.misere.answer import quotient_answer
from grundy.misere.daisy import DaisyElements, daisy_elements
from grundy.values import Outcome

from brute import row_moves_octal

pytestmark = pytest.mark.slow

ROW, DAISY = 0, 1
Tagged = tuple[tuple[int, int], ...]
#: The most petals of the daisy positions checked in full (up to four daisies).
TOTAL = 30
row_moves = cache(row_moves_octal((0, 7, 7)))
#: Every position the search has met, with whether the player to move wins (misère).
searched: dict[Tagged, bool] = {}


def options_of(position: Tagged) -> set[Tagged]:
    """Every position one move leads to."""
    found = set()
    for i, (game, size) in enumerate(position):
        rest = position[:i] + position[i + 1:]
        left = ([(size - t,) if size > t else () for t in (1, 2) if t <= size]
                if game == DAISY else row_moves(size))
        for parts in left:
            found.add(tuple(sorted(rest + tuple((ROW, p) for p in parts if p))))
    return found


def wins(position: Tagged) -> bool:
    """Misère: the player with no move wins."""
    if position not in searched:
        options = options_of(position)
        searched[position] = not options or any(not wins(option) for option in options)
    return searched[position]


def heap_sums(kind: int, most: int, total: int) -> Iterator[Tagged]:
    """Every sum of up to ``most`` heaps of one kind (the empty sum first), with at most
    ``total`` petals or pins in all."""
    def grow(start: int, left: int, room: int) -> Iterator[Tagged]:
        yield ()
        if room:
            for n in range(start, left + 1):
                for rest in grow(n, left - n, room - 1):
                    yield ((kind, n), *rest)
    return grow(1, total, most)


def text(position: Tagged) -> str:
    """The position as the command line writes it."""
    daisies = " ".join(str(n) for game, n in position if game == DAISY)
    rows = " ".join(str(n) for game, n in position if game == ROW)
    return " + ".join(([f"daisy {daisies}"] if daisies else [])
                      + ([f"kayles {rows}"] if rows else []))


def tagged(position: Position) -> Tagged:
    return tuple(sorted((DAISY if isinstance(c.game, Daisy) else ROW, h)
                        for c in position.components for h in c.state))


def has_misfit(position: Tagged, daisies: DaisyElements) -> bool:
    return any(game == DAISY and daisies.element(n) is None for game, n in position)


@pytest.fixture(scope="module")
def daisies() -> DaisyElements:
    found = daisy_elements()
    assert found is not None
    return found


@pytest.fixture(scope="module")
def positions() -> list[Tagged]:
    """The daisy positions checked in full, each searched (with every position it reaches)."""
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 20_000))
    found = [p for p in heap_sums(DAISY, 4, TOTAL) if p]
    for position in found:
        wins(position)
    return found


def test_every_position_met_is_judged_as_the_search_judges_it(
        daisies: DaisyElements, positions: list[Tagged]) -> None:
    """Every position the search met (daisies and rows mixed, up to 30 pins and petals, some
    with a dozen heaps), by the product of its heaps' elements, unless a misfit is in it."""
    quotient, monoid = daisies.quotient, daisies.quotient.monoid
    checked = 0
    for position, won in searched.items():
        if has_misfit(position, daisies):
            continue
        elements = [daisies.element(n) if game == DAISY else quotient.image(n)
                    for game, n in position]
        assert bool(monoid.p[monoid.product(elements)]) == (not won), position  # type: ignore[arg-type]
        checked += 1
    assert checked > 50_000


def test_answers_and_winning_moves_of_every_daisy_position(
        daisies: DaisyElements, positions: list[Tagged]) -> None:
    """Every position of up to 4 daisies and 30 petals: answered by the quotient exactly when
    no misfit is in it, with the search's outcome and its winning moves."""
    answered = 0
    for position in positions:
        found = quotient_answer(parse_position(text(position)))
        if has_misfit(position, daisies):
            assert found is None
            continue
        assert found is not None
        assert found.outcome is (Outcome.N if wins(position) else Outcome.P)
        winning = {option for option in options_of(position) if not wins(option)}
        assert {tagged(move.position) for move in found.moves} == winning
        answered += 1
    assert answered > 1000


def test_mixed_positions_and_their_winning_moves(daisies: DaisyElements) -> None:
    """Random sums of daisies and rows (up to 5 heaps, 30 pins and petals)."""
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 20_000))
    rng = random.Random(20261124)
    checked = 0
    while checked < 300:
        heaps = [(rng.choice((ROW, DAISY)), rng.randint(1, 12)) for _ in range(rng.randint(2, 5))]
        position = tuple(sorted(heaps))
        if sum(n for _, n in position) > TOTAL or has_misfit(position, daisies):
            continue
        found = quotient_answer(parse_position(text(position)))
        assert found is not None
        assert found.outcome is (Outcome.N if wins(position) else Outcome.P), position
        winning = {option for option in options_of(position) if not wins(option)}
        assert {tagged(move.position) for move in found.moves} == winning, position
        checked += 1


def test_no_element_plays_as_a_misfit(daisies: DaisyElements) -> None:
    """Why each daisy left out is left out: for each element x of Kayles' quotient, the
    search finds a sum of rows with one to three such daisies whose outcome x gets wrong.
    (The daisies given an element are checked against the search above.)"""
    quotient = daisies.quotient
    monoid = quotient.monoid
    sums = [(copies, rows) for copies in (1, 2, 3) for rows in heap_sums(ROW, most=4, total=12)]
    misfits = daisies.misfits(1000)
    assert misfits and misfits == daisies.misfits(daisies.period()[0])
    for petals in misfits:
        for x in range(quotient.order):
            for copies, rows in sums:
                claimed = monoid.product([x] * copies + [quotient.image(n) for _, n in rows])
                position = tuple(sorted(((DAISY, petals),) * copies + rows))
                if bool(monoid.p[claimed]) == wins(position):
                    break
            else:
                pytest.fail(f"element {x} plays as the daisy of {petals} in every sum tried")


def test_the_daisy_of_10_tells_apart_rows_of_one_class(daisies: DaisyElements) -> None:
    """Beside one daisy of 10 petals, two sums of rows with the same element of Kayles'
    quotient have different outcomes: the quotient itself must split, not only grow."""
    quotient = daisies.quotient
    outcomes: dict[int, set[bool]] = {}
    for rows in heap_sums(ROW, most=4, total=14):
        element = quotient.monoid.product([quotient.image(n) for _, n in rows])
        outcomes.setdefault(element, set()).add(wins(tuple(sorted(((DAISY, 10), *rows)))))
    assert any(len(seen) == 2 for seen in outcomes.values())


def test_large_daisies_are_answered_at_once() -> None:
    found = analyze(parse_position("daisy 1000000 999 7 + kayles 5"), misere=True)
    assert found.outcome is Outcome.N
    assert "each daisy playing as the element" in found.method
    # Each winning move leaves a position the same quotient says is lost.
    for move in found.winning_moves:
        after = quotient_answer(move.position)
        assert after is not None and after.outcome is Outcome.P


def test_a_misfit_is_named_in_the_refusal(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", "--misere", "daisy", "30", "20", "10"]) == 3
    error = capsys.readouterr().err
    assert "the daisy of 10 petals plays as no element of Kayles' misère quotient" in error
    assert error.count("\n") == 1


def test_the_daisies_period_holds_far_beyond_it(daisies: DaisyElements) -> None:
    start, step = daisies.period()
    values = [daisies.element(n) for n in range(2000)]
    assert all(values[n] == values[n + step] for n in range(start, 2000 - step))
    assert values[start - 1] != values[start - 1 + step]


def test_the_quotient_command_lists_each_daisy(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    assert main(["quotient", "daisy", "--to", "40", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    found = daisy_elements()
    assert found is not None
    words = found.words()
    assert report["daisies"]["values"] == [
        None if found.element(n) is None else words[found.element(n)]  # type: ignore[index]
        for n in range(41)]
    misfits = found.misfits(1000)
    assert report["daisies"]["misfits"] == misfits
    assert main(["quotient", "daisy", "--to", "30"]) == 0
    text = capsys.readouterr().out
    assert "Daisies (the element each plays as" in text
    assert f"The daisies of {', '.join(map(str, misfits))} petals play as no element" in text


def test_the_shipped_file_is_the_proof_from_nothing() -> None:
    from pathlib import Path

    import grundy.misere.daisy as daisy

    shipped = Path(daisy.__file__).with_name("quotients") / daisy.FILE
    assert shipped.read_text(encoding="utf-8") == daisy.daisy_file_text()


def test_a_file_with_a_wrong_element_is_refused() -> None:
    import json

    import grundy.misere.daisy as daisy

    rows = daisy._rows()
    assert rows is not None
    data = json.loads(daisy.daisy_file_text())
    assert daisy._from_file(rows, json.dumps(data).encode()) is not None
    for index, (_, element) in enumerate(data["by_options"]):
        if element is not None:
            wrong = json.loads(json.dumps(data))
            wrong["by_options"][index][1] = (element + 1) % rows.quotient.order
            assert daisy._from_file(rows, json.dumps(wrong).encode()) is None, index

