"""Which board sizes each board game solves (normal play, analysis) within a time limit.

Run: .venv/bin/python benchmarks/boards_sizes.py [--seconds S] [GAME ...]   (all games when
none is named; S is 10 by default)

Each position is analysed cold in its own process, killed after S seconds (plus 5 for
starting Python); memory is the largest peak resident size of all the runs.  Where grundy
has time budgets (``grundy.budget.Budget.of``), the analysis runs under a budget of S
seconds, as ``grundy analyze --budget Ss`` does; an older grundy runs with its fixed limits.
"refused" means grundy refused it up front (exit code 3 in the command line) as too big to
search, "out of budget" that it stopped itself when the budget was spent.  To measure an
older version, put its sources first: ``PYTHONPATH=<checkout>/src``.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import time

CASES = {
    "cram": ["3x5", "4x4", "4x5", "3x7", "4x6", "5x5", "5x6", "3x11", "4x9", "5x7", "4x11",
             "5x8", "6x7", "7x7", "6x6", "8x8", "100x200"],
    "kings": ["4x4", "5x5", "4x7", "6x6", "5x7", "7x7", "7x9", "8x8", "9x9"],
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
from contextlib import nullcontext
from grundy.analysis import analyze
from grundy.budget import Budget, work_limit
from grundy.errors import TooBig
seconds = float(sys.argv[2])
budget = work_limit(Budget.of(seconds)) if hasattr(Budget, "of") else nullcontext()
start = time.perf_counter()
try:
    with budget:
        a = analyze(sys.argv[1])
except TooBig as error:
    print("out of budget" if "stopped after" in str(error) else "refused")
else:
    print(f"{time.perf_counter() - start:.2f} s, {a.winner} wins, value {a.nim_value}")
"""


def run(text: str, seconds: float) -> str:
    start = time.perf_counter()
    try:
        done = subprocess.run([sys.executable, "-c", CHILD, text, str(seconds)],
                              capture_output=True, text=True, timeout=seconds + 5)
    except subprocess.TimeoutExpired:
        return f"over {seconds:.0f} s"
    answer = done.stdout.strip() or done.stderr.strip().splitlines()[-1]
    if answer in ("refused", "out of budget"):
        return answer
    if done.returncode:
        return f"error after {time.perf_counter() - start:.1f} s"
    return answer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("games", nargs="*", choices=[[], *CASES], default=[])
    args = parser.parse_args()
    print("| game | position | result |")
    print("|---|---|---|")
    for game, sizes in CASES.items():
        if args.games and game not in args.games:
            continue
        for size in sizes:
            print(f"| {game} | {size} | {run(f'{game} {size}', args.seconds)} |", flush=True)
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024
    print(f"\nLargest peak memory of any run: {peak} MB")


if __name__ == "__main__":
    main()
