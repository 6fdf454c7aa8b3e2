"""Pictures of positions as SVG, for notebooks and the documentation: the pictures the web
page and the terminal draw (:mod:`grundy.render.pictures`), one panel a component.

>>> svg = board_svg("cram #../...")
>>> svg.startswith("<svg") and svg.count('class="cell free"'), svg.count('class="cell used"')
(5, 1)
>>> board_svg("nim 5000") is None  # too big to be of use as a picture
True
"""

from __future__ import annotations

import math
from collections.abc import Callable
from html import escape
from typing import Any

from grundy.analysis import as_position
from grundy.boards.bitgrid import square
from grundy.core.position import Position
from grundy.errors import TooBig
from grundy.render.pictures import pictures

#: The side of a square of a board, in pixels; every picture is sized from it.
CELL = 28
#: Space around and between panels.
PAD = 12
#: The height of a panel's title.
TITLE = 20

_INK, _FAINT, _PAPER = "#22262e", "#9aa1ad", "#ffffff"
_WOOD, _DARK, _CHOCOLATE, _STONE = "#f3e3c3", "#c9a97a", "#7b4a2a", "#2f5fa7"

#: The margin around a ring of points (their labels stand outside it).
RING = 16

#: One panel: its width, its height and its SVG elements (drawn from the origin).
Panel = tuple[float, float, list[str]]


def board_svg(position: Position | str) -> str | None:
    """The picture of ``position`` as an SVG document, its components one under another,
    or None when the picture would be too big to be of use (see
    :func:`~grundy.render.pictures.pictures`).  Parts of a kind it does not know are shown
    by their text form."""
    try:
        drawn = pictures(as_position(position))
    except TooBig:
        return None
    panels = [_panel(picture) for picture in drawn["components"]]
    # A title is about 8 px a letter at its size: the panel is at least as wide.
    width = max(max(w, 8 * len(p["text"])) for (w, _, _), p in
                zip(panels, drawn["components"], strict=True)) + 2 * PAD
    height = sum(h + TITLE + PAD for _, h, _ in panels) + PAD
    body, y = [], float(PAD)
    for (_, h, parts), picture in zip(panels, drawn["components"], strict=True):
        body.append(_text(PAD, y + 14, picture["text"], size=13, weight="bold"))
        body.append(f'<g transform="translate({PAD},{y + TITLE})">{"".join(parts)}</g>')
        y += h + TITLE + PAD
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}"'
            f' viewBox="0 0 {width:.0f} {height:.0f}" font-family="sans-serif"'
            f' class="grundy-board"><title>{escape(drawn["position"])}</title>'
            f'<rect width="100%" height="100%" fill="{_PAPER}"/>{"".join(body)}</svg>')


def _panel(picture: dict[str, Any]) -> Panel:
    return _DRAW.get(picture["kind"], _unknown)(picture)


def _text(x: float, y: float, text: str, *, size: int = 11, anchor: str = "start",
          weight: str = "normal", fill: str = _INK) -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}"'
            f' font-weight="{weight}" fill="{fill}">{escape(text)}</text>')


def _rect(x: float, y: float, w: float, h: float, fill: str, cls: str = "",
          stroke: str = _FAINT) -> str:
    named = f' class="{cls}"' if cls else ""
    return (f'<rect{named} x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}"'
            f' fill="{fill}" stroke="{stroke}"/>')


def _circle(x: float, y: float, r: float, fill: str, stroke: str = _INK) -> str:
    return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="{fill}" stroke="{stroke}"/>'


def _grid(picture: dict[str, Any]) -> Panel:
    """A board: files under it, ranks beside it (``a1`` bottom left), used squares dark."""
    rows, cols, style = picture["rows"], picture["cols"], picture["style"]
    left, parts = 18, []
    for i, line in enumerate(picture["cells"]):
        rank = rows - 1 - i
        parts.append(_text(left - 6, i * CELL + CELL * 0.65, str(rank + 1), anchor="end",
                           fill=_FAINT))
        for c, cell in enumerate(line):
            x, y = left + c * CELL, i * CELL
            free = cell == "."
            if style == "chomp":
                if free:
                    parts.append(_rect(x, y, CELL, CELL, _CHOCOLATE, "cell free", _PAPER))
                    if rank == 0 and c == 0:  # the poisoned square
                        parts.append(_circle(x + CELL / 2, y + CELL / 2, CELL / 4, "#d33"))
                else:
                    parts.append(_rect(x, y, CELL, CELL, _PAPER, "cell used"))
                continue
            shade = _DARK if style == "chess" and (rank + c) % 2 == 0 else _WOOD
            parts.append(_rect(x, y, CELL, CELL, shade if free else "#555b66",
                               "cell free" if free else "cell used"))
            if style == "checkers" and free:
                parts.append(_circle(x + CELL / 2, y + CELL / 2, CELL * 0.35, _INK))
    for c in range(cols):
        parts.append(_text(left + c * CELL + CELL / 2, rows * CELL + 13,
                           square(0, c)[:-1], anchor="middle", fill=_FAINT))
    return left + cols * CELL, rows * CELL + 18, parts


