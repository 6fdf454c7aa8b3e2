"""Pictures of positions in the terminal: boards as grids of squares named like ``b3``, heaps
as rows of numbered stones, with rich styles; and moves read back from the parts typed.

The pictures are those of the web page (:mod:`grundy.render.pictures`), so a move typed as
``b3``, ``a1 a2`` (or ``a1-a2``) or ``1-4`` is the move whose target set that is.

>>> from grundy.catalogue import parse_position
>>> for line in board_lines(parse_position("cram .#./...")):
...     print(line)
cram .#./...
  2 · # ·
  1 · · ·
    a b c
>>> str(move_by_targets(parse_position("cram 2x3"), "a1 a2"))
'cram #../#..'
>>> move_by_targets(parse_position("cram 2x3"), "a1 c2") is None
True
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rich.text import Text

from grundy.boards.bitgrid import square
from grundy.catalogue import parse_position
from grundy.core.position import Position
from grundy.errors import TooBig
from grundy.render.pictures import pictures

#: Stones drawn in one line of a heap.
PER_LINE = 20


#: The kinds of picture that are boards: what ``grundy analyze`` draws (heaps it leaves to
#: their numbers).
BOARD_KINDS = frozenset({"grid", "bar", "cube", "polygon", "circle"})


def board_lines(position: Position, *, boards_only: bool = False) -> list[Text]:
    """The pictures of ``position``'s components, one after another (none when a picture is
    too big to be of use; with ``boards_only``, none unless a component is a board).

    >>> board_lines(parse_position("nim 3"), boards_only=True)
    []
    """
    try:
        drawn = pictures(position)
    except TooBig:
        return []
    if boards_only and not any(p["kind"] in BOARD_KINDS for p in drawn["components"]):
        return []
    lines: list[Text] = []
    for picture in drawn["components"]:
        lines.append(Text(picture["text"], style="bold"))
        lines.extend(_DRAW.get(picture["kind"], _nothing)(picture))
    return lines


def move_by_targets(position: Position, typed: str) -> Position | None:
    """The position left by the move whose targets are typed (``b3``, ``a1 a2``, ``a1-a2``,
    ``2-5``), or None when no move has exactly those targets."""
    words = typed.replace(",", " ").split()
    if not words or len(words) > 3:
        return None
    try:
        drawn = pictures(position)
    except TooBig:
        return None
    readings = [frozenset(words)]
    if len(words) == 1 and "-" in words[0]:
        readings.append(frozenset(words[0].split("-", 1)))  # a1-a2: two squares
    for reading in readings:
        found = {move["position"] for picture in drawn["components"]
                 for move in picture["moves"]
                 if any(frozenset(t) == reading for t in move["targets"])}
        if len(found) == 1:
            return parse_position(found.pop())
    return None


def _nothing(picture: dict[str, Any]) -> Iterator[Text]:
    return iter(())


def _targets(picture: dict[str, Any]) -> set[str]:
    return {name for move in picture["moves"] for t in move["targets"] for name in t}


def _heaps(picture: dict[str, Any]) -> Iterator[Text]:
    """Each heap a row of stones (pins), its number first; stones that are targets bold."""
    named = _targets(picture)
    mark = "I" if picture["kind"] == "pins" else "●"
    for h, n in enumerate(picture["heaps"], 1):
        for start in range(1, max(n, 1) + 1, PER_LINE):
            line = Text(f"  {h}-:" if start == 1 else "     ", style="dim")
            for k in range(start, min(n, start + PER_LINE - 1) + 1):
                style = "bold yellow" if f"{h}-{k}" in named else "dim"
                line.append(f" {mark}{k}", style=style)
            yield line


def _petals(picture: dict[str, Any]) -> Iterator[Text]:
    for h, n in enumerate(picture["heaps"], 1):
        yield Text(f"  {h}-: ↻ " + " ".join(f"✿{k}" for k in range(1, n + 1)))


def _circle(picture: dict[str, Any]) -> Iterator[Text]:
    for h, n in enumerate(picture["heaps"], 1):
        yield Text(f"  {h}-: ↻ " + " ".join(f"•{k}" for k in range(1, n + 1)))


#: The pieces on a board, by their letter in the text form.
_PIECES = {"K": "♚", "B": "♝"}

_CELLS = {"cram": ("·", "#"), "chess": ("·", "x"), "checkers": ("●", "·"),
          "chomp": ("▆", "#"), "chocolate": ("▒", " ")}


def _grid(picture: dict[str, Any]) -> Iterator[Text]:
    rows, cols = picture["rows"], picture["cols"]
    free, used = _CELLS[picture["style"]]
    # Breaks of a chocolate bar: '|' between two squares, '-' under a square.
    breaks = {tuple(segment) for segment in picture.get("breaks", ())}
    for i, cells in enumerate(picture["cells"]):
        row = rows - 1 - i
        under = ["-" if (row + 1, c, row + 1, c + 1) in breaks else " " for c in range(cols)]
        if "-" in under:
            yield Text("    " + " ".join(under), style="bold")
        line = Text(f"{row + 1:>3} ", style="dim")
        for c, cell in enumerate(cells):
            if picture["style"] == "chomp" and row == 0 and c == 0:
                line.append("☠", style="bold red")
            elif cell == ".":
                line.append(free, style="bold")
            elif cell in _PIECES:
                line.append(_PIECES[cell], style="bold")
            else:
                line.append(used if cell == "#" else " ", style="dim")
            if c < cols - 1:
                line.append("|" if (row, c + 1, row + 1, c + 1) in breaks else " ")
        yield line
    yield Text("    " + " ".join(square(0, c)[:-1] for c in range(cols)), style="dim")


def _bar(picture: dict[str, Any]) -> Iterator[Text]:
    for p, (a, b) in enumerate(picture["pieces"], 1):
        # The grooves are named under the bar: p-cK after column K, p-rK after row K.
        yield Text(f"  {p}: {a}x{b}", style="bold")
        for r in range(a):
            yield Text("    " + "▒" * b + (f"  {p}-r{a - r - 1}" if r < a - 1 else ""),
                       style="yellow")
        if b > 1:
            yield Text(f"    {p}-c1..{p}-c{b - 1}", style="dim")


def _polygon(picture: dict[str, Any]) -> Iterator[Text]:
    yield Text("  ↻ " + "  ".join(f"{k}:{label}" for k, label in
                                  enumerate(picture["vertices"], 1)))


def _cube(picture: dict[str, Any]) -> Iterator[Text]:
    p, q, r = picture["size"]
    yield Text("  " + "   ".join(f"z={z:<{max(p * 2 - 3, 1)}}" for z in range(1, r + 1)),
               style="dim")
    for i in range(q):
        yield Text("  " + "   ".join(" ".join("■" if c == "." else "·" for c in layer[i])
                                     for layer in picture["layers"]))
    yield Text("  x-y-z: 1-1-1 …", style="dim")


def _numbers(picture: dict[str, Any]) -> Iterator[Text]:
    a, b = picture["numbers"]
    yield Text(f"  {a}   {b}", style="bold")


def _graph(picture: dict[str, Any]) -> Iterator[Text]:
    tokens = [node["name"] for node in picture["nodes"] if node["tokens"]]
    yield Text("  ● " + ", ".join(tokens))


_DRAW = {"heaps": _heaps, "pins": _heaps, "petals": _petals, "circle": _circle,
         "grid": _grid, "bar": _bar, "polygon": _polygon, "cube": _cube, "numbers": _numbers,
         "graph": _graph}
