"""Game-graph pictures: the DOT text parsed back and checked against independent enumerations.

The texts' figures: Nim {3, 2, 1} in normal and misère play (figures 1 and 2), "Candy" {6}
(exercise 28) and Nim {5, 2} (exercise 11).  Positions, moves, P-positions and winning moves
are enumerated here from the rules, without the library.
"""

from __future__ import annotations

import random
import re
import shutil
import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

import grundy.render.graph as picture
from grundy import Infinite, InvalidArgument, Outcome, TooBig, parse_position
from grundy.render.graph import (
    GraphvizNotFound,
    game_graph,
    graph_command,
    position_svg,
    render,
    to_dot,
)
from grundy.render.html import table_html
from grundy.render.text import outcome_table

needs_dot = pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz is not installed")
SVG = "{http://www.w3.org/2000/svg}"


# -- reading our DOT back -------------------------------------------------------------

@dataclass
class Drawn:
    """A DOT graph read back: node labels (first line), values (second), P marks, edges."""

    labels: dict[str, str]
    second: dict[str, str]
    marked: set[str]
    edges: set[tuple[str, str]]
    highlighted: set[tuple[str, str]]

    def by_label(self, ids: set[str]) -> set[str]:
        return {self.labels[i] for i in ids}

    def edge_labels(self, edges: set[tuple[str, str]]) -> set[tuple[str, str]]:
        return {(self.labels[a], self.labels[b]) for a, b in edges}


_NODE = re.compile(r"^  (n\d+) \[(.*)\];$")
_EDGE = re.compile(r"^  (n\d+) -> (n\d+) \[(.*)\];$")
_ATTRIBUTE = re.compile(r'(\w+)=("(?:[^"\\]|\\.)*"|[^,\s]+)')


def _attributes(text: str) -> dict[str, str]:
    return {key: value.strip('"') for key, value in _ATTRIBUTE.findall(text)}


def read_dot(dot: str) -> Drawn:
    drawn = Drawn({}, {}, set(), set(), set())
    for line in dot.splitlines():
        if edge := _EDGE.match(line):
            pair = (edge[1], edge[2])
            assert pair not in drawn.edges, "a move drawn twice"
            drawn.edges.add(pair)
            if "penwidth" in _attributes(edge[3]):
                drawn.highlighted.add(pair)
        elif node := _NODE.match(line):
            attributes = _attributes(node[2])
            first, second = attributes["label"].split("\\n")
            drawn.labels[node[1]] = first
            drawn.second[node[1]] = second
            if attributes.get("peripheries") == "2":
                drawn.marked.add(node[1])
    assert len(set(drawn.labels.values())) == len(drawn.labels), "a position drawn twice"
    return drawn


# -- independent enumerations -----------------------------------------------------------

Heaps = tuple[int, ...]


def nim_moves(heaps: Heaps) -> set[Heaps]:
    return {tuple(sorted(h for h in (*heaps[:i], m, *heaps[i + 1:]) if h))
            for i, heap in enumerate(heaps) for m in range(heap)}