def _bar(picture: dict[str, Any]) -> Panel:
    """The pieces of chocolate side by side, each with its size under it."""
    x, height, parts = 0.0, 0.0, []
    unit = CELL * 0.8
    for a, b in picture["pieces"]:
        for r in range(a):
            for c in range(b):
                parts.append(_rect(x + c * unit, r * unit, unit, unit, _CHOCOLATE, "",
                                   "#4a2a15"))
        parts.append(_text(x + b * unit / 2, a * unit + 13, f"{a}x{b}", anchor="middle"))
        height = max(height, a * unit + 18)
        x += b * unit + PAD
    return max(x - PAD, 1), height, parts


def _heaps(picture: dict[str, Any]) -> Panel:
    """Each heap a row of stones (pins for take-and-break rows), its size at the end."""
    pins = picture["kind"] == "pins"
    step = CELL * 0.7
    widest, parts = 0.0, []
    for h, n in enumerate(picture["heaps"]):
        y = h * CELL
        for k in range(n):
            x = k * step
            if pins:
                parts.append(f'<rect x="{x + 5:.1f}" y="{y + 3:.1f}" width="{step - 10:.1f}"'
                             f' height="{CELL - 8:.1f}" rx="4" fill="{_PAPER}"'
                             f' stroke="{_INK}"/>')
            else:
                parts.append(_circle(x + step / 2, y + CELL / 2 - 1, step / 2 - 2, _STONE))
        parts.append(_text(n * step + 6, y + CELL * 0.6, str(n), fill=_FAINT))
        widest = max(widest, n * step + 40)
    return widest, len(picture["heaps"]) * CELL, parts


def _ring(count: int, radius: float) -> list[tuple[float, float]]:
    """Points around a circle, the first at the top, clockwise, with room for labels."""
    return [(RING + radius + radius * math.cos(2 * math.pi * k / count - math.pi / 2),
             RING + radius + radius * math.sin(2 * math.pi * k / count - math.pi / 2))
            for k in range(count)]


def _petals(picture: dict[str, Any]) -> Panel:
    """Each daisy a ring of petals (chords: a ring of points), numbered from the top."""
    petals = picture["kind"] == "petals"
    x, parts, height = 0.0, [], 0.0
    for n in picture["heaps"]:
        radius = max(CELL, n * CELL / (2 * math.pi) * 1.1)
        for k, (px, py) in enumerate(_ring(max(n, 1), radius)):
            if not n:
                break
            parts.append(_circle(x + px, py, CELL * 0.3, "#f7d6e0" if petals else _INK,
                                 "#b0577a" if petals else _INK))
            if petals:
                parts.append(_text(x + px, py + 4, str(k + 1), size=9, anchor="middle"))
        if petals and n:
            parts.append(_circle(x + RING + radius, RING + radius, CELL * 0.35, "#f2c230"))
        x += 2 * (radius + RING) + PAD
        height = max(height, 2 * (radius + RING))
    return max(x - PAD, 1), max(height, 1), parts


def _polygon(picture: dict[str, Any]) -> Panel:
    """The polygon's vertices numbered from the top; open diagonals drawn."""
    labels = picture["vertices"]
    radius = max(2 * CELL, len(labels) * CELL / (2 * math.pi) * 1.3)
    points = _ring(len(labels), radius)
    outline = " ".join(f"{px:.1f},{py:.1f}" for px, py in points)
    parts = [f'<polygon points="{outline}" fill="#f4f6fa" stroke="{_FAINT}"/>']
    for i, j in picture["diagonals"]:
        (x1, y1), (x2, y2) = points[i], points[j]
        parts.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}"'
                     f' stroke="{_STONE}" stroke-width="2"/>')
    fills = {"o": _PAPER, "+": _FAINT, "x": _INK}
    for k, ((px, py), label) in enumerate(zip(points, labels, strict=True)):
        parts.append(_circle(px, py, 8, fills.get(label, "#f2c230")))
        parts.append(_text(px, py - 11, str(k + 1), size=10, anchor="middle"))
    side = 2 * (radius + RING)
    return side, side, parts


