"""Processor and wall seconds of the sparse take-and-break kernels alone, compiled already.

Run: .venv/bin/python benchmarks/sparse_kernel_time.py [REPEATS]

Times ``take_break_values`` for octal:0.167 up to 2^23 (the parallel kernel, two threads)
and ``grundy_game_values`` up to 2,000,000, after a small call of each that loads or
compiles them; the process's start and imports are not counted, unlike a whole
``grundy sequence`` run.
"""

from __future__ import annotations

import sys
import time

from grundy.heap.kernels import grundy_game_values, take_break_values


def main() -> None:
    repeats = int(sys.argv[1]) if len(sys.argv) > 1 else 2
    take_break_values([0, 1, 6, 7], 70000, threads=2)
    grundy_game_values(70000, threads=2)
    for _ in range(repeats):
        cpu, wall = time.process_time(), time.perf_counter()
        take_break_values([0, 1, 6, 7], 1 << 23, threads=2)
        octal = time.process_time() - cpu, time.perf_counter() - wall
        cpu, wall = time.process_time(), time.perf_counter()
        grundy_game_values(2_000_000, threads=2)
        grundy = time.process_time() - cpu, time.perf_counter() - wall
        print(f"0.167 to 2^23: {octal[0]:.2f} s cpu, {octal[1]:.2f} s wall; "
              f"grundy-game to 2e6: {grundy[0]:.2f} s cpu, {grundy[1]:.2f} s wall", flush=True)


if __name__ == "__main__":
    main()
