"""Which board sizes each board game solves (normal play, nim-value) within 10 s and 1 GB.

Run: .venv/bin/python benchmarks/boards_sizes.py [GAME ...]   (all games when none is named)

Each position is analysed cold in its own process, killed after 10 s; memory is the
largest peak resident size of all the runs.  "refused" means grundy refused it up front
(exit code 3 in the command line) as too big to search.
"""

from __future__ import annotations

import resource
import subprocess
import sys
import time

CASES = {
    "cram": ["3x5", "4x4", "4x5", "3x7", "4x6", "5x5", "6x6", "6x7", "8x8", "100x200"],
    "kings": ["4x4", "5x5", "4x7", "6x6", "5x7", "7x7", "8x8"],
    "bishops": ["4x4", "5x5", "6x6", "7x7", "8x8", "9x9"],
    "rows": ["3x3", "3x4", "4x4", "3x5", "4x5", "5x5", "8x8"],
    "chomp": ["5x5", "6x7", "8x8", "9x9", "10x10", "11x11", "12x12", "13x13", "2x1000",
              "20x30"],
    "chocolate": ["5x8", "6x6", "6x8", "7x7", "7x8", "8x8", "10x10", "20x20", "40x40"],
    "diagonals": ["8", "9", "10", "11", "12", "13", "14", "16", "18", "20"],
    "skewers": ["2x2x2", "2x2x3", "2x3x3", "3x3x3", "4x4x4"],
    "chords": ["10", "1000", "100000"],
    "two-numbers": ["7 8", "500 100000", "1400 1000000"],
}

CHILD = """
import sys, time
from grundy.analysis import analyze
from grundy.errors import TooBig
start = time.perf_counter()
try:
    a = analyze(sys.argv[1])
except TooBig:
    print("refused")
else:
    print(f"{time.perf_counter() - start:.2f} s, value {a.nim_value}")
"""


def run(text: str) -> str:
    start = time.perf_counter()
    try:
        done = subprocess.run([sys.executable, "-c", CHILD, text], capture_output=True,
                              text=True, timeout=10)
    except subprocess.TimeoutExpired:
        return "over 10 s"
    answer = done.stdout.strip() or done.stderr.strip().splitlines()[-1]
    if answer == "refused":
        return "refused"
    if done.returncode:
        return f"error after {time.perf_counter() - start:.1f} s"
    return answer


def main() -> None:
    print("| game | position | result |")
    print("|---|---|---|")
    for game, sizes in CASES.items():
        if sys.argv[1:] and game not in sys.argv[1:]:
            continue
        for size in sizes:
            print(f"| {game} | {size} | {run(f'{game} {size}')} |", flush=True)
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024
    print(f"\nLargest peak memory of any run: {peak} MB")


if __name__ == "__main__":
    main()
