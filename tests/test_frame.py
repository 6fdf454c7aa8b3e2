"""The player's frame (DESIGN 3.7): positions keep their whole board and orientation; only the
search folds and splits.

- Property: for random positions of every board family, reached by random play so that
  their frames have used parts, analyze's nim-value equals the value of the search's key
  (folded and split) and that of a brute force over the framed moves (no folding, no
  splitting); every winning move leads to a position the brute force values 0; every
  printed position reads back to itself.
- ``grundy play`` by typed squares: the move made is the one typed, named by those squares,
  and the board keeps its size and orientation to the end of the game.
"""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
from functools import cache

import pytest

from grundy.analysis import analyze
from grundy.catalogue import parse_position
from grundy.core.position import Position

#: Each family's small starting boards (a brute force without folding must finish).
STARTS = {
    "cram": ["cram 3x3", "cram 2x4", "cram 3x4", "cram .#./..."],
    "kings": ["kings 3x3", "kings 2x4", "kings 3x4"],
    "bishops": ["bishops 3x3", "bishops 2x4"],
    "rows": ["rows 2x3", "rows 3x3"],
    "chomp": ["chomp 3x4", "chomp 4x3", "chomp 4,3,1"],
    "chocolate": ["chocolate 3x3", "chocolate 2x4", "chocolate 2x2 1x3"],
    "diagonals": ["diagonals 6", "diagonals 7"],
    "chords": ["chords 8", "chords 9"],
    "skewers": ["skewers 2x2x2", "skewers 1x2x3"],
}


@cache
def brute(position: Position) -> int:
    """The nim-value by the definition, over the framed moves (nothing folded or split)."""
    seen = {brute(move.position) for move in position.moves()}
    value = 0
    while value in seen:
        value += 1
    return value


def random_positions(family: str, count: int) -> list[Position]:
    rng = random.Random(f"frame {family}")
    found = []
    for _ in range(count):
        position = parse_position(rng.choice(STARTS[family]))
        for _ in range(rng.randint(0, 3)):
            moves = position.moves()
            if not moves:
                break
            position = rng.choice(moves).position
        found.append(position)
    return found


@pytest.mark.parametrize("family", sorted(STARTS))
def test_values_match_the_folded_search_and_a_brute_force(family: str) -> None:
    for position in random_positions(family, 12):
        analysis = analyze(position)
        assert analysis.nim_value == position.key().value() == brute(position), str(position)
        for move in analysis.winning_moves:
            assert brute(move.position) == 0, (str(position), move.description)
        # Every move, not only the winning ones, is a framed move of the same board.
        assert len(analysis.winning_moves) == sum(
            1 for move in position.moves() if brute(move.position) == 0)


@pytest.mark.parametrize("family", sorted(STARTS))
def test_printed_positions_read_back(family: str) -> None:
    for position in random_positions(family, 12):
        assert parse_position(str(position)) == position
        for move in position.moves():
            after = move.position
            assert parse_position(str(after)) == after, (str(position), move.description)
            # The frame never shrinks or turns: the key is where folding happens.
            assert str(after).split()[0] == family


@pytest.mark.parametrize("family", ["cram", "kings", "chomp", "chocolate", "diagonals"])
def test_misere_answers_match_the_folded_search(family: str) -> None:
    @cache
    def wins(position: Position) -> bool:
        moves = position.moves()
        return not moves or any(not wins(move.position) for move in moves)

    for position in random_positions(family, 6):
        analysis = analyze(position, misere=True)
        assert (analysis.winner == "first") == wins(position), str(position)
        assert {str(m.position) for m in analysis.winning_moves} == {
            str(m.position) for m in position.moves() if not wins(m.position)}


# -- grundy play, by typed squares ------------------------------------------------------------

#: The squares typed first, the words the move must be named by, and what the position
#: printed after it must be.
TYPED = {
    "cram 3x4": ("a3 b3", "place a domino on a3-b3", "cram ##../..../...."),
    "chomp 5x8": ("c4", "take c4 and every square above and to the right of it",
                  "chomp 8,8,8,2,2"),
    "kings 4x4": ("a4", "put a king on a4", "kings K#../##../..../...."),
    "chocolate 3x4": ("b2 b3", "break a1-d3 into a1-d2 and a3-d3", "chocolate 3x4:a1-d2,a3-d3"),
    "diagonals 7": ("1 4", "draw the diagonal 1-4", "diagonals 7 1-4"),
}


