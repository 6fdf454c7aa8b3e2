"""How far a misère quotient of daisies gets: Kayles rows first, then daisies one by one.

A daisy's options are Kayles rows, so sums of daisies live in the closure of daisies and
rows together.  Here the rows 1..R come first (their quotient is Kayles's, 40 elements from
the row of 27), then the daisies of 1, 2, ... petals, each a new generator whose options
are the rows of n - 1 and n - 2.  The script prints the order after each heap and the
seconds it took, and stops at the first heap that takes longer than the limit.

Run: ``.venv/bin/python benchmarks/daisy_quotient.py [ROWS] [DAISIES] [SECONDS]``
(defaults 40, 30, 600; figures in docs/misere.md, "What is not covered").
"""

from __future__ import annotations

import signal
import sys
import time
from collections.abc import Iterator
from types import FrameType

from grundy.heap.base import Heaps
from grundy.heap.period import Period
from grundy.heap.takebreak import KAYLES, Daisy
from grundy.misere.quotient import build_quotient


class RowsThenDaisies:
    """Heaps 1..rows are Kayles rows, heap rows + n is the daisy of n petals."""

    def __init__(self, rows: int) -> None:
        self.rows = rows
        self.text = f"kayles rows 1..{rows}, then daisies"

    def heap_options(self, n: int) -> Iterator[Heaps]:
        """A row's options are rows; a daisy's are the rows it opens into."""
        game = KAYLES if n <= self.rows else Daisy()
        yield from game.heap_options(n if n <= self.rows else n - self.rows)

    def certify(self, values: object) -> Period | None:
        """No period: the numbering mixes two games."""
        return None


class TooLong(Exception):
    """One heap took longer than the limit."""


def main(rows: int = 40, daisies: int = 30, seconds: float = 600) -> None:
    start = time.perf_counter()
    last = start
    reached = 0

    def told(heap: int, order: int) -> None:
        # Told each heap reached, and each trial while a heap's split classes are told
        # apart: the clock of the limit starts at each new heap.
        nonlocal last, reached
        if heap == reached:
            return
        now = time.perf_counter()
        kind = f"row {heap}" if heap <= rows else f"daisy {heap - rows}"
        print(f"{now - start:8.1f} s  {now - last:7.1f} s  before {kind:10}  order {order}",
              flush=True)
        last, reached = now, heap
        signal.alarm(int(seconds))

    def out_of_time(number: int, frame: FrameType | None) -> None:
        raise TooLong

    signal.signal(signal.SIGALRM, out_of_time)
    try:
        quotient = build_quotient(RowsThenDaisies(rows), rows + daisies, progress=told)
    except TooLong:
        print(f"stopped: one heap took over {seconds:g} s")
        return
    signal.alarm(0)
    print(f"order {quotient.order}, {time.perf_counter() - start:.1f} s"
          + (f" (stopped: {quotient.stopped})" if quotient.stopped else ""))


if __name__ == "__main__":
    main(*(int(arg) for arg in sys.argv[1:]))
