"""Plots of nim-sequences: nim-value against heap size, the period marked (matplotlib).

matplotlib is imported here only, and draws on a figure of its own (not pyplot's), so that
``import grundy`` stays light, plotting needs no display, and a notebook's own plots keep
their backend.

>>> import tempfile, pathlib
>>> from grundy.heap.takebreak import KAYLES
>>> with tempfile.TemporaryDirectory() as folder:
...     report = plot_sequence(KAYLES, 150, str(pathlib.Path(folder) / "kayles.svg"))
>>> report.period.preperiod, report.period.period, len(report.values)
(71, 12, 151)
>>> plot_format("kayles.pdf")
Traceback (most recent call last):
...
grundy.errors.InvalidArgument: -o kayles.pdf: write the plot to a .png or .svg file
"""

from __future__ import annotations

from pathlib import Path
from typing import BinaryIO

from grundy.errors import InvalidArgument
from grundy.heap.base import HeapGame
from grundy.render.text import say_period
from grundy.sequences import SequenceReport, sequence_report

FORMATS = ("png", "svg")


class PlottingMissing(RuntimeError):
    """matplotlib, which draws the plots, is not installed."""


def plot_format(output: str) -> str:
    """The format named by the file's suffix: ``png`` or ``svg``."""
    suffix = Path(output).suffix.lower().lstrip(".")
    if suffix not in FORMATS:
        raise InvalidArgument(f"-o {output}: write the plot to a .png or .svg file")
    return suffix


def plot_sequence(game: HeapGame, to: int, output: str) -> SequenceReport:
    """Draw the nim-sequence of heaps 0..``to`` into ``output`` (``.png`` or ``.svg``).

    Points are the values; a thin line starts each period, and from the preperiod on the
    background is shaded when the period is proved.  Returns the report plotted.  Raises
    :class:`PlottingMissing` without matplotlib.
    """
    fmt = plot_format(output)
    report = sequence_report(game, to, period=True)
    draw_report(report, output, fmt)
    return report


def draw_report(report: SequenceReport, target: str | BinaryIO, fmt: str, *,
                size: tuple[float, float] = (10, 4), dpi: int = 120) -> None:
    """Draw the values of ``report`` (with its period, if found) into ``target``, a file
    name or a binary stream, as ``fmt`` (``png`` or ``svg``).  Raises
    :class:`PlottingMissing` without matplotlib."""
    try:
        # A figure of its own, not pyplot's: the backend of a notebook is left as it is.
        from matplotlib.figure import Figure
    except ImportError:
        raise PlottingMissing("plots need matplotlib: pip install 'grundy[plot]'") from None
    values = report.values or []
    to = len(values) - 1
    figure = Figure(figsize=size, dpi=dpi)
    axes = figure.subplots()
    heaps = range(len(values))
    marker = "o" if len(values) <= 200 else "."
    axes.plot(heaps, values, linestyle="-", linewidth=0.6, color="#9aa1ad", zorder=1)
    axes.scatter(heaps, values, s=12 if marker == "o" else 2, color="#2f5fa7", zorder=2)
    period = report.period
    title = f"{report.game}: nim-values of heaps 0..{to}"
    if period:
        start, length = period.preperiod, period.period
        if period.certified:  # shaded where proved; a regularity only seen is marked
            axes.axvspan(start - 0.5, len(values) - 0.5, color="#fff3c4", zorder=0)
        if (len(values) - start) / length <= 60:
            for boundary in range(start, len(values), length):
                axes.axvline(boundary - 0.5, color="#d9b84a", linewidth=0.6, zorder=0)
    if report.period_sought:
        title += "\n" + say_period(period, len(values))
    axes.set_title(title, fontsize=10)
    axes.set_xlabel("heap size")
    axes.set_ylabel("nim-value")
    axes.set_xlim(-0.5, len(values) - 0.5)
    axes.grid(axis="y", linewidth=0.3)
    figure.tight_layout()
    figure.savefig(target, format=fmt)
