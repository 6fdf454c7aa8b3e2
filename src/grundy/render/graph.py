r"""Game graphs as pictures: every position reachable from a start, once, with its value.

:func:`game_graph` walks the positions reachable from a start (each distinct position is one
node, however many ways lead to it), labels each with its text and its nim-value (or P/N/D
under misère play), marks the P-positions and the winning moves; :func:`to_dot` writes it in
Graphviz's DOT language and :func:`render` turns DOT into SVG or PNG with Graphviz's ``dot``
program.  This is the texts' figure of Nim {3, 2, 1}: 14 positions counting the empty one.

>>> graph = game_graph("nim 3 2 1")
>>> len(graph.nodes), len(graph.edges), graph.nodes[0].label, graph.nodes[0].value
(14, 38, '1 2 3', 0)
>>> [node.label for node in graph.nodes if node.outcome is Outcome.P]
['1 2 3', '2 2', '1 1', '0']
>>> print(to_dot(game_graph("half 3")))  # doctest: +NORMALIZE_WHITESPACE
digraph "half 3" {
  graph [label="half 3, normal play\ndoubled border: P-position (the player to move loses);
    red arrow: winning move", labelloc=b, fontname="Helvetica", fontsize=11];
  node [shape=box, style=rounded, fontname="Helvetica", fontsize=12];
  edge [color="#606060", arrowsize=0.7];
  n0 [label="3\nvalue 0", tooltip="half 3: value 0, P", peripheries=2, style="rounded,filled",
    fillcolor="#fde2e2"];
  n1 [label="2\nvalue 1", tooltip="half 2: value 1, N"];
  n2 [label="1\nvalue 0", tooltip="half 1: value 0, P", peripheries=2, style="rounded,filled",
    fillcolor="#fde2e2"];
  n0 -> n1 [tooltip="bite 1 off 3, leaving 2"];
  n1 -> n2 [tooltip="bite 1 off 2, leaving 1", color="#c00000", penwidth=2.5];
}
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from grundy.analysis import analyze, as_position
from grundy.catalogue import parse_position
from grundy.core.position import Position
from grundy.errors import InvalidArgument, TooBig
from grundy.values import Outcome, Value

#: Most positions a game graph may have; beyond that a picture is unreadable.
GRAPH_LIMIT = 300
#: Most moves a game graph may have (Graphviz's layout time grows steeply with them).
EDGE_LIMIT = 2000
#: From this many moves on, Graphviz is told to spend less effort untangling the picture.
QUICK_LAYOUT_EDGES = 300
#: Seconds Graphviz may take to lay out one picture.
RENDER_SECONDS = 60
#: The picture formats :func:`render` makes.
FORMATS = ("svg", "png")

_P_FILL = "#fde2e2"
_D_FILL = "#e8e8e8"
_WIN_COLOUR = "#c00000"


class GraphvizNotFound(RuntimeError):
    """Graphviz's ``dot`` program, which draws the pictures, is not installed.

    Not a bad input (so not a :class:`ValueError`): the machine lacks a program.

    >>> issubclass(GraphvizNotFound, ValueError)
    False
    """


@dataclass(frozen=True)
class GraphNode:
    """A position of a game graph, its label, nim-value (normal play only) and outcome.

    >>> game_graph("nim 1").nodes[1]
    GraphNode(position=Position('nim 0'), label='0', value=0, outcome=<Outcome.P: 'P'>)
    """

    position: Position
    label: str
    value: Value | None
    outcome: Outcome


@dataclass(frozen=True)
class GraphEdge:
    """A move between two nodes (by index), in words, and whether it is a winning move.

    >>> game_graph("nim 1").edges
    (GraphEdge(source=0, target=1, description='take all 1', winning=True),)
    """

    source: int
    target: int
    description: str
    winning: bool


@dataclass(frozen=True)
class GameGraph:
    """Every position reachable from ``nodes[0]``, once each, and every move between them.

    A winning move goes from an N-position to a P-position.

    >>> graph = game_graph("nim 2", misere=True)
    >>> [(n.label, n.outcome.value) for n in graph.nodes]
    [('2', 'N'), ('0', 'N'), ('1', 'P')]
    >>> [(e.source, e.target) for e in graph.edges if e.winning]
    [(0, 2)]
    """

    nodes: tuple[GraphNode, ...]
    edges: tuple[GraphEdge, ...]
    misere: bool

    def _repr_svg_(self) -> str:
        return render(to_dot(self), "svg").decode()


def game_graph(position: Position | str, misere: bool = False,
               limit: int = GRAPH_LIMIT, depth: int | None = None) -> GameGraph:
    """The game graph of ``position`` (a Position or its text form).

    Nodes are in the order a breadth-first walk meets them, the start first.  Each is
    labelled with its position's text, without the game's name when every node is a
    position of one game (``1 2 3`` for ``nim 1 2 3``).  Raises
    :class:`~grundy.errors.TooBig` when more than ``limit`` positions (or
    :data:`EDGE_LIMIT` moves) are reachable.  With ``depth``, only the positions at most
    ``depth`` moves away are drawn (the neighbourhood of a position whose whole graph is too
    big); the moves of the farthest ones are left out.

    >>> len(game_graph("kayles 30", depth=1).nodes)
    31
    >>> graph = game_graph("nim 5 2")
    >>> len(graph.nodes), sum(edge.winning for edge in graph.edges)
    (15, 12)
    >>> game_graph("kayles 30")
    Traceback (most recent call last):
    ...
    grundy.errors.TooBig: the game graph of 'kayles 30' needs more than 300 positions; \
