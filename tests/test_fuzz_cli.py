"""Fuzzing the text form and the command line: whatever is typed, ``grundy`` answers (exit 0),
refuses bad input (2) or work too big (3), with one line on stderr and never a traceback.

Examples are drawn from game names and codes (real and broken), positions with ASCII and
other Unicode digits, huge numbers, many components and misplaced ``+``.  Each runs in this
process under a small search budget (:func:`~grundy.budget.work_limit`) and a Hypothesis
deadline; the cases too big for that run in their own processes in ``test_attack.py``.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grundy.budget import work_limit
from grundy.catalogue import parse_position
from grundy.cli import main
from grundy.errors import TooBig

GAMES = ["nim", "half", "stones", "kayles", "dawson", "grundy-game", "split23", "daisy",
         "chomp", "cram", "kings", "bishops", "rows", "chocolate", "two-numbers", "chords",
         "diagonals", "skewers", "subtract:1,2", "subtract:1-4", "subtract:squares",
         "subtract:powers2", "octal:0.77", "octal:4.07", "hex:0.8", "hex:c.f", "graph:nothing"]

digits = st.sampled_from("0123456789" + "١٢٣٤٥" + "²³" + "٠" + "_" + "-")
numbers = st.one_of(
    st.integers(0, 40).map(str),
    st.integers(10**17, 10**30).map(str),
    st.text(digits, min_size=1, max_size=8),
    st.integers(4000, 4400).map(lambda n: "9" * n),
)
codes = st.one_of(
    st.sampled_from(GAMES),
    st.builds(lambda kind, code: f"{kind}:{code}", st.sampled_from(["octal", "hex", "subtract"]),
              st.text(st.sampled_from("0123456789abcdefx.,-٣"), max_size=8)),
    st.text(max_size=10),
)
boards = st.builds(lambda a, b, sep: f"{a}{sep}{b}", numbers, numbers,
                   st.sampled_from(["x", ",", "x1x", "/"]))
components = st.builds(lambda game, words: [game, *words], codes,
                       st.lists(st.one_of(numbers, boards), max_size=4))


def _words(parts: list[list[str]], pluses: list[int]) -> list[str]:
    words = [w for part in parts for w in [*part, "+"]][:-1]
    for at in pluses:  # misplaced '+': at the start, twice, at the end
        words.insert(min(at, len(words)), "+")
    return words


positions = st.builds(_words, st.lists(components, min_size=1, max_size=4),
                      st.lists(st.integers(0, 12), max_size=2))
commands = st.one_of(
    st.builds(lambda flags, words: ["analyze", *flags, *words],
              st.lists(st.sampled_from(["--misere", "--json"]), max_size=2, unique=True),
              positions),
    st.builds(lambda game, to: ["sequence", "--no-cache", game, "--to", to], codes, numbers),
    st.builds(lambda game, heap: ["value", "--no-cache", game, heap], codes, numbers),
    st.builds(lambda game, to, start: ["table", game, "--to", to, "--from", start],
              codes, numbers, numbers),
)

fuzzing = settings(deadline=timedelta(seconds=20), max_examples=80,
                   suppress_health_check=[HealthCheck.too_slow,
                                          HealthCheck.function_scoped_fixture])


def _run(capsys: pytest.CaptureFixture[str], arguments: list[str]) -> tuple[int, str, str]:
    with work_limit(20_000):
        code = main(arguments)
    out, err = capsys.readouterr()
    return code, out, err


@fuzzing
@given(commands)
def test_every_command_answers_or_refuses_in_one_line(
        capsys: pytest.CaptureFixture[str], arguments: list[str]) -> None:
    code, _, err = _run(capsys, arguments)
    assert code in (0, 2, 3), (arguments, err)
    assert "Traceback" not in err
    if code:
        assert err.startswith("grundy: ") and err.count("\n") == 1, err
        assert len(err) < 2000, err[:200]
    else:
        assert err == ""


@fuzzing
@given(positions)
def test_the_text_form_parses_or_refuses_with_a_value_error(words: list[str]) -> None:
    try:
        with work_limit(20_000):
            position = parse_position(words)
    except (ValueError, TooBig) as error:
        assert "\n" not in str(error)
        return
    assert str(position)  # what was read can be written back
    assert parse_position(str(position)) == position


@settings(max_examples=40, deadline=timedelta(seconds=20),
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(st.sampled_from("0123456789١٢٣٤٥٠²_ -+"), min_size=1, max_size=12))
def test_numbers_are_whole_ascii_numbers_or_refused(capsys: pytest.CaptureFixture[str],
                                                     text: str) -> None:
    code, out, err = _run(capsys, ["value", "--no-cache", "nim", text])
    if text.isascii() and text.isdigit():
        # Text output groups the digits of the value, not those of the position.
        assert code == 0 and out.startswith(f"nim {int(text)}: nim-value {int(text):,}"
                                            if int(text) >= 10_000 else
                                            f"nim {int(text)}: nim-value {int(text)} ")
    else:
        assert code == 2 and err.startswith("grundy: "), err


@settings(max_examples=40, deadline=timedelta(seconds=20),
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.integers(0, 40), st.integers(0, 70))
def test_a_power_names_the_number_it_is(capsys: pytest.CaptureFixture[str], base: int,
                                        exponent: int) -> None:
    code, out, _ = _run(capsys, ["value", "--no-cache", "nim", f"{base}^{exponent}"])
    number = base**exponent
    shown = f"{number:,}" if number >= 10_000 else str(number)
    assert code == 0 and out.startswith(f"nim {number}: nim-value {shown} ")


def test_a_power_too_long_is_refused_before_it_is_computed(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(capsys, ["analyze", "nim", "7^99999999999999999999"])
    assert code == 2 and err.startswith("grundy: heap size '7^99999999999999999999' has about ")
    code, _, err = _run(capsys, ["value", "nim", "2^3^4"])
    assert code == 2 and "not a whole number" in err


def test_sequence_lengths_may_be_written_as_powers(capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(capsys, ["sequence", "kayles", "--to", "2^6"]) == \
        _run(capsys, ["sequence", "kayles", "--to", "64"])
