"""What watching the clock and the memory costs the general search.

Run: .venv/bin/python benchmarks/solver_clock.py

The same search (a game of a million positions, each with four options) is run under a
budget of positions, which the search counts, and under a budget of time and memory
(``--budget``), which it watches; the runs alternate in one process, best of five each.
"""

from __future__ import annotations

import time

from grundy.budget import Budget, Limit, work_limit
from grundy.solver import Solver

POSITIONS = 1_000_000


def options(n: int) -> list[int]:
    """Take one, two or three, or halve: a million positions below the top."""
    return [n - k for k in (1, 2, 3) if k <= n] + [n // 2] if n else []


def search(budget: Budget) -> float:
    """Seconds to value the top position cold, under ``budget``."""
    solver = Solver(options)
    start = time.perf_counter()
    with work_limit(budget):
        solver.value(POSITIONS)
    return time.perf_counter() - start


def main() -> None:
    counted = Budget(10 * POSITIONS)
    watched = Budget(10 * POSITIONS, seconds=3600.0, limit=Limit.CLOCK)
    best = {"counted": float("inf"), "watched": float("inf")}
    for _ in range(5):
        best["counted"] = min(best["counted"], search(counted))
        best["watched"] = min(best["watched"], search(watched))
    print(f"counted positions: {best['counted']:.2f} s; watched clock and memory: "
          f"{best['watched']:.2f} s; ratio {best['watched'] / best['counted']:.3f}")


if __name__ == "__main__":
    main()
