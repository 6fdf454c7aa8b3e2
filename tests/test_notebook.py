"""What notebooks show: boards as SVG (checked against the pictures they draw), analyses and
sequences as HTML through IPython's formatters, and a real notebook run by a kernel."""

from __future__ import annotations

import io
import random
import sys
import xml.etree.ElementTree as ET
from types import SimpleNamespace
from typing import Any

import pytest

from grundy.analysis import analyze
from grundy.catalogue import game_list, parse_game, parse_position
from grundy.heap.takebreak import KAYLES
from grundy.render.board_svg import board_svg
from grundy.render.notebook import analysis_html, register_display, sequence_html
from grundy.render.pictures import pictures
from grundy.render.text import format_analysis
from grundy.sequences import sequence_report

pytestmark = pytest.mark.slow

SVG = "{http://www.w3.org/2000/svg}"


def parsed(svg: str | None) -> ET.Element:
    assert svg is not None
    return ET.fromstring(svg)


def random_board(rng: random.Random, game: str) -> str:
    rows, cols = rng.randint(1, 4), rng.randint(1, 5)
    return f"{game} " + "/".join("".join(rng.choice(".#") for _ in range(cols))
                                 for _ in range(rows))


class TestBoardSvg:
    @pytest.mark.parametrize("game", ["cram", "kings", "bishops", "rows"])
    def test_every_square_of_the_picture_once(self, game: str) -> None:
        rng = random.Random(game)
        for _ in range(30):
            position = parse_position(random_board(rng, game))
            [picture] = pictures(position)["components"]
            root = parsed(board_svg(position))
            classes = [r.get("class") for r in root.iter(f"{SVG}rect")]
            cells = "".join(picture["cells"])
            assert classes.count("cell free") == cells.count("."), position
            assert classes.count("cell used") == len(cells) - cells.count("."), position

    def test_a_stone_a_pin_a_petal_a_point(self) -> None:
        rng = random.Random(3)
        for _ in range(20):
            heaps = [rng.randint(0, 9) for _ in range(rng.randint(1, 3))]
            words = " ".join(map(str, heaps))
            assert len(parsed(board_svg(f"nim {words}")).findall(f".//{SVG}circle")) == \
                sum(heaps)
            pins = [r for r in parsed(board_svg(f"kayles {words}")).iter(f"{SVG}rect")
                    if r.get("rx")]
            assert len(pins) == sum(heaps)
        assert len(parsed(board_svg("chords 8")).findall(f".//{SVG}circle")) == 8
        # Seven petals and the heart of the daisy.
        assert len(parsed(board_svg("daisy 7")).findall(f".//{SVG}circle")) == 8

    @pytest.mark.parametrize("position", [
        "chomp 3x4", "chocolate 3x4 + nim 2", "skewers 2x2x3", "diagonals 7",
        "two-numbers 3 8", "cram 2x3 + kayles 4 + daisy 5"])
    def test_each_component_has_its_panel(self, position: str) -> None:
        root = parsed(board_svg(position))
        titles = [t.text for t in root.iter(f"{SVG}text") if t.get("font-weight") == "bold"]
        assert titles == [p["text"] for p in pictures(parse_position(position))["components"]]
        assert root.find(f"{SVG}title") is not None

    def test_too_big_to_draw(self) -> None:
        assert board_svg("nim 5000") is None

    @pytest.mark.parametrize("text", [r.example or r.usage for r in game_list()
                                      if not r.reads_file]
                             + ["node-kayles:grid3x6", "arc-kayles:grid2x3"])
    def test_every_family_is_drawn_not_named(self, text: str) -> None:
        """A picture of every kind the pictures give: no family falls back to its text."""
        root = parsed(board_svg(text))
        drawn = [e for e in root.iter() if e.tag in (f"{SVG}rect", f"{SVG}circle",
                                                     f"{SVG}line", f"{SVG}polygon")]
        assert len(drawn) > 1  # more than the paper

    def test_a_grid_graph_is_drawn_as_its_grid(self) -> None:
        """node-kayles:grid3x6: each node on its cell (a1 bottom left, files to the right),
        each edge between neighbours; taken nodes and their edges pale."""
        for text, taken in [("node-kayles:grid3x6", set()),
                            ("node-kayles:grid3x6 a1 a3 b3 c1 c2 c3 d1 d2 d3 e1 e2 e3 f1 f2 f3",
                             {"a2", "b1", "b2"})]:
            root = parsed(board_svg(text))
            labels = {t.text: t for t in root.iter(f"{SVG}text") if t.get("font-size") == "9"}
            assert len(labels) == 18
            x = {name: float(t.get("x") or 0) for name, t in labels.items()}
            y = {name: float(t.get("y") or 0) for name, t in labels.items()}
            for name in labels:
                file, rank = "abcdef".index(name[0]), int(name[1])
                assert x[name] == pytest.approx(x["a1"] + file * (x["b1"] - x["a1"]))
                assert y[name] == pytest.approx(y["a1"] - (rank - 1) * (y["a1"] - y["a2"]))
            assert x["b1"] > x["a1"] and y["a2"] < y["a1"]
            lines = list(root.iter(f"{SVG}line"))
            assert len(lines) == 27  # 6 * 2 + 5 * 3 edges of the 3 x 6 grid
            pale = [line for line in lines if line.get("stroke-width") == "1"]
            # a1-a2, a2-a3, a2-b2, a1-b1, b1-b2, b1-c1, b2-b3, b2-c2 touch a taken node
            assert len(pale) == (8 if taken else 0)
            grey = {t.text for t in labels.values() if t.get("fill") != "#22262e"}
            assert grey == taken


