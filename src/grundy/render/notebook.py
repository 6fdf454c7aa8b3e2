"""What notebooks show: a position as the picture of its board (SVG, as the web page draws
it), an analysis as the command line's explanation with that picture, a nim-sequence as its
table and its plot, a heap game as the table of its first nim-values.

The display is registered with IPython's formatters here, in the rendering layer, so that
positions, analyses and reports know nothing of pictures.  ``import grundy`` registers it
when it runs inside IPython (a notebook); elsewhere this module is not even imported.

>>> from grundy.analysis import analyze
>>> html = analysis_html(analyze("cram 2x3"))
>>> html.count("<svg"), "The first player (to move) wins" in html
(1, True)
>>> from grundy.heap.takebreak import KAYLES
>>> from grundy.sequences import sequence_report
>>> html = sequence_html(sequence_report(KAYLES, 200, period=True))
>>> html.count("<table"), html.count("<img"), "from heap 71 with period 12 (proved" in html
(1, 1, True)
"""

from __future__ import annotations

import base64
import io
import sys
from html import escape

from grundy.analysis import Analysis
from grundy.core.position import Position
from grundy.heap.base import HeapGame
from grundy.render.board_svg import board_svg
from grundy.render.html import table_html
from grundy.render.plot import PlottingMissing, draw_report
from grundy.render.text import format_analysis, grouped, say_period
from grundy.sequences import SequenceReport
from grundy.values import Outcome

#: How many heaps a notebook's table of a heap game shows.
NOTEBOOK_HEAPS = 40
#: How many heaps of a sequence its table shows, and how many a row (the plot shows all).
TABLE_HEAPS = 120
TABLE_WIDTH = 20

_PRE = "margin:0.3em 0;font-family:monospace;white-space:pre-wrap"

def heap_game_html(game: HeapGame) -> str:
    """A heap game as HTML: its name, then the table of its first nim-values.

    >>> from grundy.heap.takebreak import KAYLES
    >>> heap_game_html(KAYLES).startswith("<p>kayles</p><table")
    True
    """
    return f"<p>{game.text}</p>" + table_html(game.values(NOTEBOOK_HEAPS - 1))


def analysis_html(analysis: Analysis) -> str:
    """An analysis as HTML: the words of ``grundy analyze``, the picture of the position
    (when it has one) under their first line, as the command line draws boards."""
    heading, _, rest = format_analysis(analysis).partition("\n")
    picture = board_svg(analysis.position) or ""
    return (f'<div class="grundy-analysis"><pre style="{_PRE}">{escape(heading)}</pre>'
            f'{picture}<pre style="{_PRE}">{escape(rest)}</pre></div>')


def sequence_html(report: SequenceReport) -> str:
    """A nim-sequence (or misère outcomes) as HTML: the table of its first heaps and the
    plot of all of them, its period in the plot's title (no plot without matplotlib)."""
    convention = "misère" if report.misere else "normal"
    entries = (report.values if report.values is not None
               else [Outcome(o) for o in report.outcomes or []])
    heaps = len(entries)
    head = f"{report.game} ({convention} play), heaps 0..{grouped(max(heaps - 1, 0))}"
    if report.period_sought:
        head += f". {say_period(report.period, heaps)}."
    parts = [f"<p>{escape(head)}</p>", table_html(entries[:TABLE_HEAPS], width=TABLE_WIDTH)]
    if heaps > TABLE_HEAPS:
        more = heaps - TABLE_HEAPS
        parts.append(f"<p>… and {grouped(more)} more heap{'s' * (more > 1)} in the plot</p>")
    if report.values:
        picture = io.BytesIO()
        try:
            draw_report(report, picture, "png", size=(8, 3), dpi=80)
        except PlottingMissing:
            return "".join(parts)
        data = base64.b64encode(picture.getvalue()).decode("ascii")
        parts.append(f'<img alt="{escape(report.game)}: nim-values" '
                     f'src="data:image/png;base64,{data}"/>')
    return "".join(parts)


def register_display() -> None:
    """Show positions, analyses, sequences and heap games as pictures in the running
    IPython, if any."""
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    if shell is None:
        return
    formatters = shell.display_formatter.formatters
    formatters["image/svg+xml"].for_type(Position, board_svg)
    formatters["text/html"].for_type(Analysis, analysis_html)
    formatters["text/html"].for_type(SequenceReport, sequence_html)
    formatters["text/html"].for_type(HeapGame, heap_game_html)
