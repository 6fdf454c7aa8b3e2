"""Chomp's records: the nim-value and every winning first move of each rectangle up to
N x N, and the spread of the values of all diagrams of the N x N box, from one table.

Run: nice -n 10 /usr/bin/time -v .venv/bin/python benchmarks/chomp_records.py N

Prints Markdown (benchmarks/CHOMP.md holds the runs): the time to fill the table, the
rectangles (R <= C; moves named with a1 the poisoned corner, rows from the bottom), and
how many diagrams have each value.  A run that is stopped starts again from nothing: the
table is one pass, kept in memory only.
"""

from __future__ import annotations

import sys
import time

from grundy.boards.chomp_kernel import box_size, box_values
from grundy.boards.chomp_records import box_records


def main() -> None:
    side = int(sys.argv[1])
    box_values(2, 2)  # compile (or load the compiled kernel) before the clock starts
    start, cpu = time.perf_counter(), time.process_time()
    table = box_values(side, side)
    wall, used = time.perf_counter() - start, time.process_time() - cpu
    records = box_records(side, table)
    print(f"Box {side}x{side}: {box_size(side, side):,} diagrams, {table.nbytes:,} bytes of "
          f"values ({table.dtype}); table filled in {wall:.1f} s wall, {used:.1f} s CPU.\n")
    print("| rectangle | nim-value | winning first moves |")
    print("|---|---|---|")
    for r in records.rectangles:
        print(f"| {r.rows}x{r.cols} | {r.value} | {' '.join(r.winning)} |")
    print(f"\nValues of the box's {sum(records.spread.values()):,} diagrams (the empty one "
          f"left out), largest {records.largest}:\n")
    print("| value | diagrams |")
    print("|---|---|")
    for value, count in sorted(records.spread.items()):
        print(f"| {value} | {count:,} |")


if __name__ == "__main__":
    main()