def _cube(picture: dict[str, Any]) -> Panel:
    """The box layer by layer, z = 1 first; pierced cubes pale."""
    unit = CELL * 0.7
    x, parts, height = 0.0, [], 0.0
    for z, layer in enumerate(picture["layers"]):
        parts.append(_text(x, 10, f"z={z + 1}", fill=_FAINT))
        for i, line in enumerate(layer):
            for c, cell in enumerate(line):
                parts.append(_rect(x + c * unit, 16 + i * unit, unit, unit,
                                   "#8fb3e0" if cell == "." else "#eef1f5"))
        width = len(layer[0]) * unit if layer else unit
        height = max(height, 16 + len(layer) * unit)
        x += width + PAD
    return max(x - PAD, 1), height, parts


def _numbers(picture: dict[str, Any]) -> Panel:
    parts, x = [], 0.0
    for number in picture["numbers"]:
        width = max(2 * CELL, 10 * len(str(number)) + 16)
        parts.append(_rect(x, 0, width, 1.4 * CELL, "#f4f6fa"))
        parts.append(_text(x + width / 2, CELL * 0.9, str(number), size=16, anchor="middle"))
        x += width + PAD
    return x - PAD, 1.4 * CELL, parts


def _graph(picture: dict[str, Any]) -> Panel:
    """The nodes near the tokens around a circle, each edge an arrow; tokens filled."""
    radius = max(3 * CELL, len(picture["nodes"]) * CELL / (2 * math.pi) * 1.2)
    at = {node["name"]: (radius + 20 + radius * node["x"], radius + 20 + radius * node["y"])
          for node in picture["nodes"]}
    parts = [f'<defs><marker id="arrow" viewBox="0 0 10 10" refX="18" refY="5"'
             f' markerWidth="6" markerHeight="6" orient="auto"><path d="M0,0L10,5L0,10z"'
             f' fill="{_FAINT}"/></marker></defs>']
    for a, b in picture["edges"]:
        (x1, y1), (x2, y2) = at[a], at[b]
        parts.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}"'
                     f' stroke="{_FAINT}" marker-end="url(#arrow)"/>')
    for node in picture["nodes"]:
        x, y = at[node["name"]]
        parts.append(_circle(x, y, 9, _STONE if node["tokens"] else _PAPER))
        label = node["name"] + (f" ×{node['tokens']}" if node["tokens"] > 1 else "")
        parts.append(_text(x, y - 13, label, size=10, anchor="middle"))
    side = 2 * radius + 40
    return side, side, parts


def _kayles_graph(picture: dict[str, Any]) -> Panel:
    """Node Kayles and Arc Kayles: the nodes where the picture places them (a grid's nodes
    on their cells, ``a1`` bottom left), spaced so that the closest two do not touch; taken
    nodes and edges pale."""
    nodes = picture["nodes"]
    nearest = min((math.dist((a["x"], a["y"]), (b["x"], b["y"]))
                   for i, a in enumerate(nodes) for b in nodes[i + 1:]), default=1.0)
    span = min(900.0, max(120.0, 38 / max(nearest, 1e-6)))
    pad = 14.0
    at = {node["name"]: (pad + node["x"] * span, pad + node["y"] * span) for node in nodes}
    here = {node["name"] for node in nodes if node["in"]}
    parts = []
    for a, b in picture["edges"]:
        (x1, y1), (x2, y2) = at[a], at[b]
        live = a in here and b in here
        parts.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}"'
                     f' stroke="{_INK if live else "#dde1e7"}"'
                     f' stroke-width="{2 if live else 1}"/>')
    for node in nodes:
        x, y = at[node["name"]]
        parts.append(_circle(x, y, 12, _WOOD if node["in"] else _PAPER,
                             _INK if node["in"] else "#dde1e7"))
        parts.append(_text(x, y + 3.5, node["name"], size=9, anchor="middle",
                           fill=_INK if node["in"] else _FAINT))
    width = max(x for x, _ in at.values()) + pad if at else 1.0
    height = max(y for _, y in at.values()) + pad if at else 1.0
    return width, height, parts


