"""How far the known theorems carry: chocolate bars, Chomp boxes, narrow Cram and kings boards.

Run: .venv/bin/python benchmarks/theorems.py

Each figure is the time of one call in a fresh process (the compiled Chomp kernel loaded
from numba's cache before the clock starts), killed after 600 s.
"""

from __future__ import annotations

import subprocess
import sys

CASES = [
    ("chocolate value", "CHOCOLATE.value((({n}, {n}),))", [40, 100, 200, 300, 500]),
    ("chomp table (nim-value)", "CHOMP.value(({n},) * {n})", [10, 11, 12, 13]),
    ("chomp 2 x n table", "CHOMP.value(({n},) * 2)", [100, 1000]),
    ("chomp rule (analyze)", "analyze('chomp {n}x{n}').winner", [12, 100, 1000]),
    ("cram 1 x n (analyze)", "analyze('cram 1x{n}').nim_value", [41, 200, 1000]),
    ("cram 1 x n (value)", "CRAM.value(parse_position('cram 1x{n}').components[0].state)",
     [1000, 100000, 1000000]),
    ("kings 2 x n (value)", "KINGS.value(parse_position('kings 2x{n}').components[0].state)",
     [35, 10000, 500000]),
]

CHILD = """
import sys, time
from grundy.analysis import analyze
from grundy.boards import CHOCOLATE, CHOMP, CRAM, KINGS
from grundy.boards.chomp_kernel import box_values
from grundy.catalogue import parse_position
box_values(2, 2)
start = time.perf_counter()
answer = eval(sys.argv[1])
print(f"{time.perf_counter() - start:.3f} s ({answer})")
"""


def main() -> None:
    print("| what | n | time (answer) |")
    print("|---|---|---|")
    for what, expression, sizes in CASES:
        for n in sizes:
            try:
                done = subprocess.run([sys.executable, "-c", CHILD, expression.format(n=n)],
                                      capture_output=True, text=True, timeout=600)
                shown = done.stdout.strip() or done.stderr.strip().splitlines()[-1]
            except subprocess.TimeoutExpired:
                shown = "over 600 s"
            print(f"| {what} | {n} | {shown} |", flush=True)


if __name__ == "__main__":
    main()
