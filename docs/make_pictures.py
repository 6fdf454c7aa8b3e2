"""Write the pictures of the family pages: each family's board, and a game of it played out.

    python docs/make_pictures.py           # write docs/pictures/*.svg
    python docs/make_pictures.py --check   # exit 1 if a picture is stale or missing

``docs/pictures/NAME.svg`` is the picture of a position of the family (as the web page,
``grundy play`` and notebooks draw it); ``docs/pictures/NAME-game.svg`` the same position
played to the end by two perfect players, a frame a move, each under the move that made it
(the text form of the position stands for the picture of a family drawn without one).  The
pages show them as images.

>>> frames = game_frames("nim 1 2")
>>> [caption for caption, _ in frames]
['nim 1 2', '1. first player: take 1 from 2, leaving 1', '2. second player: take all 1', \
'3. first player: take all 1 (wins: no move is left)']
"""

from __future__ import annotations

import os
import re
import sys
from html import escape
from pathlib import Path

from grundy.analysis import as_position
from grundy.opponent import computer_move
from grundy.render.board_svg import board_svg

OUT = Path(__file__).resolve().parent / "pictures"

#: The picture of each family: a small position whose perfect game is short.
POSITIONS = {
    "nim": "nim 1 2 4",
    "subtract": "subtract:1,3,4 9",
    "half": "half 11",
    "kayles": "kayles 4 3",
    "daisy": "daisy 8",
    "grundy-game": "grundy-game 9",
    "cram": "cram 3x4",
    "chomp": "chomp 3x4",
    "kings": "kings 3x3",
    "bishops": "bishops 3x3",
    "rows": "rows 2x3",
    "chocolate": "chocolate 3x4",
    "chords": "chords 8",
    "diagonals": "diagonals 7",
    "skewers": "skewers 2x2x2",
    "two-numbers": "two-numbers 7 12",
    "graph": "graph:docs/examples/chase.txt b c",
    "wythoff": "wythoff 3 5",
    "moore": "moore:2 3 3 4",
    "all-but": "all-but:1 6",
    "staircase": "staircase 1 2 3",
    "nim-add": "nim-add:2 3 4",
    "northcott": "northcott W..B .B.W",
    "turning-turtles": "turning-turtles THHTH",
    "mock-turtles": "mock-turtles THHTH",
    "ruler": "ruler THHTTH",
    "turning-corners": "turning-corners HTH/THT",
}
#: The most moves a game shows; a longer one ends with a frame saying so.
MOST_MOVES = 8
#: The widest row of frames, in pixels, before the next row starts.
ROW_WIDTH = 520
_SIZE = re.compile(r'^<svg [^>]*width="(\d+)" height="(\d+)"')


def game_frames(start: str) -> list[tuple[str, str]]:
    """(caption, picture) of the start and of each move of a perfect game from it."""
    position = as_position(start)
    frames = [(str(position), _svg(position))]
    for number in range(1, MOST_MOVES + 1):
        if not position.moves():
            return frames
        move = computer_move(position)
        position = move.position
        player = "first" if number % 2 else "second"
        over = "" if position.moves() else " (wins: no move is left)"
        frames.append((f"{number}. {player} player: {move.description}{over}",
                       _svg(position)))
    if position.moves():
        frames.append(("… and the game goes on", ""))
    return frames


def _svg(position: object) -> str:
    """The picture of ``position``, or its text form in a box when it has none."""
    drawn = board_svg(str(position))
    if drawn is not None:
        return drawn
    text = escape(str(position))
    width = 8 * len(text) + 24
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="40">'
            f'<rect x="0.5" y="0.5" width="{width - 1}" height="39" fill="#f4f6fa" '
            f'stroke="#9aa1ad"/><text x="12" y="25" font-size="13" '
            f'font-family="monospace">{text}</text></svg>')


def strip(frames: list[tuple[str, str]]) -> str:
    """The frames of a game in rows, each picture under its caption, as one SVG."""
    placed, x, y, row_height, width = [], 0, 0, 0, 0
    for caption, picture in frames:
        size = _SIZE.match(picture)
        w, h = (int(size[1]), int(size[2])) if size else (0, 0)
        w = max(w, 7 * len(caption) + 8)
        if x and x + w > ROW_WIDTH:
            x, y, row_height = 0, y + row_height + 12, 0
        placed.append(f'<text x="{x + 4}" y="{y + 14}" font-size="12" fill="#22262e">'
                      f"{escape(caption)}</text>")
        if picture:
            placed.append(picture.replace("<svg ", f'<svg x="{x}" y="{y + 20}" ', 1))
        x += w + 16
        width = max(width, x)
        row_height = max(row_height, h + 20)
    height = y + row_height
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="sans-serif">'
            f'<rect width="100%" height="100%" fill="#fff"/>{"".join(placed)}</svg>\n')


def wanted() -> dict[Path, str]:
    """Every picture as it should be."""
    files = {}
    for name, start in POSITIONS.items():
        picture = board_svg(start)
        if picture is not None:
            files[OUT / f"{name}.svg"] = picture + "\n"
        files[OUT / f"{name}-game.svg"] = strip(game_frames(start))
    return files


def main(check: bool) -> int:
    files = wanted()
    stale = [path for path, text in files.items()
             if not path.exists() or path.read_text(encoding="utf-8") != text]
    if check:
        for path in stale:
            print(f"{path} is stale: run python docs/make_pictures.py", file=sys.stderr)
        return 1 if stale else 0
    OUT.mkdir(exist_ok=True)
    for path in stale:
        path.write_text(files[path], encoding="utf-8")
        print(path)
    return 0


if __name__ == "__main__":
    os.chdir(OUT.parent.parent)  # graph files are named from the repository's root
    sys.exit(main("--check" in sys.argv[1:]))
