"""Progress bars on a terminal for long computations, which never stop the computation.

A bar is a display: whatever goes wrong while drawing it (a column with nothing to show
yet, a terminal that went away) leaves the computation running, at worst without its bar.

>>> import io
>>> from rich.console import Console
>>> now = [0.0]
>>> out = io.StringIO()
>>> bar = ValuesBar(1_000_000, Console(file=out, force_terminal=True, width=100),
...                 clock=lambda: now[0], refresh=False)
>>> bar(10)          # within the first second: nothing shown yet
>>> now[0] = 1.2     # the first update after a second: the speed is not known yet
>>> bar(500_000)
>>> now[0] = 2.0
>>> bar(700_000)
>>> bar.close()
>>> "700,000/1,000,000" in out.getvalue(), "values/s" in out.getvalue()
(True, True)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable

from rich.console import Console, RenderableType
from rich.progress import (
    BarColumn,
    Progress,
    ProgressColumn,
    Task,
    TaskProgressColumn,
    TextColumn,
    TimeRemainingColumn,
)
from rich.text import Text

#: Seconds of work before a bar appears: shorter computations show none.
DELAY = 1.0


class SafeProgress(Progress):
    """A rich progress display whose drawing never raises: a task a column cannot draw is
    shown as its bare count instead."""

    def get_renderables(self) -> Iterable[RenderableType]:
        try:
            return [self.make_tasks_table(self.tasks)]
        # The display runs beside the work (in rich's refresh thread too): no error in
        # drawing it may reach the computation.
        except Exception:
            return [Text(" ".join(f"{task.description}: {task.completed:,.0f}"
                                  for task in self.tasks))]


class SpeedColumn(ProgressColumn):
    """The rate, in ``unit`` a second; blank until two updates have measured it."""

    def __init__(self, unit: str) -> None:
        super().__init__()
        self.unit = unit

    def render(self, task: Task) -> Text:
        speed = task.speed
        return Text("" if speed is None else f"{speed:,.0f} {self.unit}/s")


class ValuesBar:
    """Called with how many heaps' values are computed, out of ``total``: a bar on
    ``console`` with the count, the rate and the time left, shown once the work has run
    :data:`DELAY` seconds.  ``close()`` wipes it.

    The bar is redrawn ten times a second by a thread of its own, or with ``refresh=False``
    at each update only; ``clock`` is the time in seconds it measures the rate by."""

    def __init__(self, total: int, console: Console, *,
                 clock: Callable[[], float] = time.monotonic, refresh: bool = True) -> None:
        self.clock = clock
        self.started = clock()
        self.shown = False
        self.broken = False
        self.refresh = refresh
        self.bar = SafeProgress(TextColumn("computing values"), BarColumn(),
                                TaskProgressColumn(),
                                TextColumn("{task.completed:,.0f}/{task.total:,.0f}"),
                                SpeedColumn("values"), TimeRemainingColumn(),
                                transient=True, console=console, get_time=clock,
                                auto_refresh=refresh)
        self.task = self.bar.add_task("computing values", total=total)

    def __call__(self, done: int) -> None:
        if self.broken:
            return
        try:
            if not self.shown and self.clock() - self.started >= DELAY:
                self.bar.start()
                self.shown = True
            self.bar.update(self.task, completed=done, refresh=self.shown and not self.refresh)
        # A terminal that cannot be written any more ends the bar, not the computation.
        except Exception:
            self.broken = True

    def close(self) -> None:
        """Wipe the bar, if it was shown."""
        if self.shown:
            try:
                self.bar.stop()
            except Exception:
                self.broken = True
            self.shown = False
