"""What the terminal shows: boards drawn by ``grundy analyze``, numbers grouped in text (never
in ``--json``), misère answers that start in words, and the estimate of a search's end."""

from __future__ import annotations

import json
import random
import re

import pytest

from grundy.analysis import analyze
from grundy.budget import Budget, Watch, progress_to, work_limit
from grundy.cli import main
from grundy.render.text import format_analysis, grouped


def run(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(list(args)) == 0
    return capsys.readouterr().out


class TestBoards:
    @pytest.mark.parametrize("position, rows", [
        ("cram 3x4", ["  3 · · · ·", "  2 · · · ·", "  1 · · · ·", "    a b c d"]),
        ("bishops 2x3", ["  2 · · ·", "  1 · · ·", "    a b c"]),
    ])
    def test_a_board_is_drawn_under_the_first_line(self, capsys: pytest.CaptureFixture[str],
                                                   position: str, rows: list[str]) -> None:
        lines = run(capsys, "analyze", *position.split()).splitlines()
        assert lines[0].startswith(f"Position: {position}  (")
        assert lines[1] == position
        assert lines[2:2 + len(rows)] == rows
        assert lines[2 + len(rows)].startswith("The ")

    def test_heaps_are_left_to_their_numbers(self, capsys: pytest.CaptureFixture[str]) -> None:
        assert run(capsys, "analyze", "nim", "3", "2").splitlines()[1].startswith("The first")

    def test_a_sum_with_a_board_draws_every_part(self,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
        shown = run(capsys, "analyze", "chocolate", "2x3", "+", "nim", "3")
        assert "  1 ▒ ▒ ▒\n    a b c" in shown and " ●1 ●2 ●3" in shown

    def test_json_draws_nothing(self, capsys: pytest.CaptureFixture[str]) -> None:
        json.loads(run(capsys, "analyze", "--json", "cram", "3x4"))


class TestGrouped:
    def test_against_the_digits(self) -> None:
        rng = random.Random(25)
        for _ in range(2000):
            n = rng.choice([rng.randrange(10**k) for k in range(1, 25)]) * rng.choice([1, -1])
            text = grouped(n)
            assert int(text.replace(",", "")) == n
            digits = len(str(abs(n)))
            if digits < 5:
                assert text == str(n)
            else:
                assert re.fullmatch(r"-?\d{1,3}(,\d{3})+", text), text

    def test_text_groups_and_json_does_not(self, capsys: pytest.CaptureFixture[str]) -> None:
        assert "nim-value 123,456 (by formula)" in run(capsys, "value", "nim", "123456")
        assert json.loads(run(capsys, "value", "--json", "nim", "123456"))["nim_value"] == 123456
        shown = run(capsys, "analyze", "nim", "12345", "54321")
        assert "Nim-value: 58,376" in shown and "  nim 12345  12,345   " in shown
        # The text forms of positions keep plain digits, to be read back.
        assert "->  nim 12345 12345" in shown
        data = json.loads(run(capsys, "analyze", "--json", "nim", "12345", "54321"))
        assert data["nim_value"] == 58376 and data["position"] == "nim 12345 54321"

    def test_sequence_rows_and_header(self, capsys: pytest.CaptureFixture[str]) -> None:
        shown = run(capsys, "sequence", "nim", "--to", "10005").splitlines()
        assert shown[0] == "nim (normal play), heaps 0..10,005"
        assert shown[-1] == "10,000:  10,000 10,001 10,002 10,003 10,004 10,005"


class TestMisereInWords:
    @pytest.mark.parametrize("position, who", [
        ("kayles 5 6 12 60", "the player to move wins, because some move"),
        ("kayles 60 60", "the player to move loses, because every move"),
        ("dawson 3 5", "the player to move loses"),
        ("octal:0.33 1000000 7 + octal:0.31 12", "the player to move wins; the game is tame"),
    ])
    def test_words_then_the_algebra(self, position: str, who: str) -> None:
        found = analyze(position, misere=True)
        lines = format_analysis(found).splitlines()
        words = next(i for i, line in enumerate(lines) if line.startswith("In words: "))
        assert who in lines[words]
        assert lines[words + 1].startswith("Found by the ")
        assert ("P-portion" in lines[words + 1]) != ("tame rule" in lines[words + 1])
        # The words agree with the outcome found.
        assert ("loses" in lines[words].split(",")[0].split(";")[0]) == (
            found.outcome.value == "P")

    def test_a_search_needs_no_words(self) -> None:
        assert "In words" not in format_analysis(analyze("nim 1 2 3", misere=True))


def test_a_timed_search_says_how_long_it_may_last() -> None:
    heard: list[str] = []
    with work_limit(Budget.of(seconds=30.0)), progress_to(heard.append):
        watch = Watch("solving cram 6x6")
        watch.start -= 10.2  # ten seconds in
        watch.tick(positions=50_000, regions=20, memory=0)
    assert heard and heard[0].endswith(", 10 s, at most 20 s left of the budget")
    heard.clear()
    with progress_to(heard.append):
        watch = Watch("solving cram 6x6")
        watch.start -= 10.2
        watch.tick(positions=50_000, regions=20, memory=0)
    assert heard and heard[0].endswith(", 10 s")  # no budget: nothing bounds it
