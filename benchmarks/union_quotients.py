"""Time to build the misère quotient of the heaps of two games together, beside building
each game's own quotient in the same process; and the tame rule's proof for tame games.

Run: ``.venv/bin/python benchmarks/union_quotients.py`` (prints Markdown tables; figures in
benchmarks/QUOTIENTS.md).  The union is built as ``grundy analyze --misere`` builds it
(no search of the game: classes a heap splits are told apart by recalibration); the
baseline is the sum of the two games' own build times, run just before.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

from grundy.heap.takebreak import KAYLES, TakeAndBreak
from grundy.misere.quotient import build_quotient
from grundy.misere.tame import tame_quotient
from grundy.misere.union import HeapUnion

PAIRS = [("0.75", "0.31"), ("0.75", "0.52"), ("0.31", "0.73"), ("0.75", "0.123"),
         ("0.34", "0.52"), ("0.77", "0.75")]
TAME = ["0.3", "0.33", "0.333", "0.31", "0.73", "0.12", "0.51"]


T = TypeVar("T")


def timed(run: Callable[[], T]) -> tuple[T, float]:
    start = time.perf_counter()
    result = run()
    return result, time.perf_counter() - start


def main() -> None:
    print("| games | own orders | union order | heaps built | stable | union s | own s "
          "| ratio |")
    print("|---|---|---:|---:|---|---:|---:|---:|")
    for codes in PAIRS:
        games = tuple(KAYLES if c == "0.77" else TakeAndBreak(c) for c in codes)
        own, base = [], 0.0
        for game in games:
            quotient, took = timed(lambda game=game: build_quotient(game, 400))
            own.append(quotient.order)
            base += took
        union = HeapUnion(games)
        found, took = timed(lambda union=union: build_quotient(union, 800))
        print(f"| {union.text} | {' and '.join(map(str, own))} | {found.order} | "
              f"{found.to} | {'yes' if found.stable else 'no'} | {took:.2f} | "
              f"{base:.2f} | {took / base:.1f}x |")
    print()
    print("| tame game | proved | heaps looked at | tame rule s | own quotient s | ratio |")
    print("|---|---|---:|---:|---:|---:|")
    for code in TAME:
        game = TakeAndBreak(code)
        tame, took = timed(lambda game=game: tame_quotient((game,)))
        quotient, base = timed(lambda game=game: build_quotient(game, 400))
        heaps = tame.to if tame is not None else "-"
        print(f"| {code} | {'yes' if tame is not None else 'no'} | {heaps} | {took:.3f} | "
              f"{base:.3f} | {took / base:.1f}x |")


if __name__ == "__main__":
    main()
