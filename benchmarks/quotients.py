"""Time to compute misère quotients, beside the normal-play nim-sequence of the same heaps.

Run: ``.venv/bin/python benchmarks/quotients.py`` (prints a Markdown table; figures in
benchmarks/QUOTIENTS.md).  The baseline is the plain-Python mex computation of the same
game's nim-values up to the same heap, run in the same process.
"""

from __future__ import annotations

import time

import numpy as np

from grundy.heap.kernels import generic_values
from grundy.heap.takebreak import DAWSON, KAYLES, TakeAndBreak
from grundy.misere.quotient import build_quotient

#: Each game with the most heaps built (a proved period ends it sooner).  The quotients of
#: Dawson's Kayles, Officers and Dawson's chess grow with the heaps, so they are built to a
#: fixed heap.
GAMES = [(KAYLES, 400), (DAWSON, 30), (TakeAndBreak("0.75"), 400), (TakeAndBreak("0.6"), 20),
         (TakeAndBreak("0.137"), 28)]


def main() -> None:
    print("| game | order | preperiod | period | heaps built | stopped | quotient s "
          "| nim-values s | ratio |")
    print("|---|---:|---:|---:|---:|---|---:|---:|---:|")
    for game, heaps in GAMES:
        start = time.perf_counter()
        quotient = build_quotient(game, heaps)
        took = time.perf_counter() - start
        start = time.perf_counter()
        generic_values(game.heap_options, quotient.to, np.zeros(0, dtype=np.uint8))
        base = time.perf_counter() - start
        period = quotient.period
        print(f"| {game.text} | {quotient.order} | "
              f"{period.preperiod if period else '-'} | {period.period if period else '-'} | "
              f"{quotient.to} | {'yes' if quotient.stopped else 'no'} | {took:.2f} | "
              f"{base:.3f} | {took / base:.0f}x |")


if __name__ == "__main__":
    main()