def candy_moves(heaps: Heaps) -> set[Heaps]:
    return {tuple(sorted((*heaps[:i], heap - bite, *heaps[i + 1:])))
            for i, heap in enumerate(heaps) for bite in range(1, heap // 2 + 1)}


Moves = Callable[[Heaps], set[Heaps]]


def explore(start: Heaps, moves: Moves) -> tuple[set[Heaps], set[tuple[Heaps, Heaps]]]:
    seen, edges, todo = {start}, set(), [start]
    while todo:
        here = todo.pop()
        for after in moves(here):
            edges.add((here, after))
            if after not in seen:
                seen.add(after)
                todo.append(after)
    return seen, edges


def losing(positions: set[Heaps], edges: set[tuple[Heaps, Heaps]], misere: bool) -> set[Heaps]:
    options = {p: [b for a, b in edges if a == p] for p in positions}

    @cache
    def to_move_wins(p: Heaps) -> bool:
        if not options[p]:
            return misere
        return any(not to_move_wins(q) for q in options[p])

    return {p for p in positions if not to_move_wins(p)}


def label(heaps: Heaps) -> str:
    return " ".join(map(str, sorted(heaps))) if heaps else "0"


def check_against_enumeration(text: str, start: Heaps, moves: Moves, misere: bool) -> Drawn:
    positions, edges = explore(tuple(sorted(start)), moves)
    lost = losing(positions, edges, misere)
    drawn = read_dot(to_dot(game_graph(text, misere=misere)))
    assert set(drawn.labels.values()) == {label(p) for p in positions}
    assert drawn.edge_labels(drawn.edges) == {(label(a), label(b)) for a, b in edges}
    assert drawn.by_label(drawn.marked) == {label(p) for p in lost}
    assert drawn.edge_labels(drawn.highlighted) == {
        (label(a), label(b)) for a, b in edges if a not in lost and b in lost}
    return drawn


# -- the texts' figures -----------------------------------------------------------------

class TestFigures:
    def test_nim_321_normal_play_figure_1(self) -> None:
        drawn = check_against_enumeration("nim 3 2 1", (3, 2, 1), nim_moves, misere=False)
        assert (len(drawn.labels), len(drawn.edges)) == (14, 38)
        assert drawn.by_label(drawn.marked) == {"1 2 3", "2 2", "1 1", "0"}
        assert len(drawn.highlighted) == 10
        values = {drawn.labels[i]: drawn.second[i] for i in drawn.labels}
        assert values["1 2 3"] == "value 0" and values["1 1 3"] == "value 3"

    def test_nim_321_misere_figure_2(self) -> None:
        drawn = check_against_enumeration("nim 3 2 1", (3, 2, 1), nim_moves, misere=True)
        assert (len(drawn.labels), len(drawn.edges)) == (14, 38)
        # The lecture's "-" column: {1}, {2, 2}, {1, 1, 1}, {3, 2, 1}.  Its table prints
        # {2, 1, 1} in place of {1, 1, 1}, but {2, 1, 1} -> {1, 1, 1} wins.
        assert drawn.by_label(drawn.marked) == {"1", "2 2", "1 1 1", "1 2 3"}
        assert {drawn.labels[i]: drawn.second[i] for i in drawn.labels}["1 1 2"] == "N"
        assert drawn.labels["n0"] == "1 2 3" and drawn.second["n0"] == "P"

    def test_candy_6_exercise_28(self) -> None:
        drawn = check_against_enumeration("half 6", (6,), candy_moves, misere=False)
        assert sorted(drawn.labels.values()) == ["1", "2", "3", "4", "5", "6"]
        assert len(drawn.edges) == 9
        assert drawn.by_label(drawn.marked) == {"1", "3"}
        assert drawn.edge_labels(drawn.highlighted) == {("6", "3"), ("5", "3"), ("4", "3"),
                                                        ("2", "1")}

    def test_nim_52_exercise_11(self) -> None:
        drawn = check_against_enumeration("nim 5 2", (5, 2), nim_moves, misere=False)
        assert (len(drawn.labels), len(drawn.edges)) == (15, 54)
        assert drawn.by_label(drawn.marked) == {"0", "1 1", "2 2"}
        # The first player wins by evening the heaps: {5, 2} -> {2, 2}.
        assert ("2 5", "2 2") in drawn.edge_labels(drawn.highlighted)
        assert len(drawn.highlighted) == 12

    def test_random_nim_and_candy_positions(self) -> None:
        rng = random.Random(11)
        for _ in range(40):
            heaps = tuple(rng.randint(1, 4) for _ in range(rng.randint(1, 3)))
            text = " ".join(map(str, heaps))
            misere = rng.random() < 0.5
            check_against_enumeration(f"nim {text}", heaps, nim_moves, misere)
            candy = tuple(rng.randint(1, 12) for _ in range(rng.randint(1, 2)))
            check_against_enumeration("half " + " ".join(map(str, candy)), candy,
                                      candy_moves, misere)


# -- graphs of other games ------------------------------------------------------------

class TestGraphs:
    def test_loopy_graph_game_shows_draws_and_infinite_values(self, tmp_path: Path) -> None:
        path = tmp_path / "chase.txt"
        path.write_text("a b\nb a\nb c\nc d\n")
        graph = game_graph(f"graph:{path} b")
        shown = {node.label: (str(node.value), node.outcome) for node in graph.nodes}
        assert shown == {"a": ("∞()", Outcome.D), "b": ("∞(1)", Outcome.D),
                         "c": ("1", Outcome.N), "d": ("0", Outcome.P)}
        dot = to_dot(graph)
        assert dot.count("dashed") == 2 and "value ∞(1)" in dot
        drawn = read_dot(dot)
        assert drawn.edge_labels(drawn.highlighted) == {("c", "d")}
        assert len(drawn.edges) == 4  # a -> b and b -> a are two moves
        misere = game_graph(f"graph:{path} b", misere=True)
        assert {n.label: n.outcome for n in misere.nodes} == {
            "a": Outcome.P, "b": Outcome.N, "c": Outcome.P, "d": Outcome.N}

    def test_two_tokens_one_game(self, tmp_path: Path) -> None:
        path = tmp_path / "chase.txt"
        path.write_text("a b\nb a\nb c\nc d\n")
        graph = game_graph(f"graph:{path} b c")
        assert graph.nodes[0].label == "b c" and graph.nodes[0].value == Infinite({0})
        assert [graph.nodes[e.target].label for e in graph.edges if e.winning and e.source == 0] \
            == ["c c"]

    def test_labels_keep_game_names_when_games_differ(self) -> None:
        labels = {node.label for node in game_graph("nim 1 + half 2").nodes}
        assert labels == {"half 2 + nim 1", "half 1 + nim 1", "half 2", "half 1"}
        daisy = {node.label for node in game_graph("daisy 3").nodes}
        assert "daisy 3" in daisy and "kayles 1" in daisy

    def test_names_that_need_escaping(self, tmp_path: Path) -> None:
        path = tmp_path / "odd.txt"
        path.write_text('say"hi" back\\slash\n')
        dot = to_dot(game_graph(f"graph:{path} say\"hi\""))
        assert read_dot(dot).labels == {"n0": 'say\\"hi\\"', "n1": "back\\\\slash"}
        if shutil.which("dot"):
            texts = {t.text for t in ET.fromstring(render(dot, "svg")).iter(SVG + "text")}
            assert {'say"hi"', "back\\slash"} <= texts

    def test_too_big(self, monkeypatch: pytest.MonkeyPatch) -> None:
        assert len(game_graph("nim 3 2 1", limit=14).nodes) == 14
        with pytest.raises(TooBig, match=r"'nim 1 2 3' needs more than 13 positions; draw a "
                                         "smaller position"):
            game_graph("nim 3 2 1", limit=13)
        with pytest.raises(TooBig, match="more than 300 positions"):
            game_graph("kayles 40")
        monkeypatch.setattr(picture, "EDGE_LIMIT", 37)
        with pytest.raises(TooBig, match="needs more than 37 moves"):
            game_graph("nim 3 2 1")


# -- pictures ---------------------------------------------------------------------------

def svg_groups(svg: bytes | str) -> tuple[int, int]:
    root = ET.fromstring(svg)
    classes = [g.get("class") for g in root.iter(SVG + "g")]
    return classes.count("node"), classes.count("edge")


@needs_dot
class TestPictures:
    @pytest.mark.parametrize(("text", "misere", "sizes"), [
        ("nim 3 2 1", False, (14, 38)), ("nim 3 2 1", True, (14, 38)),
        ("half 6", False, (6, 9)), ("nim 5 2", False, (15, 54)),
    ])
    def test_svg_is_xml_with_a_group_per_node_and_move(self, text: str, misere: bool,
                                                       sizes: tuple[int, int]) -> None:
        graph = game_graph(text, misere=misere)
        assert svg_groups(render(to_dot(graph), "svg")) == sizes
        assert svg_groups(graph._repr_svg_()) == sizes

    def test_png(self) -> None:
        assert render(to_dot(game_graph("half 6")), "png").startswith(b"\x89PNG\r\n\x1a\n")

    def test_position_svg(self) -> None:
        assert svg_groups(position_svg(parse_position("nim 3 2 1"))) == (14, 38)
        big = position_svg("kayles 40")
        assert svg_groups(big) == (1, 0) and "more than 300 positions" in big

    def test_graph_command(self, tmp_path: Path) -> None:
        dot = graph_command(["nim", "3", "2", "1"], misere=True)
        assert isinstance(dot, str) and read_dot(dot).by_label(read_dot(dot).marked) == {
            "1", "2 2", "1 1 1", "1 2 3"}
        out = tmp_path / "g.svg"
        svg = graph_command(["half", "6"], fmt="svg", output=str(out))
        assert isinstance(svg, bytes) and out.read_bytes() == svg
        assert svg_groups(svg) == (6, 9)
        written = tmp_path / "g.dot"
        graph_command(["nim", "1"], output=str(written))
        assert written.read_text() == graph_command(["nim", "1"])
        with pytest.raises(InvalidArgument, match="cannot write"):
            graph_command(["nim", "1"], output=str(tmp_path / "no" / "such" / "dir.dot"))


class TestErrors:
    def test_a_huge_position_is_refused_without_listing_its_moves(self) -> None:
        """A heap of 10**18 has about 5e17 moves: the edge limit stops the walk long before,
        in a child process whose time limit turns a hang into a failure."""
        import subprocess
        import sys

        code = ("from grundy.render.graph import game_graph\n"
                "try:\n    game_graph('kayles 1000000000000000000')\n"
                "except Exception as error:\n    print(type(error).__name__, error)\n")
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              timeout=60, check=True)
        assert done.stdout.startswith("TooBig the game graph of 'kayles 1000000000000000000'")

    def test_unknown_formats(self) -> None:
        with pytest.raises(InvalidArgument, match="unknown picture format 'pdf'"):
            render("digraph {}", "pdf")
        with pytest.raises(InvalidArgument, match="the formats are dot, svg and png"):
            graph_command(["nim", "1"], fmt="jpeg")

    def test_graphviz_missing(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setattr(shutil, "which", lambda _: None)
        with pytest.raises(GraphvizNotFound, match="apt-get install graphviz"):
            render("digraph {}", "svg")

    @needs_dot
    def test_graphviz_rejects_bad_dot(self) -> None:
        with pytest.raises(RuntimeError, match="Graphviz's dot failed"):
            render("digraph { -> }", "svg")


# -- HTML tables ------------------------------------------------------------------------

class TestTableHtml:
    def test_outcomes_match_the_text_table(self) -> None:
        rng = random.Random(5)
        for _ in range(30):
            outcomes = [rng.choice(list(Outcome)) for _ in range(rng.randint(1, 35))]
            start = rng.randint(0, 3)
            root = ET.fromstring(table_html(outcomes, start=start))
            rows = [[cell.text or "" for cell in row] for row in root.iter("tr")]
            text = outcome_table(outcomes, start=start).split("\n\n")
            assert len(rows) == 2 * len(text)
            pairs = zip(rows[::2], rows[1::2], strict=True)
            for (sizes, marks), block in zip(pairs, text, strict=True):
                assert [line.split() for line in block.splitlines()] == [sizes, marks]

    def test_values_and_shading(self) -> None:
        root = ET.fromstring(table_html([0, 3, Infinite({0}), 0, 5], start=1, width=3))
        cells = [(cell.text, "#fde2e2" in (cell.get("style") or "")) for cell in root.iter("td")]
        assert cells == [("0", True), ("3", False), ("∞(0)", False), ("0", True),
                         ("5", False)]
        assert [cell.text for cell in root.iter("th")] == ["1", "2", "3", "4", "5"]

    def test_empty(self) -> None:
        assert ET.fromstring(table_html([])).tag == "table"