def _play(game: str, typed: str) -> list[str]:
    done = subprocess.run([sys.executable, "-m", "grundy", "play", *game.split()],
                          input=typed, capture_output=True, text=True, timeout=120,
                          env={"LANG": "C", "PATH": "/usr/bin:/bin",
                               "PYTHONPATH": os.pathsep.join(sys.path)})
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


@pytest.mark.parametrize("game", sorted(TYPED))
def test_play_by_typed_squares_keeps_the_board(game: str) -> None:
    typed, words, after = TYPED[game]
    # The squares typed first, then the first listed move each turn to the end.
    lines = _play(game, typed + "\n" + "1\n" * 30)
    assert f"> You: {words}  ->  {after}" in lines
    assert lines[-1] in ("You win.", "The computer wins.")
    assert str(parse_position(after)) == after
    if game.startswith("diagonals"):
        vertex_rows = [line for line in lines if line.startswith("  ↻ ")]
        assert vertex_rows and all(len(re.findall(r"\d+:", row)) == 7 for row in vertex_rows)
        return
    # Every board drawn has the same rows (labels top to bottom) and the same columns.
    rows, cols = map(int, game.split()[1].split("x"))
    columns = "    " + " ".join("abcdefgh"[:cols])
    drawn = [i for i, line in enumerate(lines) if line == columns]
    assert len(drawn) >= 3  # the start, and after each move of both players
    for end in drawn:
        labels = []
        for line in reversed(lines[:end]):
            found = re.match(r"\s*(\d+) ", line)
            if found is None and not line.lstrip().startswith("-"):
                break
            if found is not None:
                labels.append(int(found.group(1)))
        assert labels == list(range(1, rows + 1)), lines[end - rows - 1:end + 1]


# -- the web API's answers ------------------------------------------------------------------

@pytest.mark.parametrize("game", ["cram 3x4", "chomp 5x8", "kings 4x4", "chocolate 3x4",
                                  "bishops 3x4", "rows 2x3"])
def test_the_api_keeps_the_frame_all_game(game: str) -> None:
    """``/api/moves`` and ``/api/picture`` (what the page is drawn from): every position is
    the same board, and every target is one of the start's cell names, to the end."""
    from grundy.opponent import moves_json
    from grundy.render.pictures import pictures

    rng = random.Random(game)
    start = pictures(parse_position(game))["components"][0]
    names = {f"{chr(ord('a') + c)}{r + 1}" for r in range(start["rows"])
             for c in range(start["cols"])}
    position = game
    while True:
        drawn = pictures(parse_position(position))["components"][0]
        assert (drawn["rows"], drawn["cols"]) == (start["rows"], start["cols"]), position
        assert {t for move in drawn["moves"] for s in move["targets"] for t in s} <= names
        listed = moves_json(position)["moves"]
        if not listed:
            break
        chosen = rng.choice(listed)
        for square in re.findall(r"\b[a-d]\d\b", chosen["move"]):
            assert square in names
        assert {move["position"] for move in drawn["moves"]} == {m["position"] for m in listed}
        position = chosen["position"]


def test_winning_chords_are_found_as_trying_every_chord_finds_them() -> None:
    """The chords' own winning-move finder (a region's sides looked up together) against the
    framed board's general one, which draws every chord and asks the searched game."""
    from grundy.boards.frame import FramedBoard
    from grundy.boards.frames import CHORDS_BOARD

    rng = random.Random(5)
    for _ in range(300):
        state = CHORDS_BOARD.parse_state([str(rng.randint(0, 16))])
        for _ in range(rng.randint(0, 3)):
            plays = list(CHORDS_BOARD.plays(state))
            if not plays:
                break
            state = CHORDS_BOARD.apply(state, rng.choice(plays))
        for target in range(6):
            fast = sorted(words for words, _ in CHORDS_BOARD.moves_to_value(state, target))
            every = sorted(words for words, _ in
                           FramedBoard.moves_to_value(CHORDS_BOARD, state, target))
            assert fast == every, (CHORDS_BOARD.format_state(state), target)
