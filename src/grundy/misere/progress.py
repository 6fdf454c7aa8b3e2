"""A line on stderr while a misère quotient is being built, once it takes over a second.

Building a quotient can take many seconds; a terminal user sees which heap the
construction has reached and how many elements the quotient has so far, updated in place.
Off a terminal (pipes, logs) the same words come as whole lines, less often (the first after
:data:`PLAIN_DELAY` seconds): a long build is never silent.  Nothing is written for builds
that end within a second.

>>> import io
>>> ticks = iter([0.0, 0.5, 1.5, 1.6, 3.0])
>>> out = io.StringIO()
>>> shown = BuildProgress("kayles", out, clock=lambda: next(ticks), terminal=True)
>>> shown(3, 6); shown(9, 24); shown(10, 24); shown(12, 24); shown.close()
>>> for line in out.getvalue().split("\\r")[1:]:
...     print(line.rstrip())
building the misère quotient of kayles: heap 9, 24 elements so far
building the misère quotient of kayles: heap 12, 24 elements so far
>>> ticks = iter([0.0, 5.5, 6.0, 16.0])
>>> out = io.StringIO()
>>> shown = BuildProgress("kayles", out, clock=lambda: next(ticks), terminal=False)
>>> shown(9, 24); shown(10, 24); shown(12, 24); shown.close()
>>> print(out.getvalue(), end="")
grundy: building the misère quotient of kayles: heap 9, 24 elements so far
grundy: building the misère quotient of kayles: heap 12, 24 elements so far
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from contextlib import suppress
from typing import TextIO

#: Seconds of building before the line appears, and between two updates of it.
DELAY = 1.0
INTERVAL = 1.0
#: The same off a terminal, where each update is a line of its own.
PLAIN_DELAY = 5.0
PLAIN_INTERVAL = 10.0


class BuildProgress:
    """Called with (heap reached, elements so far) as the construction goes on."""

    def __init__(self, game: str, stream: TextIO | None = None, *,
                 clock: Callable[[], float] = time.monotonic,
                 terminal: bool | None = None) -> None:
        self.game = game
        self.stream = sys.stderr if stream is None else stream
        self.clock = clock
        self.terminal = self.stream.isatty() if terminal is None else terminal
        self.start = clock()
        self.shown_at: float | None = None
        self.silenced = False

    def __call__(self, heap: int, order: int) -> None:
        if self.silenced:
            return
        now = self.clock()
        delay, interval = (DELAY, INTERVAL) if self.terminal else (PLAIN_DELAY, PLAIN_INTERVAL)
        if now - self.start < delay or (self.shown_at is not None
                                        and now - self.shown_at < interval):
            return
        self.shown_at = now
        words = (f"building the misère quotient of {self.game}: heap {heap}, {order} "
                 "elements so far")
        try:
            self.stream.write(f"\r{words} " if self.terminal else f"grundy: {words}\n")
            self.stream.flush()
        # A stream that cannot be written any more ends the lines, not the build.
        except OSError:
            self.silenced = True

    def close(self) -> None:
        """End the line, so that what follows (the answer, or the word that the build was
        interrupted) starts on a line of its own."""
        if self.shown_at is not None and self.terminal and not self.silenced:
            with suppress(OSError):
                self.stream.write("\n")
                self.stream.flush()
        self.shown_at = None