draw a smaller position
    """
    start = as_position(position)
    # Positions equal up to the board's symmetries are one node (the search's key), drawn
    # as the first met, in the player's frame.
    index = {start.key(): 0}
    order = [start]
    moves: list[tuple[int, int, str]] = []
    seen: set[tuple[int, int]] = set()
    distance = [0]
    for source, here in enumerate(order):
        if depth is not None and distance[source] >= depth:
            continue
        # One move at a time: a huge position is refused at the edge limit, never listed.
        for move in here.iter_moves():
            after = move.position
            key = after.key()
            if key not in index:
                if len(order) == limit:
                    raise _too_big(start, limit, "positions")
                index[key] = len(order)
                order.append(after)
                distance.append(distance[source] + 1)
            if (source, index[key]) not in seen:
                seen.add((source, index[key]))
                moves.append((source, index[key], move.description))
            if len(moves) > EDGE_LIMIT:
                raise _too_big(start, EDGE_LIMIT, "moves")
    if misere:
        values: list[Value | None] = [None] * len(order)
        outcomes = [analyze(p, misere=True).outcome for p in order]
    else:
        found = [p.value() for p in order]
        values = list(found)
        outcomes = [Outcome.of_value(v) for v in found]
    labels = _labels(order)
    nodes = tuple(GraphNode(p, label, v, o)
                  for p, label, v, o in zip(order, labels, values, outcomes, strict=True))
    edges = tuple(GraphEdge(s, t, said, outcomes[s] is Outcome.N and outcomes[t] is Outcome.P)
                  for s, t, said in moves)
    return GameGraph(nodes, edges, misere)


def _too_big(start: Position, limit: int, unit: str) -> TooBig:
    error = TooBig(f"the game graph of {str(start)!r}", limit=limit, unit=unit)
    error.args = (f"{error}; draw a smaller position",)
    return error


def _labels(positions: Sequence[Position]) -> list[str]:
    games = {p.components[0].game for p in positions if len(p.components) == 1}
    if len(games) == 1 and all(len(p.components) == 1 for p in positions):
        return [p.components[0].game.format_state(p.components[0].state) for p in positions]
    return [str(p) for p in positions]


def to_dot(graph: GameGraph) -> str:
    """The graph in Graphviz's DOT language: P-positions doubled and shaded, draws grey,
    winning moves thick and red; each node and move has a tooltip in words.

    >>> dot = to_dot(game_graph("nim 1 1"))
    >>> dot.count(" -> "), dot.count("peripheries=2")
    (2, 2)
    """
    start = graph.nodes[0]
    play = "misère play" if graph.misere else "normal play"
    legend = (_escape(f"{start.position}, {play}") + "\\ndoubled border: P-position (the "
              "player to move loses); red arrow: winning move")
    # Crossing minimisation dominates Graphviz's time on dense graphs (Nim {12, 12}: half a
    # minute); a few rounds of it give nearly as clear a picture in a few seconds.
    quick = ", mclimit=0.1, nslimit=2, nslimit1=2" if len(graph.edges) >= QUICK_LAYOUT_EDGES else ""
    lines = [
        f"digraph {_quote(str(start.position))} {{",
        f"  graph [label={_quote(legend, escaped=True)}, labelloc=b, "
        f'fontname="Helvetica", fontsize=11{quick}];',
        '  node [shape=box, style=rounded, fontname="Helvetica", fontsize=12];',
        '  edge [color="#606060", arrowsize=0.7];',
    ]
    for i, node in enumerate(graph.nodes):
        shown = node.outcome.value if node.value is None else f"value {node.value}"
        label = _quote(_escape(node.label) + "\\n" + _escape(shown), escaped=True)
        tip = f"{node.position}: " + (f"{node.outcome.value}" if node.value is None
                                      else f"value {node.value}, {node.outcome.value}")
        attributes = [f"label={label}", f"tooltip={_quote(tip)}"]
        if node.outcome is Outcome.P:
            attributes += ["peripheries=2", 'style="rounded,filled"', f'fillcolor="{_P_FILL}"']
        elif node.outcome is Outcome.D:
            attributes += ['style="rounded,dashed,filled"', f'fillcolor="{_D_FILL}"']
        lines.append(f"  n{i} [{', '.join(attributes)}];")
    for edge in graph.edges:
        attributes = [f"tooltip={_quote(edge.description)}"]
        if edge.winning:
            attributes += [f'color="{_WIN_COLOUR}"', "penwidth=2.5"]
        lines.append(f"  n{edge.source} -> n{edge.target} [{', '.join(attributes)}];")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _escape(text: str) -> str:
    # Backslashes start DOT's own escapes (\n, \l), so a literal one is doubled.
    return text.replace("\\", "\\\\").replace('"', '\\"')


def _quote(text: str, escaped: bool = False) -> str:
    return '"' + (text if escaped else _escape(text)) + '"'


def render(dot: str, fmt: str) -> bytes:
    """The picture of a DOT graph, ``svg`` or ``png``, drawn by Graphviz's ``dot`` program.

    Raises :class:`GraphvizNotFound` when ``dot`` is not installed,
    :class:`~grundy.errors.InvalidArgument` for another format, and
    :class:`~grundy.errors.TooBig` when the layout takes more than :data:`RENDER_SECONDS`.

    >>> render("digraph { a -> b }", "svg").startswith(b"<?xml")
    True
    """
    if fmt not in FORMATS:
        raise InvalidArgument(f"unknown picture format {fmt!r}; the formats are svg and png "
                              "(and dot, the text Graphviz reads)")
    program = shutil.which("dot")
    if program is None:
        raise GraphvizNotFound("Graphviz's 'dot' program is needed to draw pictures; install "
                               "Graphviz (Debian/Ubuntu: apt-get install graphviz) or ask "
                               "for the DOT text (--format dot)")
    try:
        done = subprocess.run([program, f"-T{fmt}"], input=dot.encode(), capture_output=True,
                              timeout=RENDER_SECONDS, check=False)
    except subprocess.TimeoutExpired:
        raise TooBig("drawing the game graph", limit=RENDER_SECONDS, unit="seconds") from None
    if done.returncode != 0:
        problem = done.stderr.decode(errors="replace").strip().splitlines()
        raise RuntimeError("Graphviz's dot failed: " + (problem[0] if problem else "no message"))
    return done.stdout


def position_svg(position: Position | str) -> str:
    """An SVG picture of a position: its game graph, or, when that is too big, the position
    alone with a note saying so.

    >>> svg = position_svg("nim 2 1")
    >>> svg.count('class="node"'), svg.count('class="edge"')
    (5, 7)
    >>> position_svg("kayles 30").count('class="node"')
    1
    """
    start = as_position(position)
    try:
        dot = to_dot(game_graph(start))
    except TooBig:
        note = f"{start}\\n(its game graph has more than {GRAPH_LIMIT} positions)"
        dot = ('digraph { node [shape=box, fontname="Helvetica"]; '
               f"n0 [label={_quote(note, escaped=True)}]; }}")
    return render(dot, "svg").decode()


def graph_command(position_words: Sequence[str], misere: bool = False, fmt: str = "dot",
                  output: str | None = None) -> bytes | str:
    """What ``grundy graph`` makes: the DOT text, or SVG / PNG bytes; written to ``output``
    when given.

    Raises the errors of :func:`~grundy.catalogue.parse_position`, :func:`game_graph` and
    :func:`render`, and :class:`~grundy.errors.InvalidArgument` when ``output`` cannot be
    written.

    >>> print(graph_command(["nim", "1"]).splitlines()[-2])
      n0 -> n1 [tooltip="take all 1", color="#c00000", penwidth=2.5];
    """
    if fmt != "dot" and fmt not in FORMATS:
        raise InvalidArgument(f"unknown format {fmt!r}; the formats are dot, svg and png")
    dot = to_dot(game_graph(parse_position(position_words), misere=misere))
    result: bytes | str = dot if fmt == "dot" else render(dot, fmt)
    if output is not None:
        data = result.encode() if isinstance(result, str) else result
        try:
            Path(output).write_bytes(data)
        except OSError as error:
            raise InvalidArgument(f"cannot write {output}: {error.strerror}") from None
    return result
