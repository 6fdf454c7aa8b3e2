"""Sprague–Grundy properties on random sums of heap games (Hypothesis)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from grundy import (
    DAWSON,
    KAYLES,
    STONES,
    Daisy,
    GrundyGame,
    Half,
    Nim,
    Outcome,
    Position,
    Split23,
    Subtraction,
    TakeAndBreak,
    analyze,
    parse_position,
    squares,
)
from grundy.core.position import Component

GAMES = [Nim(), Subtraction({1, 2}), Subtraction({3, 5, 8}), Subtraction(squares), STONES,
         Half(), KAYLES, DAWSON, TakeAndBreak("4.07"), TakeAndBreak("0.6"), GrundyGame(),
         Split23(), Daisy()]

components = st.builds(
    lambda game, heaps: Component(game, tuple(heaps)),
    st.sampled_from(GAMES),
    st.lists(st.integers(0, 14), min_size=0, max_size=3),
)
positions = st.lists(components, min_size=1, max_size=3).map(Position)


@given(positions, positions)
def test_value_of_a_sum_is_the_xor(left: Position, right: Position) -> None:
    assert (left + right).value() == left.value() ^ right.value()


@given(positions)
def test_p_position_iff_value_zero(position: Position) -> None:
    result = analyze(position)
    assert (result.outcome is Outcome.P) == (result.nim_value == 0)
    assert (result.outcome is Outcome.P) == all(
        option.position.value() != 0 for option in position.moves())


@given(positions)
def test_winning_moves_are_exactly_the_moves_to_zero(position: Position) -> None:
    listed = [m.position for m in analyze(position).winning_moves]
    assert len(listed) == len(set(listed))
    assert set(listed) == {m.position for m in position.moves() if m.position.value() == 0}


@given(positions)
def test_text_form_round_trips(position: Position) -> None:
    text = str(position)
    assert parse_position(text) == position
    assert str(parse_position(text)) == text


@given(positions)
def test_every_printed_option_reads_back(position: Position) -> None:
    for move in position.moves():
        assert parse_position(str(move.position)) == move.position


@given(st.lists(st.sampled_from(GAMES[:8]), min_size=1, max_size=2).flatmap(
    lambda games: st.tuples(*[st.tuples(st.just(g), st.lists(st.integers(0, 5), max_size=2))
                              for g in games])))
def test_misere_winning_moves_lead_to_losing_positions(parts) -> None:  # type: ignore[no-untyped-def]
    position = Position(Component(game, tuple(heaps)) for game, heaps in parts)
    result = analyze(position, misere=True)
    outcomes = {m.position: analyze(m.position, misere=True).outcome for m in position.moves()}
    assert {m.position for m in result.winning_moves} == {
        p for p, o in outcomes.items() if o is Outcome.P}
    # Under misère play the player who cannot move has won.
    expected_win = not outcomes or any(o is Outcome.P for o in outcomes.values())
    assert (result.outcome is Outcome.N) == expected_win