def _queen(picture: dict[str, Any]) -> Panel:
    """Wythoff's game as the texts draw it: a queen at (a, b) on a quarter board, moving
    toward the corner (0, 0); the coordinates under and beside the board."""
    a, b = picture["heaps"]
    left, parts = 18, []
    for y in range(b, -1, -1):
        top = (b - y) * CELL
        parts.append(_text(left - 6, top + CELL * 0.65, str(y), anchor="end", fill=_FAINT))
        for x in range(a + 1):
            parts.append(_rect(left + x * CELL, top, CELL, CELL,
                               _DARK if (x + y) % 2 == 0 else _WOOD))
    parts.append(_circle(left + CELL / 2, b * CELL + CELL / 2, 5, "#d33"))
    parts.append(_text(left + a * CELL + CELL / 2, CELL * 0.78, "♛", size=22,
                       anchor="middle"))
    for x in range(a + 1):
        parts.append(_text(left + x * CELL + CELL / 2, (b + 1) * CELL + 13, str(x),
                           anchor="middle", fill=_FAINT))
    return left + (a + 1) * CELL, (b + 1) * CELL + 18, parts


def _stairs(picture: dict[str, Any]) -> Panel:
    """Staircase Nim: step s is s blocks high, its coins stacked on it; numbered below."""
    steps, width, high, per = picture["steps"], CELL * 1.6, CELL * 0.6, 3
    top = max([40.0] + [(s + 1) * high + math.ceil(n / per) * 15 for s, n in
                        enumerate(steps)]) + 8
    parts = []
    for s, n in enumerate(steps):
        x = s * width
        parts.append(_rect(x, top - (s + 1) * high, width, (s + 1) * high, "#e6e9ef"))
        parts.append(_text(x + width / 2, top + 13, str(s + 1), anchor="middle", fill=_FAINT))
        for k in range(n):
            parts.append(_circle(x + 9 + (k % per) * 14, top - (s + 1) * high - 8
                                 - (k // per) * 15, 6.5, "#f2c230", "#a8801a"))
    return max(len(steps), 1) * width, top + 18, parts


def _northcott(picture: dict[str, Any]) -> Panel:
    """Northcott's game: each row a strip of squares with its white and black checker."""
    parts, widest = [], 0.0
    for r, row in enumerate(picture["rows"]):
        y = r * (CELL + 6)
        parts.append(_text(0, y + CELL * 0.65, str(r + 1), fill=_FAINT))
        for c, cell in enumerate(row):
            x = 14 + c * CELL
            parts.append(_rect(x, y, CELL, CELL, _WOOD))
            if cell in "WB":
                parts.append(_circle(x + CELL / 2, y + CELL / 2, CELL / 2 - 5,
                                     _PAPER if cell == "W" else _INK))
        widest = max(widest, 14 + len(row) * CELL)
    return max(widest, 1), max(len(picture["rows"]) * (CELL + 6) - 6, 1), parts


def _coins(picture: dict[str, Any]) -> Panel:
    """Coin-turning games: each coin a disc marked H (heads, gold) or T (tails, grey);
    a single row numbered 1, 2, ... from the left."""
    parts, size = [], CELL * 1.2
    rows = picture["rows"]
    for r, row in enumerate(rows):
        for c, coin in enumerate(row):
            x, y = c * size, 16 + r * size
            parts.append(_circle(x + size / 2, y + size / 2, size / 2 - 3,
                                 "#f2c230" if coin == "H" else "#dde1e7"))
            parts.append(_text(x + size / 2, y + size / 2 + 4, coin, size=11,
                               anchor="middle"))
            if r == 0:
                parts.append(_text(x + size / 2, 11, str(c + 1), size=9, anchor="middle",
                                   fill=_FAINT))
    width = max((len(row) for row in rows), default=1) * size
    return max(width, 1), 16 + len(rows) * size, parts


def _unknown(picture: dict[str, Any]) -> Panel:
    return 8.0 * len(picture["text"]), CELL, [_text(0, 16, picture["text"])]


_DRAW: dict[str, Callable[[dict[str, Any]], Panel]] = {
    "grid": _grid, "bar": _bar, "heaps": _heaps, "pins": _heaps, "petals": _petals,
    "circle": _petals, "polygon": _polygon, "cube": _cube, "numbers": _numbers,
    "graph": _graph, "kayles-graph": _kayles_graph, "queen": _queen, "stairs": _stairs,
    "northcott": _northcott, "coins": _coins}