class TestHtml:
    def test_an_analysis_is_the_command_lines_words(self) -> None:
        found = analyze("cram 2x3 + nim 2")
        html = analysis_html(found)
        heading, _, rest = format_analysis(found).partition("\n")
        assert html.index(heading) < html.index("<svg") < html.index(rest.splitlines()[0])
        assert "-&gt;" in html and "->" not in html.replace("-->", "")

    def test_a_sequence_is_its_table_and_plot(self) -> None:
        report = sequence_report(KAYLES, 200, period=True)
        html = sequence_html(report)
        assert html.count("<td") == 120 and "… and 81 more heaps in the plot" in html
        assert "Periodic from heap 71 with period 12 (proved by the Guy-Smith" in html

    def test_a_regularity_only_seen_is_said_as_seen(self) -> None:
        html = sequence_html(sequence_report(parse_game("hex:c.18"), 40, period=True))
        assert "Seen in heaps 0..40, not proved: G(n + 8) = G(n) + 4 from heap 6." in html
        assert "period 8" not in html
        assert html.count('src="data:image/png;base64,') == 1

    def test_misere_outcomes_are_marked(self) -> None:
        html = sequence_html(sequence_report(KAYLES, 10, misere=True))
        assert html.count(">-</td>") + html.count(">+</td>") == 11 and "<img" not in html


def test_ipython_shows_the_pictures(monkeypatch: pytest.MonkeyPatch) -> None:
    """IPython's own formatters, as a shell holds them (without starting one)."""
    # IPython reads standard input's encoding as it is imported; where the tests run with
    # no standard input, pytest's stand-in for it fails that read.
    monkeypatch.setattr(sys, "stdin", io.StringIO())
    ipython = pytest.importorskip("IPython")
    formatters = pytest.importorskip("IPython.core.formatters")
    display = formatters.DisplayFormatter()
    shell = SimpleNamespace(display_formatter=display)
    # matplotlib's first figure reads the version of the IPython module it finds.
    monkeypatch.setitem(sys.modules, "IPython", SimpleNamespace(
        get_ipython=lambda: shell, version_info=ipython.version_info))
    register_display()

    def shown(value: object) -> dict[str, Any]:
        data, _ = display.format(value)
        return data

    assert shown(parse_position("cram 2x3"))["image/svg+xml"].startswith("<svg")
    assert "image/svg+xml" not in shown(parse_position("nim 5000"))
    assert "Nim-value: 0" in shown(analyze("nim 1 1"))["text/html"]
    assert "<img" in shown(sequence_report(KAYLES, 30, period=True))["text/html"]


def test_a_notebook_run_by_a_kernel() -> None:
    """The outputs a real kernel gives: the mime types a notebook page draws."""
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    cells = ["import grundy\nfrom grundy.sequences import sequence_report",
             "grundy.parse_position('cram 3x4')",
             "grundy.analyze('chocolate 3x4 + nim 3')",
             "grundy.parse_position('node-kayles:grid3x6')",
             "sequence_report(grundy.KAYLES, 100, period=True)",
             "import matplotlib.pyplot as plt\nplt.plot([1, 2]); plt.show()"]
    book = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in cells])
    nbclient.NotebookClient(book, timeout=120, kernel_name="python3").execute()
    kinds = [{kind for output in cell.outputs for kind in output.get("data", {})}
             for cell in book.cells[1:]]
    assert "image/svg+xml" in kinds[0]
    assert "text/html" in kinds[1] and "text/html" in kinds[3]
    assert "image/svg+xml" in kinds[2]
    assert "image/png" in kinds[4]  # the notebook's own plots keep their backend
    graph = book.cells[3].outputs[0]["data"]["image/svg+xml"]
    assert graph.count("<circle") == 18 and "node-kayles:grid3x6 all</text>" in graph
