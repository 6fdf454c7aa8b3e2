"""Research-scale nim-sequences in one run: Grundy's game to 2^28, 0.167 to 2^30.

Prints the time, the number of rare positions, the largest value and the value
frequencies, and saves the values (``.npy``) for comparison with published tables.

    nice .venv/bin/python benchmarks/long_sequences.py grundy-game 28 /tmp/grundy28.npy
    nice .venv/bin/python benchmarks/long_sequences.py 0.167 30 /tmp/o167_30.npy
"""

from __future__ import annotations

import sys
import time

import numpy as np

from grundy.heap.codes import TakeBreakCode
from grundy.heap.kernels import sparse_run


def main() -> None:
    name, power, saved = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    code = None if name == "grundy-game" else TakeBreakCode.parse(name)
    n = (1 << power) - 1
    started = time.perf_counter()
    last = [started]

    def progress(count: int) -> None:
        now = time.perf_counter()
        if now - last[0] >= 60:
            last[0] = now
            print(f"{now - started:8.0f} s  {count} heaps  {count / (now - started):.0f}/s",
                  flush=True)

    run = sparse_run(code, n, progress)
    elapsed = time.perf_counter() - started
    values = run.values
    counts = np.bincount(values)
    print(f"{name}: heaps 0..2^{power}-1 in {elapsed:.0f} s; mask {run.mask}, "
          f"{run.rare_positions} rare positions, largest value {int(values.max())} "
          f"(first at heap {int(np.argmax(values == values.max()))})", flush=True)
    for value, count in enumerate(counts.tolist()):
        if count:
            print(f"{value} {count}")
    np.save(saved, values)


if __name__ == "__main__":
    main()
