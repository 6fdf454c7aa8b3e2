"""Progress bars: driven by a fake clock (the first update after 1.2 s, a column that fails,
a terminal that goes away), and a real run of the command on a pseudo-terminal."""

from __future__ import annotations

import io
import os
import signal
import sys

import pexpect
import pytest
from rich.console import Console

from grundy.budget import _reporter
from grundy.cli import _search_progress
from grundy.misere.progress import BuildProgress
from grundy.render.progress import SafeProgress, SpeedColumn, ValuesBar
from test_attack import TIMEOUT, _limited
from test_terminal import ROOT

pytestmark = pytest.mark.slow


def terminal(out: io.StringIO) -> Console:
    return Console(file=out, force_terminal=True, width=120)


def drive(bar: ValuesBar, now: list[float], steps: list[tuple[float, int]]) -> None:
    for moment, done in steps:
        now[0] = moment
        bar(done)
    bar.close()


class TestValuesBar:
    def test_first_update_after_a_second_and_more(self) -> None:
        now, out = [0.0], io.StringIO()
        bar = ValuesBar(20_000_001, terminal(out), clock=lambda: now[0], refresh=False)
        drive(bar, now, [(1.2, 150_000), (1.5, 300_000), (2.5, 900_000)])
        shown = out.getvalue()
        assert not bar.broken
        assert "150,000/20,000,001" in shown  # drawn at the first update, no rate yet
        assert "900,000/20,000,001" in shown and "values/s" in shown

    def test_nothing_within_the_first_second(self) -> None:
        now, out = [0.0], io.StringIO()
        bar = ValuesBar(100, terminal(out), clock=lambda: now[0], refresh=False)
        drive(bar, now, [(0.3, 10), (0.9, 100)])
        assert out.getvalue() == ""

    def test_the_rate_is_blank_until_measured(self) -> None:
        now = [5.0]
        progress = SafeProgress(get_time=lambda: now[0])
        task = progress.add_task("x", total=10)
        column = SpeedColumn("values")
        assert column.render(progress.tasks[task]).plain == ""
        progress.update(task, completed=2)
        now[0] = 6.0
        progress.update(task, completed=4)
        assert column.render(progress.tasks[task]).plain == "2 values/s"

    def test_a_column_that_fails_leaves_the_bare_count(self,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
        def fail(self: SpeedColumn, task: object) -> None:
            raise TypeError("unsupported format string passed to NoneType.__format__")

        monkeypatch.setattr(SpeedColumn, "render", fail)
        now, out = [0.0], io.StringIO()
        bar = ValuesBar(1000, terminal(out), clock=lambda: now[0], refresh=False)
        drive(bar, now, [(1.2, 400), (2.0, 700)])
        assert "computing values: 700" in out.getvalue()

    def test_a_terminal_gone_away_ends_only_the_bar(self) -> None:
        now = [0.0]
        bar = ValuesBar(1000, Console(file=Gone(), force_terminal=True), clock=lambda: now[0],
                        refresh=False)
        drive(bar, now, [(1.2, 400), (2.0, 700)])
        assert bar.broken


class Gone(io.StringIO):
    """A terminal that went away: every write fails."""

    def isatty(self) -> bool:
        return True

    def write(self, text: str) -> int:
        raise OSError(5, "Input/output error")


def test_the_line_of_a_search_outlives_its_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stderr", Gone())
    with _search_progress():
        report = _reporter.get()
        assert report is not None
        report("solving cram 6x6: 10 positions")  # nothing raised


def test_the_line_of_a_quotient_outlives_its_terminal() -> None:
    now = [0.0]
    shown = BuildProgress("kayles", Gone(), clock=lambda: now[0], terminal=True)
    now[0] = 1.5
    shown(9, 24)
    now[0] = 3.0
    shown(12, 24)
    shown.close()
    assert shown.silenced


#: The command of the issue, in a process whose first progress update comes 1.2 s after the
#: computation starts (the sleep is put before the bar's first update).
LATE_FIRST_UPDATE = """
import sys, time
from grundy.cli import main
from grundy.render.progress import ValuesBar
update = ValuesBar.__call__
def late(bar, done, first=[True]):
    if first.pop() if first else False:
        time.sleep(1.2)
    update(bar, done)
ValuesBar.__call__ = late
sys.exit(main(sys.argv[1:]))
"""


def test_a_long_sequence_on_a_pseudo_terminal() -> None:
    """The first update after 1.2 s: the bar appears, is wiped, and the run ends with 0."""
    env = {**os.environ, "LANG": "C.UTF-8", "PYTHONPATH": str(ROOT / "src")}

    def limits() -> None:
        _limited()
        signal.signal(signal.SIGINT, signal.SIG_DFL)

    child = pexpect.spawn(sys.executable, ["-c", LATE_FIRST_UPDATE, "sequence", "octal:0.137",
                                           "--to", "100000", "--no-cache", "--no-values"],
                          env=env, encoding="utf-8", timeout=TIMEOUT, preexec_fn=limits,
                          dimensions=(24, 100))
    child.expect(pexpect.EOF)
    child.close()
    shown = child.before or ""
    assert "Traceback" not in shown and "Error" not in shown
    assert child.exitstatus == 0
    assert "computing values" in shown  # the bar was drawn
    assert "octal:0.137 (normal play), heaps 0..100,000" in shown
