"""Core engine figures: Nim with 20 000 heaps, deep chains, misère searches.

Run: .venv/bin/python benchmarks/core.py

Each figure is given beside a baseline run in the same process: the plain xor of the heaps
(the least any Nim analysis must do), and a plain recursive search where one exists.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from functools import reduce
from operator import xor

from grundy import Game, Nim, Position, analyze


def timed(work: Callable[[], object], repeat: int = 3) -> float:
    """The best wall time of ``repeat`` runs, in seconds."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
    return best


class Chain(Game[int]):
    """A single path n -> n-1 -> ... -> 0: the deepest game graph for its size."""

    name = "chain"

    def moves(self, n: int) -> list[int]:
        return [n - 1] if n else []


def main() -> None:
    rng = random.Random(1)
    for top in (1000, 10**6, 10**18):
        heaps = tuple(rng.randint(1, top) for _ in range(20_000))
        position = Position.of(Nim(), heaps)
        base = timed(lambda h=heaps: reduce(xor, h, 0))
        normal = timed(lambda p=position: analyze(p))
        misere = timed(lambda p=position: analyze(p, misere=True))
        moves = len(analyze(position).winning_moves)
        print(f"nim, 20000 heaps up to {top:.0e}: analyze {normal * 1000:.0f} ms "
              f"({normal / base:.0f}x plain xor {base * 1000:.2f} ms), misère "
              f"{misere * 1000:.0f} ms, {moves} winning moves")
    for depth in (10**5, 10**6):
        seconds = timed(lambda d=depth: analyze(Chain(), d), repeat=1)
        print(f"chain of depth {depth}: solved in {seconds:.2f} s without recursion")
    for text in ("kayles 20 10", "kayles 30", "octal:0.6 16 9"):
        seconds = timed(lambda t=text: analyze(t, misere=True), repeat=1)
        print(f"misère {text}: {seconds:.2f} s")


if __name__ == "__main__":
    main()
