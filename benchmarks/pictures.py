"""The cost of a position's picture beside the list of its moves, in the same process.

Run: .venv/bin/python benchmarks/pictures.py

For each position, the median of 21 runs of ``pictures(position)`` (geometry and every
move's targets, :mod:`grundy.render.pictures`) and of ``[str(m.position) for m in
position.moves()]`` (what ``/api/moves`` lists, without values), after one untimed warm-up;
the ratio says what the picture adds to a request for the moves.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from grundy.catalogue import parse_position
from grundy.render.pictures import pictures

POSITIONS = ["nim 10 20 30", "kayles 20 30", "hex:0.8 60", "daisy 40", "chords 40",
             "chomp 10x10", "cram 10x10", "kings 8x8", "bishops 8x8", "rows 4x5",
             "chocolate 10x10", "diagonals 30", "skewers 4x4x4", "two-numbers 100 300"]
RUNS = 21


def median_seconds(work: Callable[[], object]) -> float:
    work()
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    print("| position | moves | picture ms | moves ms | picture / moves |")
    print("|---|---:|---:|---:|---:|")
    for text in POSITIONS:
        position = parse_position(text)
        count = len(position.moves())
        drawn = median_seconds(lambda position=position: pictures(position))
        listed = median_seconds(lambda position=position: [str(m.position)
                                                           for m in position.moves()])
        print(f"| `{text}` | {count} | {drawn * 1000:.2f} | {listed * 1000:.2f} | "
              f"{drawn / listed:.1f} |")


if __name__ == "__main__":
    main()
