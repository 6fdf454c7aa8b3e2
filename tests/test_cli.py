"""The command line: the JSON contracts, exit codes, one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys

import numpy as np
import pytest

from grundy.cli import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_analyze_json_matches_the_contract(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "analyze", "--json", "kayles", "5", "6")
    assert code == 0
    assert json.loads(out) == {
        "position": "kayles 5 6", "convention": "normal", "outcome": "N", "winner": "first",
        "nim_value": 7,
        "winning_moves": [
            {"move": "take 2 from an end of 5, leaving 3", "position": "kayles 3 6"},
            {"move": "take 2 from 5, leaving 1 and 2", "position": "kayles 1 2 6"},
            {"move": "take 1 from an end of 6, leaving 5", "position": "kayles 5 5"},
        ],
        "remoteness": 9,
    }


def test_analyze_misere_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "analyze", "--misere", "--json", "nim", "5", "1", "1")
    data = json.loads(out)
    assert code == 0 and data["convention"] == "misere" and data["nim_value"] is None
    assert data["outcome"] == "N" and data["winner"] == "first"
    assert [m["position"] for m in data["winning_moves"]] == ["nim 1 1 1"]


def test_sums_of_different_games(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "analyze", "--json", "kayles", "4", "+", "nim", "3")
    data = json.loads(out)
    assert code == 0
    assert data["position"] == "kayles 4 + nim 3" and data["nim_value"] == 1 ^ 3
    for move in data["winning_moves"]:
        again = json.loads(subprocess.run(
            [sys.executable, "-m", "grundy", "analyze", "--json", *move["position"].split()],
            capture_output=True, text=True, check=True).stdout)
        assert again["outcome"] == "P"


def test_human_output_shows_the_binary_nim_sum(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "analyze", "nim", "3", "2", "1")
    assert code == 0
    assert "nim-sum  0   00" in out and "second player wins" in out


def test_sequence_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "sequence", "--json", "octal:0.77", "--to", "10")
    data = json.loads(out)
    assert code == 0
    assert data["game"] == "octal:0.77" and data["convention"] == "normal"
    assert data["values"] == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2]


def test_sequence_misere_outcomes(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "sequence", "--json", "--misere", "subtract:1,2", "--to", "7")
    data = json.loads(out)
    assert code == 0
    assert "values" not in data
    assert data["outcomes"] == ["N", "P", "N", "N", "P", "N", "N", "P"]


def test_sequence_save(capsys: pytest.CaptureFixture[str], tmp_path) -> None:  # type: ignore[no-untyped-def]
    target = tmp_path / "kayles.npy"
    code, out, _ = run(capsys, "sequence", "--json", "--no-values", "kayles", "--to", "30",
                       "--save", str(target))
    assert code == 0 and "values" not in json.loads(out)
    saved = np.load(target)
    assert saved.ndim == 1 and saved.dtype.kind == "u" and saved[:5].tolist() == [0, 1, 2, 3, 1]
    csv = tmp_path / "kayles.csv"
    run(capsys, "sequence", "kayles", "--to", "3", "--save", str(csv))
    assert csv.read_text().splitlines() == ["heap,value", "0,0", "1,1", "2,2", "3,3"]


def test_value_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "value", "--json", "nim", str(10**100))
    assert code == 0
    assert json.loads(out) == {"game": "nim", "heap": 10**100, "nim_value": 10**100,
                               "by": "formula"}


def test_table_as_in_the_lecture(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "table", "half", "--to", "10", "--from", "1")
    assert code == 0
    lines = out.splitlines()
    assert lines[1].split() == [str(n) for n in range(1, 11)]
    assert lines[2].split() == list("-+-+++-+++")


def test_games_lists_every_ruleset(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "games")
    assert code == 0
    names = [line.split()[0] for line in out.splitlines()]
    assert {"nim", "subtract:SET", "half", "octal:CODE", "kayles", "daisy"} <= set(names)


@pytest.mark.parametrize("words", [
    ["analyze", "nim", "-3"], ["analyze", "nim", "x"], ["analyze", "nim", "3.5"],
    ["analyze", "octal:0.8", "3"], ["analyze", "octal:", "3"], ["analyze", "subtract:", "3"],
    ["analyze", "subtract:0", "3"], ["analyze", "subtract:1,,2", "3"],
    ["analyze", "unknown-game", "3"], ["analyze", "+", "nim", "3"],
    ["analyze", "nim", "3", "+"], ["analyze", "nim", "3", "+", "+", "nim", "2"],
    ["sequence", "kayles", "--to", "-5"], ["sequence", "kayles"], ["analyze"],
    ["sequence", "daisy", "--to", "5", "--save", "out.txt"], ["frobnicate"],
    ["analyze", "octal:1.7", "3"], ["analyze", "octal:0.0", "3"], ["analyze", "nim:3", "3"],
])
def test_bad_input_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str],
                                          words: list[str]) -> None:
    code, _, err = run(capsys, *words)
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("grundy: ") and "Traceback" not in err


def test_bad_input_names_the_bad_part(capsys: pytest.CaptureFixture[str]) -> None:
    assert "'-3'" in run(capsys, "analyze", "nim", "-3")[2]
    assert "'8'" in run(capsys, "analyze", "octal:0.8", "3")[2]
    assert "unknown-game" in run(capsys, "analyze", "unknown-game", "3")[2]


def test_too_big_is_refused_with_exit_3(capsys: pytest.CaptureFixture[str]) -> None:
    # Grundy's game has no misère quotient here, so its misère search is refused.
    code, _, err = run(capsys, "analyze", "--misere", "grundy-game", "60", "60")
    assert code == 3 and "states" in err and err.count("\n") == 1


def test_console_script_and_module_agree() -> None:
    done = subprocess.run([sys.executable, "-m", "grundy", "analyze", "nim", "-3"],
                          capture_output=True, text=True)
    assert done.returncode == 2 and "Traceback" not in done.stderr


@pytest.mark.parametrize(("problem", "given", "expected"), [
    ("cafe", "5\n35 40 101 59 63\n", "235\n0 1\n5\n"),
    ("candy", "33", "First\n2\n"),
    ("coin-plates", str(2**32), "O\n"),
    ("misere-nim", "3\n5 1 1", "X\n"),
])
def test_solve_reads_stdin_and_writes_the_exact_answer(problem: str, given: str,
                                                       expected: str) -> None:
    done = subprocess.run([sys.executable, "-m", "grundy", "solve", problem], input=given,
                          capture_output=True, text=True)
    assert (done.returncode, done.stdout) == (0, expected)


def test_solve_bad_input_is_exit_2() -> None:
    done = subprocess.run([sys.executable, "-m", "grundy", "solve", "nim"], input="3 1 2",
                          capture_output=True, text=True)
    assert done.returncode == 2 and done.stderr.count("\n") == 1


def test_graph_command_writes_dot_svg_and_png(capsys: pytest.CaptureFixture[str],
                                             tmp_path) -> None:  # type: ignore[no-untyped-def]
    assert main(["graph", "nim", "3", "2", "1"]) == 0
    dot = capsys.readouterr().out
    assert dot.startswith("digraph") and dot.count("peripheries=2") == 4  # the 4 P-positions
    svg, png = tmp_path / "g.svg", tmp_path / "g.png"
    assert main(["graph", "--misere", "--format", "svg", "-o", str(svg), "nim", "3", "2", "1"]) == 0
    assert svg.read_text().lstrip().startswith("<?xml")
    assert main(["graph", "--format", "png", "-o", str(png), "half", "6"]) == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_graph_too_big_is_exit_3(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["graph", "nim", "30", "30", "30"]) == 3
    assert "smaller" in capsys.readouterr().err
